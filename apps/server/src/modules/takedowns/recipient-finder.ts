import * as cheerio from "cheerio";
import { getDomain, parse as parseHost } from "tldts";
import type { StoredRecipient } from "../../db/schema/takedowns";
import { utcMinute } from "../../lib/dates";
import type { Logger } from "../../lib/logger";
import { FetchError, type GuardedFetcher } from "../../scanner/guarded-fetch";
import type { LeakSiteCatalog } from "../../scanner/leak-site-catalog";
import { fileHostChannelFor, fileHostRecipient } from "./file-host-channels";
import { checkMailbox, showAddress } from "./mailbox";
import type { NetworkLookup } from "./network-lookup";
import { ORIGIN_VIA } from "./notice-template";
import { findOrigin } from "./origin-discovery";

/**
 * The parties who can act on a link, in the order notices go to them: the site itself, the
 * network that hosts it (or the CDN in front of it), the registrar of its domain. Each is
 * recorded with how it was found.
 */

/** The pages a site's contacts are usually on, in the order they are read. */
const CONTACT_PAGES = ["/dmca", "/contact", "/abuse", "/legal", "/terms"];
/** Links on the home page that lead to such a page (by their address or their words). */
const CONTACT_LINK = /dmca|copyright|contact|abuse|legal|terms|takedown|report|impressum/i;
/** Pages read per site at most: the fixed ones, the home page and the links it gives. */
const MAX_PAGES = 12;
/** Text read per page at most (after markup is dropped). */
const MAX_TEXT = 256 * 1024;

/** What is known of each CDN's complaint process besides what RDAP says. */
const CDN_CONTACTS: Record<string, { webForm: string; note: string }> = {
  Cloudflare: {
    webForm: "https://abuse.cloudflare.com/",
    note: "The site is behind Cloudflare, which hides its host: Cloudflare takes copyright complaints on its form or through its Abuse Reports API (not by email), forwards them to the hosting provider and names it to the complainant.",
  },
};

/**
 * Reddit's copyright report form: Reddit takes DMCA notices through it (its User Agreement names
 * the form as the way to reach its designated agent), not by email to its site, CDN or registrar.
 */
export const REDDIT_COPYRIGHT_FORM = "https://www.reddit.com/report";
/** Reddit's own hosts: its pages (reddit.com), its image and video hosts (redd.it, redditmedia.com). */
const REDDIT_HOST = /(?:^|\.)(?:reddit\.com|redd\.it|redditmedia\.com)$/;

/** A platform whose copyright process is known: its own route, and nobody else is written to. */
function platformContact(hostname: string): StoredRecipient | null {
  if (!REDDIT_HOST.test(hostname.toLowerCase().replace(/\.$/, ""))) return null;
  return {
    kind: "site",
    email: null,
    webForm: REDDIT_COPYRIGHT_FORM,
    foundBy: "platform",
    source: "Reddit's User Agreement: copyright notices go through its copyright report form",
    note: "Reddit takes DMCA notices on its copyright report form, not by email; its content delivery network and registrar are not written to.",
    name: "Reddit",
    refused: null,
  };
}

function rank(email: string): number {
  const local = email.split("@")[0]!.toLowerCase();
  if (/dmca|copyright/.test(local)) return 0;
  if (/abuse|legal/.test(local)) return 1;
  if (/support|contact|help|admin|info/.test(local)) return 2;
  return 3;
}

export type PageContacts = {
  /** Plain mailboxes, best first (DMCA and copyright mailboxes before the rest). */
  emails: string[];
  /** Address-shaped values that are not one plain mailbox, shown escaped, with why. */
  refused: { address: string; reason: string }[];
  /** Whether the page holds a form someone can write a complaint in. */
  form: boolean;
};

/**
 * Written-out obfuscations, on text whose spaces are already collapsed to one: "dmca [at] site
 * [dot] com", "dmca(at)site.com", "dmca {at} site {dot} com". Only bracketed words are read (a
 * bare " at " is too common in prose). Single optional spaces and character classes: linear.
 */
function deobfuscate(text: string): string {
  return text.replace(/ ?[[({<] ?(?:at|@) ?[\])}>] ?/gi, "@").replace(/ ?[[({<] ?(?:dot|\.) ?[\])}>] ?/gi, ".");
}

/**
 * Entities a page encoded twice (`&amp;#64;` reads as the text `&#64;`): the at sign and the dot,
 * decimal, hexadecimal or named.
 */
function decodeLeftoverEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&#0*64;|&#x0*40;|&commat;/gi, "@").replace(/&#0*46;|&#x0*2e;|&period;/gi, ".");
}

