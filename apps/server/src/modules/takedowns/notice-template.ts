import type { StoredRecipient } from "../../db/schema/takedowns";

/**
 * The DMCA notice, with every element of 17 U.S.C. § 512(c)(3)(A):
 * (i) the signature of the authorized agent, (ii) the copyrighted work (the creator's verified
 * profiles as authorized examples), (iii) the infringing URLs and where on each page the work
 * is, (iv) the agent's contact information, (v) the good-faith statement, (vi) the accuracy
 * statement and, under penalty of perjury, the authority to act.
 */

export interface NoticeAgent {
  name: string;
  address: string | undefined;
  email: string;
  phone: string | undefined;
}

export interface NoticeItem {
  url: string;
  title: string;
  matchedNames: string[];
  imageUrls: string[];
  snippet: string;
  fetchedAt: string | null;
  sha256: string | null;
  /** For a notice to the network serving the site: the IP address its name resolved to, and when (ISO time). */
  resolved?: { address: string; at: string } | null;
  /** The link re-posts material removed earlier after our notice (a re-upload). */
  reupload?: { url: string; removedAt: string; noticeSentAt: string | null; sameSite: boolean } | null;
}

export const REPEAT_INFRINGER_POLICY =
  "Under 17 U.S.C. § 512(i)(1)(A), the limitations on liability of § 512 apply only to a service provider that has adopted and reasonably implemented a policy that provides for the termination, in appropriate circumstances, of subscribers and account holders who are repeat infringers.";

const isoDay = (iso: string) => iso.slice(0, 10);

function earlierNotice(r: NonNullable<NoticeItem["reupload"]>): string {
  return r.noticeSentAt ? `after our notice of ${isoDay(r.noticeSentAt)}` : "after our request";
}

/** The paragraphs on re-uploads: a repeat infringement on the same service, or material removed elsewhere and posted here. */
function reuploadParagraphs(items: NoticeItem[]): string[] {
  const out: string[] = [];
  const same = items.flatMap((item, i) => (item.reupload?.sameSite ? [{ n: i + 1, r: item.reupload }] : []));
  const elsewhere = items.flatMap((item, i) => (item.reupload && !item.reupload.sameSite ? [{ n: i + 1, r: item.reupload }] : []));
  if (same.length > 0) {
    out.push(
      `Repeat infringement: ${same.map(({ n, r }) => `the material at item ${n} was removed from your service (${r.url}) on ${isoDay(r.removedAt)} ${earlierNotice(r)}`).join("; ")}. It has been posted again. ` +
        `${REPEAT_INFRINGER_POLICY} Please remove it again and apply your repeat-infringer policy to the account that posted it.`,
    );
  }
  if (elsewhere.length > 0) {
    out.push(
      `Re-upload: ${elsewhere.map(({ n, r }) => `the material at item ${n} was removed from ${r.url} on ${isoDay(r.removedAt)} ${earlierNotice(r)}`).join("; ")}, and has been posted on your service. ` +
        `${REPEAT_INFRINGER_POLICY} Please remove it and apply your repeat-infringer policy to the account that posted it.`,
    );
  }
  return out;
}

export interface NoticeInput {
  reference: string;
  date: Date;
  agent: NoticeAgent;
  ownerName: string;
  authorizedExamples: string[];
  recipient: StoredRecipient;
  items: NoticeItem[];
  /** Earlier recipients of the same links who did not act (escalation). */
  earlier: { name: string; email: string; sentAt: Date }[];
}

export const GOOD_FAITH_STATEMENT =
  "I have a good faith belief that use of the material in the manner complained of is not authorized by the copyright owner, its agent, or the law.";
export const ACCURACY_STATEMENT =
  "The information in this notification is accurate, and under penalty of perjury, I am authorized to act on behalf of the owner of an exclusive right that is allegedly infringed.";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function domainsOf(items: NoticeItem[]): string {
  const domains = [...new Set(items.map((i) => new URL(i.url).hostname))];
  return domains.length === 1 ? domains[0]! : `${domains.length} sites`;
}

function whereOnPage(item: NoticeItem): string[] {
  const lines: string[] = [];
  if (item.title) lines.push(`Page title: "${item.title}"`);
  if (item.reupload) lines.push(`Re-upload of material removed from ${item.reupload.url} on ${isoDay(item.reupload.removedAt)} ${earlierNotice(item.reupload)}.`);
  if (item.matchedNames.length > 0) {
    lines.push(`Where on the page: the page names the copyright owner (${item.matchedNames.map((n) => `"${n}"`).join(", ")}) and offers copies of the work.`);
  }
  if (item.snippet) lines.push(`Text on the page: "${item.snippet.replace(/\s+/g, " ").trim().slice(0, 300)}"`);
  if (item.imageUrls.length > 0) {
    lines.push(`Images on the page that are copies of her work (${item.imageUrls.length}):`);
    for (const u of item.imageUrls.slice(0, 20)) lines.push(`  ${u}`);
  }
  if (item.resolved) {
    lines.push(`Served from: ${new URL(item.url).hostname} resolved to ${item.resolved.address} on ${item.resolved.at.slice(0, 16).replace("T", " ")} UTC`);
  }
  if (item.fetchedAt) lines.push(`Seen on: ${item.fetchedAt}${item.sha256 ? `; SHA-256 of the page as we received it: ${item.sha256}` : ""}`);
  return lines;
}

