import type { StoredOrigin, StoredRecipient } from "../../db/schema/takedowns";
import { utcDay, utcMinute, utcMinuteOf } from "../../lib/dates";
import { MAX_QUOTED_TEXT, MAX_QUOTED_TITLE, oneLine, quotablePageWords } from "./page-quotes";

/**
 * The DMCA notice, with every element of 17 U.S.C. § 512(c)(3)(A): (i) the signature of the
 * authorized agent (the service, in its own name, as her agent), (ii) the copyrighted works (her
 * content, published on her verified profiles), (iii) the infringing URLs and where on each page
 * the work is, (iv) the agent's postal address, telephone and email, (v) the good-faith statement,
 * (vi) the accuracy statement and, under penalty of perjury, the authority to act. Written to the
 * party it goes to: the site (or platform), its hosting network, the CDN in front of it, its
 * registrar, or a search engine. Dates read as people write them, in UTC.
 */

/** Who a notice is addressed to: a stored recipient, or a platform or search engine. */
export type NoticeRecipientKind = StoredRecipient["kind"] | "platform" | "search-engine";
export type NoticeRecipient = Omit<StoredRecipient, "kind"> & { kind: NoticeRecipientKind };

export interface NoticeAgent {
  name: string;
  /** Postal address, telephone and email: required of a notice (start-up refuses production without them). */
  address: string;
  email: string;
  phone: string;
}

/** One of her images found on a page: its address, and which of her reference photos it copies (none: an image she pointed out herself). */
export interface NoticeImage {
  url: string;
  /** Her reference photo: its number in her list (null: since deleted) and id. */
  reference: { number: number | null; id: string } | null;
}

/** A file-host link found through another page: that page, how the part of it that holds the link matched her. */
export interface NoticeLinkedFrom {
  pageUrl: string;
  /** post: a post that names her or shows her image; thread: the opening post of a thread whose title names her; section: a part of the page under a heading that names her; page: the page as one post. */
  foundIn: "post" | "thread" | "section" | "page";
  /** Her names, as matched, in that part (or, for a thread, in its title). */
  names: string[];
  /** Her images in that part. */
  images: NoticeImage[];
}

export interface NoticeItem {
  url: string;
  /** The page's title and text as read: quoted only bounded and without links, addresses or numbers (page-quotes.ts). */
  title: string;
  /** Her names that matched on the page, as matched. */
  matchedNames: string[];
  imageUrls: string[];
  /** Her images on the page with the reference photo each copies; when given, said instead of imageUrls. */
  images?: NoticeImage[];
  /** The link was found in a post of another page (a file host's link). */
  linkedFrom?: NoticeLinkedFrom | null;
  snippet: string;
  fetchedAt: string | null;
  sha256: string | null;
  /**
   * For a notice to the network serving the site: the IP address its name resolved to, and when
   * (ISO time); for the host of its likely origin behind a CDN, the other name that resolved there.
   */
  resolved?: { address: string; at: string; origin?: StoredOrigin | null } | null;
  /** The link re-posts material removed earlier after our notice (a re-upload). */
  reupload?: { url: string; removedAt: string; noticeSentAt: string | null; sameSite: boolean } | null;
}

/** How each kind of name a likely origin was found by is described to the party the notice goes to. */
export const ORIGIN_VIA: Record<StoredOrigin["via"], string> = {
  "origin-name": "a name of the domain kept for its origin server",
  apex: "another name of the same site",
  mx: "the domain's own mail server, by its MX record",
  service: "a service name of the domain: mail, webmail, hosting panel or FTP",
  page: "a host of the same domain that the leak page loads its media or links from",
};

/** "mail.site.example (the domain's own mail server, by its MX record) resolved to 203.0.113.9 on 24 November 2026, 21:05 UTC". */
function originResolution(r: { address: string; at: string; origin: StoredOrigin }): string {
  return `${r.origin.name} (${ORIGIN_VIA[r.origin.via]}) resolved to ${r.address} on ${utcMinuteOf(r.at)}`;
}

export const REPEAT_INFRINGER_POLICY =
  "Under 17 U.S.C. § 512(i)(1)(A), the limitations on liability of § 512 apply only to a service provider that has adopted and reasonably implemented a policy that provides for the termination, in appropriate circumstances, of subscribers and account holders who are repeat infringers.";

