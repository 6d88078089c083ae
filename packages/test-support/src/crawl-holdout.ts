import { eq } from "drizzle-orm";
import { afterEach, beforeEach } from "vitest";
import type { Database } from "../../../apps/server/src/db/client";
import { user } from "../../../apps/server/src/db/schema/auth";
import { leak } from "../../../apps/server/src/db/schema/scans";
import { CrawlRunner, type CrawlRunResult } from "../../../apps/server/src/modules/crawls/crawl-runner";
import type { SeenImage } from "../../../apps/server/src/modules/image-index/image-index.service";
import { parseCrawlSettings } from "../../../apps/server/src/scanner/crawl/crawl-settings";
import { createGuardedFetcher } from "../../../apps/server/src/scanner/guarded-fetch";
import type { LeakSiteCatalog } from "../../../apps/server/src/scanner/leak-site-catalog";
import { parseScannerSettings } from "../../../apps/server/src/scanner/scanner-settings";
import { IVY, LUNA } from "./fake-web/crawl-fixture-web";
import { openTestDatabase } from "./test-database";

/** A crawl test web: its sites behind the forward proxy, and the crawler's settings to reach them. */
type CrawlWeb = { settings: Record<string, string>; close(): Promise<void> };

export interface CrawlHoldout<W extends CrawlWeb> {
  /** This test's database (a fresh one for each test, and after freshDatabase()). */
  readonly database: Database;
  readonly web: W;
  /** The images the crawls handed to the image index, in order. */
  readonly indexed: SeenImage[];
  /** A runner over the catalog for Luna and Ivy, through the web's proxy; its images go to `indexed` unless told not to. */
  runner(catalog: LeakSiteCatalog, opts?: { indexImages?: boolean }): CrawlRunner;
  /** Each site crawled once, in order, by one runner. */
  crawlAll(catalog: LeakSiteCatalog, ids: readonly string[]): Promise<CrawlRunResult[]>;
  /** The canonical addresses of a creator's leaks that are pages (file-host links found in them apart), sorted. */
  leaksOf(userId: string): Promise<string[]>;
  /** A new empty database (with the two creators) and no images indexed: the same web crawled afresh. */
  freshDatabase(): Promise<void>;
}

/**
 * The set-up the crawl holdouts share: a test database with the creators Luna and Ivy, the test web started for
 * each test, and crawl runners over it. Registers its beforeEach and afterEach in the calling describe block.
 */
export function useCrawlHoldout<W extends CrawlWeb>(startWeb: () => Promise<W>): CrawlHoldout<W> {
  let database: Database | null = null;
  let web: W | null = null;
  // One array for the whole test, emptied in place, so that a test may hold on to it.
  const indexed: SeenImage[] = [];

  const openDatabase = async () => {
    const db = await openTestDatabase();
    for (const id of ["luna", "ivy"]) await db.db.insert(user).values({ id, name: id, email: `${id}@example.com` }).onConflictDoNothing();
    return db;
  };
  beforeEach(async () => {
    database = await openDatabase();
    web = await startWeb();
    indexed.length = 0;
  });
  afterEach(async () => {
    await web?.close();
    await database?.close();
    web = null;
    database = null;
  });

  const h: CrawlHoldout<W> = {
    get database() {
      return database!;
    },
    get web() {
      return web!;
    },
    get indexed() {
      return indexed;
    },
    runner(catalog, opts = {}) {
      const settings = { ...parseScannerSettings(web!.settings), ...parseCrawlSettings(web!.settings) };
      return new CrawlRunner({
        db: database!.db,
        fetcher: createGuardedFetcher(settings),
        settings,
        catalog,
        creators: async () => [LUNA, IVY],
        ...(opts.indexImages === false ? {} : { indexImages: async (seen: SeenImage[]) => void indexed.push(...seen) }),
      });
    },
    async crawlAll(catalog, ids) {
      const r = h.runner(catalog);
      const out: CrawlRunResult[] = [];
      for (const id of ids) out.push(await r.run(id));
      return out;
    },
    async leaksOf(userId) {
      return (await database!.db.select().from(leak).where(eq(leak.userId, userId)))
        .filter((r) => !("linkedFrom" in r.evidence))
        .map((r) => r.canonicalUrl)
        .sort();
    },
    async freshDatabase() {
      await database?.close();
      database = await openDatabase();
      indexed.length = 0;
    },
  };
  return h;
}
