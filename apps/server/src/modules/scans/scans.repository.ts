import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leak, leakCount, leakSearchText, leakSeenDay, referenceImage, scan } from "../../db/schema/scans";
import type { LeakCategory, LeakConfidence } from "@leakwarden/contracts/scans";
import type { LeakEvidence } from "@leakwarden/contracts/leak-evidence";
import { recordLeak, type RecordedLeak } from "./record-leak.repository";

export type ScanRow = typeof scan.$inferSelect;
export type LeakRow = typeof leak.$inferSelect;

export async function insertScan(db: DbOrTx, userId: string, trigger: string, createdAt?: Date): Promise<ScanRow> {
  const rows = await db.insert(scan).values({ userId, trigger, ...(createdAt ? { createdAt } : {}) }).returning();
  return rows[0]!;
}

export async function findScan(db: DbOrTx, id: string): Promise<ScanRow | undefined> {
  const rows = await db.select().from(scan).where(eq(scan.id, id)).limit(1);
  return rows[0];
}

export async function findUserScan(db: DbOrTx, userId: string, id: string): Promise<ScanRow | undefined> {
  const rows = await db.select().from(scan).where(and(eq(scan.id, id), eq(scan.userId, userId))).limit(1);
  return rows[0];
}

export async function findActiveScan(db: DbOrTx, userId: string): Promise<ScanRow | undefined> {
  const rows = await db.select().from(scan).where(and(eq(scan.userId, userId), inArray(scan.status, ["queued", "running"]))).limit(1);
  return rows[0];
}

export async function findLatestScan(db: DbOrTx, userId: string): Promise<ScanRow | undefined> {
  const rows = await db.select().from(scan).where(eq(scan.userId, userId)).orderBy(desc(scan.createdAt)).limit(1);
  return rows[0];
}

export async function findLatestFinishedScan(db: DbOrTx, userId: string): Promise<ScanRow | undefined> {
  const rows = await db
    .select()
    .from(scan)
    .where(and(eq(scan.userId, userId), eq(scan.status, "completed")))
    .orderBy(desc(scan.finishedAt))
    .limit(1);
  return rows[0];
}

/**
 * Scans the creator started herself since a time, oldest first: the quota's use (the scan
 * onboarding starts is free and not counted).
 * A failed scan is not counted, nor one cancelled before it ever ran (no startedAt): the engine
 * searched nothing for her. One cancelled while running is counted.
 */
export function listCountedScansSince(db: DbOrTx, userId: string, since: Date) {
  return db
    .select({ createdAt: scan.createdAt })
    .from(scan)
    .where(
      and(
        eq(scan.userId, userId),
        eq(scan.trigger, "manual"),
        ne(scan.status, "failed"),
        or(ne(scan.status, "cancelled"), isNotNull(scan.startedAt)),
        gte(scan.createdAt, since),
      ),
    )
    .orderBy(asc(scan.createdAt));
}

/** Whether the creator already had her free onboarding scan (one that failed, or was cancelled before it ran, does not count). */
export async function hasHadOnboardingScan(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: scan.id })
    .from(scan)
    .where(and(eq(scan.userId, userId), eq(scan.trigger, "onboarding"), ne(scan.status, "failed"), or(ne(scan.status, "cancelled"), isNotNull(scan.startedAt))))
    .limit(1);
  return rows.length > 0;
}

/**
 * Marks a scan running, unless it was cancelled (or finished) meanwhile: the check and the write are
 * one statement, so a scan cancelled while queued never gets a startedAt (which the quota reads).
 */
export async function markScanRunning(db: DbOrTx, id: string, startedAt: Date): Promise<boolean> {
  const rows = await db
    .update(scan)
    .set({ status: "running", phase: "queries", startedAt })
    .where(and(eq(scan.id, id), inArray(scan.status, ["queued", "running"]), isNull(scan.cancelRequestedAt)))
    .returning({ id: scan.id });
  return rows.length > 0;
}

/** Cancels a scan that is still queued (the job has not picked it up); false if it is not queued any more. */
export async function cancelQueuedScan(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(scan)
    .set({ status: "cancelled", phase: "cancelled", cancelRequestedAt: at, finishedAt: at })
    .where(and(eq(scan.id, id), eq(scan.status, "queued")))
    .returning({ id: scan.id });
  return rows.length > 0;
}

/** Asks a queued or running scan to stop; false if it has finished meanwhile (nothing is written then). */
export async function requestScanCancel(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(scan)
    .set({ cancelRequestedAt: at })
    .where(and(eq(scan.id, id), inArray(scan.status, ["queued", "running"])))
    .returning({ id: scan.id });
  return rows.length > 0;
}

export async function updateScan(db: DbOrTx, id: string, values: Partial<Omit<ScanRow, "id" | "userId">>) {
  await db.update(scan).set(values).where(eq(scan.id, id));
}

