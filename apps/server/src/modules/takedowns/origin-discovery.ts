import * as cheerio from "cheerio";
import { getDomain } from "tldts";
import type { StoredOrigin } from "../../db/schema/takedowns";
import { classifyAddress } from "../../scanner/address-policy";
import type { NetworkLookup, RdapContact } from "./network-lookup";

/**
 * The likely origin of a site behind a CDN. A CDN hides the server a site runs on, but other names
 * of the same registered domain often point at that server directly: its own mail server (MX),
 * the apex or www. name, names kept out of the CDN on purpose (origin., direct.), the hosting
 * panel's names (mail., webmail., cpanel., ftp.), and hosts of the domain the leak page loads
 * its media from. An address one of them resolves to that is public and outside every CDN range
 * we know is a candidate; RDAP for it names the network and its abuse mailbox. Bounded: a fixed
 * list of names, a few hosts read from the page, at most three RDAP lookups.
 */

/** Names kept out of a CDN to reach the server itself. */
const ORIGIN_NAMES = ["origin", "direct", "direct-connect"];
/** Names a hosting panel gives a domain on its own server. */
const SERVICE_NAMES = ["mail", "webmail", "cpanel", "ftp"];
/** Hosts of the domain read from the leak page, at most. */
const MAX_PAGE_HOSTS = 8;
/** Elements of the leak page read for their hosts, at most. */
const MAX_PAGE_ELEMENTS = 5_000;
/** Names resolved, at most. */
const MAX_NAMES = 24;
/** Distinct candidate addresses asked of RDAP, at most. */
const MAX_RDAP = 3;

export type OriginCandidate = { name: string; via: StoredOrigin["via"] };

/** The hosts of the registered domain `domain` that the page links to or loads from (not `siteHost` itself), in page order; bounded. */
export function pageHosts(html: string, base: URL, domain: string): string[] {
  const $ = cheerio.load(html);
  const found = new Set<string>();
  const elements = $("img[src], img[data-src], source[src], video[src], video[poster], audio[src], a[href], link[href], script[src], iframe[src]").toArray().slice(0, MAX_PAGE_ELEMENTS);
  for (const el of elements) {
    if (found.size >= MAX_PAGE_HOSTS) break;
    const e = $(el);
    for (const attr of ["src", "data-src", "href", "poster"]) {
      const value = (e.attr(attr) ?? "").trim();
      if (!value || value.length > 2048 || /^(data|mailto|javascript|tel):/i.test(value)) continue;
      let host: string;
      try {
        host = new URL(value, base).hostname.toLowerCase();
      } catch {
        continue;
      }
      if (host !== base.hostname.toLowerCase() && host.length <= 253 && getDomain(host, { allowPrivateDomains: false }) === domain) found.add(host);
    }
  }
  return [...found].slice(0, MAX_PAGE_HOSTS);
}

/**
 * The names to resolve for a site `hostname` of registered domain `domain`, strongest hint first:
 * names kept for the origin, the apex or www., its own mail servers, the hosting panel's names,
 * then the page's hosts. The site's own name is left out (it resolves into the CDN).
 */
export function originCandidates(hostname: string, domain: string, mailHosts: string[], fromPage: string[]): OriginCandidate[] {
  const site = hostname.toLowerCase().replace(/\.$/, "");
  const sameDomain = (name: string) => getDomain(name, { allowPrivateDomains: false }) === domain;
  const out = new Map<string, OriginCandidate>();
  const add = (name: string, via: StoredOrigin["via"]) => {
    const n = name.toLowerCase().replace(/\.$/, "");
    if (n !== site && !out.has(n) && sameDomain(n)) out.set(n, { name: n, via });
  };
  for (const label of ORIGIN_NAMES) add(`${label}.${domain}`, "origin-name");
  add(domain, "apex");
  add(`www.${domain}`, "apex");
  // A mail server elsewhere (a mail provider's) says nothing about where the site runs.
  for (const mx of mailHosts) add(mx, "mx");
  for (const label of SERVICE_NAMES) add(`${label}.${domain}`, "service");
  for (const host of fromPage) add(host, "page");
  return [...out.values()].slice(0, MAX_NAMES);
}

export type OriginFound = { origin: StoredOrigin; address: string; rdap: RdapContact };

export interface OriginDeps {
  lookup: Pick<NetworkLookup, "addresses" | "mailHosts" | "cdnOf" | "ipAbuse">;
  /** The leak page's HTML, when it could be read (its hosts are candidates too). */
  page: () => Promise<{ html: string; url: URL } | null>;
}

/**
 * The likely origin of `hostname`, served through `cdn`: the first candidate name (in the order
 * above) resolving to a public address outside every CDN range whose network RDAP names with an
 * abuse contact, other than the CDN's own (`cdnContact`). Null when every name is on the CDN,
 * unknown or private.
 */
export async function findOrigin(deps: OriginDeps, hostname: string, cdn: string, cdnContact: RdapContact | null): Promise<OriginFound | null> {
  const domain = getDomain(hostname, { allowPrivateDomains: false });
  if (!domain) return null;
  const [mail, page] = await Promise.all([deps.lookup.mailHosts(domain), deps.page().catch(() => null)]);
  const candidates = originCandidates(hostname, domain, mail, page ? pageHosts(page.html, page.url, domain) : []);
  const resolved = await Promise.all(candidates.map(async (c) => ({ ...c, addresses: (await deps.lookup.addresses(c.name).catch(() => [])).slice(0, 4) })));
  const asked = new Set<string>();
  for (const candidate of resolved) {
    for (const address of candidate.addresses) {
      if (asked.size >= MAX_RDAP) return null;
      if (asked.has(address) || classifyAddress(address) !== "public" || (await deps.lookup.cdnOf(address))) continue;
      asked.add(address);
      const rdap = await deps.lookup.ipAbuse(address);
      if (!rdap || (!rdap.email && !rdap.refused)) continue;
      // The CDN's own network under another range is not the origin.
      const sameAsCdn = (rdap.email && cdnContact?.email && rdap.email.toLowerCase() === cdnContact.email.toLowerCase()) || (rdap.name && cdnContact?.name && rdap.name === cdnContact.name);
      if (sameAsCdn) continue;
      return { origin: { name: candidate.name, via: candidate.via, behind: cdn }, address, rdap };
    }
  }
  return null;
}
