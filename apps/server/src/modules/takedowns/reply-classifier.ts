/**
 * Replies to our notices: which notice each answers (its In-Reply-To / References name our
 * Message-ID, <notice-UUID@domain>) and what it says. The text is hostile: it is cut to a bound
 * first, folded once, and read with substring searches and one anchored pattern, all linear.
 */

import type { ReplyKind } from "@leakwarden/contracts/takedowns";

export { replyKinds, type ReplyKind } from "@leakwarden/contracts/takedowns";

/** The most of a reply we read: notices are answered in a few lines; the rest is quoted text. */
export const MAX_REPLY_CHARS = 20_000;

export interface ReplyHeaders {
  subject: string;
  /** Auto-Submitted (RFC 3834), X-Autoreply, X-Autorespond, Precedence, as received (empty when absent). */
  autoSubmitted: string;
  xAutoreply: string;
  precedence: string;
}

/** Lower case, one space for any run of white space, typographic quotes plain; bounded. */
function fold(text: string): string {
  return text.slice(0, MAX_REPLY_CHARS).toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, " ");
}

/** The reply without the quoted notice below it (lines starting with '>' and what follows "-----Original Message-----" or "On … wrote:"). */
export function ownText(text: string): string {
  const lines = text.slice(0, MAX_REPLY_CHARS).split(/\r?\n/);
  const kept: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (t.startsWith(">")) continue;
    if (t.startsWith("-----Original Message-----") || t.startsWith("________________________________")) break;
    if (t.startsWith("On ") && t.endsWith(" wrote:")) break;
    kept.push(line);
  }
  return kept.join("\n");
}

const any = (text: string, phrases: readonly string[]) => phrases.some((p) => text.includes(p));

/** Words that name a counter-notice: a reply using them without its elements only mentions one. */
const COUNTER = ["counter notification", "counter-notification", "counter notice", "counter-notice", "counternotice", "512(g)", "penalty of perjury", "consent to the jurisdiction"] as const;

/** The longest run of digits (with the spaces, dots, dashes, brackets and plus a telephone number is written with), in one pass. */
function longestDigitRun(text: string): number {
  let best = 0;
  let digits = 0;
  for (const ch of text) {
    if (ch >= "0" && ch <= "9") digits += 1;
    else if (!" +-.()".includes(ch)) digits = 0;
    if (digits > best) best = digits;
  }
  return best;
}

/** A signature: "/s/ Name" or "Signature: Name", a name (a letter) right after the mark. */
function signed(folded: string): boolean {
  for (const mark of ["/s/", "signature:", "signed:", "signed by"]) {
    let at = folded.indexOf(mark);
    // A few marks at most are looked at: each look is a bounded slice.
    for (let tries = 0; at >= 0 && tries < 20; tries += 1) {
      const after = folded.slice(at + mark.length, at + mark.length + 40).trimStart();
      if (after.startsWith("/s/")) {
        at = folded.indexOf(mark, at + 1);
        continue;
      }
      if (/^\p{L}/u.test(after)) return true;
      at = folded.indexOf(mark, at + 1);
    }
  }
  return false;
}

export type CounterNoticeElement = "signature" | "material" | "perjury" | "contact" | "consent";

/**
 * Which of the elements 17 U.S.C. § 512(g)(3) requires a counter-notice to carry are in the
 * folded text: (A) a physical or electronic signature; (B) the material removed and where it was
 * before; (C) a statement under penalty of perjury of a good-faith belief that it was removed by
 * mistake or misidentification; (D) the subscriber's name, address and telephone number, with
 * (E) consent to a federal district court's jurisdiction and to accept service of process. The
 * statements are the sender's own (first person): a policy page explaining what a counter-notice
 * must say ("you have a good faith belief…") carries none of them.
 */
export function counterNoticeElements(folded: string): Record<CounterNoticeElement, boolean> {
  return {
    signature: signed(folded),
    material: any(folded, ["http://", "https://"]) && any(folded, ["removed", "disabled", "taken down", "location", "located at", "appeared"]),
    perjury:
      folded.includes("penalty of perjury") &&
      any(folded, ["i swear", "i declare", "i state", "i certify", "i affirm", "i have a good faith belief", "i have a good-faith belief", "we swear", "we declare", "we state", "we have a good faith belief"]) &&
      any(folded, ["good faith", "good-faith"]) &&
      any(folded, ["mistake", "misidentification", "misidentified"]),
    contact: folded.includes("name") && folded.includes("address") && any(folded, ["phone", "tel:", "tel.", "telephone"]) && longestDigitRun(folded) >= 7,
    consent:
      any(folded, ["i consent", "i hereby consent", "we consent", "we hereby consent", "i submit to", "i agree to"]) &&
      any(folded, ["jurisdiction"]) &&
      any(folded, ["district court", "federal court"]) &&
      any(folded, ["service of process", "accept service"]),
  };
}

