import { z } from "zod";

/**
 * Scanner settings, read from environment-style keys (strings) with safe
 * defaults. The server's env module merges this shape into its own schema;
 * tests and benchmarks parse a partial object and get every default.
 */

// An empty env var ("FOO=") means "not set", not "zero" or "false".
const unsetIfEmpty = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const envInt = (fallback: number, min: number, max: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).max(max).default(fallback));

const envBool = (fallback: boolean) =>
  z.preprocess(
    (v) => {
      const s = unsetIfEmpty(v);
      if (typeof s !== "string") return s;
      const t = s.trim().toLowerCase();
      if (t === "true" || t === "1" || t === "yes") return true;
      if (t === "false" || t === "0" || t === "no") return false;
      return s; // let z.boolean() report the bad value
    },
    z.boolean().default(fallback),
  );

const envUrl = () => z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional());
const envUrlDefault = (fallback: string) => z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).default(fallback));

export const DEFAULT_SCAN_USER_AGENT =
  "Mozilla/5.0 (compatible; LeakwardenBot/1.0; +https://leakwarden.com/bot)";

export const scannerSettingsSchema = z.object({
  /** Web search provider. DuckDuckGo's HTML endpoint needs no key, so a new install works at once. */
  SEARCH_PROVIDER: z.preprocess(
    (v) => (typeof v === "string" ? unsetIfEmpty(v.trim().toLowerCase()) : v),
    z.enum(["searxng", "brave", "duckduckgo"]).default("duckduckgo"),
  ),
  /** Base URL of a SearXNG instance with the JSON format enabled (search.formats: [html, json]). */
  SEARXNG_URL: envUrl(),
  BRAVE_API_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
  BRAVE_API_URL: envUrlDefault("https://api.search.brave.com/res/v1/web/search"),
  DUCKDUCKGO_URL: envUrlDefault("https://html.duckduckgo.com/html/"),
  REDDIT_URL: envUrlDefault("https://www.reddit.com"),
  /** Reddit search adds social-media leaks; an operator can switch it off. */
  SCAN_REDDIT_SEARCH: envBool(true),
  /** Searching the catalog's leak sites directly (their own search pages). */
  SCAN_LEAK_SITE_SEARCH: envBool(true),
  /** Forward proxy for every page fetch (host names are then resolved by the proxy). */
  SCAN_PROXY_URL: envUrl(),
  /** Lets fetches reach loopback/private addresses: only for local test webs. Metadata addresses stay refused. */
  SCAN_ALLOW_PRIVATE_NETWORKS: envBool(false),
  SCAN_CONCURRENCY: envInt(16, 1, 512),
  SCAN_PER_HOST_CONCURRENCY: envInt(4, 1, 64),
  /** Whole-request limit for one fetch (connect + headers + body). */
  SCAN_FETCH_TIMEOUT_MS: envInt(15_000, 100, 300_000),
  SCAN_CONNECT_TIMEOUT_MS: envInt(5_000, 50, 60_000),
  /** Bytes read from one response; reading stops there (the body is kept, marked truncated). */
  SCAN_MAX_BYTES: envInt(5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  SCAN_MAX_REDIRECTS: envInt(5, 0, 20),
  /** Retries on 429/5xx, with backoff and Retry-After, never past the scan budget. */
  SCAN_MAX_RETRIES: envInt(2, 0, 10),
  /** Time budget of a whole scan; when it runs out the scan stops and reports what it found. */
  SCAN_BUDGET_MS: envInt(10 * 60_000, 1_000, 24 * 60 * 60_000),
  /** Search queries per scan (each query is sent to each web source). */
  SCAN_MAX_QUERIES: envInt(16, 1, 200),
  /** Result pages asked per query from a paged provider. */
  SCAN_SEARCH_PAGES: envInt(2, 1, 10),
  /** Candidate pages fetched and analysed per scan. */
  SCAN_MAX_PAGES: envInt(600, 1, 20_000),
  /** Images fetched and hashed per page (only when the creator has reference images). */
  SCAN_MAX_IMAGES_PER_PAGE: envInt(24, 0, 500),
  SCAN_MAX_IMAGE_BYTES: envInt(8 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  /** Time one page's reading (parse, names, leak context) may take on a worker; past it the page is skipped. */
  SCAN_PAGE_TIME_LIMIT_MS: envInt(10_000, 100, 300_000),
  SCAN_USER_AGENT: z.preprocess(unsetIfEmpty, z.string().min(8).default(DEFAULT_SCAN_USER_AGENT)),
  /**
   * "record" (default): fetch the page and record what robots.txt says in the evidence.
   * We never crawl: each fetch is one URL that a search engine already lists as carrying the
   * creator's content, to verify an infringement of her rights. Honouring a pirate site's
   * Disallow would let any leak site opt out of detection by one line of text.
   * "respect": skip disallowed URLs (for operators whose policy requires it).
   */
  SCAN_ROBOTS_POLICY: z.preprocess(
    (v) => (typeof v === "string" ? unsetIfEmpty(v.trim().toLowerCase()) : v),
    z.enum(["respect", "record"]).default("record"),
  ),
  /** JSON file with more leak sites (array of sites, or {includeBuiltin, sites}). */
  LEAK_SITE_CATALOG_PATH: z.preprocess(unsetIfEmpty, z.string().optional()),
});

export type ScannerSettings = z.infer<typeof scannerSettingsSchema>;

/** Defaults merged with overrides: for tests, benchmarks and programmatic callers. */
export function parseScannerSettings(input: Record<string, unknown> = {}): ScannerSettings {
  return scannerSettingsSchema.parse(input);
}
