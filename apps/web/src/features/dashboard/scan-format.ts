import type { ScanView } from "@leakwarden/contracts/scans";
import { formatCount, formatDateTime, formatRelative, formatShortDate } from "../../lib/format";

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
  if (scan.phase === "search" && p.queriesPlanned > 0) return `${base} (${formatCount(p.queriesDone)} of ${formatCount(p.queriesPlanned)} searches asked)`;
  if (scan.phase === "fetch" && p.pagesPlanned > 0) return `${base} (${formatCount(p.pagesDone)} of ${formatCount(p.pagesPlanned)} pages read)`;
  return base;
}

/** What the running scan has done, in counts: searches asked, pages read of those planned. */
export function progressCounts(scan: ScanView): string {
  const p = scan.progress;
  const parts: string[] = [];
  if (p.queriesPlanned > 0) parts.push(`${formatCount(p.queriesDone)} of ${formatCount(p.queriesPlanned)} searches asked`);
  if (p.pagesPlanned > 0) parts.push(`${formatCount(p.pagesDone)} of ${formatCount(p.pagesPlanned)} pages read`);
  if (scan.stats.imagesMatched > 0) parts.push(`${formatCount(scan.stats.imagesMatched)} ${scan.stats.imagesMatched === 1 ? "image" : "images"} matched`);
  return parts.length ? `${parts.join(", ")}.` : "";
}

export { formatDateTime, formatRelative as relativeFromNow, formatShortDate };