const MORE_INFO = [
  "more information",
  "additional information",
  "further information",
  "please provide",
  "please send us",
  "please specify",
  "please clarify",
  "could you provide",
  "can you provide",
  "we need the",
  "incomplete",
  "does not include",
  "is missing",
] as const;
const REFUSED = [
  "not been removed",
  "will not be removed",
  "will not remove",
  "won't remove",
  "cannot remove",
  "can't remove",
  "unable to remove",
  "decline",
  "declining",
  "reject",
  "not be taking action",
  "will not take action",
  "no action will be taken",
  "not infringing",
  "fair use",
  "not hosted on our",
  "not our customer",
  "not a customer",
] as const;
const REMOVED = [
  "has been removed",
  "have been removed",
  "was removed",
  "were removed",
  "we removed",
  "we have removed",
  "been taken down",
  "has been disabled",
  "have been disabled",
  "disabled access",
  "access has been disabled",
  "content removed",
  "no longer available",
  "has been deleted",
  "have been deleted",
  "been suspended",
  "we have suspended",
] as const;
const AUTO_SUBJECT = ["out of office", "out-of-office", "automatic reply", "auto reply", "autoreply", "auto-reply", "vacation", "ticket received", "we received your", "[ticket", "request received", "has been received"] as const;

/** An automatic reply by its headers: RFC 3834 Auto-Submitted (anything but "no"), X-Autoreply / X-Autorespond, a bulk, list or auto-reply Precedence. */
export function isAutomatic(headers: ReplyHeaders): boolean {
  const auto = headers.autoSubmitted.trim().toLowerCase();
  const precedence = headers.precedence.trim().toLowerCase();
  return (auto !== "" && auto !== "no") || headers.xAutoreply.trim() !== "" || ["auto_reply", "bulk", "junk", "list"].includes(precedence);
}

/**
 * What a reply says, in this order: an auto-reply by its headers; a counter-notice carrying every
 * element § 512(g)(3) requires; an auto-reply by its subject; an attempt at one that lacks an
 * element ("disputed"); a request for more information, a refusal, a removal; a bare mention of a
 * counter-notice ("disputed"); else other.
 * An abuse desk's boilerplate that mentions counter-notification is none of these by that alone.
 */
export function classifyReply(headers: ReplyHeaders, text: string): ReplyKind {
  const subject = fold(headers.subject.slice(0, 1000));
  const body = fold(ownText(text));
  if (isAutomatic(headers)) return "auto_reply";
  const elements = Object.values(counterNoticeElements(body)).filter(Boolean).length;
  if (elements === 5) return "counter_notice";
  if (any(subject, AUTO_SUBJECT)) return "auto_reply";
  // Most of a counter-notice, short of one: the uploader disputes the notice (whatever else it says).
  if (elements >= 2 && (any(body, COUNTER) || any(subject, COUNTER))) return "disputed";
  if (any(body, MORE_INFO)) return "more_info";
  if (any(body, REFUSED)) return "refused";
  if (any(body, REMOVED)) return "removed";
  if (any(body, COUNTER) || any(subject, COUNTER)) return "disputed";
  return "other";
}

/** Our notice ids named in In-Reply-To and References (each a <notice-UUID@domain> Message-ID), nearest first. */
export function noticeIdsIn(inReplyTo: string, references: string): string[] {
  const ids: string[] = [];
  const pattern = /<notice-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^<>\s]{1,255}>/gi;
  // In-Reply-To first; References oldest first, so read it backwards.
  for (const source of [inReplyTo.slice(0, 4000), ...references.slice(0, 20_000).split(/\s+/).reverse()]) {
    for (const m of source.matchAll(pattern)) {
      const id = m[1]!.toLowerCase();
      if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids.slice(0, 20);
}

export const replyKindLabels: Record<ReplyKind, string> = {
  removed: "says the material was removed",
  refused: "refuses to remove it",
  more_info: "asks for more information",
  auto_reply: "is an automatic reply",
  counter_notice: "is a counter-notice under §512(g)",
  disputed: "disputes the notice, but is not a complete counter-notice under §512(g)(3)",
  other: "replied",
};

/** What a counter-notice means for her, in plain words (product copy, not legal advice). */
export const COUNTER_NOTICE_EXPLANATION =
  "The person who posted the material sent a counter-notice under the DMCA (17 U.S.C. § 512(g)): they say it was removed by mistake or is theirs to post. " +
  "The site may put it back 10 to 14 business days after receiving the counter-notice, unless you tell the site in that time that you have filed a lawsuit to stop them. " +
  "We have stopped re-sending notices and escalating this link. If you want to go to court, talk to a lawyer soon: the clock is already running.";