/** A scan's finding, stored by recordLeak (record-leak.repository.ts: one row per creator and URL, and its update rules). */
export function upsertLeak(
  db: DbOrTx,
  values: { userId: string; scanId: string; canonicalUrl: string; url: string; domain: string; title: string; category: LeakCategory; confidence: LeakConfidence; evidence: LeakEvidence; seenAt: Date },
): Promise<RecordedLeak> {
  return recordLeak(db, { ...values, pageRead: true });
}

export async function countLeaksFirstSeenIn(db: DbOrTx, scanId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(leak).where(eq(leak.firstScanId, scanId));
  return Number(rows[0]?.n ?? 0);
}

export async function countLeaksSeenIn(db: DbOrTx, scanId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(leak).where(eq(leak.lastScanId, scanId));
  return Number(rows[0]?.n ?? 0);
}

/** What a Leaks query asks, which decides the statement's shape (the values are bound at each call). */
interface LeakListShape {
  status: boolean;
  category: boolean;
  /** A search: in the text columns; also in the day (digits and dashes only); also the number (digits only). */
  search: "none" | "text" | "text+day" | "text+day+number";
}

/**
 * The Leaks search: the text as typed (case-insensitive) in the link, title, site, category,
 * status or day (YYYY-MM-DD), or the leak's number. Each part is answered by an index.
 */
function leakSearch(search: LeakListShape["search"]): SQL {
  const pattern = sql.placeholder("pattern");
  const arms: SQL[] = [
    // The combined text's trigram index finds the candidates; the columns are then checked one by one.
    and(
      sql`${leakSearchText(leak)} ilike ${pattern}`,
      or(ilike(leak.url, pattern), ilike(leak.title, pattern), ilike(leak.domain, pattern), ilike(leak.category, pattern), ilike(leak.status, pattern)),
    )!,
  ];
  if (search !== "text") arms.push(sql`${leakSeenDay(leak.lastSeenAt)} like ${pattern}`);
  if (search === "text+day+number") arms.push(eq(leak.number, sql.placeholder("number")));
  return or(...arms)!;
}

/** A Leaks page and the total, as one statement, and the total alone (for a page past the last one). */
function leakListStatements(db: DbOrTx, shape: LeakListShape) {
  const conditions = [eq(leak.userId, sql.placeholder("userId"))];
  if (shape.status) conditions.push(eq(leak.status, sql.placeholder("status")));
  if (shape.category) conditions.push(eq(leak.category, sql.placeholder("category")));
  if (shape.search !== "none") conditions.push(leakSearch(shape.search));
  const where = and(...conditions);
  const order = [desc(leak.lastSeenAt), desc(leak.number)];
  const total = shape.search !== "none" ? db.select({ n: sql<number>`count(*)::integer` }).from(leak).where(where) : countLeaks(db, shape);
  // The page's ids come from the order's index alone; only those rows are then read whole.
  const pageIds = db.select({ id: leak.id }).from(leak).where(where).orderBy(...order).limit(sql.placeholder("limit")).offset(sql.placeholder("offset"));
  // Built once per shape; "" is the unnamed statement: the server still plans each call with its values.
  return {
    page: db
      .select({ ...getTableColumns(leak), total: sql<number>`(${total})` })
      .from(leak)
      .where(inArray(leak.id, pageIds))
      .orderBy(...order)
      .prepare(""),
    total: total.prepare(""),
  };
}

/** A creator's leaks (with a status, a category) from the counters the leak table's trigger keeps. */
function countLeaks(db: DbOrTx, shape: Pick<LeakListShape, "status" | "category">) {
  const conditions = [eq(leakCount.userId, sql.placeholder("userId"))];
  if (shape.status) conditions.push(eq(leakCount.status, sql.placeholder("status")));
  if (shape.category) conditions.push(eq(leakCount.category, sql.placeholder("category")));
  return db
    .select({ n: sql<number>`coalesce(sum(${leakCount.n}), 0)::integer` })
    .from(leakCount)
    .where(and(...conditions));
}

const leakListCache = new WeakMap<DbOrTx, Map<string, ReturnType<typeof leakListStatements>>>();

export async function listLeaks(
  db: DbOrTx,
  userId: string,
  filter: { q?: string | undefined; status?: string | undefined; category?: string | undefined; limit: number; offset: number },
) {
  const q = filter.q;
  // A day is digits and dashes: any other text cannot be part of one.
  const search = !q ? "none" : /^\d+$/.test(q) && Number.isSafeInteger(Number(q)) ? "text+day+number" : /^[\d-]+$/.test(q) ? "text+day" : "text";
  const shape: LeakListShape = { status: !!filter.status, category: !!filter.category, search };
  const key = `${shape.status}:${shape.category}:${shape.search}`;
  let byShape = leakListCache.get(db);
  if (!byShape) leakListCache.set(db, (byShape = new Map()));
  let statements = byShape.get(key);
  if (!statements) byShape.set(key, (statements = leakListStatements(db, shape)));

  const values = {
    userId,
    status: filter.status,
    category: filter.category,
    pattern: q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
    number: q ? Number(q) : undefined,
    limit: filter.limit,
    offset: filter.offset,
  };
  const rows = await statements.page.execute(values);
  if (rows.length > 0) return { items: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]!.total) };
  // Nothing matches, or a page past the last one: the total alone.
  return { items: [] as LeakRow[], total: Number((await statements.total.execute(values))[0]?.n ?? 0) };
}

