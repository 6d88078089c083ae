import { brandedEmail } from "../../email/layout";
import type { OutgoingEmail } from "../../email/mailer";

/** Where an alert email's links go, and its footer (why she gets it, her settings, the unsubscribe link). */
export interface AlertLinks {
  /** A dashboard section's address: `dashboard("leaks")`. */
  dashboard(section: string): string;
  footer: { reason: string; settingsUrl: string; unsubscribeUrl: string };
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const more = (total: number, shown: number) => (total > shown ? [`and ${total - shown} more`] : []);

/** How the new links were found: the wording of the email's first sentence. */
export type NewLeaksSource = "since-last-email" | "scan" | "crawl" | "images";

const foundBy: Record<NewLeaksSource, string> = {
  "since-last-email": "Since our last email we found",
  scan: "Your latest scan found",
  crawl: "Reading leak sites, we found",
  images: "Images matching your reference photos were found at",
};

export function newLeaksMessage(to: string, input: { source: NewLeaksSource; urls: string[]; total: number }, links: AlertLinks): OutgoingEmail {
  const { total } = input;
  return brandedEmail({
    to,
    subject: total === 1 ? "1 new leak found" : `${total} new leaks found`,
    intro: [`${foundBy[input.source]} ${total === 1 ? "a new link" : `${total} new links`} to your content:`],
    list: [...input.urls, ...more(total, input.urls.length)],
    action: { label: "Review them and send takedowns", url: links.dashboard("leaks") },
    outro: ["We send at most one of these emails an hour; leaks found in between come in the next one."],
    footer: links.footer,
  });
}

export interface SummaryFigures {
  found: number;
  sent: number;
  removed: number;
  stillUp: number;
}

export function summaryMessage(
  to: string,
  input: { frequency: "daily" | "weekly"; since: Date; figures: SummaryFigures; urls: string[]; total: number },
  links: AlertLinks,
): OutgoingEmail {
  const { figures, total } = input;
  const word = input.frequency === "daily" ? "Daily" : "Weekly";
  return brandedEmail({
    to,
    subject: total === 0 ? `${word} summary: no new leaks` : `${word} summary: ${plural(total, "new leak", "new leaks")}`,
    heading: `Your ${word.toLowerCase()} summary`,
    intro: [
      `Since ${day(input.since)} (UTC): ${plural(figures.found, "link", "links")} to your content found, ${plural(figures.sent, "takedown", "takedowns")} sent, ${plural(figures.removed, "link", "links")} removed; ${plural(figures.stillUp, "link is", "links are")} still up.`,
      ...(input.urls.length ? [total === 1 ? "The new link:" : "The new links:"] : []),
    ],
    figures: [
      { label: "Found", value: String(figures.found), url: links.dashboard("leaks") },
      { label: "Takedowns sent", value: String(figures.sent), url: links.dashboard("takedowns") },
      { label: "Removed", value: String(figures.removed), url: links.dashboard("takedowns") },
      { label: "Still up", value: String(figures.stillUp), url: links.dashboard("leaks") },
    ],
    ...(input.urls.length ? { list: [...input.urls, ...more(total, input.urls.length)] } : {}),
    action: { label: "Open your dashboard", url: links.dashboard("home") },
    footer: links.footer,
  });
}

export interface Reupload {
  url: string;
  earlierNumber: number;
  earlierUrl: string;
  removedAt: string;
  sameSite: boolean;
}

export function reuploadMessage(to: string, input: { items: Reupload[]; total: number }, links: AlertLinks): OutgoingEmail {
  const { total } = input;
  return brandedEmail({
    to,
    subject: total === 1 ? "A removed leak is back" : `${total} removed leaks are back`,
    intro: [`${total === 1 ? "A link that was taken down has" : `${total} links that were taken down have`} been posted again at a new address:`],
    list: [
      ...input.items.map((r) => `${r.url}: re-upload of #${r.earlierNumber} (${r.earlierUrl}), removed on ${day(new Date(r.removedAt))}${r.sameSite ? ", on the same site" : ""}`),
      ...more(total, input.items.length),
    ],
    action: { label: "Send takedowns for them", url: links.dashboard("leaks") },
    outro: ["Their notices cite the earlier removal and the site's duty to act against repeat infringers. We send at most one of these emails an hour."],
    footer: links.footer,
  });
}

export function impersonatorsMessage(to: string, input: { items: Array<{ handle: string; platform: string; profileUrl: string }>; total: number }, links: AlertLinks): OutgoingEmail {
  const { total } = input;
  return brandedEmail({
    to,
    subject: total === 1 ? "A new impersonator found" : `${total} new impersonators found`,
    intro: [`${total === 1 ? "An account that looks like it passes itself off as you was" : `${total} accounts that look like they pass themselves off as you were`} found:`],
    list: [...input.items.map((i) => `${i.handle} on ${i.platform}: ${i.profileUrl}`), ...more(total, input.items.length)],
    action: { label: "Review and report them", url: links.dashboard("impersonator") },
    outro: ["We send at most one of these emails an hour."],
    footer: links.footer,
  });
}

export function takedownSucceededMessage(to: string, url: string, links: AlertLinks): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "A takedown succeeded",
    intro: ["This link to your content is gone:"],
    list: [url],
    action: { label: "See your takedowns", url: links.dashboard("takedowns") },
    footer: links.footer,
  });
}
