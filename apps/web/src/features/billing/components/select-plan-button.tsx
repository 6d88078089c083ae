import { variantKey, type BillingPeriod, type PlanId } from "@leakwarden/contracts/plans";
import { useState } from "react";
import { Link } from "react-router";
import type { PlanAction } from "../../../components/plan-card";
import { useSession } from "../../../lib/session";
import { createCheckout } from "../api/create-checkout";
import { useBillingOptions } from "../api/get-billing-options";
import { isPaymentsNotConfigured, savePendingCheckout, signInForPlanHref } from "../lib/pending-checkout";
import { reportCheckoutError } from "../lib/report-checkout-error";

export interface SelectPlanButtonProps {
  plan: PlanId;
  period: BillingPeriod;
  /** The plan she is on: the button says so and does nothing. */
  current?: boolean;
  /** Styles of the card it sits on (the button keeps its own states). */
  className?: string;
  /** Names the card the button belongs to, for screen readers. */
  describedBy?: string;
  /** Runs before the checkout is created (the wizard is finished first); a failure stops there. */
  beforeCheckout?: () => Promise<unknown>;
}

export const PLANS_OPEN_SOON = "Plans open soon";

const baseClass =
  "inline-flex h-11 items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-70";

/**
 * The spec's 'Select Plan': 'Redirecting...' while the hosted checkout is created, then the
 * browser goes there. Signed out (or before the session is known) it is a link to sign-in that
 * carries the plan, and the checkout follows the sign-in (ResumeCheckout).
 */
export function SelectPlanButton({ plan, period, current = false, className = baseClass, describedBy, beforeCheckout }: SelectPlanButtonProps) {
  const session = useSession();
  const options = useBillingOptions();
  const [loading, setLoading] = useState(false);
  const [refusedAsUnconfigured, setRefusedAsUnconfigured] = useState(false);
  const unavailable = refusedAsUnconfigured || (options.data !== undefined && !options.data.available.includes(variantKey(plan, period)));

  async function select() {
    setLoading(true);
    try {
      await beforeCheckout?.();
      const { url } = await createCheckout({ plan, period });
      // Stays 'Redirecting...' until the browser has left.
      window.location.assign(url);
    } catch (error) {
      setLoading(false);
      if (isPaymentsNotConfigured(error)) setRefusedAsUnconfigured(true);
      reportCheckoutError(error);
    }
  }

  if (current) {
    return (
      <button type="button" className={className} disabled aria-describedby={describedBy}>
        Current plan
      </button>
    );
  }
  if (unavailable) {
    // No payments on this deployment yet: the plan is announced, and a visitor can still sign up
    // for her free scan; nothing looks like a button that does not work.
    return (
      <div className="flex flex-col items-stretch gap-2 text-center" aria-describedby={describedBy}>
        <p className="text-sm font-semibold text-slate-200">{PLANS_OPEN_SOON}</p>
        {session.status !== "signed-in" && (
          <Link to="/signup" className={className}>
            Sign up for a free scan
          </Link>
        )}
      </div>
    );
  }
  if (session.status !== "signed-in") {
    const choice = { plan, period };
    return (
      <Link to={signInForPlanHref(choice)} onClick={() => savePendingCheckout(choice)} className={className} aria-describedby={describedBy}>
        Select Plan
      </Link>
    );
  }
  return (
    <button type="button" className={className} disabled={loading} aria-busy={loading || undefined} aria-describedby={describedBy} onClick={() => void select()}>
      {loading ? "Redirecting..." : "Select Plan"}
    </button>
  );
}

/** A plan card's action that opens the plan's checkout. */
export const selectPlanAction: PlanAction = (plan, period, props) => <SelectPlanButton plan={plan.id} period={period} {...props} />;

/** The same, running `beforeCheckout` first. */
export function selectPlanActionWith(beforeCheckout: () => Promise<unknown>): PlanAction {
  return (plan, period, props) => <SelectPlanButton plan={plan.id} period={period} beforeCheckout={beforeCheckout} {...props} />;
}
