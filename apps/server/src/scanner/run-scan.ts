import type { Logger } from "pino";
import { analyzePage, type AnalyzeOptions, type FetchedPage, type ImageHasher, type PageVerdict } from "./analyze-page";
import type { MatchedBlockInput } from "./file-hosts";
import { BraveProvider } from "./brave-provider";
import { tryCanonicalizeUrl } from "./canonical-url";
import { DuckDuckGoProvider } from "./duckduckgo-provider";
import { buildExclusions, exclusionReason } from "./exclusions";
import { anySignal, createGuardedFetcher, FetchError, type FetchResult, type GuardedFetcher } from "./guarded-fetch";
import { hashImageBuffer, prepareReferences, type ImageHash } from "./image-match";
import { LeakSiteSearchProvider, loadLeakSiteCatalog, type LeakSiteCatalog } from "./leak-site-catalog";
import { buildNameMatchers } from "./name-match";
import { PageTimeLimitError, sharedPageParser } from "./page-parser-pool";
import type { PageReading, PageReadJob } from "./page-reading";
import { buildQueries, searchNames } from "./queries";
import { RedditProvider } from "./reddit-provider";
import type { ScannerSettings } from "./scanner-settings";
import type { Finding, LeakCategory, ReferenceHash, ScanIdentity, SourceError } from "./scan-types";
import { SearchSourceError, type SearchHit, type SearchProvider } from "./search-provider";
import { SearxngProvider } from "./searxng-provider";

/**
 * One scan: queries → search sources → fetch and analyse each candidate
 * page. Candidates are fetched as soon as a source lists them (the fetcher's
 * global and per-host limits pace the work), so progress counts real pages.
 * Unreachable hosts cost a page, not the scan; only when every search source
 * fails is the scan a failure. A caller can persist findings as they come
 * (onFinding) and resume later by passing the URLs already analysed
 * (skipUrls).
 */

export type ScanPhase = "queries" | "search" | "fetch" | "done";

export type ScanProgress = {
  phase: ScanPhase;
  queriesPlanned: number;
  queriesDone: number;
  pagesPlanned: number;
  pagesDone: number;
  leaksFound: number;
};

export type ScanStats = {
  sitesAnalyzed: number;
  linksChecked: number;
  leaksFound: number;
  imagesMatched: number;
  durationMs: number;
};

export type ScanOutcome = "completed" | "budget-exhausted" | "aborted" | "all-sources-failed";

export type ScanResult = {
  outcome: ScanOutcome;
  stats: ScanStats;
  leaks: Finding[];
  sourceErrors: SourceError[];
  /** Candidates never fetched because they are allow-listed or her own profiles. */
  excluded: number;
  /** Candidate pages that could not be fetched (dead hosts, refused addresses, timeouts). */
  unreachable: number;
  /** Pages skipped because reading them took longer than the page time limit. */
  skipped: number;
  /** Canonical URLs of every candidate analysed, for resuming. */
  analysedUrls: string[];
};

export type ScanInput = { identity: ScanIdentity; referenceHashes: ReferenceHash[] };

export type ScanLogger = Pick<Logger, "debug" | "info" | "warn">;

export type ScanDeps = {
  settings: ScannerSettings;
  fetcher?: GuardedFetcher;
  providers?: SearchProvider[];
  catalog?: LeakSiteCatalog;
  signal?: AbortSignal;
  onProgress?: (p: ScanProgress) => void;
  onFinding?: (f: Finding) => void | Promise<void>;
  /** Canonical URLs analysed by an earlier, interrupted run of this scan. */
  skipUrls?: ReadonlySet<string>;
  /** Reads fetched pages (document, names, leak context); default: the process's pool of worker threads, with the page time limit. */
  readPage?: (job: PageReadJob) => Promise<PageReading>;
  /** Finds the file-host links of the post that matched her on a leak page; default: the same pool, with the page time limit. */
  fileLinks?: AnalyzeOptions["fileLinks"];
  logger?: ScanLogger;
  /**
   * Each image the scan fetched and hashed, with the page it is on (for the shared image index).
   * When given, the images of analysed pages are hashed even without reference hashes to match.
   */
  onImageSeen?: (seen: SeenImageHash) => void;
};

/** An image a scan hashed on a page: canonical image URL, the page's canonical URL, and its hashes. */
export type SeenImageHash = { imageUrl: string; pageUrl: string; hash: ImageHash; seenAt: Date };

