import type { StoredAttestation } from "../../db/schema/takedowns";
import { utcMinute } from "../../lib/dates";
import { evidenceLines, type NoticeAgent, type NoticeItem, type NoticeRecipient, ownerSentence } from "./notice-template";
import { oneLine } from "./page-quotes";

/**
 * A removal request under the TAKE IT DOWN Act (in force since 19 May 2026): a covered platform
 * removes an intimate visual depiction published without the depicted person's consent within
 * 48 hours of a valid request, and makes reasonable efforts to remove identical copies. A valid
 * request carries (i) the physical or electronic signature of the person or her authorized agent,
 * (ii) an identification of the depiction and information sufficient to locate it, (iii) a brief
 * statement of her good-faith belief that it was published without her consent, with information
 * that helps the platform see that, and (iv) contact information. The wording is product copy.
 */

export const REMOVAL_DEADLINE_MS = 48 * 3_600_000;

/** Bumped when the wording changes: each stored attestation keeps the version she confirmed. */
export const ATTESTATION_VERSION = "2026-11";

/** What she confirms, per request, before anything goes out on this basis. */
export function attestationText(forgery: boolean): string {
  return forgery
    ? "I am the person shown. This image or video is a forgery of me, made or edited (for example with AI) without my consent, and it was published without my consent. " +
        "I authorize Leakwarden, as my agent, to send a removal request under the TAKE IT DOWN Act on my behalf, in its own name, signed electronically by it."
    : "I am the person shown in this intimate image or video, and it was published at these links without my consent. " +
        "I authorize Leakwarden, as my agent, to send a removal request under the TAKE IT DOWN Act on my behalf, in its own name, signed electronically by it.";
}

export interface TakeItDownInput {
  reference: string;
  date: Date;
  agent: NoticeAgent;
  /** The name she is known by on her verified profiles (or her legal name, when she chose it). */
  personName: string;
  /** With her legal name: the stage names she publishes under. */
  publishesAs?: string[];
  /** Her verified profiles: where she publishes, and where she can be recognised. */
  profiles: string[];
  recipient: NoticeRecipient;
  items: NoticeItem[];
  attestation: StoredAttestation;
  /** A request to the host or registrar after the platform let its deadline pass. */
  missed: { name: string; email: string; sentAt: Date; deadlineAt: Date }[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const minute = utcMinute;

/** The greeting, written to the party it goes to (the platform that must act in 48 hours, or the network or registrar behind it). */
function greeting(recipient: NoticeRecipient, sites: string): string {
  recipient = { ...recipient, name: recipient.name === null ? null : oneLine(recipient.name).slice(0, 80) };
  switch (recipient.kind) {
    case "site":
    case "platform":
      return `To the removal desk of ${recipient.name ?? sites}`;
    case "host":
      // Behind a CDN, the network is the likely origin's, not a certainty.
      return `To the abuse desk of ${recipient.name ?? "the hosting network"}, which ${recipient.origin ? "appears to host" : "hosts"} ${sites}`;
    case "cdn":
      return `To the abuse desk of ${recipient.name ?? "the network"} that serves ${sites}`;
    case "registrar":
      return `To the abuse desk of ${recipient.name ?? "the registrar"}, registrar of ${sites}`;
    case "search-engine":
      return `To the removals team of ${recipient.name ?? "the search engine"}`;
  }
}

export function goodFaithStatement(personName: string, forgery: boolean): string {
  return forgery
    ? `I have a good-faith belief that the depiction at the locations listed above is a digital forgery of ${personName}, an intimate visual depiction created or altered without her consent, and that it was published without her consent.`
    : `I have a good-faith belief that the intimate visual depiction of ${personName} at the locations listed above was published without her consent.`;
}

export function renderTakeItDownRequest(input: TakeItDownInput): { subject: string; text: string; html: string } {
  const { agent, recipient, items, attestation } = input;
  const count = items.length;
  const domains = [...new Set(items.map((i) => new URL(i.url).hostname))];
  const subject = oneLine(`TAKE IT DOWN Act removal request: ${count} URL${count === 1 ? "" : "s"} on ${domains.length === 1 ? domains[0] : `${domains.length} sites`} [ref ${input.reference}]`);
  const person = ownerSentence(input.personName, input.publishesAs);
  const deadline = new Date(input.date.getTime() + REMOVAL_DEADLINE_MS);

  const intro = [
    `${greeting(recipient, domains.length === 1 ? domains[0]! : domains.length === 2 ? `${domains[0]} and ${domains[1]}` : `the ${domains.length} sites listed below`)}:`,
    "",
    "This is a request for the removal of a nonconsensual intimate visual depiction under the TAKE IT DOWN Act. " +
      "A covered platform must remove the depiction within 48 hours of receiving a valid request and make reasonable efforts to identify and remove any known identical copies.",
  ];
  if (recipient.kind === "site" || recipient.kind === "platform") intro.push("", `Please remove the depiction by ${minute(deadline)} (48 hours from this request), and its identical copies.`);
  for (const m of input.missed) {
    intro.push(
      "",
      `A removal request for this depiction was sent to ${oneLine(m.name)} <${oneLine(m.email)}> on ${minute(m.sentAt)}. Its 48-hour deadline passed on ${minute(m.deadlineAt)} and the depiction is still available. ` +
        (recipient.kind === "registrar" ? "The domain is registered through you: please act on it." : "The site is served from your network: please remove it or have it removed."),
    );
  }

  const depiction = [
    "1. Identification of the depiction and where it is",
    `The depiction shows ${person}${attestation.forgery ? " (a forgery: an image or video of her made or edited without her consent)" : ""}.`,
    // The page's text is left out: the depiction is identified by its location and images.
    ...items.flatMap((item, i) => [`${i + 1}) ${item.url}`, ...evidenceLines(item, { snippet: false }).map((l) => `   ${l}`)]),
  ];
  const consent = [
    "2. Statement of good-faith belief",
    goodFaithStatement(input.personName, attestation.forgery),
    `${input.personName} publishes her own content only on her verified profiles${input.profiles.length ? ":" : "."}`,
    ...input.profiles.map((u) => `  ${u}`),
    "The pages above are not among them, and she has not consented to publication there. " +
      `She confirmed this statement on ${minute(new Date(attestation.attestedAt))}.`,
  ];
  const contact = [
    "3. Contact information",
    `On behalf of: ${person}`,
    `Authorized agent: ${agent.name}`,
    `Postal address: ${agent.address}`,
    `Telephone: ${agent.phone}`,
    `Email: ${agent.email}`,
  ];
  const signature = [
    "4. Signature",
    `Electronic signature: /s/ ${agent.name}, authorized agent for ${input.personName}`,
    `Date: ${minute(input.date)}`,
    `Reference: ${input.reference}`,
  ];

  const text = [...intro, "", ...depiction, "", ...consent, "", ...contact, "", ...signature, ""].join("\n");
  const p = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n");
  const section = (lines: string[]) => `<h3>${escapeHtml(lines[0]!)}</h3>\n${p(lines.slice(1))}`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.4;overflow-wrap:anywhere">`,
    p(intro.filter(Boolean)),
    section(depiction),
    section(consent),
    section(contact),
    section(signature),
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}
