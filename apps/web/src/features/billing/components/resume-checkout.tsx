import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { createCheckout } from "../api/create-checkout";
import { isAlreadySubscribed, isPaymentsNotConfigured, NOT_CONFIGURED_TEXT, parsePlanChoice, peekPendingCheckout, savePendingCheckout, takePendingCheckout } from "../lib/pending-checkout";

/**
 * Carries a plan chosen while signed out through sign-in: on /signin?plan=…&period=… it keeps the
 * choice, and once a session exists it opens that plan's checkout. Renders nothing otherwise.
 */
export function ResumeCheckout() {
  const session = useSession();
  const [params] = useSearchParams();
  const [redirecting, setRedirecting] = useState(false);
  const started = useRef(false);
  const fromUrl = parsePlanChoice(params.get("plan"), params.get("period"));

  useEffect(() => {
    if (fromUrl && !peekPendingCheckout()) savePendingCheckout(fromUrl);
  }, [fromUrl]);

  useEffect(() => {
    if (session.status !== "signed-in" || started.current) return;
    const choice = takePendingCheckout();
    if (!choice) return;
    started.current = true;
    setRedirecting(true);
    createCheckout(choice)
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => {
        console.error("Error creating checkout:", error);
        setRedirecting(false);
        if (isPaymentsNotConfigured(error)) toast.error(NOT_CONFIGURED_TEXT);
        else if (isAlreadySubscribed(error)) toast.error("You already have a subscription", { description: "Change its plan from Billing in your dashboard." });
        else toast.error("Could not open the checkout", { description: error instanceof ApiError ? error.message : "Please try again." });
      });
  }, [session.status]);

  if (!redirecting) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-4 z-50 mx-auto w-fit rounded-full border border-white/10 bg-ink-900 px-5 py-2 text-sm font-semibold text-white shadow-lg">
      Redirecting...
    </div>
  );
}