/** "24 November 2026 (UTC)" from an ISO time; text that is no date is given back as it is. */
const isoDay = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${utcDay(d)} (UTC)`;
};

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
  /** The name she chose for notices: her stage name unless she chose her legal name. */
  ownerName: string;
  /** With her legal name as owner: the stage names she publishes under ("Valerie Rose, who publishes as juniper_vale"). */
  publishesAs?: string[];
  /** Her verified profiles: where she publishes the works. */
  profiles: string[];
  recipient: NoticeRecipient;
  items: NoticeItem[];
  /** Earlier recipients of the same links who did not act (escalation). */
  earlier: { name: string; email: string; sentAt: Date }[];
}

export const GOOD_FAITH_STATEMENT =
  "I have a good faith belief that use of the material in the manner complained of is not authorized by the copyright owner, its agent, or the law.";
export const ACCURACY_STATEMENT =
  "The information in this notification is accurate, and under penalty of perjury, I am authorized to act on behalf of the owner of an exclusive right that is allegedly infringed.";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function domainsOf(items: NoticeItem[]): string[] {
  return [...new Set(items.map((i) => new URL(i.url).hostname))];
}

/** "leakforum.demo", "leakforum.demo and mirror.demo", "the 3 sites listed below". */
function sitesPhrase(items: NoticeItem[]): string {
  const domains = domainsOf(items);
  if (domains.length === 1) return domains[0]!;
  if (domains.length === 2) return `${domains[0]} and ${domains[1]}`;
  return `the ${domains.length} sites listed below`;
}

/** How the works are identified, the same in notices, forms and delisting requests. */
export function describeWorks(ownerName: string, profiles: string[]): string {
  return profiles.length > 0
    ? `Original photographs and videos created by ${ownerName}, who owns their copyright, and published by her on her own profile${profiles.length === 1 ? "" : "s"}: ${profiles.join(", ")}. The material listed copies this content without authorization.`
    : `Original photographs and videos created and published by ${ownerName}, who owns their copyright. The material listed copies this content without authorization.`;
}

/** "juniper_vale", "juniper_vale and vale_j", "a, b and c". */
export function listed(words: string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** A name as it may be printed: one line, bounded. */
const shownName = (name: string) => {
  const line = oneLine(name);
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/** The owner as the notice names her: "juniper_vale", or "Valerie Rose, who publishes as juniper_vale" when she chose her legal name. */
export function ownerSentence(ownerName: string, publishesAs: string[] = []): string {
  const as = [...new Set(publishesAs.map(shownName))].filter((n) => n && n !== ownerName);
  return as.length > 0 ? `${ownerName}, who publishes as ${listed(as)}` : ownerName;
}

/** "her reference photo no. 2 (ref. 1a2b3c4d)", or an image she pointed out herself. */
function imageSentence(image: NoticeImage, where: string): string {
  const url = oneLine(image.url);
  if (!image.reference) return `${where} ${url} is her image, which she identified herself.`;
  const which = image.reference.number === null ? "one of her reference photos" : `her reference photo no. ${image.reference.number}`;
  return `${where} ${url} is a copy of ${which} (ref. ${image.reference.id.slice(0, 8)}).`;
}

/** Where a file-host link was found, as the record shows it: the post and what in it matched her. */
function linkedFromSentence(from: NoticeLinkedFrom): string {
  const names = from.names.map(shownName).filter(Boolean);
  const page = oneLine(from.pageUrl);
  if (from.foundIn === "thread") return `Found in the opening post of a thread at ${page} whose title names ${listed(names)}.`;
  const what = [names.length > 0 ? `names ${listed(names)}` : "", from.images.length > 0 ? `shows ${from.images.length === 1 ? "an image" : `${from.images.length} images`} of hers` : ""].filter(Boolean);
  const place = from.foundIn === "post" ? `in a post at ${page}` : from.foundIn === "section" ? `in a part of the page ${page}` : `on the page ${page}`;
  return what.length > 0 ? `Found ${place} that ${what.join(" and ")}.` : `Found ${place}.`;
}

/** The greeting and the paragraph that says why this notice comes to this party. */
function opening(recipient: NoticeRecipient, items: NoticeItem[], served: string): { greeting: string; why: string | null; ask: string } {
  const sites = sitesPhrase(items);
  const name = recipient.name === null ? null : shownName(recipient.name);
  switch (recipient.kind) {
    case "site":
      return { greeting: `To the copyright agent of ${sites}`, why: null, ask: "Please remove or disable access to the material listed in section 2 expeditiously." };
    case "platform":
      return {
        greeting: `To the copyright team of ${name ?? sites}`,
        why: `The material listed in section 2 was posted on your platform by users who do not own it.`,
        ask: "Please remove or disable access to it expeditiously, as your repeat-infringer policy provides.",
      };
    case "host": {
      // Behind a CDN: the names that led to this network, each once.
      const found = new Map<string, { address: string; at: string; origin: StoredOrigin }>();
      for (const i of items) if (i.resolved?.origin) found.set(`${i.resolved.origin.name} ${i.resolved.address}`, { ...i.resolved, origin: i.resolved.origin });
      const origins = [...found.values()];
      if (origins.length > 0) {
        const behind = origins[0]!.origin.behind;
        return {
          greeting: `To the abuse desk of ${name ?? "the hosting network"}, which appears to host ${sites}`,
          why:
            `The site is served through ${behind}, which hides the server it runs on. That server appears to be on your network: ${origins.map(originResolution).join("; ")}, ` +
            `${origins.length === 1 ? "an address" : "addresses"} outside ${behind}'s published ranges. If the site is not your customer's, please tell us.`,
          ask: "Please remove or disable access to the material listed in section 2 expeditiously, or have your customer do so.",
        };
      }
      return {
        greeting: `To the abuse desk of ${name ?? "the hosting network"}, which hosts ${sites}`,
        why: `The site is hosted on your network${served}.`,
        ask: "Please remove or disable access to the material listed in section 2 expeditiously, or have your customer do so.",
      };
    }
    case "cdn":
      return {
        greeting: `To the abuse desk of ${name ?? "the network"} that serves ${sites}`,
        why: `The site is served through your network${served}, which hides its hosting provider.`,
        ask: "Please forward this notice to the site's host and tell us who it is, and disable access to the material listed in section 2 in your cache.",
      };
    case "registrar":
      return {
        greeting: `To the abuse desk of ${name ?? "the registrar"}, registrar of ${sites}`,
        why: `The domain ${domainsOf(items).length === 1 ? "is" : "names are"} registered through you.`,
        ask: "Please forward this notice to the registrant and act on the domain under your abuse policy while the material listed in section 2 stays available.",
      };
    case "search-engine":
      return {
        greeting: `To the copyright removals team of ${name ?? "the search engine"}`,
        why: `Your search results link to the material listed in section 2.`,
        ask: "Please remove these URLs from your search results.",
      };
  }
}

/**
 * What the record shows of one link, a sentence each: the page's title and text quoted as its
 * words (bounded, without links, addresses or numbers), her names as matched, her images and the
 * reference photo each copies, the post a file-host link was found in, when the page was read.
 */
export function evidenceLines(item: NoticeItem, opts: { snippet: boolean } = { snippet: true }): string[] {
  const lines: string[] = [];
  const title = quotablePageWords(item.title, MAX_QUOTED_TITLE);
  if (title) lines.push(`The page's title reads: \u201C${title}\u201D`);
  if (item.reupload) lines.push(`Re-upload of material removed from ${item.reupload.url} on ${isoDay(item.reupload.removedAt)} ${earlierNotice(item.reupload)}.`);
  const names = [...new Set(item.matchedNames.map(shownName).filter(Boolean))];
  if (names.length > 0) lines.push(`Where on the page: the page names ${listed(names)}.`);
  if (item.linkedFrom) {
    lines.push(linkedFromSentence(item.linkedFrom));
    for (const image of item.linkedFrom.images.slice(0, 20)) lines.push(imageSentence(image, "The image"));
  }
  const snippet = opts.snippet ? quotablePageWords(item.snippet, MAX_QUOTED_TEXT) : "";
  if (snippet) lines.push(`The page's text reads: \u201C${snippet}\u201D`);
  if (item.images) {
    for (const image of item.images.slice(0, 20)) lines.push(imageSentence(image, "The image on the page"));
  } else if (item.imageUrls.length > 0) {
    lines.push(`Images on the page that are copies of her content (${item.imageUrls.length}):`);
    for (const u of item.imageUrls.slice(0, 20)) lines.push(`  ${u}`);
  }
  if (item.fetchedAt) lines.push(`Seen on: ${utcMinuteOf(item.fetchedAt)}${item.sha256 ? `; SHA-256 of the page as we received it: ${item.sha256}` : ""}`);
  return lines;
}