const LOCAL_WORD = /^[A-Za-z0-9._%+-]{1,64}$/;
const HOST_WORD = /^[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}$/;

/** A host under a suffix the public suffix list knows, or under the names reserved for testing (RFC 2606, RFC 6761). */
function knownSuffix(host: string): boolean {
  const parsed = parseHost(host, { allowPrivateDomains: true });
  return parsed.isIcann === true || parsed.isPrivate === true || /\.(?:test|example)$/i.test(host);
}

/**
 * Addresses spelled out in words without brackets: "dmca at site dot com", "abuse AT mail DOT
 * site DOT co DOT uk". Taken only when both "at" and at least one "dot" are spelled (a bare "at"
 * is ordinary prose: "look at site.com"), and only under a known suffix ("the dot matrix" is no
 * address). One pass over the words, at most 9 labels per address.
 */
function spelledOut(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 4 < words.length; i++) {
    if (!/^at$/i.test(words[i + 1]!) || !LOCAL_WORD.test(words[i]!)) continue;
    const labels: string[] = [];
    let j = i + 2;
    if (!HOST_WORD.test(words[j]!)) continue;
    labels.push(words[j]!);
    j++;
    while (j + 1 < words.length && labels.length < 9 && /^dot$/i.test(words[j]!) && HOST_WORD.test(words[j + 1]!)) {
      labels.push(words[j + 1]!);
      j += 2;
    }
    const host = labels.join(".");
    if (labels.length >= 2 && knownSuffix(host)) out.push(`${words[i]}@${host}`);
  }
  return out;
}

/** Address-shaped words: something@host.tld, with a letter-only TLD. */
const addressShaped = /^[^@]+@[^@]+\.[A-Za-z]{2,}$/;
/** Address-shaped values checked as mailboxes per page, at most (the best-ranked first): a page of ten thousand addresses costs no more. */
const MAX_CHECKED = 100;
/** Mailboxes kept per page, at most. */
const MAX_EMAILS = 20;

/** Structural view of cheerio's DOM nodes (its node types live in a transitive package). */
type DomNode = { type: string; data?: string; children?: DomNode[] };

