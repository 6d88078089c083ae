import type { AutopilotCategory, FindingHold } from "@leakwarden/contracts/takedowns";
import { brandedEmail } from "../../email/layout";
import type { OutgoingEmail } from "../../email/mailer";

const categoryWords: Record<AutopilotCategory, string> = { leakSites: "leak site", socialMedia: "social media", fileHosts: "file host" };

/** One automatic takedown as the digest lists it: her leak's number, where it is, and where its notice is now. */
export interface AutopilotDigestItem {
  number: number;
  url: string;
  category: string;
  status: string;
  /** The address the current notice went (or goes) to. */
  recipientEmail: string | null;
  /** Why it needs her, or why it failed: a sentence. */
  reason: string | null;
  /** When its first notice (or report) went out; null while none has. */
  firstSentAt: Date | null;
}

/** Where an automatic takedown stands, as the digest and the panel count it: from its row alone. */
export type AutopilotOutcome = "sent" | "needsAction" | "failed" | "underWay" | "cancelled";

/** A notice or report went out (whatever happened since: removed, escalated); else its status says why not yet. */
export function outcomeOf(t: { status: string; firstSentAt: Date | null }): AutopilotOutcome {
  if (t.firstSentAt !== null) return "sent";
  if (t.status === "needs_manual_action") return "needsAction";
  if (t.status === "failed") return "failed";
  if (t.status === "cancelled") return "cancelled";
  return "underWay";
}

export type AutopilotCounts = Record<AutopilotOutcome, number>;

export function countOutcomes(items: { status: string; firstSentAt: Date | null }[]): AutopilotCounts {
  const counts: AutopilotCounts = { sent: 0, needsAction: 0, failed: 0, underWay: 0, cancelled: 0 };
  for (const t of items) counts[outcomeOf(t)]++;
  return counts;
}

const links = (n: number) => (n === 1 ? "1 link" : `${n} links`);

/** "4 sent, 2 need your action": each state that has rows, with its number; `noun` names the first ("4 takedowns sent"). */
function countParts(c: AutopilotCounts, noun = false): string[] {
  const parts = (
    [
      [c.sent, "sent", "sent"],
      [c.needsAction, "needs your action", "need your action"],
      [c.failed, "could not be sent", "could not be sent"],
      [c.underWay, "on the way", "on the way"],
      [c.cancelled, "cancelled", "cancelled"],
    ] as const
  ).filter(([n]) => n > 0);
  return parts.map(([n, one, many], i) => (noun && i === 0 ? `${n} ${n === 1 ? "takedown" : "takedowns"} ${n === 1 ? one : many}` : `${n} ${n === 1 ? one : many}`));
}

/** The subject: "Autopilot sent 4 takedowns" when all went out, else every state's count ("Autopilot: 4 takedowns sent, 2 need your action"). */
export function autopilotDigestSubject(c: AutopilotCounts): string {
  const n = c.sent + c.needsAction + c.failed + c.underWay + c.cancelled;
  if (c.sent === n) return n === 1 ? "Autopilot sent 1 takedown" : `Autopilot sent ${n} takedowns`;
  return `Autopilot: ${countParts(c, true).join(", ")}`;
}

function where(t: AutopilotDigestItem): string {
  switch (t.status) {
    case "removed":
      return "already removed";
    case "sent":
    case "escalated":
      return `notice sent to ${t.recipientEmail ?? "the site"}`;
    case "needs_manual_action":
      return `needs your action: ${t.reason ?? "no email address takes complaints for it"}`;
    case "failed":
      return `the notice could not be sent: ${t.reason ?? "see Takedown Requests"}`;
    case "cancelled":
      return "cancelled";
    case "no_response":
      return `notice sent to ${t.recipientEmail ?? "the site"}; no answer, and nobody is left to write to`;
    default:
      return t.recipientEmail ? `notice on its way to ${t.recipientEmail}` : "looking up who can remove it";
  }
}

/** Findings her daily cap of automatic takedowns keeps waiting, and when the window frees. */
export interface AutopilotCapNote {
  limit: number;
  waiting: number;
  resumesAt: Date | null;
}

const findings = (n: number) => (n === 1 ? "1 finding" : `${n} findings`);
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The paragraph on her daily cap: how many wait, why, and when they go (or that she may send them). */
export function capParagraph(cap: AutopilotCapNote): string {
  const when = cap.resumesAt ? `from ${utc(cap.resumesAt)}` : "once the day's window frees";
  return `Your autopilot reached its daily cap of ${cap.limit} automatic takedowns, so ${findings(cap.waiting)} ${cap.waiting === 1 ? "waits" : "wait"}: ${cap.waiting === 1 ? "it goes" : "they go"} out ${when}, or you can send ${cap.waiting === 1 ? "it" : "them"} yourself from your leaks list now.`;
}

const list = (words: string[]) => (words.length <= 2 ? words.join(" and ") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);
const unique = (words: string[]) => [...new Set(words)];