function whereOnPage(item: NoticeItem): string[] {
  const lines = evidenceLines(item);
  const seen = lines.findIndex((l) => l.startsWith("Seen on: "));
  const resolution: string[] = [];
  if (item.resolved?.origin) {
    resolution.push(`Likely origin behind ${item.resolved.origin.behind}: ${originResolution({ ...item.resolved, origin: item.resolved.origin })}`);
  } else if (item.resolved) {
    resolution.push(`Served from: ${new URL(item.url).hostname} resolved to ${item.resolved.address} on ${utcMinuteOf(item.resolved.at)}`);
  }
  if (seen < 0) return [...lines, ...resolution];
  return [...lines.slice(0, seen), ...resolution, ...lines.slice(seen)];
}

export function renderNotice(input: NoticeInput): { subject: string; text: string; html: string } {
  const { agent, recipient, items, ownerName } = input;
  const owner = ownerSentence(ownerName, input.publishesAs);
  const count = items.length;
  const domains = domainsOf(items);
  const subject = oneLine(`DMCA notice of copyright infringement: ${count} URL${count === 1 ? "" : "s"} on ${domains.length === 1 ? domains[0] : `${domains.length} sites`} [ref ${input.reference}]`);

  const served = [...new Map(items.filter((i) => i.resolved && !i.resolved.origin).map((i) => [`${new URL(i.url).hostname} ${i.resolved!.address}`, i])).values()].map(
    (i) => `${new URL(i.url).hostname} resolved to ${i.resolved!.address} on ${utcMinuteOf(i.resolved!.at)}`,
  );
  const open = opening(recipient, items, served.length > 0 ? ` (${served.join("; ")})` : "");
  const intro = [
    `${open.greeting}:`,
    "",
    `This is a notification of claimed copyright infringement under the Digital Millennium Copyright Act, 17 U.S.C. § 512(c)(3). ${agent.name} sends it as the authorized agent of ${owner === ownerName ? `${ownerName}, the copyright owner` : `the copyright owner, ${owner}`}. ${open.ask}`,
  ];
  if (open.why) intro.push("", open.why);
  for (const paragraph of reuploadParagraphs(items)) intro.push("", paragraph);
  for (const e of input.earlier) {
    intro.push("", `A notice for this material was sent to ${shownName(e.name)} <${oneLine(e.email)}> on ${utcMinute(e.sentAt)}; the material is still available.`);
  }

  const work = [
    "1. The copyrighted works",
    `Copyright owner: ${owner}`,
    `The works: original photographs and videos created by ${ownerName}, who owns their copyright, and published by her on ${input.profiles.length === 1 ? "her profile" : input.profiles.length > 1 ? "her profiles" : "her own channels"}${input.profiles.length ? ":" : "."}`,
    ...input.profiles.map((u) => `  ${u}`),
    "The material listed in section 2 copies her content published there, without her authorization.",
  ];
  const infringing = ["2. The infringing material and where it is", ...items.flatMap((item, i) => [`${i + 1}) ${item.url}`, ...whereOnPage(item).map((l) => `   ${l}`)])];
  const contact = [
    `3. Contact information of the complaining party (${agent.name}, authorized agent of ${ownerName})`,
    `Name: ${agent.name}`,
    `Postal address: ${agent.address}`,
    `Telephone: ${agent.phone}`,
    `Email: ${agent.email}`,
  ];
  const statements = ["4. Statements", GOOD_FAITH_STATEMENT, ACCURACY_STATEMENT];
  const signature = [`Signature: /s/ ${agent.name}`, `${agent.name}, authorized agent for ${ownerName}`, `Date: ${utcMinute(input.date)}`, `Reference: ${input.reference}`];

  const text = [...intro, "", ...work, "", ...infringing, "", ...contact, "", ...statements, "", ...signature, ""].join("\n");

  const p = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n");
  const link = (u: string) => `<a href="${escapeHtml(u)}">${escapeHtml(u)}</a>`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.4;overflow-wrap:anywhere">`,
    p(intro.filter(Boolean)),
    `<h3>${escapeHtml(work[0]!)}</h3>`,
    p(work.slice(1, 3)),
    `<ul>${input.profiles.map((u) => `<li>${link(u)}</li>`).join("")}</ul>`,
    p(work.slice(-1)),
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
