import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import type { CrawlCursor, CrawlEntryState } from "../../db/schema/crawls";
import { analyzePage, type FetchedPage } from "../../scanner/analyze-page";
import { hostMatchesDomain, tryCanonicalizeUrl } from "../../scanner/canonical-url";
import { crawlAdapter } from "../../scanner/crawl/crawl-adapters";
import type { CrawlSettings } from "../../scanner/crawl/crawl-settings";
import type { CrawlAdapterConfig, CrawlFamily, CrawlRequest, ListingPage } from "../../scanner/crawl/crawl-types";
import { buildCreatorMatcher, type CrawlCreator, type CreatorMatcher } from "../../scanner/crawl/creator-matcher";
import { FetchError, type FetchResult, type GuardedFetcher, type RobotsDecision } from "../../scanner/guarded-fetch";
import { decodeBody, type DocumentSource, type PageDocument } from "../../scanner/html-document";
import type { MatchedBlockInput, MatchedBlockLinks } from "../../scanner/file-hosts";
import { sharedPageParser } from "../../scanner/page-parser-pool";
import type { PageReadJob, PageReading } from "../../scanner/page-reading";
import { hashImageBuffer, MIN_IMAGE_SIDE } from "../../scanner/image-match";
import type { CrawlConfig, LeakSite, LeakSiteCatalog, ResolvedCrawlConfig } from "../../scanner/leak-site-catalog";
import { nodeinfoDocumentUrl, probeRequest, wellKnownProbes, type DetectInput, type FamilyGuess } from "../../scanner/crawl/family-detect";
import type { CrawlWork, CrawlWorkResult } from "../../scanner/crawl/crawl-work";
import { pagesThreads, reachesReadPosts, type ThreadPage } from "../../scanner/crawl/thread-pages";
import { PageTimeLimitError } from "../../scanner/page-parser-pool";
import { parseRobotsTxt, robotsCrawlDelayMs, robotsVerdict, type RobotsFile } from "../../scanner/robots-txt";
import type { ScannerSettings } from "../../scanner/scanner-settings";
import type { Finding } from "../../scanner/scan-types";
import type { SeenImage } from "../image-index/image-index.service";
import { HostBackoffError, HostPoliteness, retryAfterMs, type HostLease } from "./host-politeness.repository";
import * as repo from "./crawls.repository";
import { recordLeak } from "../scans/leak-recording.service";

/**
 * One crawl run of one catalogued site: walk its listings from the newest item down to the
 * cursor (the newest item of the last finished walk), record what is new, then read each
 * new item once and analyse it for every creator at once. Everything is committed as it
 * happens (each listing page's items and the walk's position, each item's claim and
 * result), so a killed runner loses nothing: the next run, here or in another process,
 * goes on where it stopped. Every request waits for the host's turn in the database
 * (HostPoliteness), so several runners together stay within the per-host limits.
 */

export type CrawledPage = {
  siteId: string;
  url: string;
  /** Image URLs on the page, absolute (for the shared image index). */
  images: string[];
  fetchedAt: string;
};

export type CrawlRunResult = {
  siteId: string;
  outcome: "completed" | "budget-exhausted" | "backing-off" | "aborted" | "failed";
  listingPages: number;
  itemsFound: number;
  itemsRead: number;
  /** Items read that named at least one creator. */
  itemsNamingCreators: number;
  leaks: number;
  newLeaks: number;
  requests: number;
  /** Images of crawled pages fetched, hashed and handed to the shared image index. */
  imagesIndexed: number;
  /** Images of crawled pages already in the index: not fetched again, their new pages recorded. */
  imagesKnown: number;
  errors: number;
  blocked: number;
  error: string | null;
  pages: CrawledPage[];
  /** Creators with leaks new to them (for alerts). */
  creatorsWithNewLeaks: Map<string, number>;
  durationMs: number;
};

export type CrawlRunnerDeps = {
  db: Db;
  fetcher: GuardedFetcher;
  settings: CrawlSettings &
    Pick<ScannerSettings, "SCAN_ROBOTS_POLICY" | "SCAN_USER_AGENT" | "SCAN_FETCH_TIMEOUT_MS" | "SCAN_MAX_BYTES" | "SCAN_MAX_IMAGES_PER_PAGE" | "SCAN_MAX_IMAGE_BYTES" | "SCAN_PAGE_TIME_LIMIT_MS">;
  catalog: LeakSiteCatalog;
  /**
   * The shared image index: each page's images are fetched (in their host's turn), hashed and
   * handed over, so that they match every creator's references, now and later. Omitted = not fetched.
   */
  indexImages?: (seen: SeenImage[]) => Promise<unknown>;
  /**
   * Images already in the index (canonical URLs) are not fetched again: their new pages are handed
   * here instead (recorded and matched from the stored hashes). Both or neither.
   */
  knownImages?: {
    indexedUrls: (imageUrls: string[]) => Promise<Set<string>>;
    seenAgain: (seen: Array<{ imageUrl: string; pageUrl: string; seenAt: Date }>) => Promise<unknown>;
  };
  /** Every creator to look for (with her allow-list), read at the start of each run. */
  creators: () => Promise<CrawlCreator[]>;
  /**
   * Reads a page (markup, names, leak context) off the event loop, within the page time limit;
   * default: the shared worker pool, as scans read pages. A page past the limit fails its item.
   */
  readPage?: (job: PageReadJob) => Promise<PageReading>;
  /** Finds the file-host links of the post that matched her; default: the process's page reader pool, with the page time limit. */
  fileLinks?: (input: MatchedBlockInput) => Promise<MatchedBlockLinks>;
  /**
   * Reads a listing page, or tells a site's family from a page, off the event loop within the page time
   * limit; default: the shared worker pool. A listing past the limit ends the walk for this run.
   */
  parseCrawlPage?: (work: CrawlWork) => Promise<CrawlWorkResult>;
  onPage?: (page: CrawledPage) => void | Promise<void>;
  /** A leak stored for a creator (after it is committed). */
  onLeak?: (event: { userId: string; finding: Finding; isNew: boolean }) => void | Promise<void>;
  now?: () => Date;
  logger?: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void; debug(obj: unknown, msg?: string): void };
  /** Names this runner in leases and claims (default: a random id per runner). */
  holder?: string;
};

