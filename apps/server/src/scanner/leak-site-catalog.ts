import { readFile } from "node:fs/promises";
import * as cheerio from "cheerio";
import { z } from "zod";
import { hostMatchesDomain } from "./canonical-url";
import { FetchError, type GuardedFetcher } from "./guarded-fetch";
import { CRAWL_FAMILIES, type CrawlFamily } from "./crawl/crawl-types";
import builtinCatalog from "./leak-sites.json" with { type: "json" };
import { SearchSourceError, type SearchPage, type SearchProvider } from "./search-provider";

/**
 * Known leak sites, as data: the built-in list (leak-sites.json) plus the
 * operator's file (LEAK_SITE_CATALOG_PATH). A site's domains classify
 * findings as leak_site; a site with a search URL is also searched directly
 * for the creator's names.
 */

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,}$|^localhost$/, "a bare host name, e.g. example.com");

const validRegex = (s: string) => {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
};

const httpUrl = z
  .string()
  .max(2048)
  .refine((s) => /^https?:\/\/[^/?#]+/i.test(s) && URL.canParse(s), "must be an absolute http(s) URL");

/**
 * How to read what is new on a site: its software family (one crawl adapter per family),
 * the listing pages to start from (default: the family's what's-new page on the first
 * domain), and selectors that override the family's markup.
 */
export const crawlConfigSchema = z
  .object({
    /** "auto" (the default): told from the site's pages (family-detect.ts); entryPages are then where to look. */
    family: z.enum([...CRAWL_FAMILIES, "auto"]).default("auto"),
    /** Scheme and host (and folder) of the site, e.g. https://example.com/forum; default https://{first domain}. */
    baseUrl: httpUrl.optional(),
    entryPages: z.array(httpUrl).min(1).max(50).optional(),
    selectors: z
      .object({ item: z.string().min(1).max(500).optional(), next: z.string().min(1).max(500).optional(), time: z.string().min(1).max(500).optional() })
      .strict()
      .default({}),
    /** Regular expression an item link must match (the listing family: which links are galleries or videos). */
    itemPattern: z.string().max(500).refine(validRegex, "must be a valid regular expression").optional(),
    /**
     * Hashtags (without #) whose timelines are read too, on servers that have them: Mastodon's API family
     * (/api/v1/timelines/tag/:tag) and Misskey's (notes/search-by-tag). Other families ignore them.
     */
    tags: z
      .array(z.string().regex(/^[\p{L}\p{N}_]{1,100}$/u, "a hashtag of letters, digits and _ (without #)"))
      .max(20)
      .optional(),
    /** Imageboards: "res" (vichan: /b/res/123.html) or "thread" (4chan-style: /b/thread/123). */
    threadPath: z.enum(["res", "thread"]).default("res"),
    /** Minutes between two crawls of the site; default CRAWL_INTERVAL_MINUTES. */
    intervalMinutes: z.number().int().min(5).max(7 * 24 * 60).optional(),
    enabled: z.boolean().default(true),
  })
  .strict()
  // Without selectors or a pattern, a listing page is read by its structure (families/generic-listing.ts): it must then be named.
  .refine((c) => c.family !== "listing" || !!c.selectors.item || !!c.itemPattern || !!c.entryPages, {
    message: "the listing family needs entryPages (its newest-first pages, read by their structure), selectors.item or itemPattern (which links are items)",
  })
  .refine((c) => c.family !== "imageboard" || !!c.entryPages, { message: "an imageboard needs entryPages (each board's catalog.json)" })
  .refine((c) => c.family !== "telegram" || !!c.entryPages, { message: "a Telegram site needs entryPages (each channel's https://t.me/s/<channel>)" });

export type CrawlConfig = z.infer<typeof crawlConfigSchema>;
/** A site whose family is known (named in the catalog, or detected). */
export type ResolvedCrawlConfig = CrawlConfig & { family: CrawlFamily };

export const leakSiteSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "lower-case letters, digits and dashes"),
  name: z.string().min(1),
  domains: z.array(domainSchema).min(1),
  category: z.enum(["leak_site", "social_media"]).default("leak_site"),
  /** Absolute http(s) URL with {query} where the URL-encoded name goes. */
  searchUrl: z
    .string()
    .refine((s) => s.includes("{query}"), "must contain {query}")
    .refine((s) => /^https?:\/\//i.test(s), "must be an http(s) URL")
    .optional(),
  /** CSS selector for result links on the search page. */
  resultSelector: z.string().min(1).default("a[href]"),
  /** Regular expression a result link's URL must match (e.g. "/threads/"). */
  resultPattern: z.string().refine(validRegex, "must be a valid regular expression").optional(),
  dmcaEmail: z.email().optional(),
  /** Reading what is new on the site (crawling); omitted = the site is only searched and classified. */
  crawl: crawlConfigSchema.optional(),
  notes: z.string().optional(),
});

