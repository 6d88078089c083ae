import { brandedEmail } from "../../email/layout";
import { utcDay, utcMinute } from "../../lib/dates";
import type { OutgoingEmail } from "../../email/mailer";

/** Where an alert email's links go, and its footer (why she gets it, her settings, the unsubscribe link). */
export interface AlertLinks {
  /** A dashboard section's address: `dashboard("leaks")`. */
  dashboard(section: string): string;
  footer: { reason: string; settingsUrl: string; unsubscribeUrl: string };
}

/** "24 November 2026": a day as the notices and the other emails write it (UTC). */
const day = utcDay;
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

/**
 * A counter-notice under §512(g) answered a notice for her link. A legal step with a clock on it:
 * sent whatever her alert settings, so its footer names no unsubscribe link.
 */
export function counterNoticeMessage(to: string, takedown: { urls: string[]; from: string; at: Date }, dashboard: (section: string) => string): OutgoingEmail {
  return brandedEmail({
    to,
    subject: "Someone answered your takedown with a counter-notice",
    heading: "A counter-notice: what it means",
    intro: [
      `On ${day(takedown.at)} (UTC), ${takedown.from} answered the notice we sent for ${takedown.urls.length === 1 ? "this link" : "these links"} of yours with a counter-notice:`,
    ],
    list: takedown.urls,
    outro: [
      "A counter-notice is the DMCA's answer to a takedown (17 U.S.C. § 512(g)): the person who posted the material says it was removed by mistake, or that it is theirs to post.",
      "What happens next: the site may put the material back up 10 to 14 business days after it received the counter-notice, unless in that time you tell the site that you have filed a lawsuit to stop the person who posted it.",
      `What we do: we have stopped sending notices for ${takedown.urls.length === 1 ? "this link" : "these links"} and will not escalate ${takedown.urls.length === 1 ? "it" : "them"} further, as the law expects once a counter-notice is in. If you want to go to court, talk to a lawyer soon: the clock is already running.`,
    ],
    action: { label: "See this takedown", url: dashboard("takedowns") },
    footer: { reason: "You get this email because a takedown you asked for was answered with a counter-notice, a legal step with a deadline: your alert settings do not turn it off.", settingsUrl: dashboard("alerts") },
  });
}

/** The platform let the TAKE IT DOWN Act's 48 hours pass with her link still up; sent whatever her alert settings. */
export function takeItDownDeadlineMissedMessage(
  to: string,
  takedown: { url: string; platform: string; deadlineAt: Date; escalatedTo: string[] },
  dashboard: (section: string) => string,
): OutgoingEmail {
  const minute = utcMinute(takedown.deadlineAt);
  return brandedEmail({
    to,
    subject: "A platform missed its legal deadline to remove your image",
    heading: "The platform missed its TAKE IT DOWN deadline",
    intro: [
      `Under the TAKE IT DOWN Act, ${takedown.platform} had 48 hours from our request, until ${minute}, to remove this link. It is still up:`,
    ],
    list: [takedown.url],
    outro: [
      takedown.escalatedTo.length > 0
        ? `What we did: we sent the request, naming the missed deadline, to ${takedown.escalatedTo.join(" and ")}, who can take the link down too.`
        : "We found no host or registrar that takes email for this site, so there is no one further we can write to.",
      "What you can do: the Federal Trade Commission enforces the Act against platforms that miss the deadline. On the takedown's page you can download a record of the request and the missed deadline, ready to attach to a complaint to the FTC (reportfraud.ftc.gov).",
    ],
    action: { label: "See the takedown and its FTC record", url: dashboard("takedowns") },
    footer: { reason: "You get this email because a platform missed the legal deadline of a request you asked for: your alert settings do not turn it off.", settingsUrl: dashboard("alerts") },
  });
}
