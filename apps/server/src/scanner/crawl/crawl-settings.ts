import { z } from "zod";

/**
 * Crawl settings, environment-style (strings) with safe defaults: merged into the server's
 * env schema; tests and benchmarks parse a partial object.
 */

const unsetIfEmpty = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const envInt = (fallback: number, min: number, max: number) => z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).max(max).default(fallback));
const envBool = (fallback: boolean) =>
  z.preprocess((v) => {
    const s = unsetIfEmpty(v);
    if (typeof s !== "string") return s;
    const t = s.trim().toLowerCase();
    return t === "true" || t === "1" || t === "yes" ? true : t === "false" || t === "0" || t === "no" ? false : s;
  }, z.boolean().default(fallback));

export const crawlSettingsSchema = z.object({
  /** Crawling the catalog's sites on their schedule (workers); off = only `npm run crawl` crawls. */
  CRAWL_ENABLED: envBool(true),
  /** Minutes between two crawls of a site (a catalog entry may set its own). */
  CRAWL_INTERVAL_MINUTES: envInt(6 * 60, 5, 7 * 24 * 60),
  /** Requests in flight at once per host, across every worker process and machine. */
  CRAWL_PER_HOST_CONCURRENCY: envInt(1, 1, 8),
  /** Least time between the starts of two requests to one host, across every worker. */
  CRAWL_MIN_DELAY_MS: envInt(2_000, 0, 600_000),
  /**
   * Longest robots.txt Crawl-delay honoured (a longer one is cut to this): the gap between two requests to a
   * host is the longer of CRAWL_MIN_DELAY_MS and the site's Crawl-delay. What a run's budget cannot reach waits for the next run.
   */
  CRAWL_MAX_CRAWL_DELAY_MS: envInt(60_000, 0, 600_000),
  /** Requests one crawl run of a site may make (listings and items); what is left waits for the next run. */
  CRAWL_MAX_REQUESTS_PER_RUN: envInt(300, 1, 100_000),
  /** Time budget of one crawl run of a site. */
  CRAWL_BUDGET_MS: envInt(20 * 60_000, 1_000, 24 * 60 * 60_000),
  /** Listing pages read per entry page on a site's first crawl (later crawls stop at their cursor). */
  CRAWL_FIRST_LISTING_PAGES: envInt(5, 1, 1_000),
  /**
   * Pages of one forum thread read per new version: its last page, then back through the previous
   * pages (the package's previous-page link; Discourse's posts.json) until one holds a post read before.
   */
  CRAWL_MAX_THREAD_PAGES: envInt(5, 1, 100),
  /** Longest wait a 429/503 Retry-After (or the failure backoff) may impose on a host. */
  CRAWL_MAX_BACKOFF_MS: envInt(60 * 60_000, 1_000, 24 * 60 * 60_000),
  /** How often the crawl tick looks for sites whose crawl is due. */
  CRAWL_TICK_SECONDS: envInt(300, 10, 24 * 3600),
});

export type CrawlSettings = z.infer<typeof crawlSettingsSchema>;

export function parseCrawlSettings(input: Record<string, unknown> = {}): CrawlSettings {
  return crawlSettingsSchema.parse(input);
}
