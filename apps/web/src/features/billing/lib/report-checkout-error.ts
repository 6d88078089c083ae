import { ApiError } from "../../../lib/api-client";
import { showToast } from "../../../lib/toast";
import { isAlreadySubscribed, isPaymentsNotConfigured, NOT_CONFIGURED_TEXT } from "./pending-checkout";

/** A checkout that did not open: logged, and said in words. */
export function reportCheckoutError(error: unknown) {
  console.error("Error creating checkout:", error);
  showToast((toast) => {
    if (isPaymentsNotConfigured(error)) toast.error(NOT_CONFIGURED_TEXT);
    else if (isAlreadySubscribed(error)) toast.error("You already have a subscription", { description: "Change its plan from Billing in your dashboard." });
    else toast.error("Could not open the checkout", { description: error instanceof ApiError ? error.message : "Please try again." });
  });
}
