// How the product writes numbers and dates for people: one locale for the whole client, so a
// figure reads the same on every page and in every browser. Components never build an
// Intl formatter or call toLocaleString themselves: they call one of these.
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

// Moments are shown in the reader's own time zone; calendar days the server names (a post's
// date, a billing date) in UTC, so that they are the same day everywhere.
const longDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: "long" });
const mediumDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium" });
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
const monthYear = new Intl.DateTimeFormat(LOCALE, { month: "long", year: "numeric" });
const utcLongDate = new Intl.DateTimeFormat(LOCALE, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });

/** "November 24, 2026". */
export function formatDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** "Nov 24, 2026". */
export function formatShortDate(iso: string): string {
  return mediumDate.format(new Date(iso));
}

/** "Nov 24, 2026, 3:05 PM". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "November 2026". */
export function formatMonthYear(iso: string): string {
  return monthYear.format(new Date(iso));
}

/** "2026-11-24" (a UTC day) → "November 24, 2026". */
export function formatUtcDay(date: string): string {
  return utcLongDate.format(new Date(`${date}T12:00:00Z`));
}

const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";

const utcMediumDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });

/**
 * "Dec 24, 2026", the UTC day: a billing date (renewal, end, invoice), read like every other date
 * of the app and written exactly as the server writes it in its billing sentences, so that a page
 * and the sentences it shows name a day alike.
 */
export function formatUtcShortDate(iso: string): string {
  return utcMediumDate.format(new Date(iso));
}

const weekdayDateTime = new Intl.DateTimeFormat(LOCALE, { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "Tuesday, 1 December 2026 at 23:05", in the reader's own time zone. */
export function formatWeekdayDateTime(iso: string): string {
  const parts = weekdayDateTime.formatToParts(new Date(iso));
  return `${part(parts, "weekday")}, ${part(parts, "day")} ${part(parts, "month")} ${part(parts, "year")} at ${part(parts, "hour")}:${part(parts, "minute")}`;
}

/** "in 30 days", "in 5 hours", "in 12 minutes". */
export function formatRelative(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso) - now;
  const minutes = Math.round(ms / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(Math.max(1, minutes), "minute");
  const hours = Math.round(ms / 3_600_000);
  if (Math.abs(hours) < 48) return relative.format(hours, "hour");
  return relative.format(Math.round(ms / 86_400_000), "day");
}