/** The findings the autopilot leaves to her until she proves what matched there is hers (a link matching nothing of hers any more is not one). */
export const provable = (holds: FindingHold[]) => holds.filter((h) => h.code !== "not_named");

/**
 * The paragraph on findings waiting for her proof: how many, and what to prove (her profiles by
 * name, the nicknames to confirm, the handles another account claims too).
 */
export function proofParagraph(holds: FindingHold[]): string {
  const n = holds.length;
  const profiles = unique(holds.filter((h) => h.code === "unproven_profile").flatMap((h) => h.prove.map((p) => `${p.username} on ${p.platform}`)));
  const anyProfile = holds.some((h) => h.code === "unproven_profile" && h.prove.length === 0);
  const nicknames = unique(holds.filter((h) => h.code === "unattested_nickname").flatMap((h) => h.nicknames));
  const disputed = unique(holds.filter((h) => h.code === "disputed_handle").flatMap((h) => h.prove.map((p) => `${p.username} on ${p.platform}`)));
  const steps = [
    profiles.length > 0 ? `Prove that you own ${list(profiles)}.` : anyProfile ? "Prove that you own one of your profiles." : "",
    nicknames.length > 0 ? `Confirm that the ${nicknames.length === 1 ? "nickname" : "nicknames"} ${list(nicknames)} ${nicknames.length === 1 ? "is" : "are"} yours.` : "",
    disputed.length > 0 ? `Another account has also proved ${list(disputed)}: our team is confirming who owns ${disputed.length === 1 ? "it" : "them"}.` : "",
  ].filter(Boolean);
  return `${n === 1 ? "1 finding waits" : `${n} findings wait`} for your proof: the autopilot sends a notice only for what is proven yours. ${steps.join(" ")} ${n === 1 ? "It is" : "They are"} in your leaks list.`;
}

/** The subject of a digest with no takedown in it: only findings waiting for her proof. */
export function autopilotProofSubject(n: number): string {
  return `Autopilot: ${n === 1 ? "1 finding waits" : `${n} findings wait`} for your proof`;
}

/**
 * The autopilot's email: every automatic takedown not listed yet, where its notice went (each
 * figure counted from the rows); and the findings that wait for her: beyond her daily cap, or for
 * her proof of what matched. With no takedown to list, it is about the findings waiting for proof.
 */
export function autopilotDigestMessage(
  to: string,
  items: AutopilotDigestItem[],
  takedownsUrl: string,
  more: { cap?: AutopilotCapNote; proof?: { holds: FindingHold[]; leaksUrl: string } } = {},
): OutgoingEmail {
  const waiting = more.proof && more.proof.holds.length > 0 ? more.proof : null;
  const capNote = more.cap && more.cap.waiting > 0 ? [capParagraph(more.cap)] : [];
  if (items.length === 0 && waiting) {
    return brandedEmail({
      to,
      subject: autopilotProofSubject(waiting.holds.length),
      intro: [proofParagraph(waiting.holds), ...capNote],
      action: { label: "Open your leaks list", url: waiting.leaksUrl },
      outro: ["We send at most one of these emails an hour."],
      footer: { reason: "You get this email because you turned on automatic takedowns; turn them off on the Takedown Requests page." },
    });
  }
  const n = items.length;
  const c = countOutcomes(items);
  const started = `Your autopilot started takedowns for ${n === 1 ? "a new high-confidence leak" : `${n} new high-confidence leaks`} as ${n === 1 ? "it was" : "they were"} found.`;
  const outcome =
    c.sent === n
      ? `${n === 1 ? "Its notice" : "Their notices"} went out in our name as your authorized agent:`
      : `Of ${links(n)}: ${countParts(c).join(", ")}.${c.sent > 0 ? ` The notices sent went out in our name as your authorized agent.` : ""}${c.needsAction > 0 ? ` ${c.needsAction === 1 ? "The link that needs" : "The links that need"} your action say${c.needsAction === 1 ? "s" : ""} what to do:` : ""}`;
  return brandedEmail({
    to,
    subject: autopilotDigestSubject(c),
    intro: [started, outcome, ...capNote],
    list: items.map((t) => `#${t.number} ${t.url} (${categoryWords[t.category as AutopilotCategory] ?? "finding"}): ${where(t)}`),
    // The link to her leaks list as a figure: a long address in a paragraph would not wrap on a phone.
    ...(waiting ? { figures: [{ label: "Open your leaks list", value: `${findings(waiting.holds.length)} waiting for your proof`, url: waiting.leaksUrl }] } : {}),
    action: { label: "Follow them in Takedown Requests", url: takedownsUrl },
    outro: [
      ...(waiting ? [proofParagraph(waiting.holds)] : []),
      "Findings we are less sure of (an image match alone, a page that only names you) still wait for you in your leaks list.",
      "We send at most one of these emails an hour; takedowns sent in between come in the next one.",
    ],
    footer: { reason: "You get this email because you turned on automatic takedowns; turn them off on the Takedown Requests page." },
  });
}
