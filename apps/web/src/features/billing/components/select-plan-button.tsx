import { variantKey, type BillingPeriod, type PlanId } from "@leakwarden/contracts/plans";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { createCheckout } from "../api/create-checkout";
import { useBillingOptions } from "../api/get-billing-options";
import { isAlreadySubscribed, isPaymentsNotConfigured, NOT_CONFIGURED_TEXT, savePendingCheckout, signInForPlanHref } from "../lib/pending-checkout";

export interface SelectPlanButtonProps {
  plan: PlanId;
  period: BillingPeriod;
  /** The plan she is on: the button says so and does nothing. */
  current?: boolean;
  /** Styles of the card it sits on (the button keeps its own states). */
  className?: string;
  /** Names the card the button belongs to, for screen readers. */
  describedBy?: string;
}

const baseClass =
  "inline-flex h-11 items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-70";

/**
 * The spec's 'Select Plan': 'Redirecting...' while the hosted checkout is created, then the
 * browser goes there. Signed out, it goes to sign-in first and the checkout follows.
 */
export function SelectPlanButton({ plan, period, current = false, className = baseClass, describedBy }: SelectPlanButtonProps) {
  const session = useSession();
  const navigate = useNavigate();
  const options = useBillingOptions();
  const [loading, setLoading] = useState(false);
  const [refusedAsUnconfigured, setRefusedAsUnconfigured] = useState(false);
  const unavailable = refusedAsUnconfigured || (options.data !== undefined && !options.data.available.includes(variantKey(plan, period)));

  async function select() {
    if (session.status !== "signed-in") {
      savePendingCheckout({ plan, period });
      navigate(signInForPlanHref({ plan, period }));
      return;
    }
    setLoading(true);
    try {
      const { url } = await createCheckout({ plan, period });
      window.location.assign(url);
    } catch (error) {
      console.error("Error creating checkout:", error);
      setLoading(false);
      if (isPaymentsNotConfigured(error)) {
        setRefusedAsUnconfigured(true);
        toast.error(NOT_CONFIGURED_TEXT);
      } else if (isAlreadySubscribed(error)) {
        toast.error("You already have a subscription", { description: "Change its plan from Billing in your dashboard." });
      } else {
        toast.error("Could not open the checkout", { description: error instanceof ApiError ? error.message : "Please try again." });
      }
    }
  }

  const label = current ? "Current plan" : unavailable ? "Payments not configured" : loading ? "Redirecting..." : "Select Plan";
  return (
    <button
      type="button"
      className={className}
      disabled={current || unavailable || loading || session.status === "loading"}
      aria-busy={loading || undefined}
      aria-describedby={describedBy}
      title={unavailable ? NOT_CONFIGURED_TEXT : undefined}
      onClick={() => void select()}
    >
      {label}
    </button>
  );
}
