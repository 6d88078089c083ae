import * as cheerio from "cheerio";
import type { StoredRecipient } from "../../db/schema/takedowns";
import type { Logger } from "../../lib/logger";
import { FetchError, type GuardedFetcher } from "../../scanner/guarded-fetch";
import type { LeakSiteCatalog } from "../../scanner/leak-site-catalog";
import type { NetworkLookup } from "./network-lookup";

/**
 * The parties who can act on a link, in the order notices go to them: the site itself, the
 * network that hosts it (or the CDN in front of it), the registrar of its domain. Each is
 * recorded with how it was found.
 */

const CONTACT_PAGES = ["/dmca", "/contact", "/legal", "/abuse"];
const emailPattern = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

/** What is known of each CDN's complaint process besides what RDAP says. */
const CDN_CONTACTS: Record<string, { webForm: string; note: string }> = {
  Cloudflare: {
    webForm: "https://abuse.cloudflare.com/",
    note: "The site is behind Cloudflare, which hides its host: Cloudflare forwards complaints to the hosting provider and names it to the complainant.",
  },
};

function rank(email: string): number {
  const local = email.split("@")[0]!.toLowerCase();
  if (/dmca|copyright/.test(local)) return 0;
  if (/abuse|legal/.test(local)) return 1;
  if (/support|contact|help|admin|info/.test(local)) return 2;
  return 3;
}

/** mailto: addresses on a page, best first (DMCA and copyright mailboxes before the rest). */
export function mailtoAddresses(html: string): string[] {
  const $ = cheerio.load(html);
  const found = new Set<string>();
  $("a[href]").each((_, el) => {
    const href = ($(el).attr("href") ?? "").trim();
    if (!/^mailto:/i.test(href)) return;
    const address = decodeURIComponent(href.slice(7).split("?")[0]!).split(",")[0]!.trim().toLowerCase();
    if (emailPattern.test(address)) found.add(address);
  });
  return [...found].sort((a, b) => rank(a) - rank(b));
}

export interface RecipientFinderDeps {
  fetcher: GuardedFetcher;
  lookup: NetworkLookup;
  catalog: () => Promise<LeakSiteCatalog>;
  logger: Logger;
  timeoutMs: number;
}

export function createRecipientFinder(deps: RecipientFinderDeps) {
  async function siteContact(url: URL): Promise<StoredRecipient | null> {
    const site = (await deps.catalog()).siteForUrl(url.href);
    if (site?.dmcaEmail) {
      return { kind: "site", email: site.dmcaEmail, webForm: null, foundBy: "catalog", source: `leak-site catalog: ${site.name}`, note: null, name: site.name };
    }
    let form: string | null = null;
    for (const path of CONTACT_PAGES) {
      const page = new URL(path, url.origin).href;
      try {
        const res = await deps.fetcher.fetch(page, { robots: false, retries: 0, timeoutMs: deps.timeoutMs, maxBytes: 1024 * 1024 });
        if (res.status !== 200 || !/html|text\/plain/.test(res.contentType || "text/html")) continue;
        const html = res.body.toString("utf8");
        const emails = mailtoAddresses(html);
        if (emails.length > 0) {
          return { kind: "site", email: emails[0]!, webForm: null, foundBy: "site-page", source: res.finalUrl, note: null, name: url.hostname };
        }
        if (!form && /<form[\s>]/i.test(html)) form = res.finalUrl;
      } catch (error) {
        if (!(error instanceof FetchError)) throw error;
        // A site that does not answer has no contact page; the host and registrar remain.
        if (error.reason === "dns" || error.reason === "connect" || error.reason === "blocked-address") break;
      }
    }
    return form ? { kind: "site", email: null, webForm: form, foundBy: "site-page", source: form, note: "The site's contact page has a form and no email address.", name: url.hostname } : null;
  }

  async function hostContact(hostname: string): Promise<StoredRecipient | null> {
    const addresses = await deps.lookup.addresses(hostname);
    const address = addresses[0];
    if (!address) return null;
    const cdn = await deps.lookup.cdnOf(address);
    const rdap = await deps.lookup.ipAbuse(address);
    if (cdn) {
      const known = CDN_CONTACTS[cdn]!;
      return {
        kind: "cdn",
        email: rdap?.email ?? null,
        webForm: known.webForm,
        foundBy: rdap?.email ? "rdap-ip" : "cdn-ranges",
        source: rdap?.email ? rdap.url : `${cdn}'s published address ranges (${address})`,
        note: known.note,
        name: cdn,
      };
    }
    if (!rdap?.email) return null;
    return { kind: "host", email: rdap.email, webForm: null, foundBy: "rdap-ip", source: rdap.url, note: `network of ${address}`, name: rdap.name };
  }

  async function registrarContact(hostname: string): Promise<StoredRecipient | null> {
    const rdap = await deps.lookup.registrarAbuse(hostname);
    if (!rdap?.email) return null;
    return { kind: "registrar", email: rdap.email, webForm: null, foundBy: "rdap-domain", source: rdap.url, note: null, name: rdap.registrar ?? rdap.name };
  }

  return {
    /** Every recipient found for a URL's host, in notice order; duplicates of an earlier email dropped. */
    async find(rawUrl: string): Promise<StoredRecipient[]> {
      const url = new URL(rawUrl);
      const safe = async (what: string, f: () => Promise<StoredRecipient | null>) => {
        try {
          return await f();
        } catch (error) {
          deps.logger.warn({ err: error, url: rawUrl, what }, "recipient lookup failed");
          return null;
        }
      };
      const found = [
        await safe("site", () => siteContact(url)),
        await safe("host", () => hostContact(url.hostname)),
        await safe("registrar", () => registrarContact(url.hostname)),
      ].filter((r): r is StoredRecipient => r !== null);
      const seen = new Set<string>();
      return found.filter((r) => {
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
