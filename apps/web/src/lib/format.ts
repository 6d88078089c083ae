// How the product writes numbers and dates for people: one locale for the whole client, so a
// figure reads the same on every page and in every browser.
export const LOCALE = "en-US";

const compact = new Intl.NumberFormat(LOCALE, { notation: "compact", maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat(LOCALE);

/** 1234 → "1.2K", 999 → "999": for headline figures. */
export function formatCompact(value: number): string {
  return compact.format(value);
}

/** 12345 → "12,345". */
export function formatCount(value: number): string {
  return whole.format(value);
}

const dayMonth = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", timeZone: "UTC" });

/** "2026-11-24" (a UTC day) → "Nov 24". */
export function formatDay(date: string): string {
  return dayMonth.format(new Date(`${date}T00:00:00Z`));
}