class BudgetExhausted extends Error {
  override readonly name = "BudgetExhausted";
}

/** A request redirected to a host that is backing off: that host is not asked; the item waits until the host's turn. */
class RedirectBackoff extends FetchError {
  constructor(
    readonly waitMs: number,
    message: string,
    url: string,
  ) {
    super("connect", message, url);
  }
}

const CURSOR_KEYS = 20;
const MAX_IMAGES_PER_PAGE = 100;
/** Companion answers (creators' profiles) kept in one run at most. */
const MAX_COMPANIONS_PER_RUN = 2_000;
const MAX_ITEM_ATTEMPTS = 3;
const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_TTL_MS = 60 * 60_000;
/** A detected family is trusted this long before the site's pages are asked again. */
const DETECTION_TTL_MS = 24 * 60 * 60_000;
/** At most this many of an "auto" site's entry pages are read to tell its family. */
const MAX_DETECTION_PAGES = 5;

/** The family of an "auto" site, as detected: carried in the site's run summary, so every worker reuses it. */
export type DetectedFamily = { family: CrawlFamily; entryPages: string[]; threadPath: "res" | "thread"; evidence: string; at: string };

class FamilyUnknown extends Error {
  override readonly name = "FamilyUnknown";
}

type CrawlSite = LeakSite & { crawl: ResolvedCrawlConfig };

const DISCOVERY: Record<CrawlFamily, string> = {
  xenforo: "new thread or post on",
  discourse: "new topic or post on",
  phpbb: "new topic or post on",
  vbulletin: "new thread or post on",
  wordpress: "new post on",
  imageboard: "new thread on",
  listing: "new page on",
  vbulletin5: "new topic or post on",
  invision: "new topic or post on",
  mybb: "new thread or post on",
  smf: "new topic or post on",
  flarum: "new discussion or post on",
  nodebb: "new topic or post on",
  telegram: "new message on",
  lemmy: "new post or comment on",
  mastodon: "new post on",
  discuz: "new thread or reply on",
  misskey: "new note on",
  danbooru: "new or retagged post on",
  gelbooru: "new or retagged post on",
  moebooru: "new or retagged post on",
  philomena: "new or retagged image on",
  szurubooru: "new or retagged post on",
  shimmie: "new post on",
  kvs: "new video on",
  peertube: "new video on",
  feed: "new post on",
  kemono: "new post on",
};

export function adapterConfig(site: LeakSite & { crawl: CrawlConfig }): CrawlAdapterConfig {
  const baseUrl = (site.crawl.baseUrl ?? `https://${site.domains[0]}`).replace(/(?<!\/)\/+$/, "");
  return {
    baseUrl,
    domains: site.domains,
    selectors: site.crawl.selectors,
    itemPattern: site.crawl.itemPattern ? new RegExp(site.crawl.itemPattern, "i") : null,
    threadPath: site.crawl.threadPath,
  };
}

/** The listing pages a crawl walks; for an "auto" site, the pages its family is told from. */
export function entryPages(site: LeakSite & { crawl: CrawlConfig }): string[] {
  const family = site.crawl.family;
  if (family === "auto") return site.crawl.entryPages ?? [`${adapterConfig(site).baseUrl}/`];
  const adapter = crawlAdapter(family);
  const pages = site.crawl.entryPages ?? adapter.defaultEntryPages(adapterConfig(site));
  // The hashtags the catalog names: their timelines, on the server of the first listing that has them.
  const tags = site.crawl.tags ?? [];
  if (tags.length === 0 || !adapter.tagEntryPage) return pages;
  const first = pages.find((p) => adapter.tagEntryPage!(p, "x") !== null);
  const tagged = first ? tags.map((t) => adapter.tagEntryPage!(first, t)).filter((p): p is string => p !== null) : [];
  return [...new Set([...pages, ...tagged])];
}

export class CrawlRunner {
  readonly holder: string;
  readonly politeness: HostPoliteness;
  readonly #robots = new Map<string, { at: number; file: Promise<RobotsFile | "no-robots" | "unreachable"> }>();
  readonly #leaseMs: number;
  readonly #detected = new Map<string, DetectedFamily>();

  constructor(private readonly deps: CrawlRunnerDeps) {
    this.holder = deps.holder ?? `crawler-${randomUUID()}`;
    // A slot or a claim outlives any request (its time limit) with room to spare; a dead runner's expire.
    this.#leaseMs = deps.settings.SCAN_FETCH_TIMEOUT_MS * 2 + 10_000;
    this.politeness = new HostPoliteness(deps.db, this.holder, {
      perHost: deps.settings.CRAWL_PER_HOST_CONCURRENCY,
      minDelayMs: deps.settings.CRAWL_MIN_DELAY_MS,
      leaseMs: this.#leaseMs,
      maxBackoffMs: deps.settings.CRAWL_MAX_BACKOFF_MS,
    });
  }

