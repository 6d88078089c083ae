import type { RatePeriod } from "@leakwarden/contracts/plans";

/** The end of a rolling quota window that starts at `from`. */
export function addPeriod(from: Date, per: RatePeriod): Date {
  const d = new Date(from);
  if (per === "hour") d.setUTCHours(d.getUTCHours() + 1);
  else if (per === "day") d.setUTCDate(d.getUTCDate() + 1);
  else if (per === "week") d.setUTCDate(d.getUTCDate() + 7);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

export function subtractPeriod(to: Date, per: RatePeriod): Date {
  const d = new Date(to);
  if (per === "hour") d.setUTCHours(d.getUTCHours() - 1);
  else if (per === "day") d.setUTCDate(d.getUTCDate() - 1);
  else if (per === "week") d.setUTCDate(d.getUTCDate() - 7);
  else d.setUTCMonth(d.getUTCMonth() - 1);
  return d;
}

/**
 * Rolling window: `limit` scans in any period. With the window full, the next scan may start
 * one period after the oldest scan that keeps it full.
 */
export function nextAvailableAt(startsInWindow: Date[], limit: number, per: RatePeriod): Date | null {
  if (startsInWindow.length < limit) return null;
  if (limit <= 0) return null;
  const blocking = startsInWindow[startsInWindow.length - limit]!;
  return addPeriod(blocking, per);
}

/** A time as people write it, in UTC with the zone named: "2026-11-24 21:40 UTC". */
export function utcDateTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
