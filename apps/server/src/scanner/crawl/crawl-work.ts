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
  | { kind: "thread"; family: CrawlFamily; input: ListingInput; config: CrawlAdapterConfig };

export type CrawlWorkResult = ListingPage | FamilyGuess | ThreadPage | null;

export function runCrawlWork(work: CrawlWork): CrawlWorkResult {
  if (work.kind === "listing") return crawlAdapter(work.family).parseListing(work.input, work.config);
  if (work.kind === "thread") return parseThreadPage(work.family, work.input, work.config);
  return detectFamily(work.input, work.domains);
}

export function crawlWorkUrl(work: CrawlWork): string {
  return work.input.url;
}