  async run(siteId: string, opts: { signal?: AbortSignal } = {}): Promise<CrawlRunResult> {
    const { db, settings } = this.deps;
    const now = this.deps.now ?? (() => new Date());
    const started = Date.now();
    const site = this.deps.catalog.byId(siteId);
    if (!site?.crawl) throw new Error(`no crawlable site ${siteId} in the catalog`);
    const siteRow = await repo.findSite(db, siteId);
    if (!siteRow) await repo.ensureSite(db, siteId);
    let crawlSite: CrawlSite;
    let adapter: ReturnType<typeof crawlAdapter>;
    let config: CrawlAdapterConfig;
    let detected: DetectedFamily | null = null;

    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(new BudgetExhausted("crawl budget used up")), settings.CRAWL_BUDGET_MS);
    const signal = opts.signal ? AbortSignal.any([opts.signal, budget.signal]) : budget.signal;
    const deadline = started + settings.CRAWL_BUDGET_MS;

    const result: CrawlRunResult = {
      siteId,
      outcome: "completed",
      listingPages: 0,
      itemsFound: 0,
      itemsRead: 0,
      itemsNamingCreators: 0,
      leaks: 0,
      newLeaks: 0,
      requests: 0,
      imagesIndexed: 0,
      imagesKnown: 0,
      errors: 0,
      blocked: 0,
      error: null,
      pages: [],
      creatorsWithNewLeaks: new Map(),
      durationMs: 0,
    };
    const noteError = (e: unknown, what: string) => {
      result.errors++;
      result.error = `${what}: ${(e as Error).message}`.slice(0, 500);
      this.deps.logger?.debug({ siteId, err: (e as Error).message }, what);
    };

    /** One request, in the host's turn, counted against the run's budget. */
    const politeFetch = async (url: string, kind: "listing" | "item", request?: CrawlRequest | null): Promise<FetchResult> => {
      if (result.requests >= settings.CRAWL_MAX_REQUESTS_PER_RUN) throw new BudgetExhausted("request budget used up");
      const u = new URL(request?.url ?? url);
      const robots = await this.#robotsDecision(u, signal, deadline);
      if (robots.policy === "respect" && (robots.status === "disallowed" || robots.status === "unreachable")) {
        result.blocked++;
        throw new FetchError("robots-disallowed", `robots.txt: ${robots.rule ?? robots.status}`, url);
      }
      const res = await this.#fetchInTurn(u, signal, deadline, () => result.requests++, request ? { method: request.method, body: request.body, headers: request.headers } : {});
      res.robots = robots;
      // An API POSTed to is known by its address (its query is the body): that is what its answer is read as.
      if (request && res.finalUrl === request.url) res.finalUrl = url;
      if (res.status === 401 || res.status === 403) result.blocked++;
      this.deps.logger?.debug({ siteId, url, status: res.status, kind }, "crawl fetch");
      return res;
    };