/** Source errors after which asking the same source again is pointless. */
const FATAL_SOURCE_CODES = new Set(["auth", "quota", "not-configured", "blocked"]);
const MAX_CONSECUTIVE_SOURCE_FAILURES = 3;
const SOCIAL_QUERY_LIMIT = 6;
const LEAK_SITE_NAME_LIMIT = 4;

/** The sources a scan asks, from settings. Misconfiguration is reported as a source error. */
export function createProviders(
  settings: ScannerSettings,
  fetcher: GuardedFetcher,
  catalog: LeakSiteCatalog,
): { providers: SearchProvider[]; errors: SourceError[] } {
  const providers: SearchProvider[] = [];
  const errors: SourceError[] = [];
  switch (settings.SEARCH_PROVIDER) {
    case "searxng":
      if (settings.SEARXNG_URL) providers.push(new SearxngProvider({ baseUrl: settings.SEARXNG_URL, fetcher }));
      else errors.push({ source: "searxng", code: "not-configured", message: "SEARCH_PROVIDER=searxng needs SEARXNG_URL" });
      break;
    case "brave":
      if (settings.BRAVE_API_KEY) providers.push(new BraveProvider({ apiUrl: settings.BRAVE_API_URL, apiKey: settings.BRAVE_API_KEY, fetcher }));
      else errors.push({ source: "brave", code: "not-configured", message: "SEARCH_PROVIDER=brave needs BRAVE_API_KEY" });
      break;
    case "duckduckgo":
      providers.push(new DuckDuckGoProvider({ url: settings.DUCKDUCKGO_URL, fetcher }));
      break;
  }
  if (settings.SCAN_REDDIT_SEARCH) providers.push(new RedditProvider({ baseUrl: settings.REDDIT_URL, fetcher }));
  if (settings.SCAN_LEAK_SITE_SEARCH) {
    for (const site of catalog.searchable()) providers.push(new LeakSiteSearchProvider(site, fetcher));
  }
  return { providers, errors };
}

type Candidate = { url: string; hit: SearchHit; sources: string[]; categoryHint: LeakCategory | undefined };

/** The source of a page that another page listed as hers (a related video, her post on a front page). */
const LISTED_SOURCE = "listed on a page read";

