import type { ScanView } from "@leakwarden/contracts/scans";

const phaseWords: Record<string, string> = {
  queued: "Waiting to start",
  queries: "Preparing searches for your names",
  search: "Searching the web for your names",
  fetch: "Checking the pages found",
  done: "Finishing up",
};

/** The scan's phase in words, with the counts behind the percentage. */
export function phaseText(scan: ScanView): string {
  const base = phaseWords[scan.phase] ?? "Working";
  const p = scan.progress;
  if (scan.phase === "search" && p.queriesPlanned > 0) return `${base} (${p.queriesDone} of ${p.queriesPlanned} searches asked)`;
  if (scan.phase === "fetch" && p.pagesPlanned > 0) return `${base} (${p.pagesDone} of ${p.pagesPlanned} pages read)`;
  return base;
}

/** What the running scan has done, in counts: searches asked, pages read of those planned. */
export function progressCounts(scan: ScanView): string {
  const p = scan.progress;
  const parts: string[] = [];
  if (p.queriesPlanned > 0) parts.push(`${p.queriesDone} of ${p.queriesPlanned} searches asked`);
  if (p.pagesPlanned > 0) parts.push(`${p.pagesDone} of ${p.pagesPlanned} pages read`);
  if (scan.stats.imagesMatched > 0) parts.push(`${scan.stats.imagesMatched} images matched`);
  return parts.length ? `${parts.join(", ")}.` : "";
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** "in 30 days", "in 5 hours", "in 12 minutes". */
export function relativeFromNow(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso) - now;
  const minutes = Math.round(ms / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(Math.max(1, minutes), "minute");
  const hours = Math.round(ms / 3_600_000);
  if (Math.abs(hours) < 48) return relative.format(hours, "hour");
  return relative.format(Math.round(ms / 86_400_000), "day");
}
