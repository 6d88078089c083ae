import { crawlAdapter } from "./crawl-adapters";
import type { CrawlAdapterConfig, CrawlFamily, ListingInput, ListingPage } from "./crawl-types";
import { detectFamily, type DetectInput, type FamilyGuess } from "./family-detect";

/**
 * The crawler's parsing of hostile pages, as plain data in and out so that it runs on the page
 * reader's worker threads within their time limit: a listing page (a 1 MB page of nested
 * markup takes the HTML parser minutes) or a page to tell the site's package from.
 */
export type CrawlWork =
  | { kind: "listing"; family: CrawlFamily; input: ListingInput; config: CrawlAdapterConfig }
  | { kind: "detect"; input: DetectInput; domains: readonly string[] };

export function runCrawlWork(work: CrawlWork): ListingPage | FamilyGuess | null {
  if (work.kind === "listing") return crawlAdapter(work.family).parseListing(work.input, work.config);
  return detectFamily(work.input, work.domains);
}

export function crawlWorkUrl(work: CrawlWork): string {
  return work.input.url;
}
