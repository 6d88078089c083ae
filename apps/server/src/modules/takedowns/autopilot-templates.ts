import type { AutopilotCategory } from "@leakwarden/contracts/takedowns";
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
    default:
      return t.recipientEmail ? `notice on its way to ${t.recipientEmail}` : "looking up who can remove it";
  }
}

/** The autopilot's email: every automatic takedown not listed yet, where its notice went. */
export function autopilotDigestMessage(to: string, items: AutopilotDigestItem[], takedownsUrl: string): OutgoingEmail {
  const n = items.length;
  return brandedEmail({
    to,
    subject: n === 1 ? "Autopilot sent 1 takedown" : `Autopilot sent ${n} takedowns`,
    intro: [
      `Your autopilot took down ${n === 1 ? "a new high-confidence leak" : `${n} new high-confidence leaks`} as ${n === 1 ? "it was" : "they were"} found, with notices in our name as your authorized agent:`,
    ],
    list: items.map((t) => `#${t.number} ${t.url} (${categoryWords[t.category as AutopilotCategory] ?? "finding"}): ${where(t)}`),
    action: { label: "Follow them in Takedown Requests", url: takedownsUrl },
    outro: [
      "Findings we are less sure of (an image match alone, a page that only names you) still wait for you in your leaks list.",
      "We send at most one of these emails an hour; takedowns sent in between come in the next one.",
    ],
    footer: { reason: "You get this email because you turned on automatic takedowns; turn them off on the Takedown Requests page." },
  });
}
