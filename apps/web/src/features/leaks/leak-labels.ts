import { evasionFormLabels, readLeakEvidence } from "@leakwarden/contracts/leak-evidence";
import type { LeakView, ReuploadView } from "@leakwarden/contracts/scans";
import { formatShortDate } from "../../lib/format";

export const statusLabels: Record<LeakView["status"], string> = {
  new: "New",
  confirmed: "Confirmed",
  takedown_sent: "Takedown sent",
  removed: "Removed",
  dismissed: "Dismissed",
};

export const categoryLabels: Record<LeakView["category"], string> = {
  leak_site: "Leak site",
  social_media: "Social media",
  search_result: "Search result",
  impersonator: "Impersonator",
};

export const statusClasses: Record<LeakView["status"], string> = {
  new: "bg-brand-500/15 text-brand-200",
  confirmed: "bg-amber-300/15 text-amber-100",
  takedown_sent: "bg-sky-400/15 text-sky-200",
  removed: "bg-emerald-400/15 text-emerald-200",
  dismissed: "bg-white/10 text-slate-300",
};

export const formatLeakDate = formatShortDate;

export interface LeakEvidence {
  matchedNames: string[];
  snippet: string;
  signals: string[];
  imageUrls: string[];
  /** Her names as the page disguised them, each as a sentence ("“lun4_r1vers”, with digits and symbols for letters"). */
  disguises: string[];
}

/** One disguised spelling of her name, as a sentence for her. */
export function describeEvasion(e: { seen: string; forms: readonly (keyof typeof evasionFormLabels)[] }): string {
  const how = e.forms.map((f) => evasionFormLabels[f]);
  return how.length > 0 ? `“${e.seen}”, with ${how.join(" and ")}` : `“${e.seen}”`;
}

/** The evidence the server stored, read through its schema (unknown or malformed kinds are left out, never shown oddly). */
export function readEvidence(leak: LeakView): LeakEvidence {
  const e = readLeakEvidence(leak.evidence);
  return {
    matchedNames: e.matchedNames ?? [],
    snippet: e.snippet ?? "",
    signals: e.signals ?? [],
    imageUrls: (e.imageMatches ?? []).map((m) => m.imageUrl),
    disguises: (e.evasions ?? []).map(describeEvasion),
  };
}

const reuploadSignalLabels: Record<ReuploadView["signals"][number], string> = {
  image: "one of its images is a copy of one on the earlier page",
  path: "the earlier page's address at another site",
  title: "the earlier page's title at a new address",
};

/** "Re-upload of #12, removed on 20 Nov 2026": what the list and the details say of a re-upload. */
export function reuploadSummary(r: ReuploadView): string {
  return `Re-upload of #${r.number}, removed on ${formatLeakDate(r.removedAt)}`;
}

/** How it was recognised, and what its notice will say, as sentences. */
export function reuploadDetails(r: ReuploadView): string[] {
  const how = r.signals.map((s) => reuploadSignalLabels[s]);
  return [
    `This link posts again what ${r.url} showed: that link was removed on ${formatLeakDate(r.removedAt)}${r.noticeSentAt ? ` after our notice of ${formatLeakDate(r.noticeSentAt)}` : ""}.`,
    ...(how.length > 0 ? [`Recognised by: ${how.join("; ")}.`] : []),
    r.sameSite
      ? "It is on the same site: its notice names the repeat infringement and the site's duty to act against repeat infringers (17 U.S.C. § 512(i))."
      : "Its notice cites the earlier removal and the site's duty to act against repeat infringers (17 U.S.C. § 512(i)).",
  ];
}
