import { Link } from "react-router";
import { formatCount } from "../../../lib/format";

export interface PlansTarget {
  /** Opens the plans in place (the wizard's plan step)… */
  onShowPlans?: () => void;
  /** …or links to them. */
  plansHref?: string;
}

/** 'Your plan covers 3 stage names.' where the limit bites, with the plans one click away. */
export function PlanCapNotice({ message, onShowPlans, plansHref = "/pricing" }: PlansTarget & { message: string }) {
  const action = "See plans";
  const actionClass =
    "shrink-0 rounded-md bg-amber-300/15 px-3 py-1.5 text-sm font-semibold text-amber-100 underline-offset-2 hover:bg-amber-300/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300";
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
      <p>{message}</p>
      {onShowPlans ? (
        <button type="button" onClick={onShowPlans} className={actionClass}>
          {action}
        </button>
      ) : (
        <Link to={plansHref} className={actionClass}>
          {action}
        </Link>
      )}
    </div>
  );
}

export function capMessage(limit: number, what: string): string {
  return `Your plan covers ${formatCount(limit)} ${what}.`;
}

/** The badge on an entry scans skip: after a downgrade, those added last beyond the plan's limit. */
export const NOT_SEARCHED = "Not searched";

/**
 * The notice for a list at or over its limit: over it (a downgrade keeps what was added), it says
 * which entries scans skip, the ones badged NOT_SEARCHED.
 */
export function listCapMessage(count: number, limit: number, what: string): string | null {
  if (count < limit) return null;
  const skipped = count - limit;
  if (skipped === 0) return capMessage(limit, what);
  return `${capMessage(limit, what)} Scans skip the ${skipped === 1 ? "one" : skipped} added last, marked '${NOT_SEARCHED}'.`;
}