export async function findUserLeak(db: DbOrTx, userId: string, id: string): Promise<LeakRow | undefined> {
  const rows = await db.select().from(leak).where(and(eq(leak.userId, userId), eq(leak.id, id))).limit(1);
  return rows[0];
}

export async function updateLeak(db: DbOrTx, id: string, values: Partial<Pick<LeakRow, "status" | "confirmedAt" | "dismissedAt" | "removedAt" | "forgeryMarkedAt">>) {
  await db.update(leak).set(values).where(eq(leak.id, id));
}

export function listReferenceImages(db: DbOrTx, userId: string) {
  return db.select().from(referenceImage).where(eq(referenceImage.userId, userId)).orderBy(asc(referenceImage.createdAt));
}

/** The list she sees: without the hashes (with their crops, tens of KB per image). */
export function listReferenceImageSummaries(db: DbOrTx, userId: string) {
  const { id, label, quality, thumbnail, createdAt } = referenceImage;
  return db.select({ id, label, quality, thumbnail, createdAt }).from(referenceImage).where(eq(referenceImage.userId, userId)).orderBy(asc(referenceImage.createdAt));
}

export async function insertReferenceImage(db: DbOrTx, values: typeof referenceImage.$inferInsert) {
  const rows = await db.insert(referenceImage).values(values).returning();
  return rows[0]!;
}

export async function deleteReferenceImage(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(referenceImage).where(and(eq(referenceImage.userId, userId), eq(referenceImage.id, id))).returning({ id: referenceImage.id });
  return rows.length > 0;
}

/** Serialises one creator's reference-image uploads (the count is read, then written). */
export async function lockReferenceImages(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reference-images:${userId}`}))`);
}

export async function countReferenceImages(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(referenceImage).where(eq(referenceImage.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

/** Per UTC day since a time: leaks first seen, and leaks marked removed. */
export async function leakTimeline(db: DbOrTx, userId: string, since: Date) {
  const foundDay = sql<string>`to_char(${leak.firstSeenAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const removedDay = sql<string>`to_char(${leak.removedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [found, removed] = await Promise.all([
    db
      .select({ day: foundDay, n: count() })
      .from(leak)
      .where(and(eq(leak.userId, userId), gte(leak.firstSeenAt, since)))
      .groupBy(foundDay),
    db
      .select({ day: removedDay, n: count() })
      .from(leak)
      .where(and(eq(leak.userId, userId), gte(leak.removedAt, since)))
      .groupBy(removedDay),
  ]);
  return { found: found.map((r) => ({ day: r.day, n: Number(r.n) })), removed: removed.map((r) => ({ day: r.day, n: Number(r.n) })) };
}

/** Leaks first seen in one scan, or since a time (alerts), newest first, with their total. */
export async function listLeaksFirstSeen(db: DbOrTx, userId: string, filter: { scanId?: string; since?: Date; afterNumber?: number; limit: number }) {
  const conditions = [eq(leak.userId, userId), ne(leak.status, "dismissed")];
  if (filter.scanId) conditions.push(eq(leak.firstScanId, filter.scanId));
  if (filter.since) conditions.push(gte(leak.firstSeenAt, filter.since));
  if (filter.afterNumber !== undefined) conditions.push(gt(leak.number, filter.afterNumber));
  const where = and(...conditions);
  const [items, totals] = await Promise.all([
    db.select().from(leak).where(where).orderBy(desc(leak.firstSeenAt), desc(leak.number)).limit(filter.limit),
    db.select({ n: count(), maxNumber: sql<number | null>`max(${leak.number})` }).from(leak).where(where),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0), maxNumber: totals[0]?.maxNumber == null ? null : Number(totals[0].maxNumber) };
}

/** Her leaks recognised as re-uploads after a time (all when null), not dismissed, newest first, with their total. */
export async function listReuploadsSince(db: DbOrTx, userId: string, after: Date | null, limit: number) {
  const conditions = [eq(leak.userId, userId), isNotNull(leak.reupload), ne(leak.status, "dismissed")];
  if (after) conditions.push(sql`(${leak.reupload} ->> 'markedAt')::timestamptz > ${after.toISOString()}::timestamptz`);
  const where = and(...conditions);
  const [items, totals] = await Promise.all([
    db.select().from(leak).where(where).orderBy(desc(leak.number)).limit(limit),
    db.select({ n: count() }).from(leak).where(where),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}
