import addressparser from "nodemailer/lib/addressparser";

/**
 * One recipient mailbox, checked before it is stored or put in a mail header. Addresses come
 * from RDAP answers and from sites' own pages, both written by others: anything but one plain
 * address (a NUL or line break, a list, a display name, a group, a quoted or commented local
 * part) is refused with a reason, and the refusal names the address with its control
 * characters escaped so that the reason itself can be stored and shown.
 */

export type MailboxCheck = { ok: true; address: string } | { ok: false; shown: string; reason: string };

/** The longest address SMTP carries (RFC 5321 path limit less the angle brackets). */
const MAX_LENGTH = 254;
/** Dot-atom local part @ a host name with at least one dot (RFC 5322 without quoting or comments). */
const plainAddress = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The address as it can be shown and stored: control characters written as \u escapes, cut at 300 characters. */
export function showAddress(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const escaped = raw.slice(0, 300).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return raw.length > 300 ? `${escaped}…` : escaped;
}

export function checkMailbox(raw: string): MailboxCheck {
  const refuse = (reason: string): MailboxCheck => ({ ok: false, shown: showAddress(raw), reason });
  if (raw.includes("\u0000")) return refuse("it contains a NUL character");
  if (/[\r\n]/.test(raw)) return refuse("it contains a line break");
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f-\u009f]/.test(raw)) return refuse("it contains a control character");
  const value = raw.trim();
  if (value.length === 0) return refuse("it is empty");
  if (value.length > MAX_LENGTH) return refuse(`it is longer than ${MAX_LENGTH} characters`);
  if (!value.includes("@")) return refuse("it is not an address");
  const parsed = addressparser(value);
  if (parsed.length !== 1) return refuse(parsed.length === 0 ? "it holds no address" : `it holds ${parsed.length} addresses, not one`);
  const only = parsed[0]!;
  if ("group" in only) return refuse("it is an address group, not one mailbox");
  if (only.name) return refuse("it carries a display name or a comment besides the address");
  if (only.address !== value) return refuse("it is not written as one plain address");
  if (!plainAddress.test(only.address)) return refuse("it is not a plain address (local part @ domain)");
  // The domain is case-blind; the local part is kept as written (a server may tell cases apart).
  const at = only.address.lastIndexOf("@");
  return { ok: true, address: `${only.address.slice(0, at)}@${only.address.slice(at + 1).toLowerCase()}` };
}
