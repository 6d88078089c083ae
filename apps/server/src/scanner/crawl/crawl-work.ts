import { crawlAdapter } from "./crawl-adapters";
import type { CrawlAdapterConfig, CrawlFamily, ListingInput, ListingPage } from "./crawl-types";
import { detectFamily, type DetectInput, type FamilyGuess } from "./family-detect";
import { parseThreadPage, type ThreadPage } from "./thread-pages";

/**
 * The crawler's parsing of hostile pages, as plain data in and out so that it runs on the page
 * reader's worker threads within their time limit: a listing page (a 1 MB page of nested
 * markup takes the HTML parser minutes), a page to tell the site's package from, or a thread's
 * page read for its previous page and its posts (thread-pages.ts).
 */
export type CrawlWork =
  | { kind: "listing"; family: CrawlFamily; input: ListingInput; config: CrawlAdapterConfig }
  | { kind: "detect"; input: DetectInput; domains: readonly string[] }
  | { kind: "structural"; input: DetectInput; domains: readonly string[] }
  | { kind: "thread"; family: CrawlFamily; input: ListingInput; config: CrawlAdapterConfig };

export type CrawlWorkResult = ListingPage | FamilyGuess | ThreadPage | null;

export function runCrawlWork(work: CrawlWork): CrawlWorkResult {
  if (work.kind === "listing") return crawlAdapter(work.family).parseListing(work.input, work.config);
  if (work.kind === "thread") return parseThreadPage(work.family, work.input, work.config);
  if (work.kind === "structural") return structuralGuess(work.input, work.domains);
  return detectFamily(work.input, work.domains);
}

/** As many items as the structural listing needs to see a list at all (three repeated blocks). */
const MIN_STRUCTURAL_ITEMS = 3;

/**
 * The last resort for a site whose pages name no package it knows: when its page lists items in
 * repeated blocks (a tube or gallery script nobody described), it is crawled as a generic listing
 * from that page; otherwise null, and the site needs its family named in the catalog.
 */
export function structuralGuess(input: DetectInput, domains: readonly string[]): FamilyGuess | null {
  if (!/html/i.test(input.contentType) && !input.body.trimStart().startsWith("<")) return null;
  const origin = new URL(input.url).origin;
  const config: CrawlAdapterConfig = { baseUrl: origin, domains, selectors: {}, itemPattern: null, threadPath: "res" };
  const page = crawlAdapter("listing").parseListing({ body: input.body, url: input.url, contentType: input.contentType, headers: input.headers }, config);
  if (page.items.length < MIN_STRUCTURAL_ITEMS) return null;
  return {
    family: "listing",
    entryPages: [input.url],
    threadPath: "res",
    evidence: `no known package; ${page.items.length} items in repeated blocks${page.next ? " with a next page" : ""}`,
  };
}

export function crawlWorkUrl(work: CrawlWork): string {
  return work.input.url;
}
