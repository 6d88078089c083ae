// Dates as people write them in a letter, always in UTC with the zone named (notices, billing).

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "24 November 2026" (UTC). */
export function utcDay(d: Date): string {
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 24, 2026" (UTC): a day in the sentences the app shows beside its own dates (billing), written as the app writes them. */
export function utcShortDay(d: Date): string {
  return `${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "24 November 2026, 21:05 UTC". */
export function utcMinute(d: Date): string {
  return `${utcDay(d)}, ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")} UTC`;
}

/** The same for an ISO timestamp kept as text (evidence); text that is no date is given back as it is. */
export function utcMinuteOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : utcMinute(d);
}