export function renderNotice(input: NoticeInput): { subject: string; text: string; html: string } {
  const { agent, recipient, items } = input;
  const count = items.length;
  const subject = `DMCA notice of copyright infringement: ${count} URL${count === 1 ? "" : "s"} on ${domainsOf(items)} [ref ${input.reference}]`;
  const date = input.date.toISOString().slice(0, 10);

  const intro = [
    `To the ${recipient.kind === "registrar" ? "registrar's abuse desk" : recipient.kind === "site" ? "site's copyright agent" : "network abuse desk"}${recipient.name ? ` of ${recipient.name}` : ""}:`,
    "",
    "This is a notification of claimed copyright infringement under the Digital Millennium Copyright Act, 17 U.S.C. § 512(c)(3). " +
      `I am the authorized agent of the copyright owner named below. Please remove or disable access to the material listed in section 2 expeditiously.`,
  ];
  const served = [...new Map(items.filter((i) => i.resolved).map((i) => [`${new URL(i.url).hostname} ${i.resolved!.address}`, i])).values()].map(
    (i) => `${new URL(i.url).hostname} resolved to ${i.resolved!.address} on ${i.resolved!.at.slice(0, 16).replace("T", " ")} UTC`,
  );
  const where = served.length > 0 ? ` (${served.join("; ")})` : "";
  if (recipient.kind === "cdn") {
    intro.push("", `The site is served through your network${where}, which hides its hosting provider: please forward this notice to the host and tell us who it is.`);
  }
  if (recipient.kind === "host") intro.push("", `The site is hosted on your network${where}.`);
  if (recipient.kind === "registrar") intro.push("", "The domain is registered through you.");
  for (const paragraph of reuploadParagraphs(items)) intro.push("", paragraph);
  for (const e of input.earlier) {
    intro.push("", `A notice for this material was sent to ${e.name} <${e.email}> on ${e.sentAt.toISOString().slice(0, 10)}; the material is still available.`);
  }

  const work = [
    "1. The copyrighted work",
    `Copyright owner: ${input.ownerName}`,
    `The work: original photographs and videos created and published by ${input.ownerName}, who owns their copyright. Authorized examples of the work, published by the owner:`,
    ...input.authorizedExamples.map((u) => `  ${u}`),
  ];
  const infringing = ["2. The infringing material and where it is", ...items.flatMap((item, i) => [`${i + 1}) ${item.url}`, ...whereOnPage(item).map((l) => `   ${l}`)])];
  const contact = [
    "3. Contact information of the complaining party (authorized agent)",
    `Name: ${agent.name}`,
    ...(agent.address ? [`Address: ${agent.address}`] : []),
    `Email: ${agent.email}`,
    ...(agent.phone ? [`Telephone: ${agent.phone}`] : []),
  ];
  const statements = ["4. Statements", GOOD_FAITH_STATEMENT, ACCURACY_STATEMENT];
  const signature = [`Signature: /s/ ${agent.name}`, `${agent.name}, authorized agent for ${input.ownerName}`, `Date: ${date}`, `Reference: ${input.reference}`];

  const text = [...intro, "", ...work, "", ...infringing, "", ...contact, "", ...statements, "", ...signature, ""].join("\n");

  const p = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n");
  const link = (u: string) => `<a href="${escapeHtml(u)}">${escapeHtml(u)}</a>`;
  const html = [
    "<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.4\">",
    p(intro.filter(Boolean)),
    `<h3>${escapeHtml(work[0]!)}</h3>`,
    p(work.slice(1, 3)),
    `<ul>${input.authorizedExamples.map((u) => `<li>${link(u)}</li>`).join("")}</ul>`,
    `<h3>${escapeHtml(infringing[0]!)}</h3>`,
    `<ol>${items.map((item) => `<li>${link(item.url)}<br>${whereOnPage(item).map((l) => escapeHtml(l.trim())).join("<br>")}</li>`).join("")}</ol>`,
    `<h3>${escapeHtml(contact[0]!)}</h3>`,
    p(contact.slice(1)),
    `<h3>${escapeHtml(statements[0]!)}</h3>`,
    p(statements.slice(1)),
    p(signature),
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}
