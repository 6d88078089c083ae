import type { NoticeKind } from "@leakwarden/contracts/takedowns";
import type { StoredRecipient } from "../../db/schema/takedowns";
import { utcMinute } from "../../lib/dates";
import type * as repo from "./takedowns.repository";

/** Small pure pieces the takedowns files share: recipients described, Cloudflare recognised, text made storable. */

export const ESCALATE_KIND_LABEL: Record<StoredRecipient["kind"], string> = { site: "the site", host: "the hosting network", cdn: "the CDN", registrar: "the registrar" };

/** "24 November 2026, 21:05 UTC": a moment in a history line, written as notices write it. */
export const minuteOf = utcMinute;

export function describeRecipient(r: StoredRecipient): string {
  const how = { catalog: "the leak-site catalog", "site-page": "the site's own page", "rdap-ip": "RDAP for the site's address", "cdn-ranges": "the CDN's published ranges", "rdap-origin": "RDAP for the site's likely origin address behind its CDN", "rdap-domain": "RDAP for the domain", platform: "the platform's published copyright process", "file-host": "the file host's published copyright channel" }[r.foundBy];
  const refused = r.refused ? `; the address ${r.refused.address} was refused: ${r.refused.reason}` : "";
  return `${ESCALATE_KIND_LABEL[r.kind]}: ${r.email ?? r.webForm ?? "no usable contact"} (found through ${how}: ${r.source}${refused})`;
}

/** A mailbox the site's page named outside its domain, not yet confirmed by her: nothing is sent to it. */
export const awaitsConfirmation = (r: StoredRecipient) => !!r.confirmation && !r.confirmation.confirmedAt;

/** A recipient a notice can be mailed to now. */
export const mailable = (r: StoredRecipient) => !!r.email && !awaitsConfirmation(r);

export const isCloudflare = (r: StoredRecipient) => r.kind === "cdn" && r.name === "Cloudflare";

/** Reddit itself, which takes copyright notices on its form only (recipient-finder: redditContact). */
export const isRedditForm = (r: StoredRecipient) => r.kind === "site" && r.foundBy === "platform" && r.name === "Reddit";

/** Cloudflare is the first party that can act: no recipient before it has an email address. */
export function cloudflareFirst(recipients: StoredRecipient[]): boolean {
  const cf = recipients.findIndex(isCloudflare);
  const level = recipients.findIndex(mailable);
  return cf >= 0 && (level < 0 || level > cf);
}

/** A message as PostgreSQL can store it: no NUL (text and jsonb refuse it), whatever an outside party wrote into it. */
export const storable = (text: string) => text.replaceAll("\u0000", "\\u0000");

const NETWORK_CODES = new Set(["ECONNECTION", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ESOCKET", "EDNS", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "ETLS"]);
/** What the mail server answered, as a short quote: its reply line, without control characters, at most 160 characters. */
function quoteReply(reply: string): string {
  // eslint-disable-next-line no-control-regex
  const line = reply.replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/**
 * Why the mail server did not take a notice, as the end of a sentence for the creator ("…could not be
 * sent: our mail server could not be reached"): never a socket error code or a stack's wording. A
 * refusal quotes the server's own reply, which says why (an unknown mailbox, a full one).
 */
export function describeSendFailure(error: unknown): string {
  const e = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";
  const responseCode = typeof e.responseCode === "number" ? e.responseCode : null;
  const reply = typeof e.response === "string" && e.response.trim() ? ` (it answered “${quoteReply(e.response)}”)` : "";
  if (responseCode !== null && responseCode >= 500) return `the mail server refused it${reply}`;
  if (responseCode !== null && responseCode >= 400) return `the mail server asked us to try again later${reply}`;
  if (code === "EAUTH") return "our mail server did not accept our sign-in";
  if (NETWORK_CODES.has(code) || /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)\b|timed? ?out|Greeting never received/i.test(message)) {
    return "our mail server could not be reached";
  }
  return "the mail server did not accept it";
}

/** The SMTP server refused for good (5xx): retrying will not help. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** The requests a basis sends to the first recipient. */
export const kindsOf = (basis: repo.TakedownRow["basis"]): NoticeKind[] => (basis === "both" ? ["dmca", "takeitdown"] : [basis]);

/** The next recipient after `level` that a notice can reach by email, or the first with only a web form. */
export function nextRecipient(row: repo.TakedownRow): { index: number; recipient: StoredRecipient } | null {
  const start = row.level === null ? 0 : row.level + 1;
  const rest = row.recipients.map((recipient, index) => ({ index, recipient })).slice(start);
  return rest.find((r) => mailable(r.recipient)) ?? rest.find((r) => r.recipient.webForm) ?? null;
}