    /** An image of a crawled page: in its host's turn and the run's budget; robots.txt is not asked (as scans fetch images). */
    const politeImage = async (url: string, pageUrl: string): Promise<FetchResult> => {
      if (result.requests >= settings.CRAWL_MAX_REQUESTS_PER_RUN) throw new BudgetExhausted("request budget used up");
      return this.#fetchInTurn(new URL(url), signal, deadline, () => result.requests++, {
        maxBytes: settings.SCAN_MAX_IMAGE_BYTES,
        truncate: false,
        headers: { accept: "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8", referer: pageUrl },
      });
    };

    /**
     * What an adapter reads beside an item (a creator's profile), in the host's turn: kept for the run (a creator's many
     * posts ask once), null when it cannot be read; the item is read without it.
     */
    const companions = new Map<string, string | null>();
    const readCompanion = async (address: string, request: CrawlRequest | null | undefined): Promise<string | null> => {
      if (companions.has(address)) return companions.get(address)!;
      let body: string | null = null;
      try {
        const res = await politeFetch(address, "item", request);
        if (res.status >= 200 && res.status < 300 && !res.truncated) body = decodeBody(res.body, res.contentType);
      } catch (e) {
        if (!(e instanceof FetchError) || e.reason === "aborted") throw e;
      }
      if (companions.size < MAX_COMPANIONS_PER_RUN) companions.set(address, body);
      return body;
    };

    const parseCrawlPage =
      this.deps.parseCrawlPage ??
      ((work: CrawlWork): Promise<CrawlWorkResult> =>
        work.kind === "listing"
          ? sharedPageParser().listing(work, settings.SCAN_PAGE_TIME_LIMIT_MS)
          : work.kind === "thread"
            ? sharedPageParser().thread(work, settings.SCAN_PAGE_TIME_LIMIT_MS)
            : work.kind === "structural"
              ? sharedPageParser().structural(work, settings.SCAN_PAGE_TIME_LIMIT_MS)
              : sharedPageParser().detect(work, settings.SCAN_PAGE_TIME_LIMIT_MS));

    try {
      if (site.crawl.family === "auto") {
        detected = await this.#detectFamily(site as LeakSite & { crawl: CrawlConfig }, siteRow?.lastRun ?? null, politeFetch, parseCrawlPage, now, noteError);
        crawlSite = { ...site, crawl: { ...site.crawl, family: detected.family, entryPages: detected.entryPages, threadPath: detected.threadPath } };
      } else crawlSite = site as CrawlSite;
      adapter = crawlAdapter(crawlSite.crawl.family);
      config = adapterConfig(crawlSite);
      const creators = buildCreatorMatcher(await this.deps.creators());

      // 1. The listings: one runner at a time walks them; the others go straight to reading.
      const claimed = await repo.claimListing(db, siteId, this.holder, this.#leaseMs);
      if (claimed) {
        try {
          for (const entry of entryPages(crawlSite)) {
            let state: CrawlEntryState = claimed.state[entry] ?? { cursor: null, walk: null };
            let url = state.walk?.next ?? entry;
            let top: CrawlCursor | null = state.walk?.top ?? null;
            let pagesThisRun = 0;
            for (;;) {
              signal.throwIfAborted();
              let res: FetchResult;
              try {
                res = await politeFetch(url, "listing", adapter.request?.(url));
              } catch (e) {
                if (e instanceof FetchError && e.reason !== "aborted") {
                  noteError(e, `listing ${url}`);
                  break;
                }
                throw e;
              }
              result.listingPages++;
              pagesThisRun++;
              if (res.status < 200 || res.status >= 300) {
                // Past a feed's last page (404), or an error page: the walk ends or waits for the next run.
                if (res.status === 404 && top) {
                  state = { cursor: top, walk: null };
                  await repo.saveEntryState(db, siteId, this.holder, entry, state, this.#leaseMs);
                } else noteError(new Error(`HTTP ${res.status}`), `listing ${url}`);
                break;
              }
              let page: ListingPage;
              try {
                page = (await parseCrawlPage({
                  kind: "listing",
                  family: crawlSite.crawl.family,
                  input: { body: decodeBody(res.body, res.contentType), url: res.finalUrl, contentType: res.contentType, headers: res.headers },
                  config,
                })) as ListingPage;
              } catch (e) {
                if (!(e instanceof PageTimeLimitError)) throw e;
                // A listing page that cannot be read in time (hostile markup): this walk ends here; what was found stays.
                noteError(e, `listing ${url}`);
                state = { cursor: top && top.keys.length > 0 ? top : state.cursor, walk: null };
                await repo.saveEntryState(db, siteId, this.holder, entry, state, this.#leaseMs);
                break;
              }
              result.itemsFound += await repo.insertItems(db, siteId, page.items);
              if (!top) top = cursorOf(page.items);
              const cursor = state.cursor;
              const reached =
                !!cursor &&
                (page.items.some((i) => cursor.keys.includes(i.key)) ||
                  (cursor.time !== null && page.items.length > 0 && page.items.every((i) => i.time !== null && i.time < cursor.time!)));
              const firstCrawlDone = !cursor && pagesThisRun >= settings.CRAWL_FIRST_LISTING_PAGES;
              const nextUrl = page.next && page.next !== url ? page.next : null;
              if (reached || !nextUrl || page.items.length === 0 || firstCrawlDone) {
                state = { cursor: top && top.keys.length > 0 ? top : cursor, walk: null };
                await repo.saveEntryState(db, siteId, this.holder, entry, state, this.#leaseMs);
                break;
              }
              state = { cursor, walk: { next: nextUrl, top: top! } };
              if (!(await repo.saveEntryState(db, siteId, this.holder, entry, state, this.#leaseMs))) break; // the listing lease was lost
              url = nextUrl;
            }
          }
        } finally {
          await repo.releaseListing(db, siteId, this.holder).catch(() => undefined);
        }
      }

      // 2. The items, in the order they were found: claimed one at a time, so that each is read once.
      const readers = Array.from({ length: settings.CRAWL_PER_HOST_CONCURRENCY }, async () => {
        for (;;) {
          signal.throwIfAborted();
          if (result.requests >= settings.CRAWL_MAX_REQUESTS_PER_RUN) throw new BudgetExhausted("request budget used up");
          const item = await repo.claimNextItem(db, siteId, this.holder, this.#leaseMs);
          if (!item) return;
          try {
            const read = await this.#readItem(crawlSite, item, creators, politeFetch, politeImage, readCompanion, parseCrawlPage, adapter, config, now, result);
            await repo.finishItem(db, siteId, item.key, this.holder, { status: "done", leaks: read.leaks, images: read.images });
            result.itemsRead++;
          } catch (e) {
            if (e instanceof RedirectBackoff) {
              noteError(e, `item ${item.url}`);
              await repo.deferItem(db, siteId, item.key, this.holder, e.waitMs, e.message.slice(0, 500));
              continue;
            }
            const retry = item.attempts < MAX_ITEM_ATTEMPTS;
            if (e instanceof FetchError && e.reason !== "aborted") {
              noteError(e, `item ${item.url}`);
              await repo.finishItem(db, siteId, item.key, this.holder, { status: e.reason === "robots-disallowed" || !retry ? "failed" : "pending", error: e.message.slice(0, 500) });
              continue;
            }
            // Out of budget or backing off: the item waits for the next run.
            await repo.finishItem(db, siteId, item.key, this.holder, { status: "pending" }).catch(() => undefined);
            throw e;
          }
        }
      });
      const settled = await Promise.allSettled(readers);
      const failure = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
      if (failure) throw failure.reason;
    } catch (e) {
      const reason = e instanceof Error && e.name === "AbortError" && signal.reason ? signal.reason : e;
      if (reason instanceof FamilyUnknown) {
        result.outcome = "failed";
        result.error = reason.message;
      } else if (reason instanceof BudgetExhausted || budget.signal.aborted) result.outcome = "budget-exhausted";
      else if (reason instanceof HostBackoffError) {
        result.outcome = "backing-off";
        result.error = reason.message;
      } else if (opts.signal?.aborted) result.outcome = "aborted";
      else {
        result.outcome = "failed";
        result.error = (reason as Error).message?.slice(0, 500) ?? String(reason);
      }
    } finally {
      clearTimeout(timer);
    }
    result.durationMs = Date.now() - started;
    const summary = {
      outcome: result.outcome,
      listingPages: result.listingPages,
      itemsFound: result.itemsFound,
      itemsRead: result.itemsRead,
      leaks: result.leaks,
      newLeaks: result.newLeaks,
      requests: result.requests,
      imagesIndexed: result.imagesIndexed,
      imagesKnown: result.imagesKnown,
      errors: result.errors,
      blocked: result.blocked,
      durationMs: result.durationMs,
      ...(detected ? { detected } : {}),
    };
    await repo.recordRun(db, siteId, {
      at: now(),
      success: result.outcome === "completed" || result.outcome === "budget-exhausted",
      error: result.error,
      itemsRead: result.itemsRead,
      pagesRead: result.listingPages,
      errors: result.errors,
      blocked: result.blocked,
      leaks: result.leaks,
      summary,
    });
    this.deps.logger?.info({ siteId, ...summary }, "crawl run finished");
    return result;
  }

  async #readItem(
    site: CrawlSite,
    item: repo.CrawlItemRow,
    creators: CreatorMatcher,
    politeFetch: (url: string, kind: "listing" | "item", request?: CrawlRequest | null) => Promise<FetchResult>,
    politeImage: (url: string, pageUrl: string) => Promise<FetchResult>,
    readCompanion: (address: string, request: CrawlRequest | null | undefined) => Promise<string | null>,
    parseCrawlPage: (work: CrawlWork) => Promise<CrawlWorkResult>,
    adapter: ReturnType<typeof crawlAdapter>,
    config: CrawlAdapterConfig,
    now: () => Date,
    result: CrawlRunResult,
  ): Promise<{ leaks: number; images: string[] }> {
    const address = item.fetchUrl ?? item.url;
    // An item whose listing carried its page (a feed's whole post) is read from it, at its address, not fetched.
    const res = item.page ? carriedPage(item.url, item.page, now(), this.deps.settings.SCAN_ROBOTS_POLICY) : await politeFetch(address, "item", adapter.request?.(address));
    if (res.status < 200 || res.status >= 300) throw new FetchError("protocol", `HTTP ${res.status}`, item.url);
    const text = decodeBody(res.body, res.contentType);
    const beside = adapter.itemCompanion?.(item) ?? null;
    const companion = beside ? await readCompanion(beside, adapter.request?.(beside)) : null;
    const converted = adapter.itemPage({ body: text, url: res.finalUrl, contentType: res.contentType, item, companion }, config);
    // An API's answer, or a thread read at its last post's page (phpBB, vBulletin), is shown at the item's page URL, so
    // that every version of a thread is one leak; an HTML page read at its own address is shown where it ended up.
    // Links in fetched HTML resolve against where it was fetched.
    const pageUrl = converted || item.fetchUrl ? item.url : res.finalUrl;
    const src: DocumentSource = converted
      ? { body: Buffer.from(converted.html, "utf8"), contentType: "text/html; charset=utf-8", url: pageUrl, kind: "html" }
      : { body: res.body, contentType: res.contentType, url: res.finalUrl, kind: /html|xml/.test(res.contentType) || !res.contentType ? "html" : "text" };
    const readPage = this.deps.readPage ?? ((job: PageReadJob) => sharedPageParser().read(job, this.deps.settings.SCAN_PAGE_TIME_LIMIT_MS));
    const fileLinks = this.deps.fileLinks ?? ((input: MatchedBlockInput) => sharedPageParser().fileLinks(input, this.deps.settings.SCAN_PAGE_TIME_LIMIT_MS));
    const { doc } = await readPage({ src, text: { matchers: [], catalogSites: [], pageUrl, needContext: false } });
    if (pagesThreads(site.crawl.family)) await this.#queuePreviousPage(site, item, text, res, parseCrawlPage, config, result);

    const images = [...new Set([...doc.images.map((i) => i.src), ...doc.metaImages])].filter((s) => /^https?:\/\//i.test(s)).slice(0, MAX_IMAGES_PER_PAGE);
    const crawled: CrawledPage = { siteId: site.id, url: pageUrl, images, fetchedAt: res.fetchedAt };
    if (result.pages.length < 10_000) result.pages.push(crawled);
    await this.deps.onPage?.(crawled);
    if (this.deps.indexImages) await this.#indexImages(doc, pageUrl, politeImage, result, now);

    const named = creators.matchAllCreators(documentText(doc), { lang: doc.lang ?? null });
    if (named.size === 0) return { leaks: 0, images };
    result.itemsNamingCreators++;
    const page: FetchedPage = {
      listedUrl: item.url,
      finalUrl: pageUrl,
      status: res.status,
      contentType: src.contentType,
      body: Buffer.from(src.body),
      truncated: res.truncated,
      fetchedAt: res.fetchedAt,
      sha256: res.sha256,
      robots: res.robots,
    };
    const discovery = `${DISCOVERY[site.crawl.family]} ${site.name}`;
    let leaks = 0;
    for (const userId of named.keys()) {
      const profile = creators.creators.get(userId)!;
      const verdict = await analyzePage(
        page,
        { matchers: profile.matchers, exclusions: profile.exclusions, catalog: this.deps.catalog, references: [], maxImagesPerPage: 0, readPage, fileLinks },
        { sources: [`crawl:${site.id}`], categoryHint: site.category, doc },
      );
      const f = verdict.finding;
      if (!verdict.isLeak || !f) continue;
      const finding: Finding = { ...f, evidence: { ...f.evidence, signals: [`crawl: ${discovery}`, ...f.evidence.signals] } };
      const { isNew } = await recordLeak(this.deps.db, {
        userId,
        canonicalUrl: finding.url,
        url: tryCanonicalizeUrl(item.url) ?? finding.url,
        domain: finding.domain,
        title: (finding.evidence.title || item.title).slice(0, 500),
        category: finding.category,
        confidence: finding.confidence,
        evidence: { ...finding.evidence, discovery: { how: "crawl", site: site.id, siteName: site.name, text: discovery, itemKey: item.key } },
        seenAt: now(),
        pageRead: true,
      });
      leaks++;
      result.leaks++;
      if (isNew) {
        result.newLeaks++;
        result.creatorsWithNewLeaks.set(userId, (result.creatorsWithNewLeaks.get(userId) ?? 0) + 1);
      }
      await this.deps.onLeak?.({ userId, finding, isNew });
      // The file-host links in her post (scanner/file-hosts.ts): leaks of their own.
      for (const file of verdict.linkedFiles) {
        const linked = await recordLeak(this.deps.db, {
          userId,
          canonicalUrl: file.url,
          url: file.url,
          domain: file.domain,
          title: "",
          category: file.category,
          confidence: file.confidence,
          evidence: { ...file.evidence, discovery: { how: "crawl", site: site.id, siteName: site.name, text: discovery, itemKey: item.key } },
          seenAt: now(),
          // A link seen, not the file's page read (record-leak.repository.ts).
          pageRead: false,
        });
        leaks++;
        result.leaks++;
        if (linked.isNew) {
          result.newLeaks++;
          result.creatorsWithNewLeaks.set(userId, (result.creatorsWithNewLeaks.get(userId) ?? 0) + 1);
        }
        await this.deps.onLeak?.({ userId, finding: file, isNew: linked.isNew });
      }
    }
    return { leaks, images };
  }

  /**
   * A forum thread is read at its last page; when more posts arrived since it was last read than that
   * page holds, the page before it is queued as an item of its own (committed, so a killed runner's
   * successor goes on from it), and so on back, until a page holds a post read before, or the
   * thread's page cap (CRAWL_MAX_THREAD_PAGES); the run's request budget bounds it too, what is
   * left waiting for the next run. Every page is shown at the thread's address, so that it is one leak.
   */
  async #queuePreviousPage(
    site: CrawlSite,
    item: repo.CrawlItemRow,
    body: string,
    res: FetchResult,
    parseCrawlPage: (work: CrawlWork) => Promise<CrawlWorkResult>,
    config: CrawlAdapterConfig,
    result: CrawlRunResult,
  ): Promise<void> {
    const { version, depth } = repo.threadPageOf(item.key);
    if (depth + 1 >= this.deps.settings.CRAWL_MAX_THREAD_PAGES || !version.includes("@")) return;
    let page: ThreadPage | null;
    try {
      page = (await parseCrawlPage({
        kind: "thread",
        family: site.crawl.family,
        input: { body, url: res.finalUrl, contentType: res.contentType, headers: res.headers },
        config,
      })) as ThreadPage | null;
    } catch (e) {
      if (!(e instanceof PageTimeLimitError)) throw e;
      // A page that cannot be read in time: the thread is not walked further back.
      return;
    }
    if (!page?.previous) return;
    if (reachesReadPosts(page, await repo.threadReadTo(this.deps.db, site.id, version))) return;
    result.itemsFound += await repo.insertItems(this.deps.db, site.id, [
      { key: repo.threadPageKey(version, depth + 1), url: item.url, fetchUrl: page.previous, title: item.title, time: null },
    ]);
  }

  /**
   * The family of an "auto" site: the one detected in the last day (by any worker: it is kept in the site's
   * run summary), else told from its entry pages, else from its well-known addresses (latest.json, wp-json,
   * catalog.json). Each page is read in the host's turn, robots.txt as for listings.
   */
  async #detectFamily(
    site: LeakSite & { crawl: CrawlConfig },
    lastRun: Record<string, unknown> | null,
    politeFetch: (url: string, kind: "listing" | "item", request?: CrawlRequest | null) => Promise<FetchResult>,
    parse: (work: CrawlWork) => Promise<CrawlWorkResult>,
    now: () => Date,
    noteError: (e: unknown, what: string) => void,
  ): Promise<DetectedFamily> {
    const fresh = (d: DetectedFamily | null | undefined): d is DetectedFamily => !!d && now().getTime() - Date.parse(d.at) < DETECTION_TTL_MS;
    const known = this.#detected.get(site.id);
    if (fresh(known)) return known;
    const stored = lastRun?.detected as DetectedFamily | undefined;
    if (fresh(stored) && Array.isArray(stored.entryPages) && stored.entryPages.length > 0) {
      this.#detected.set(site.id, stored);
      return stored;
    }
    const base = adapterConfig(site).baseUrl;
    // The first entry page that answered with HTML: read by its structure if nothing names its package.
    let firstPage: DetectInput | null = null;
    // Whether any page answered at all: a host that no page of reaches (refused, TLS, DNS, timeouts) is not
    // probed further, since each failure there counts toward its backoff, which doubles with each one.
    let answered = false;
    let unreachable: string | null = null;
    /** Whether the last page tried could not reach its host at all (DNS, connection, time limit). */
    let lastUnreachable = false;
    const tryPage = async (url: string, follow = true): Promise<FamilyGuess | null> => {
      let res: FetchResult;
      lastUnreachable = false;
      try {
        res = await politeFetch(url, "listing", probeRequest(url));
      } catch (e) {
        if (e instanceof FetchError && e.reason !== "aborted") {
          noteError(e, `detecting the family at ${url}`);
          if (e.reason !== "robots-disallowed") unreachable ??= e.message.slice(0, 200);
          lastUnreachable = e.reason === "dns" || e.reason === "connect" || e.reason === "timeout";
          return null;
        }
        throw e;
      }
      answered = true;
      if (res.status < 200 || res.status >= 300) return null;
      const input = { body: decodeBody(res.body, res.contentType), url: res.finalUrl, contentType: res.contentType, headers: res.headers };
      if (!firstPage && /html/i.test(res.contentType)) firstPage = input;
      // /.well-known/nodeinfo names the document that says which server software answers (one more request).
      const nodeinfo = follow ? nodeinfoDocumentUrl(input.body, input.url, site.domains) : null;
      if (nodeinfo) return tryPage(nodeinfo, false);
      let g: FamilyGuess | null;
      try {
        g = (await parse({ kind: "detect", input, domains: site.domains })) as FamilyGuess | null;
      } catch (e) {
        if (e instanceof PageTimeLimitError) return null;
        throw e;
      }
      // A page that tells more (Philomena's system filters): one more request, its guess kept when of the same family.
      if (g?.follow && follow && URL.canParse(g.follow) && site.domains.some((d) => hostMatchesDomain(new URL(g.follow!).hostname.toLowerCase(), d))) {
        const better = await tryPage(g.follow, false);
        if (better?.family === g.family) return better;
      }
      return g;
    };
    const guesses: FamilyGuess[] = [];
    for (const url of (site.crawl.entryPages ?? [`${base}/`]).slice(0, MAX_DETECTION_PAGES)) {
      const g = await tryPage(url);
      if (g && (guesses.length === 0 || g.family === guesses[0]!.family)) guesses.push(g);
    }
    if (guesses.length === 0 && answered) {
      for (const probe of wellKnownProbes(base)) {
        const g = await tryPage(probe);
        if (g) {
          guesses.push(g);
          break;
        }
        // A probe whose host could not be reached: the next ones would only add to the host's backoff.
        if (lastUnreachable) break;
      }
    }
    if (guesses.length === 0 && firstPage) {
      try {
        const g = (await parse({ kind: "structural", input: firstPage, domains: site.domains })) as FamilyGuess | null;
        if (g) guesses.push(g);
      } catch (e) {
        if (!(e instanceof PageTimeLimitError)) throw e;
      }
    }
    const first = guesses[0];
    if (!first) {
      const why = !answered && unreachable ? ` (its pages could not be reached: ${unreachable})` : "";
      throw new FamilyUnknown(`could not tell which forum, blog or imageboard software ${site.name} runs; name its family in the catalog${why}`);
    }
    const detected: DetectedFamily = {
      family: first.family,
      entryPages: [...new Set(guesses.flatMap((g) => g.entryPages))].slice(0, 50),
      threadPath: first.threadPath,
      evidence: first.evidence,
      at: now().toISOString(),
    };
    this.#detected.set(site.id, detected);
    this.deps.logger?.info({ siteId: site.id, family: detected.family, evidence: detected.evidence, entryPages: detected.entryPages }, "crawl family detected");
    return detected;
  }

  /** The page's images (as a scan picks them: no SVG, none declared smaller than a hash needs), fetched, hashed, indexed. */
  async #indexImages(
    doc: PageDocument,
    pageUrl: string,
    politeImage: (url: string, pageUrl: string) => Promise<FetchResult>,
    result: CrawlRunResult,
    now: () => Date,
  ): Promise<void> {
    const candidates: string[] = [];
    for (const img of doc.images) {
      if (/\.svg(?:$|[?#])/i.test(img.src) || !/^https?:\/\//i.test(img.src)) continue;
      if ((img.width !== null && img.width < MIN_IMAGE_SIDE) || (img.height !== null && img.height < MIN_IMAGE_SIDE)) continue;
      if (!candidates.includes(img.src)) candidates.push(img.src);
    }
    for (const m of doc.metaImages) if (/^https?:\/\//i.test(m) && !candidates.includes(m)) candidates.push(m);
    let toFetch = candidates.slice(0, this.deps.settings.SCAN_MAX_IMAGES_PER_PAGE);
    const known = this.deps.knownImages;
    if (known && toFetch.length > 0) {
      try {
        const indexed = await known.indexedUrls(toFetch);
        const again = toFetch.filter((src) => indexed.has(tryCanonicalizeUrl(src) ?? src));
        if (again.length > 0) {
          const seenAt = now();
          await known.seenAgain(again.map((imageUrl) => ({ imageUrl, pageUrl, seenAt })));
          result.imagesKnown += again.length;
          toFetch = toFetch.filter((src) => !again.includes(src));
        }
      } catch (e) {
        // The index cannot say: the images are fetched as if new.
        this.deps.logger?.warn({ err: (e as Error).message, pageUrl }, "known crawled images could not be recorded");
      }
    }
    const seen: SeenImage[] = [];
    for (const src of toFetch) {
      let res: FetchResult;
      try {
        res = await politeImage(src, pageUrl);
      } catch (e) {
        // An image that cannot be had costs the image, not the page; out of budget or backing off ends the images.
        if (e instanceof FetchError && e.reason !== "aborted") continue;
        if (e instanceof BudgetExhausted || e instanceof HostBackoffError) break;
        throw e;
      }
      if (res.status < 200 || res.status >= 300) continue;
      const hash = await hashImageBuffer(res.body).catch(() => null);
      if (!hash) continue;
      seen.push({ imageUrl: src, pageUrl, host: new URL(pageUrl).hostname, hash: hash.hashes, quality: hash.quality, seenAt: new Date(res.fetchedAt) });
    }
    if (seen.length === 0) return;
    try {
      await this.deps.indexImages!(seen);
      result.imagesIndexed += seen.length;
    } catch (e) {
      // The page was read; its images wait for the next time they are seen.
      this.deps.logger?.warn({ err: (e as Error).message, pageUrl }, "crawled images could not be indexed");
    }
  }

  /**
   * A request in the host's turn (waiting at most until the deadline), with the outcome recorded for
   * the host. A redirect to another host hands this host's turn back and waits for that host's.
   */
  async #fetchInTurn(
    u: URL,
    signal: AbortSignal,
    deadline: number,
    count: () => void,
    extra: { maxBytes?: number; timeoutMs?: number; truncate?: boolean; headers?: Record<string, string>; method?: "GET" | "POST"; body?: string },
  ): Promise<FetchResult> {
    const maxWaitMs = () => Math.max(0, deadline - Date.now());
    let host = u.host.toLowerCase();
    let lease: HostLease | null = await this.politeness.acquire(host, { signal, maxWaitMs: maxWaitMs() });
    const beforeRedirect = async (next: URL) => {
      const to = next.host.toLowerCase();
      if (to === host) return;
      const held = lease;
      lease = null;
      await held?.release().catch(() => undefined);
      host = to;
      try {
        lease = await this.politeness.acquire(host, { signal, maxWaitMs: maxWaitMs() });
      } catch (e) {
        // That host is backing off: this item waits for a later run; the site's crawl goes on.
        if (e instanceof HostBackoffError) throw new RedirectBackoff(e.waitMs, `redirect to ${to}: ${e.message}`, next.href);
        throw e;
      }
    };
    let res: FetchResult;
    try {
      count();
      try {
        res = await this.deps.fetcher.fetch(u.href, { robots: false, retries: 0, signal, ...extra, beforeRedirect });
      } catch (e) {
        if (lease && e instanceof FetchError && e.reason !== "aborted" && e.reason !== "blocked-address" && e.reason !== "bad-url") {
          await this.politeness.failed(host, e.reason).catch(() => undefined);
        }
        throw e;
      }
      if (res.status === 429 || res.status === 503) {
        const wait = await this.politeness.throttled(host, res.status, retryAfterMs(res.headers["retry-after"]));
        throw new HostBackoffError(host, wait);
      }
      if (res.status >= 500) await this.politeness.failed(host, `HTTP ${res.status}`);
      else await this.politeness.succeeded(host, res.status);
    } finally {
      await (lease as HostLease | null)?.release().catch(() => undefined);
    }
    return res;
  }

  /**
   * robots.txt as scans read it (SCAN_ROBOTS_POLICY), fetched in the host's turn and kept for an hour: here,
   * and in the database for every other worker (crawl_host), so that the workers do not each fetch it.
   */
  async #robotsDecision(u: URL, signal: AbortSignal, deadline: number): Promise<RobotsDecision> {
    const policy = this.deps.settings.SCAN_ROBOTS_POLICY;
    const db = this.deps.db;
    const host = u.host.toLowerCase();
    let entry = this.#robots.get(u.origin);
    if (!entry || Date.now() - entry.at > ROBOTS_TTL_MS) {
      const fetchHere = () =>
        this.#fetchInTurn(new URL("/robots.txt", u.origin), signal, deadline, () => undefined, { maxBytes: ROBOTS_MAX_BYTES, timeoutMs: 5_000 }).then(
          async (r) => {
            const stored: Omit<repo.StoredRobots, "fetchedAt"> =
              r.status >= 200 && r.status < 300
                ? { status: "file", text: r.body.toString("utf8") }
                : { status: r.status >= 400 && r.status < 500 ? "no-robots" : "unreachable", text: null };
            const parsed = stored.status === "file" ? parseRobotsTxt(stored.text!) : null;
            // Crawl-delay, bounded: a site asking for 500 s between requests is read slowly over later runs, not waited on for ever.
            const asked = parsed ? robotsCrawlDelayMs(parsed, this.deps.settings.SCAN_USER_AGENT) : null;
            const delay = asked === null ? null : Math.min(asked, this.deps.settings.CRAWL_MAX_CRAWL_DELAY_MS);
            await repo.saveRobots(db, host, stored, new Date(), delay).catch(() => undefined);
            return stored.status === "file" ? parsed! : stored.status;
          },
          (e: unknown) => {
            // Waiting for our turn was cut short: no verdict was reached, ask again next time.
            if (e instanceof HostBackoffError || (e as Error).name === "AbortError" || signal.aborted) this.#robots.delete(u.origin);
            if (e instanceof HostBackoffError) throw e;
            if (signal.aborted) throw e;
            return "unreachable" as const;
          },
        );
      const file = repo.findRobots(db, host, ROBOTS_TTL_MS, new Date()).then(
        (shared) => (shared ? (shared.status === "file" ? parseRobotsTxt(shared.text ?? "") : shared.status) : fetchHere()),
        () => fetchHere(),
      );
      entry = { at: Date.now(), file };
      this.#robots.set(u.origin, entry);
    }
    const f = await entry.file;
    if (f === "no-robots" || f === "unreachable") return { policy, status: f, rule: null };
    const verdict = robotsVerdict(f, this.deps.settings.SCAN_USER_AGENT, u.pathname + u.search);
    return { policy, status: verdict.allowed ? "allowed" : "disallowed", rule: verdict.rule };
  }
}

/** A page its listing carried, as if fetched from the item's address (robots.txt allowed the listing it came in). */
function carriedPage(url: string, html: string, at: Date, policy: RobotsDecision["policy"]): FetchResult {
  const body = Buffer.from(html, "utf8");
  return {
    url,
    finalUrl: url,
    status: 200,
    headers: {},
    contentType: "text/html; charset=utf-8",
    body,
    truncated: false,
    fetchedAt: at.toISOString(),
    sha256: createHash("sha256").update(body).digest("hex"),
    redirects: [],
    robots: { policy, status: "allowed", rule: null },
  };
}

function cursorOf(items: { key: string; time: number | null }[]): CrawlCursor {
  const times = items.map((i) => i.time).filter((t): t is number => t !== null);
  return { keys: items.slice(0, CURSOR_KEYS).map((i) => i.key), time: times.length > 0 ? Math.max(...times) : null };
}

/** Everything of a page a name may be written in, as lines (a name never spans two). */
function documentText(doc: PageDocument): string {
  let path = "";
  try {
    path = decodeURIComponent(new URL(doc.url).pathname).replace(/[/_\-+.]+/g, " ");
  } catch {
    // a path that does not decode has no words to offer
  }
  return [doc.title, ...doc.meta, ...doc.headings, path, doc.text, doc.linkText, ...doc.images.map((i) => i.alt)].join("\n");
}
