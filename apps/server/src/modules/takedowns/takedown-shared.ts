import type { NoticeKind } from "@leakwarden/contracts/takedowns";
import type { StoredRecipient } from "../../db/schema/takedowns";
import type * as repo from "./takedowns.repository";

/** Small pure pieces the takedowns files share: recipients described, Cloudflare recognised, text made storable. */

export const ESCALATE_KIND_LABEL: Record<StoredRecipient["kind"], string> = { site: "the site", host: "the hosting network", cdn: "the CDN", registrar: "the registrar" };

export const minuteOf = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export function describeRecipient(r: StoredRecipient): string {
  const how = { catalog: "the leak-site catalog", "site-page": "the site's own page", "rdap-ip": "RDAP for the site's address", "cdn-ranges": "the CDN's published ranges", "rdap-origin": "RDAP for the site's likely origin address behind its CDN", "rdap-domain": "RDAP for the domain", platform: "the platform's published copyright process" }[r.foundBy];
  const refused = r.refused ? `; the address ${r.refused.address} was refused: ${r.refused.reason}` : "";
  return `${ESCALATE_KIND_LABEL[r.kind]}: ${r.email ?? r.webForm ?? "no usable contact"} (found through ${how}: ${r.source}${refused})`;
}

export const isCloudflare = (r: StoredRecipient) => r.kind === "cdn" && r.name === "Cloudflare";

/** Reddit itself, which takes copyright notices on its form only (recipient-finder: redditContact). */
export const isRedditForm = (r: StoredRecipient) => r.kind === "site" && r.foundBy === "platform" && r.name === "Reddit";

/** Cloudflare is the first party that can act: no recipient before it has an email address. */
export function cloudflareFirst(recipients: StoredRecipient[]): boolean {
  const cf = recipients.findIndex(isCloudflare);
  const level = recipients.findIndex((r) => r.email);
  return cf >= 0 && (level < 0 || level > cf);
}

/** A message as PostgreSQL can store it: no NUL (text and jsonb refuse it), whatever an outside party wrote into it. */
export const storable = (text: string) => text.replaceAll("\u0000", "\\u0000");

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
  return rest.find((r) => r.recipient.email) ?? rest.find((r) => r.recipient.webForm) ?? null;
}
