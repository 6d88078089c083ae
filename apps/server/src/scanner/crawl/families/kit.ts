import * as cheerio from "cheerio";
import type { CrawlAdapterConfig, CrawlFamily, CrawlItem, ListingInput, ListingPage } from "../crawl-types";

/**
 * What the families in this folder share with crawl-adapters.ts: its URL, time and listing helpers,
 * handed to each family's factory (crawl-adapters.ts builds the families with them, so that no module
 * here imports it back), and what a family's detector is given and answers.
 */

export type Sel = ReturnType<cheerio.CheerioAPI>;

export type KitListingSpec = {
  itemSelector: string;
  rowSelector: string;
  timeSelector: string;
  nextSelector: string;
  cleanNext?: boolean;
  toItem(url: URL, link: Sel, row: Sel, time: number | null, base: string): (Pick<CrawlItem, "key" | "url"> & { fetchUrl?: string | null }) | null;
};

export type CrawlKit = {
  onSiteUrl(href: string | undefined | null, base: string, domains: readonly string[]): URL | null;
  parseListingTime(raw: string | number | undefined | null): number | null;
  withoutSession(u: URL): URL;
  escapeHtml(s: string): string;
  /** Each link matching spec.itemSelector is an item; its row gives the time; spec.nextSelector the next page. */
  htmlListing(input: ListingInput, config: CrawlAdapterConfig, spec: KitListingSpec): ListingPage;
  /** What relative links resolve against: the page's <base href>, else its URL. */
  baseOf($: cheerio.CheerioAPI, pageUrl: string): string;
  nextLink($: cheerio.CheerioAPI, selector: string, input: ListingInput, config: CrawlAdapterConfig, clean?: boolean): string | null;
  /** The latest time among a row's elements matching the selector (data-time, datetime, title or text). */
  timeIn($: cheerio.CheerioAPI, row: Sel, selector: string): number | null;
};

export const MAX_URL_LENGTH = 2048;

/** A JSON object (not an array, not null): what the JSON APIs' answers are read through. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** A string field of a JSON answer, "" when it is anything else. */
export const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** A JSON answer, or null when it is not JSON. */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
const MAX_TITLE_LENGTH = 300;

export const clip = (s: string, n = MAX_TITLE_LENGTH) => s.replace(/\s+/g, " ").trim().slice(0, n);
export const versionKey = (id: string, version: string | number | null) => (version === null || version === "" ? id : `${id}@${version}`);
export const int = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};
/** A count as a listing prints it: "1,204", "1.204", "1 204" (at most 15 characters). */
export const count = (s: string): number | null => {
  const t = s.trim();
  return t.length <= 15 && /^\d[\d,. \u00a0]*$/.test(t) ? int(t.replace(/[,. \u00a0]/g, "")) : null;
};

/** A family's answer to "is this page yours?": the evidence and the listing pages to crawl. */
export type FamilyFinding = {
  family: CrawlFamily;
  evidence: string;
  entryPages: string[];
  /** A page of the site that tells more (Philomena's system filters), fetched once: its finding, of the same family, replaces this one. */
  follow?: string;
};

export type DetectContext = {
  $: cheerio.CheerioAPI;
  /** The page's URL and what its relative links resolve against. */
  url: string;
  base: string;
  domains: readonly string[];
  /** The generator meta tag's content ("" when none). */
  generator: string;
  headers: Record<string, string>;
  /** An on-site absolute URL, or null (off-site, not http, too long). */
  safeUrl(href: string | undefined, base: string): URL | null;
  /** The folder of the first on-site link, script or form whose path ends with one of these scripts. */
  scriptFolder(scripts: string[]): string | null;
  /** The text of the page's first inline scripts (bounded). */
  scriptText(): string;
};

/** The folder a URL is in: https://x/forum/showthread.php → https://x/forum/. */
export function folderOf(u: URL): string {
  return `${u.origin}${u.pathname.slice(0, u.pathname.lastIndexOf("/") + 1)}`;
}

/** The names of the cookies a response sets (Set-Cookie, joined or not), lower-cased, at most 50. */
export function cookieNames(headers: Record<string, string>): string[] {
  const raw = (headers["set-cookie"] ?? "").slice(0, 8000);
  const out: string[] = [];
  for (const part of raw.split(/[\n,]/)) {
    const name = /^\s*([^=;\s]{1,100})=/.exec(part)?.[1];
    if (name && out.length < 50) out.push(name.toLowerCase());
  }
  return out;
}

/**
 * Items of an RSS 2 or Atom feed (forum packages publish their newest threads as one): each entry's
 * link and date, handed to toItem, which gives the item or null (not an item of this site).
 */
export function feedListing(
  $: cheerio.CheerioAPI,
  input: ListingInput,
  config: CrawlAdapterConfig,
  kit: CrawlKit,
  toItem: (url: URL, time: number | null, title: string) => CrawlItem | null,
  max: number,
): CrawlItem[] {
  const items: CrawlItem[] = [];
  const seen = new Set<string>();
  for (const el of $("item, entry").toArray()) {
    if (items.length >= max) break;
    const e = $(el);
    const href = e.children("link").first().text().trim() || e.children("link").first().attr("href");
    const url = kit.onSiteUrl(href, input.url, config.domains);
    if (!url) continue;
    const time = kit.parseListingTime(e.children("pubDate, updated, published").first().text());
    // A title in CDATA may keep the entities the package wrote into it ("&amp;"): decoded once more.
    const raw = e.children("title").first().text().slice(0, 2000);
    const made = toItem(url, time, clip(raw.includes("&") ? cheerio.load(raw).text() : raw));
    if (!made || seen.has(made.key)) continue;
    seen.add(made.key);
    items.push(made);
  }
  return items;
}

/** Whether a fetched listing is a feed (RSS or Atom) rather than a page. */
export function isFeed(input: ListingInput): boolean {
  // An XHTML page may open with <?xml too: the root element decides.
  return /^\s*(?:<\?xml[^>]{0,200}>\s*)?(?:<\?xml-stylesheet[^>]{0,300}>\s*)?<(?:rss|feed|rdf:RDF)[\s>]/i.test(input.body.slice(0, 800));
}
