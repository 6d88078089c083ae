import type { TakedownStatus } from "@leakwarden/contracts/takedowns";

export const takedownStatusLabels: Record<TakedownStatus, string> = {
  draft: "Draft",
  queued: "Queued",
  sent: "Notice sent",
  removed: "Removed",
  no_response: "No response yet",
  escalated: "Escalated",
  failed: "Failed",
  needs_manual_action: "Needs your action",
  cancelled: "Cancelled",
};

export const takedownStatusClasses: Record<TakedownStatus, string> = {
  draft: "bg-white/10 text-slate-300",
  queued: "bg-sky-400/15 text-sky-200",
  sent: "bg-sky-400/15 text-sky-200",
  removed: "bg-emerald-400/15 text-emerald-200",
  no_response: "bg-amber-300/15 text-amber-100",
  escalated: "bg-amber-300/15 text-amber-100",
  failed: "bg-brand-500/15 text-brand-200",
  needs_manual_action: "bg-brand-500/15 text-brand-200",
  cancelled: "bg-white/10 text-slate-300",
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
export const formatWhen = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "—");