export async function runScan(input: ScanInput, deps: ScanDeps): Promise<ScanResult> {
  const { settings } = deps;
  const started = Date.now();
  const budget = new AbortController();
  const budgetTimer = setTimeout(() => budget.abort(new Error("scan budget used up")), settings.SCAN_BUDGET_MS);
  const signal = anySignal([deps.signal, budget.signal])!;
  const ownFetcher = !deps.fetcher;
  const fetcher = deps.fetcher ?? createGuardedFetcher(settings, { signal });
  const log = deps.logger;

  const progress: ScanProgress = { phase: "queries", queriesPlanned: 0, queriesDone: 0, pagesPlanned: 0, pagesDone: 0, leaksFound: 0 };
  const report = () => deps.onProgress?.({ ...progress });

  const leaks: Finding[] = [];
  const leakUrls = new Map<string, Finding>();
  const sourceErrors: SourceError[] = [];
  const candidates = new Map<string, Candidate>();
  const analysed: string[] = [];
  const sitesAnalyzed = new Set<string>();
  const matchedImages = new Set<string>();
  let linksChecked = 0;
  let excluded = 0;
  let unreachable = 0;
  let skipped = 0;
  const tasks: Promise<void>[] = [];

  try {
    report();
    // The parser's workers load while the searches run.
    if (!deps.readPage) sharedPageParser().warm();
    const catalog = deps.catalog ?? (await loadLeakSiteCatalog(settings.LEAK_SITE_CATALOG_PATH));
    let providers = deps.providers;
    if (!providers) {
      const created = createProviders(settings, fetcher, catalog);
      providers = created.providers;
      sourceErrors.push(...created.errors);
    }
    const exclusions = buildExclusions(input.identity.allowlist, input.identity.stageNames);
    const matchers = buildNameMatchers(input.identity);
    const references = prepareReferences(input.referenceHashes);

    const webQueries = buildQueries(input.identity, settings.SCAN_MAX_QUERIES).map((q) => q.text);
    const names = searchNames(input.identity);
    const plan = providers.map((p) => {
      if (p.kind === "web") return { provider: p, queries: webQueries, pages: settings.SCAN_SEARCH_PAGES };
      if (p.kind === "social") {
        return { provider: p, queries: names.slice(0, Math.min(SOCIAL_QUERY_LIMIT, settings.SCAN_MAX_QUERIES)).map((n) => `"${n}"`), pages: 1 };
      }
      return { provider: p, queries: names.slice(0, LEAK_SITE_NAME_LIMIT), pages: 1 };
    });
    progress.queriesPlanned = plan.reduce((n, p) => n + p.queries.length, 0);
    progress.phase = "search";
    report();

    const imageCache = new Map<string, Promise<ImageHash | null>>();
    const hashImage: ImageHasher = (src, pageUrl) => {
      const key = tryCanonicalizeUrl(src) ?? src;
      let p = imageCache.get(key);
      if (!p) {
        p = fetcher
          .fetch(src, {
            signal,
            robots: false,
            truncate: false,
            maxBytes: settings.SCAN_MAX_IMAGE_BYTES,
            retries: 1,
            headers: { accept: "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8", referer: pageUrl },
          })
          .then((r) => (r.status >= 200 && r.status < 300 ? hashImageBuffer(r.body) : null))
          .catch(() => null);
        imageCache.set(key, p);
      }
      return p;
    };
    const onImageSeen = deps.onImageSeen;
    const seenHashImage: ImageHasher = !onImageSeen
      ? hashImage
      : async (src, pageUrl) => {
          const hash = await hashImage(src, pageUrl);
          const imageUrl = tryCanonicalizeUrl(src);
          const page = tryCanonicalizeUrl(pageUrl);
          if (hash && imageUrl && page) onImageSeen({ imageUrl, pageUrl: page, hash, seenAt: new Date() });
          return hash;
        };
    const analyzeOptions = {
      matchers,
      exclusions,
      catalog,
      references,
      // Without references and without an index to feed, a page's images are not fetched.
      hashImage: onImageSeen || references.length > 0 ? seenHashImage : undefined,
      maxImagesPerPage: settings.SCAN_MAX_IMAGES_PER_PAGE,
      onResultImage: onImageSeen
        ? (src: string, hash: ImageHash) => {
            const imageUrl = tryCanonicalizeUrl(src);
            if (imageUrl) onImageSeen({ imageUrl, pageUrl: imageUrl, hash, seenAt: new Date() });
          }
        : undefined,
      readPage: deps.readPage ?? ((job: PageReadJob) => sharedPageParser().read(job, settings.SCAN_PAGE_TIME_LIMIT_MS)),
      fileLinks: deps.fileLinks ?? ((input: MatchedBlockInput) => sharedPageParser().fileLinks(input, settings.SCAN_PAGE_TIME_LIMIT_MS)),
    };

    const processCandidate = async (c: Candidate) => {
      let verdict: PageVerdict | null = null;
      try {
        const res = await fetcher.fetch(c.url, { signal });
        linksChecked++;
        sitesAnalyzed.add(hostOf(res.finalUrl));
        verdict = await analyzePage(pageFrom(res, c.url), analyzeOptions, { sources: c.sources, categoryHint: c.categoryHint });
      } catch (e) {
        if (e instanceof PageTimeLimitError) {
          // One page built to stall the reader costs that page, not the scan.
          skipped++;
          log?.warn({ url: c.url, limitMs: e.limitMs }, "page skipped: reading it took too long");
          analysed.push(c.url);
          progress.pagesDone++;
          report();
          return;
        }
        if (!(e instanceof FetchError)) throw e;
        if (e.reason !== "aborted") linksChecked++;
        unreachable++;
        log?.debug({ url: c.url, reason: e.reason, err: e.message }, "candidate not fetched");
      }
      // A post the source described (Reddit) is judged on that description when its page says nothing.
      if (c.hit.listing && (!verdict || (!verdict.isLeak && !/^(?:allow-list|own-profile)$/.test(verdict.reason)))) {
        const l = c.hit.listing;
        const fromListing = await analyzePage(
          { listedUrl: c.url, finalUrl: c.url, status: l.status, contentType: "text/html", body: Buffer.alloc(0), truncated: false, fetchedAt: l.fetchedAt, sha256: l.sha256, robots: null },
          analyzeOptions,
          { sources: c.sources, categoryHint: c.categoryHint, doc: l.doc },
        );
        if (fromListing.isLeak || !verdict) verdict = fromListing;
      }
      analysed.push(c.url);
      // Her items that this page lists (a related video, her post on a blog's front page): read on their own
      // pages. One step only: a page found that way does not hand on the pages it lists.
      if (verdict && !verdict.isLeak && !c.sources.includes(LISTED_SOURCE)) {
        for (const url of verdict.listedNamingHer ?? []) enqueue({ url, title: "", snippet: "", source: LISTED_SOURCE, ...(c.categoryHint ? { categoryHint: c.categoryHint } : {}) });
      }
      if (verdict) {
        for (const m of verdict.imageMatches) matchedImages.add(m.imageUrl);
        const f = verdict.finding;
        // The page, then the file-host links in its post that matched her (each a leak of its own).
        for (const found of verdict.isLeak && f ? [f, ...verdict.linkedFiles] : []) {
          const sent = leakUrls.get(found.url);
          // A file linked from several pages is one leak: told again only when a page makes it more certain.
          if (sent && (found === f || sent.confidence === "high" || found.confidence !== "high")) continue;
          leakUrls.set(found.url, found);
          if (!sent) {
            leaks.push(found);
            progress.leaksFound = leaks.length;
          }
          await deps.onFinding?.(found);
        }
      }
      progress.pagesDone++;
      report();
    };

    const enqueue = (hit: SearchHit) => {
      const url = tryCanonicalizeUrl(hit.url);
      if (!url) return;
      const known = candidates.get(url);
      if (known) {
        if (!known.sources.includes(hit.source)) known.sources.push(hit.source);
        if (!known.hit.listing && hit.listing) known.hit = hit;
        return;
      }
      const c: Candidate = { url, hit, sources: [hit.source], categoryHint: hit.categoryHint };
      candidates.set(url, c);
      if (deps.skipUrls?.has(url)) return;
      if (exclusionReason(url, exclusions)) {
        excluded++;
        return;
      }
      if (progress.pagesPlanned >= settings.SCAN_MAX_PAGES) return;
      progress.pagesPlanned++;
      report();
      tasks.push(processCandidate(c));
    };

    const answered = new Set<string>();
    await Promise.all(
      plan.map(async ({ provider, queries, pages }) => {
        let consecutiveFailures = 0;
        for (const query of queries) {
          if (signal.aborted) break;
          try {
            for (let page = 1; page <= pages; page++) {
              const res = await provider.search(query, page, signal);
              answered.add(provider.id);
              consecutiveFailures = 0;
              res.hits.forEach(enqueue);
              if (!res.hasMore || res.hits.length === 0) break;
            }
          } catch (e) {
            if (signal.aborted) break;
            const err =
              e instanceof SearchSourceError
                ? { source: e.source, query, code: e.code, message: e.message }
                : { source: provider.id, query, code: "error", message: (e as Error).message };
            sourceErrors.push(err);
            log?.warn(err, "search source failed");
            consecutiveFailures++;
            if (FATAL_SOURCE_CODES.has(err.code) || consecutiveFailures >= MAX_CONSECUTIVE_SOURCE_FAILURES) {
              progress.queriesDone += queries.length - queries.indexOf(query);
              report();
              break;
            }
          }
          progress.queriesDone++;
          report();
        }
      }),
    );

    progress.phase = "fetch";
    report();
    // A page read may hand on pages it lists: those join the tasks while they run.
    for (let done = 0; done < tasks.length; ) {
      const batch = tasks.slice(done);
      await Promise.all(batch);
      done += batch.length;
    }

    const allSourcesFailed = answered.size === 0 && !signal.aborted;
    progress.phase = "done";
    report();
    return {
      outcome: allSourcesFailed ? "all-sources-failed" : budget.signal.aborted ? "budget-exhausted" : deps.signal?.aborted ? "aborted" : "completed",
      stats: {
        sitesAnalyzed: sitesAnalyzed.size,
        linksChecked,
        leaksFound: leaks.length,
        imagesMatched: matchedImages.size,
        durationMs: Date.now() - started,
      },
      leaks,
      sourceErrors,
      excluded,
      unreachable,
      skipped,
      analysedUrls: analysed,
    };
  } finally {
    clearTimeout(budgetTimer);
    if (ownFetcher) await fetcher.close().catch(() => undefined);
  }
}

function pageFrom(res: FetchResult, listedUrl: string): FetchedPage {
  return {
    listedUrl,
    finalUrl: res.finalUrl,
    status: res.status,
    contentType: res.contentType,
    body: res.body,
    truncated: res.truncated,
    fetchedAt: res.fetchedAt,
    sha256: res.sha256,
    robots: res.robots,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
}
