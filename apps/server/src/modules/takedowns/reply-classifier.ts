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

const COUNTER = ["counter notification", "counter-notification", "counter notice", "counter-notice", "counternotice", "512(g)", "consent to the jurisdiction"] as const;
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

/**
 * What a reply says, in this order: an auto-reply (RFC 3834 headers, or an automatic subject), a
 * counter-notice under §512(g), a request for more information, a refusal, a removal; else other.
 */
export function classifyReply(headers: ReplyHeaders, text: string): ReplyKind {
  const auto = headers.autoSubmitted.trim().toLowerCase();
  const precedence = headers.precedence.trim().toLowerCase();
  const subject = fold(headers.subject.slice(0, 1000));
  const body = fold(ownText(text));
  if (any(body, COUNTER) || any(subject, COUNTER)) return "counter_notice";
  if ((auto && auto !== "no") || headers.xAutoreply.trim() || precedence === "auto_reply" || precedence === "bulk" || precedence === "junk") return "auto_reply";
  if (any(subject, AUTO_SUBJECT)) return "auto_reply";
  if (any(body, MORE_INFO)) return "more_info";
  if (any(body, REFUSED)) return "refused";
  if (any(body, REMOVED)) return "removed";
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
  other: "replied",
};

/** What a counter-notice means for her, in plain words (product copy, not legal advice). */
export const COUNTER_NOTICE_EXPLANATION =
  "The person who posted the material sent a counter-notice under the DMCA (17 U.S.C. § 512(g)): they say it was removed by mistake or is theirs to post. " +
  "The site may put it back 10 to 14 business days after receiving the counter-notice, unless you tell the site in that time that you have filed a lawsuit to stop them. " +
  "We have stopped re-sending notices and escalating this link. If you want to go to court, talk to a lawyer soon: the clock is already running.";
