import type { Db } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import type { Logger } from "../../lib/logger";
import type { CrawlSettings } from "../../scanner/crawl/crawl-settings";
import type { CrawlCreator } from "../../scanner/crawl/creator-matcher";
import type { GuardedFetcher } from "../../scanner/guarded-fetch";
import type { LeakSiteCatalog } from "../../scanner/leak-site-catalog";
import type { ScannerSettings } from "../../scanner/scanner-settings";
import { claimTick, setTick } from "../monitoring/monitoring.service";
import { periodOffsetMs } from "../monitoring/monitoring.service";
import { CrawlRunner, entryPages, type CrawledPage, type CrawlRunnerDeps, type CrawlRunResult, type DetectedFamily } from "./crawl-runner";
import { crawlSiteJob, crawlTickJob } from "./crawls.job-definitions";
import * as repo from "./crawls.repository";

export interface CrawlsDeps {
  db: Db;
  logger: Logger;
  queue: JobQueue;
  settings: CrawlSettings &
    Pick<ScannerSettings, "SCAN_ROBOTS_POLICY" | "SCAN_USER_AGENT" | "SCAN_FETCH_TIMEOUT_MS" | "SCAN_MAX_BYTES" | "SCAN_MAX_IMAGES_PER_PAGE" | "SCAN_MAX_IMAGE_BYTES" | "SCAN_PAGE_TIME_LIMIT_MS">;
  fetcher: GuardedFetcher;
  catalog: () => Promise<LeakSiteCatalog>;
  /** Every creator with names to look for, as her plan covers them. */
  creators: () => Promise<CrawlCreator[]>;
  /** Each page read (with its image URLs). */
  onPage?: (page: CrawledPage) => void | Promise<void>;
  /** The shared image index: crawled pages' images, fetched and hashed. */
  indexImages?: CrawlRunnerDeps["indexImages"];
  /** Images the index holds already: not fetched again, their new pages recorded. */
  knownImages?: CrawlRunnerDeps["knownImages"];
  /** After a run: creators who have leaks new to them (first seen since `since`, the run's start). */
  onNewLeaks?: (event: { userId: string; siteId: string; newLeaks: number; since: Date }) => Promise<void>;
  now?: () => Date;
}

const TICK = "crawl";

export type CrawlSiteStatus = {
  siteId: string;
  name: string;
  family: string;
  enabled: boolean;
  everyMinutes: number;
  entryPages: string[];
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastOutcome: string | null;
  itemsRead: number;
  listingPagesRead: number;
  errors: number;
  blocked: number;
  leaksFound: number;
  itemsWaiting: number;
  itemsFailed: number;
};

