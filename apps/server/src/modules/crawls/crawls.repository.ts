import { and, asc, count, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { crawlHost, crawlItem, crawlSite, type CrawlEntryState } from "../../db/schema/crawls";
import { nickname, stageName } from "../../db/schema/identities";

export type CrawlSiteRow = typeof crawlSite.$inferSelect;
export type CrawlItemRow = typeof crawlItem.$inferSelect;

export async function ensureSite(db: DbOrTx, siteId: string, nextRunAt?: Date): Promise<void> {
  await db
    .insert(crawlSite)
    .values({ siteId, ...(nextRunAt ? { nextRunAt } : {}) })
    .onConflictDoNothing();
}

export async function findSite(db: DbOrTx, siteId: string): Promise<CrawlSiteRow | undefined> {
  const rows = await db.select().from(crawlSite).where(eq(crawlSite.siteId, siteId)).limit(1);
  return rows[0];
}

export function listSites(db: DbOrTx) {
  return db.select().from(crawlSite).orderBy(asc(crawlSite.siteId));
}

/** Takes the site's crawl when it is due: true for the one caller that got it. */
export async function claimDueSite(db: DbOrTx, siteId: string, at: Date, nextRunAt: Date): Promise<boolean> {
  const rows = await db
    .update(crawlSite)
    .set({ nextRunAt })
    .where(and(eq(crawlSite.siteId, siteId), sql`${crawlSite.nextRunAt} <= ${at}`))
    .returning({ siteId: crawlSite.siteId });
  return rows.length > 0;
}

/** The listing walk of a site is one runner's at a time (renewed as it goes; it expires if the runner dies). */
export async function claimListing(db: DbOrTx, siteId: string, holder: string, leaseMs: number): Promise<CrawlSiteRow | undefined> {
  const rows = await db
    .update(crawlSite)
    .set({ listingHolder: holder, listingUntil: sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'` })
    .where(
      and(
        eq(crawlSite.siteId, siteId),
        or(isNull(crawlSite.listingUntil), lt(crawlSite.listingUntil, sql`clock_timestamp()`), eq(crawlSite.listingHolder, holder)),
      ),
    )
    .returning();
  return rows[0];
}

export async function releaseListing(db: DbOrTx, siteId: string, holder: string): Promise<void> {
  await db
    .update(crawlSite)
    .set({ listingHolder: null, listingUntil: null })
    .where(and(eq(crawlSite.siteId, siteId), eq(crawlSite.listingHolder, holder)));
}

/** Saves one entry page's cursor / walk (only by the listing's holder). */
export async function saveEntryState(db: DbOrTx, siteId: string, holder: string, entry: string, state: CrawlEntryState, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(crawlSite)
    .set({
      state: sql`jsonb_set(${crawlSite.state}, array[${entry}]::text[], ${JSON.stringify(state)}::jsonb, true)`,
      listingUntil: sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(and(eq(crawlSite.siteId, siteId), eq(crawlSite.listingHolder, holder)))
    .returning({ siteId: crawlSite.siteId });
  return rows.length > 0;
}

/** The largest page an item may carry (characters). */
export const MAX_CARRIED_PAGE = 512 * 1024;

export type NewItem = { key: string; url: string; fetchUrl: string | null; title: string; time: number | null; page?: string | null };

/** Records items found on a listing; items already known (read or waiting) are left as they are. Returns how many were new. */
export async function insertItems(db: DbOrTx, siteId: string, items: NewItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const rows = await db
    .insert(crawlItem)
    .values(
      items.map((i) => ({
        siteId,
        key: i.key.slice(0, 500),
        url: i.url,
        fetchUrl: i.fetchUrl,
        // A carried page past the cap is not kept: the item is fetched instead.
        page: i.page && i.page.length <= MAX_CARRIED_PAGE ? i.page : null,
        title: i.title,
        itemTime: i.time === null ? null : new Date(i.time),
      })),
    )
    .onConflictDoNothing()
    .returning({ key: crawlItem.key });
  return rows.length;
}

/**
 * Claims the next item to read: waiting, or claimed by a runner whose claim ran out (it died).
 * Rows another runner is claiming at this moment are skipped, not waited for.
 */
export async function claimNextItem(db: Db, siteId: string, holder: string, claimMs: number): Promise<CrawlItemRow | undefined> {
  const next = db
    .select({ key: crawlItem.key })
    .from(crawlItem)
    .where(
      and(
        eq(crawlItem.siteId, siteId),
        or(eq(crawlItem.status, "pending"), and(eq(crawlItem.status, "reading"), lt(crawlItem.claimUntil, sql`clock_timestamp()`))),
      ),
    )
    .orderBy(asc(crawlItem.seq))
    .limit(1)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(crawlItem)
    .set({
      status: "reading",
      claimedBy: holder,
      claimUntil: sql`clock_timestamp() + ${claimMs} * interval '1 millisecond'`,
      attempts: sql`${crawlItem.attempts} + 1`,
    })
    .where(and(eq(crawlItem.siteId, siteId), eq(crawlItem.key, sql`(${next})`)))
    .returning();
  return rows[0];
}

/**
 * An item that cannot be read now through no fault of its own (it redirects to a host that is
 * backing off): claimable again after `ms`, and the claim does not count as an attempt.
 */
export async function deferItem(db: DbOrTx, siteId: string, key: string, holder: string, ms: number, error: string): Promise<boolean> {
  const rows = await db
    .update(crawlItem)
    .set({
      claimedBy: null,
      claimUntil: sql`clock_timestamp() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`,
      attempts: sql`greatest(0, ${crawlItem.attempts} - 1)`,
      error,
    })
    .where(and(eq(crawlItem.siteId, siteId), eq(crawlItem.key, key), eq(crawlItem.claimedBy, holder), eq(crawlItem.status, "reading")))
    .returning({ key: crawlItem.key });
  return rows.length > 0;
}

export async function finishItem(
  db: DbOrTx,
  siteId: string,
  key: string,
  holder: string,
  values: { status: "done" | "failed" | "pending"; leaks?: number; images?: string[]; error?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(crawlItem)
    .set({
      status: values.status,
      claimedBy: values.status === "pending" ? null : holder,
      claimUntil: null,
      // A carried page is kept until the item is read (or given up on), then dropped.
      ...(values.status === "done" ? { readAt: sql`clock_timestamp()`, page: null } : values.status === "failed" ? { page: null } : {}),
      ...(values.leaks !== undefined ? { leaks: values.leaks } : {}),
      ...(values.images ? { images: values.images } : {}),
      error: values.error ?? null,
    })
    .where(and(eq(crawlItem.siteId, siteId), eq(crawlItem.key, key), eq(crawlItem.claimedBy, holder), eq(crawlItem.status, "reading")))
    .returning({ key: crawlItem.key });
  return rows.length > 0;
}

/** A thread's earlier page, queued as an item of its own: `${version}|back${n}` (n pages before the last). */
const BACK = /\|back(\d{1,4})$/;

export function threadPageKey(version: string, depth: number): string {
  return `${version}|back${depth}`;
}

/** The version an item key reads ("t912@p5521" for "t912@p5521|back2") and how many pages back from its last page. */
export function threadPageOf(key: string): { version: string; depth: number } {
  const m = BACK.exec(key);
  return m ? { version: key.slice(0, m.index), depth: Number(m[1]) } : { version: key, depth: 0 };
}

/**
 * What of a thread was read before this version: the newest post id ("t912@p5521") and the newest
 * time (the listing's time, or a time version "t4411@1793527200000") among its versions read
 * ("done"), this version and its pages left out. Null when none was read.
 */
export async function threadReadTo(db: DbOrTx, siteId: string, version: string): Promise<{ postId: number | null; time: number | null } | null> {
  const at = version.indexOf("@");
  if (at <= 0) return null;
  const prefix = version.slice(0, at + 1);
  const rows = await db
    .select({ key: crawlItem.key, itemTime: crawlItem.itemTime })
    .from(crawlItem)
    .where(and(eq(crawlItem.siteId, siteId), eq(crawlItem.status, "done"), sql`left(${crawlItem.key}, ${prefix.length}) = ${prefix}`))
    .orderBy(sql`${crawlItem.seq} desc`)
    .limit(100);
  let postId: number | null = null;
  let time: number | null = null;
  let found = false;
  for (const r of rows) {
    if (BACK.test(r.key) || r.key === version) continue;
    found = true;
    const v = r.key.slice(prefix.length);
    const p = /^p(\d{1,15})$/.exec(v)?.[1];
    if (p) postId = Math.max(postId ?? 0, Number(p));
    const t = r.itemTime?.getTime() ?? (/^\d{10,15}$/.test(v) ? Number(v) : null);
    if (t !== null) time = Math.max(time ?? 0, t);
  }
  return found ? { postId, time } : null;
}

export async function countItemsByStatus(db: DbOrTx, siteIds?: string[]) {
  const where = siteIds ? inArray(crawlItem.siteId, siteIds) : undefined;
  const rows = await db.select({ siteId: crawlItem.siteId, status: crawlItem.status, n: count() }).from(crawlItem).where(where).groupBy(crawlItem.siteId, crawlItem.status);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

export async function recordRun(
  db: DbOrTx,
  siteId: string,
  run: { at: Date; success: boolean; error: string | null; itemsRead: number; pagesRead: number; errors: number; blocked: number; leaks: number; summary: Record<string, unknown> },
): Promise<void> {
  await db
    .update(crawlSite)
    .set({
      lastRunAt: run.at,
      ...(run.success ? { lastSuccessAt: run.at } : {}),
      lastError: run.error,
      itemsRead: sql`${crawlSite.itemsRead} + ${run.itemsRead}`,
      pagesRead: sql`${crawlSite.pagesRead} + ${run.pagesRead}`,
      errors: sql`${crawlSite.errors} + ${run.errors}`,
      blocked: sql`${crawlSite.blocked} + ${run.blocked}`,
      leaksFound: sql`${crawlSite.leaksFound} + ${run.leaks}`,
      lastRun: run.summary,
    })
    .where(eq(crawlSite.siteId, siteId));
}

/** Creators with at least one name to look for. */
export async function listCreatorIds(db: DbOrTx): Promise<string[]> {
  const rows = await rawRows(db, z.object({ user_id: z.string() }), sql`select distinct ${stageName.userId} as user_id from ${stageName} union select distinct ${nickname.userId} from ${nickname}`);
  return rows.map((r) => r.user_id);
}

export type StoredRobots = { status: "file" | "no-robots" | "unreachable"; text: string | null; fetchedAt: Date };

/** A host's robots.txt as some worker last fetched it, if it is younger than maxAgeMs. */
export async function findRobots(db: DbOrTx, host: string, maxAgeMs: number, now: Date): Promise<StoredRobots | null> {
  const [row] = await db
    .select({ status: crawlHost.robotsStatus, text: crawlHost.robotsTxt, fetchedAt: crawlHost.robotsFetchedAt })
    .from(crawlHost)
    .where(eq(crawlHost.host, host));
  if (!row?.fetchedAt || !row.status || now.getTime() - row.fetchedAt.getTime() > maxAgeMs) return null;
  if (row.status !== "file" && row.status !== "no-robots" && row.status !== "unreachable") return null;
  return { status: row.status, text: row.text, fetchedAt: row.fetchedAt };
}

/**
 * Keeps a host's robots.txt for every worker, with the Crawl-delay it asks for (null: none): from now on no
 * request to the host starts sooner than that after the one before, on any worker.
 */
export async function saveRobots(db: DbOrTx, host: string, robots: Omit<StoredRobots, "fetchedAt">, at: Date, crawlDelayMs: number | null = null): Promise<void> {
  const values = { robotsStatus: robots.status, robotsTxt: robots.text, robotsFetchedAt: at, crawlDelayMs };
  await db
    .insert(crawlHost)
    .values({ host, ...values })
    .onConflictDoUpdate({
      target: crawlHost.host,
      set: { ...values, nextAllowedAt: sql`greatest(${crawlHost.nextAllowedAt}, clock_timestamp() + ${crawlDelayMs ?? 0} * interval '1 millisecond')` },
    });
}
