import type { DelistingEngine, Recipient, TakedownStatus } from "@leakwarden/contracts/takedowns";
import { formatDateTime } from "../../lib/format";

export const takedownStatusLabels: Record<TakedownStatus, string> = {
  draft: "Draft",
  queued: "Queued",
  sent: "Notice sent",
  removed: "Removed",
  no_response: "No response",
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

export const formatWhen = (iso: string | null) => (iso ? formatDateTime(iso) : "—");

export const recipientKindLabels: Record<Recipient["kind"], string> = {
  site: "The site",
  host: "The hosting network",
  cdn: "The CDN in front of the site",
  registrar: "The domain's registrar",
};

/** How a recipient was found, as a phrase ("found …"). */
export const foundByLabels: Record<Recipient["foundBy"], string> = {
  catalog: "in our leak-site catalog",
  "site-page": "on the site's own page",
  "rdap-ip": "through RDAP for the site's address",
  "cdn-ranges": "from the CDN's published address ranges",
  "rdap-origin": "through RDAP for the site's likely origin behind its CDN",
  "rdap-domain": "through RDAP for the domain",
  platform: "from the platform's published copyright process",
  "file-host": "from the file host's published copyright channel",
};

export const engineLabels: Record<DelistingEngine, string> = { google: "Google", bing: "Bing" };

/** A median duration in hours, as a person says it. */
export function formatHours(hours: number | null): string {
  if (hours === null) return "—";
  if (hours < 1) return "< 1 hour";
  if (hours < 48) return `${Math.round(hours)} ${Math.round(hours) === 1 ? "hour" : "hours"}`;
  return `${Math.round(hours / 24)} days`;
}