export function createCrawlsService(deps: CrawlsDeps) {
  const { db, logger, settings } = deps;
  const now = deps.now ?? (() => new Date());
  let runner: CrawlRunner | undefined;
  const runnerFor = async () =>
    (runner ??= new CrawlRunner({
      db,
      fetcher: deps.fetcher,
      settings,
      catalog: await deps.catalog(),
      creators: deps.creators,
      ...(deps.onPage ? { onPage: deps.onPage } : {}),
      ...(deps.indexImages ? { indexImages: deps.indexImages } : {}),
      ...(deps.knownImages ? { knownImages: deps.knownImages } : {}),
      now,
      logger,
    }));

  const everyMs = (minutes: number | undefined) => (minutes ?? settings.CRAWL_INTERVAL_MINUTES) * 60_000;

  /** Sites whose crawl is due get one job each (a site's crawl is claimed by one tick however many workers tick). */
  async function queueDue(at = now()): Promise<string[]> {
    const catalog = await deps.catalog();
    const queued: string[] = [];
    for (const site of catalog.crawlable()) {
      const period = everyMs(site.crawl.intervalMinutes);
      // A new site's first crawl is spread over its first period, so that sites do not all start at once.
      await repo.ensureSite(db, site.id, new Date(at.getTime() + Math.min(periodOffsetMs(site.id, period), 10 * 60_000)));
      if (!(await repo.claimDueSite(db, site.id, at, new Date(at.getTime() + period)))) continue;
      await deps.queue.send(crawlSiteJob, { siteId: site.id }, { singletonKey: `crawl:${site.id}` });
      queued.push(site.id);
    }
    if (queued.length > 0) logger.info({ sites: queued }, "crawls queued");
    return queued;
  }

  return {
    queueDue,

    async tick(): Promise<{ claimed: boolean; queued: string[] }> {
      if (!settings.CRAWL_ENABLED) return { claimed: false, queued: [] };
      const at = now();
      const next = new Date(at.getTime() + settings.CRAWL_TICK_SECONDS * 1000);
      if (!(await claimTick(db, TICK, new Date(at.getTime() + 5_000), next))) return { claimed: false, queued: [] };
      try {
        await deps.queue.send(crawlTickJob, {}, { startAfter: next });
      } catch (error) {
        await setTick(db, TICK, at);
        throw error;
      }
      return { claimed: true, queued: await queueDue(at) };
    },

    async kick(): Promise<void> {
      if (settings.CRAWL_ENABLED) await deps.queue.send(crawlTickJob, {});
    },

    /** One crawl run of a site, now, in this process. */
    async runSite(siteId: string, opts: { signal?: AbortSignal } = {}): Promise<CrawlRunResult> {
      const since = now();
      const result = await (await runnerFor()).run(siteId, opts);
      if (deps.onNewLeaks) {
        for (const [userId, newLeaks] of result.creatorsWithNewLeaks) {
          await deps.onNewLeaks({ userId, siteId, newLeaks, since }).catch((e: unknown) => logger.warn({ err: e, userId, siteId }, "crawl alert hook failed"));
        }
      }
      return result;
    },

    /** Crawl health per catalogued site, for operators. */
    async status(): Promise<CrawlSiteStatus[]> {
      const catalog = await deps.catalog();
      const rows = new Map((await repo.listSites(db)).map((r) => [r.siteId, r]));
      const counts = await repo.countItemsByStatus(db);
      const waiting = (id: string, statuses: string[]) => counts.filter((c) => c.siteId === id && statuses.includes(c.status)).reduce((n, c) => n + c.n, 0);
      return catalog.sites
        .filter((s) => !!s.crawl)
        .map((s) => {
          const r = rows.get(s.id);
          return {
            siteId: s.id,
            name: s.name,
            // An "auto" site shows the family its pages told, once a crawl has asked them.
            family: s.crawl!.family === "auto" ? (detectedOf(r?.lastRun)?.family ?? "auto") : s.crawl!.family,
            enabled: s.crawl!.enabled,
            everyMinutes: everyMs(s.crawl!.intervalMinutes) / 60_000,
            entryPages: (s.crawl!.family === "auto" ? detectedOf(r?.lastRun)?.entryPages : undefined) ?? entryPages(s as Parameters<typeof entryPages>[0]),
            nextRunAt: r?.nextRunAt.toISOString() ?? null,
            lastRunAt: r?.lastRunAt?.toISOString() ?? null,
            lastSuccessAt: r?.lastSuccessAt?.toISOString() ?? null,
            lastError: r?.lastError ?? null,
            lastOutcome: typeof r?.lastRun?.outcome === "string" ? r.lastRun.outcome : null,
            itemsRead: r?.itemsRead ?? 0,
            listingPagesRead: r?.pagesRead ?? 0,
            errors: r?.errors ?? 0,
            blocked: r?.blocked ?? 0,
            leaksFound: r?.leaksFound ?? 0,
            itemsWaiting: waiting(s.id, ["pending", "reading"]),
            itemsFailed: waiting(s.id, ["failed"]),
          };
        });
    },
  };
}

function detectedOf(lastRun: Record<string, unknown> | null | undefined): DetectedFamily | null {
  const d = lastRun?.detected;
  return d && typeof d === "object" && typeof (d as DetectedFamily).family === "string" ? (d as DetectedFamily) : null;
}

export type CrawlsService = ReturnType<typeof createCrawlsService>;