/** The page's text nodes in document order, up to MAX_TEXT: one walk over the tree (a selector over every element costs seconds on a page of ten thousand). */
function pageText(root: DomNode): string {
  let text = "";
  const stack: DomNode[] = [root];
  while (stack.length > 0 && text.length <= MAX_TEXT) {
    const node = stack.pop()!;
    if (node.type === "text") text += ` ${node.data ?? ""}`;
    else if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return text;
}

/** A form that takes a complaint: it has a text area or an email field, and is not a site search. */
function isComplaintForm($: cheerio.CheerioAPI, form: Parameters<cheerio.CheerioAPI>[0]): boolean {
  const f = $(form);
  if ((f.attr("role") ?? "").toLowerCase() === "search" || /search/i.test(f.attr("action") ?? "")) return false;
  return f.find("textarea").length > 0 || f.find('input[type="email" i]').length > 0;
}

/** The contacts a page gives: mailto: links, addresses written in its text (plain or obfuscated, entities decoded), complaint forms. */
export function pageContacts(html: string, siteDomain?: string): PageContacts {
  const $ = cheerio.load(html);
  const raw: string[] = [];
  $("a[href]").each((_, el) => {
    const href = ($(el).attr("href") ?? "").trim();
    if (!/^mailto:/i.test(href)) return;
    const target = href.slice(7).split("?")[0]!;
    let decoded: string;
    try {
      decoded = decodeURIComponent(target);
    } catch {
      decoded = target;
    }
    if (decoded.trim()) raw.push(decoded);
  });
  const form = $("form")
    .toArray()
    .some((f) => isComplaintForm($, f));
  $("script, style, noscript, template, head").remove();
  const root: DomNode = $.root()[0] ?? { type: "root", children: [] };
  const text = pageText(root);
  const words = deobfuscate(decodeLeftoverEntities(text.slice(0, MAX_TEXT).replace(/\s+/g, " ")))
    .split(/[\s<>()[\]{}"',;:]+/)
    .map((w) => w.replace(/^[.]+|(?<![.])[.]+$/g, ""));
  for (const w of words) {
    // Percent-encoded at signs and dots, as in a copied link ("dmca%40site.com").
    const word = /%40/i.test(w) ? w.replace(/%40/gi, "@").replace(/%2e/gi, ".") : w;
    if (word.length <= 254 && addressShaped.test(word)) raw.push(word);
  }
  raw.push(...spelledOut(words));
  // Every candidate once (mailto: links first), the best-ranked checked first; the site's own domain first among equals.
  const distinct = [...new Map(raw.map((r) => [r.toLowerCase(), r])).values()];
  const ownDomain = siteDomain?.toLowerCase();
  const onSite = (a: string) => (ownDomain && a.toLowerCase().endsWith(`@${ownDomain}`) ? 0 : 1);
  const ordered = distinct.map((a, i) => ({ a, i, key: rank(a) * 2 + onSite(a) })).sort((x, y) => x.key - y.key || x.i - y.i);
  const emails = new Map<string, string>();
  const refused = new Map<string, string>();
  for (const { a } of ordered.slice(0, MAX_CHECKED)) {
    const check = checkMailbox(a);
    if (check.ok) {
      if (emails.size < MAX_EMAILS && !emails.has(check.address.toLowerCase())) emails.set(check.address.toLowerCase(), check.address);
    } else if (refused.size < MAX_EMAILS) refused.set(check.shown, check.reason);
  }
  return { emails: [...emails.values()], refused: [...refused].map(([address, reason]) => ({ address, reason })), form };
}

/** mailto: and written addresses on a page that pass as one mailbox, best first. */
export function mailtoAddresses(html: string): string[] {
  return pageContacts(html).emails;
}

/** Same-site links on the home page that lead to a contact, DMCA, legal or terms page. */
export function contactLinks(html: string, base: URL): string[] {
  const $ = cheerio.load(html);
  const found = new Set<string>();
  $("a[href]").each((_, el) => {
    if (found.size >= MAX_PAGES) return false;
    const href = ($(el).attr("href") ?? "").trim();
    const words = `${href} ${$(el).text().slice(0, 200)}`;
    if (!CONTACT_LINK.test(words) || /^(mailto|javascript|tel):/i.test(href)) return;
    let target: URL;
    try {
      target = new URL(href, base);
    } catch {
      return;
    }
    if (target.origin !== base.origin) return;
    target.hash = "";
    found.add(target.href);
  });
  return [...found];
}

/** Text from a page or an RDAP answer as it can be stored and shown: control characters escaped, bounded. */
function storableText(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  return showAddress(value.replace(/[\u0000-\u001f\u007f-\u009f]+/g, (c) => (/^[\t\n\r ]+$/.test(c) ? " " : c))).slice(0, max);
}

/** Every free-text field of a recipient made storable (PostgreSQL refuses NUL in text and jsonb). */
function storable(r: StoredRecipient): StoredRecipient {
  return {
    ...r,
    name: r.name === null ? null : storableText(r.name, 200),
    source: storableText(r.source, 2000),
    note: r.note === null ? null : storableText(r.note, 2000),
    ...(r.confirmation ? { confirmation: { ...r.confirmation, reason: storableText(r.confirmation.reason, 2000) } } : {}),
  };
}

/** The registered domain of a host name (public suffix list, private suffixes included: one tenant of a shared host is not another); the name itself for an address or an unknown suffix. */
function registeredDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** Whether a mailbox is on the site's own registered domain ("dmca@site.com" for "cdn.site.com"). */
export function sameSite(email: string, siteHostname: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1);
  return registeredDomain(domain) === registeredDomain(siteHostname);
}

/**
 * A site-page mailbox outside the site's registered domain that no RDAP record documents for its
 * host, CDN or registrar: a page can name anyone's address, so it waits for her confirmation.
 */
function steered(r: StoredRecipient, siteHostname: string, documented: Set<string>): StoredRecipient {
  if (r.foundBy !== "site-page" || !r.email || sameSite(r.email, siteHostname) || documented.has(r.email.toLowerCase())) return r;
  const domain = r.email.slice(r.email.lastIndexOf("@") + 1);
  return {
    ...r,
    confirmation: {
      reason: `The site's page (${r.source}) names ${r.email}, which is not on the site's domain (${registeredDomain(siteHostname)}) and is not a documented abuse address of its host, CDN or registrar: a page can name anyone's mailbox, so nothing is sent to ${domain} until you confirm the address.`,
      confirmedAt: null,
    },
  };
}

/** What the finder uses of the fetcher, the network lookup and the catalog. */
export interface RecipientFinderDeps {
  fetcher: Pick<GuardedFetcher, "fetch">;
  lookup: Pick<NetworkLookup, "addresses" | "mailHosts" | "cdnOf" | "ipAbuse" | "registrarAbuse">;
  catalog: () => Promise<Pick<LeakSiteCatalog, "siteForUrl">>;
  logger: Logger;
  timeoutMs: number;
  /** The clock a resolution is dated by (tests move it). */
  now?: () => Date;
}

export function createRecipientFinder(deps: RecipientFinderDeps) {
  async function siteContact(url: URL): Promise<StoredRecipient | null> {
    const site = (await deps.catalog()).siteForUrl(url.href);
    if (site?.dmcaEmail) {
      const check = checkMailbox(site.dmcaEmail);
      if (check.ok) return { kind: "site", email: check.address, webForm: null, foundBy: "catalog", source: `leak-site catalog: ${site.name}`, note: null, name: site.name };
    }
    let form: string | null = null;
    let refused: { address: string; reason: string; page: string } | null = null;
    let elsewhere: StoredRecipient | null = null;
    const queue = CONTACT_PAGES.map((path) => new URL(path, url.origin).href);
    const seen = new Set<string>();
    let homeRead = false;
    while (seen.size < MAX_PAGES) {
      let page = queue.shift();
      if (!page && !homeRead) {
        // The fixed paths gave no address: the links the home page gives to its contact pages.
        homeRead = true;
        page = new URL("/", url.origin).href;
      }
      if (!page) break;
      if (seen.has(page)) continue;
      seen.add(page);
      try {
        const res = await deps.fetcher.fetch(page, { robots: false, retries: 0, timeoutMs: deps.timeoutMs, maxBytes: 1024 * 1024 });
        if (res.status !== 200 || !/html|text\/plain/.test(res.contentType || "text/html")) continue;
        const html = res.body.toString("utf8");
        const found = pageContacts(html, getDomain(url.hostname, { allowPrivateDomains: false }) ?? url.hostname);
        // A mailbox on the site's own registered domain is the site's; another (a free-mail box, a third party's domain) is kept
        // only if no page gives one on the domain, and then waits for her confirmation (see find).
        const own = found.emails.find((e) => sameSite(e, url.hostname));
        if (own) return { kind: "site", email: own, webForm: null, foundBy: "site-page", source: res.finalUrl, note: null, name: url.hostname };
        if (!elsewhere && found.emails[0]) elsewhere = { kind: "site", email: found.emails[0], webForm: null, foundBy: "site-page", source: res.finalUrl, note: null, name: url.hostname };
        if (!refused && found.refused[0]) refused = { ...found.refused[0], page: res.finalUrl };
        if (!form && found.form) form = res.finalUrl;
        if (page === new URL("/", url.origin).href) {
          for (const link of contactLinks(html, new URL(res.finalUrl))) if (!seen.has(link)) queue.push(link);
        }
      } catch (error) {
        if (!(error instanceof FetchError)) throw error;
        // A site that does not answer has no contact page; the host and registrar remain.
        if (error.reason === "dns" || error.reason === "connect" || error.reason === "blocked-address") break;
      }
    }
    if (elsewhere) return elsewhere;
    if (!form && !refused) return null;
    const notes = [
      ...(form ? ["The site's contact page has a form and no email address."] : []),
      ...(refused ? [`The address on ${refused.page} was refused: ${refused.reason}.`] : []),
    ];
    return {
      kind: "site",
      email: null,
      webForm: form,
      foundBy: "site-page",
      source: form ?? refused!.page,
      note: notes.join(" "),
      name: url.hostname,
      refused: refused ? { address: refused.address, reason: refused.reason } : null,
    };
  }

  /** The leak page itself, for the hosts of its own domain it loads from (a candidate origin). */
  async function leakPage(url: URL): Promise<{ html: string; url: URL } | null> {
    try {
      const res = await deps.fetcher.fetch(url.href, { robots: false, retries: 0, timeoutMs: deps.timeoutMs, maxBytes: 1024 * 1024 });
      if (res.status !== 200 || !/html/.test(res.contentType || "text/html")) return null;
      return { html: res.body.toString("utf8"), url: new URL(res.finalUrl) };
    } catch (error) {
      if (error instanceof FetchError) return null;
      throw error;
    }
  }

  /** The network hosting the site's likely origin behind a CDN, when another name of its domain resolves outside the CDN. */
  async function originContact(url: URL, cdn: string, cdnContact: Awaited<ReturnType<RecipientFinderDeps["lookup"]["ipAbuse"]>>): Promise<StoredRecipient | null> {
    const found = await findOrigin({ lookup: deps.lookup, page: () => leakPage(url) }, url.hostname, cdn, cdnContact);
    if (!found) return null;
    const { origin, address, rdap } = found;
    const resolvedAt = deps.now?.() ?? new Date();
    const how = `${origin.name} (${ORIGIN_VIA[origin.via]}) resolved to ${address} on ${utcMinute(resolvedAt)}, outside ${cdn}'s published ranges`;
    return {
      kind: "host",
      email: rdap.email,
      webForm: null,
      foundBy: "rdap-origin",
      source: rdap.url,
      note: `The site's likely origin behind ${cdn}: ${how}; network of ${address}.${rdap.refused ? ` The address RDAP gives was refused: ${rdap.refused.reason}.` : ""}`,
      name: rdap.name,
      refused: rdap.refused,
      address,
      resolvedAt: resolvedAt.toISOString(),
      origin,
    };
  }

  /** The network serving the site: its host, or the CDN in front of it and, when one shows, the host of its likely origin. */
  async function hostContact(url: URL, documented: Set<string>): Promise<StoredRecipient[]> {
    const hostname = url.hostname;
    const addresses = await deps.lookup.addresses(hostname);
    const address = addresses[0];
    if (!address) return [];
    const resolvedAt = (deps.now?.() ?? new Date()).toISOString();
    const cdn = await deps.lookup.cdnOf(address);
    const rdap = await deps.lookup.ipAbuse(address);
    const refused = rdap?.refused ?? null;
    // The CDN's own RDAP mailbox is not written to (it takes its form), but it is its documented address.
    if (rdap?.email) documented.add(rdap.email.toLowerCase());
    if (cdn) {
      // The CDN takes complaints on its form (or its API), not by email: its RDAP mailbox is not written to.
      const known = CDN_CONTACTS[cdn]!;
      const front: StoredRecipient = { kind: "cdn", email: null, webForm: known.webForm, foundBy: "cdn-ranges", source: `${cdn}'s published address ranges (${address})`, note: known.note, name: cdn, refused: null, address, resolvedAt };
      let origin: StoredRecipient | null = null;
      try {
        origin = await originContact(url, cdn, rdap);
      } catch (error) {
        deps.logger.warn({ err: error, host: hostname }, "origin lookup failed");
      }
      return origin ? [front, origin] : [front];
    }
    if (!rdap?.email && !refused) return [];
    return [{
      kind: "host",
      email: rdap?.email ?? null,
      webForm: null,
      foundBy: "rdap-ip",
      source: rdap!.url,
      note: refused ? `network of ${address}; the address RDAP gives was refused: ${refused.reason}.` : `network of ${address}`,
      name: rdap?.name ?? null,
      refused,
      address,
      resolvedAt,
    }];
  }

  async function registrarContact(hostname: string): Promise<StoredRecipient | null> {
    const rdap = await deps.lookup.registrarAbuse(hostname);
    if (!rdap?.email && !rdap?.refused) return null;
    return {
      kind: "registrar",
      email: rdap.email,
      webForm: null,
      foundBy: "rdap-domain",
      source: rdap.url,
      note: rdap.refused ? `The address RDAP gives was refused: ${rdap.refused.reason}.` : null,
      name: rdap.registrar ?? rdap.name,
      refused: rdap.refused,
    };
  }

  return {
    /** Every recipient found for a URL's host, in notice order; duplicates of an earlier email dropped. */
    async find(rawUrl: string): Promise<StoredRecipient[]> {
      const url = new URL(rawUrl);
      const platform = platformContact(url.hostname);
      if (platform) return [storable(platform)];
      // A file host's published copyright channel (shipped, sourced data): its address or its report page, and nobody else.
      const fileHost = fileHostChannelFor(rawUrl);
      if (fileHost) return [storable(fileHostRecipient(fileHost))];
      const safe = async (what: string, f: () => Promise<StoredRecipient | StoredRecipient[] | null>): Promise<StoredRecipient[]> => {
        try {
          const found = await f();
          return found === null ? [] : Array.isArray(found) ? found : [found];
        } catch (error) {
          deps.logger.warn({ err: error, url: rawUrl, what }, "recipient lookup failed");
          return [];
        }
      };
      const documented = new Set<string>();
      const found = [
        ...(await safe("site", () => siteContact(url))),
        ...(await safe("host", () => hostContact(url, documented))),
        ...(await safe("registrar", () => registrarContact(url.hostname))),
      ];
      for (const r of found) if (r.kind !== "site" && r.email) documented.add(r.email.toLowerCase());
      const seen = new Set<string>();
      return found.map((r) => storable(steered(r, url.hostname, documented))).filter((r) => {
        if (!r.email) return true;
        const key = r.email.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  };
}

export type RecipientFinder = ReturnType<typeof createRecipientFinder>;