export type LeakSite = z.infer<typeof leakSiteSchema>;

export const leakSiteFileSchema = z.union([
  z.array(leakSiteSchema),
  z.object({ includeBuiltin: z.boolean().default(true), sites: z.array(leakSiteSchema) }),
]);

export class LeakSiteCatalog {
  constructor(readonly sites: readonly LeakSite[]) {}

  siteForUrl(url: string): LeakSite | undefined {
    let host: string;
    try {
      host = new URL(url).hostname.toLowerCase();
    } catch {
      return undefined;
    }
    return this.sites.find((s) => s.domains.some((d) => hostMatchesDomain(host, d)));
  }

  searchable(): LeakSite[] {
    return this.sites.filter((s) => !!s.searchUrl);
  }

  crawlable(): (LeakSite & { crawl: CrawlConfig })[] {
    return this.sites.filter((s): s is LeakSite & { crawl: CrawlConfig } => !!s.crawl && s.crawl.enabled);
  }

  byId(id: string): LeakSite | undefined {
    return this.sites.find((s) => s.id === id);
  }
}

export class CatalogFileError extends Error {
  override readonly name = "CatalogFileError";
}

export function builtinLeakSites(): LeakSite[] {
  const parsed = leakSiteFileSchema.parse(builtinCatalog);
  return Array.isArray(parsed) ? parsed : parsed.sites;
}

/** Built-in sites, then the operator's (same id: the operator's entry wins). */
export async function loadLeakSiteCatalog(extensionPath?: string): Promise<LeakSiteCatalog> {
  let sites = builtinLeakSites();
  if (extensionPath) {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(extensionPath, "utf8"));
    } catch (e) {
      throw new CatalogFileError(`LEAK_SITE_CATALOG_PATH ${extensionPath}: ${(e as Error).message}`);
    }
    const parsed = leakSiteFileSchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
      throw new CatalogFileError(`LEAK_SITE_CATALOG_PATH ${extensionPath} is not a valid catalog: ${issues.join("; ")}`);
    }
    const file = Array.isArray(parsed.data) ? { includeBuiltin: true, sites: parsed.data } : parsed.data;
    const ids = new Set(file.sites.map((s) => s.id));
    sites = [...(file.includeBuiltin ? sites.filter((s) => !ids.has(s.id)) : []), ...file.sites];
  }
  return new LeakSiteCatalog(sites);
}

const MAX_RESULTS_PER_SEARCH = 30;

/** Searches one leak site through its own search page. Queries are bare names. */
export class LeakSiteSearchProvider implements SearchProvider {
  readonly kind = "leak-site" as const;
  readonly id: string;
  readonly #pattern: RegExp | null;

  constructor(
    readonly site: LeakSite,
    readonly fetcher: GuardedFetcher,
  ) {
    this.id = `site:${site.id}`;
    this.#pattern = site.resultPattern ? new RegExp(site.resultPattern, "i") : null;
  }

  async search(query: string, page: number, signal?: AbortSignal): Promise<SearchPage> {
    if (!this.site.searchUrl || page > 1) return { hits: [], hasMore: false };
    const url = this.site.searchUrl.replaceAll("{query}", encodeURIComponent(query));
    let res;
    try {
      // Not a trusted endpoint: a leak site is fetched like any page found on the web.
      res = await this.fetcher.fetch(url, { signal, retries: 1 });
    } catch (e) {
      if (e instanceof FetchError) throw new SearchSourceError(this.id, e.reason === "blocked-address" ? "blocked" : "unreachable", `${e.reason}: ${e.message}`);
      throw e;
    }
    if (res.status < 200 || res.status >= 300) throw new SearchSourceError(this.id, "http", `HTTP ${res.status}`);
    const $ = cheerio.load(res.body.toString("utf8"));
    const seen = new Set<string>();
    const hits: SearchPage["hits"] = [];
    $(this.site.resultSelector).each((_, el) => {
      if (hits.length >= MAX_RESULTS_PER_SEARCH) return false;
      const href = $(el).attr("href");
      if (!href) return;
      let target: URL;
      try {
        target = new URL(href, res.finalUrl);
      } catch {
        return;
      }
      if (target.protocol !== "http:" && target.protocol !== "https:") return;
      target.hash = "";
      const onSite = this.site.domains.some((d) => hostMatchesDomain(target.hostname, d));
      if (!onSite && !this.#pattern) return;
      if (this.#pattern && !this.#pattern.test(target.href)) return;
      if (target.href === res.finalUrl || seen.has(target.href)) return;
      seen.add(target.href);
      hits.push({ url: target.href, title: $(el).text().replace(/\s+/g, " ").trim(), snippet: "", source: this.id, categoryHint: this.site.category });
    });
    return { hits, hasMore: false };
  }
}
