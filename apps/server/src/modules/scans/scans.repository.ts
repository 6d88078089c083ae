import { and, asc, count, desc, eq, gte, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leak, referenceImage, scan } from "../../db/schema/scans";

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

/** Scans the creator started herself (or onboarding did) since a time, oldest first: the quota's use. */
export function listCountedScansSince(db: DbOrTx, userId: string, since: Date) {
  return db
    .select({ createdAt: scan.createdAt })
    .from(scan)
    .where(and(eq(scan.userId, userId), inArray(scan.trigger, ["manual", "onboarding"]), ne(scan.status, "failed"), gte(scan.createdAt, since)))
    .orderBy(asc(scan.createdAt));
}

export async function updateScan(db: DbOrTx, id: string, values: Partial<Omit<ScanRow, "id" | "userId">>) {
  await db.update(scan).set(values).where(eq(scan.id, id));
}

/** One row per (creator, canonical URL): later scans refresh it; a removed link that is back is reopened. */
export async function upsertLeak(
  db: DbOrTx,
  values: { userId: string; scanId: string; canonicalUrl: string; url: string; domain: string; title: string; category: string; confidence: string; evidence: Record<string, unknown>; seenAt: Date },
) {
  await db
    .insert(leak)
    .values({
      userId: values.userId,
      canonicalUrl: values.canonicalUrl,
      url: values.url,
      domain: values.domain,
      title: values.title,
      category: values.category,
      confidence: values.confidence,
      evidence: values.evidence,
      firstScanId: values.scanId,
      lastScanId: values.scanId,
      firstSeenAt: values.seenAt,
      lastSeenAt: values.seenAt,
    })
    .onConflictDoUpdate({
      target: [leak.userId, leak.canonicalUrl],
      set: {
        lastSeenAt: values.seenAt,
        lastScanId: values.scanId,
        evidence: values.evidence,
        title: values.title,
        // A stronger signal upgrades; a weaker one never downgrades what was established.
        confidence: sql`case when ${leak.confidence} = 'high' then 'high' else excluded.confidence end`,
        status: sql`case when ${leak.status} = 'removed' then 'new' else ${leak.status} end`,
        removedAt: sql`case when ${leak.status} = 'removed' then null else ${leak.removedAt} end`,
      },
    });
}

export async function countLeaksFirstSeenIn(db: DbOrTx, scanId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(leak).where(eq(leak.firstScanId, scanId));
  return Number(rows[0]?.n ?? 0);
}

export async function countLeaksSeenIn(db: DbOrTx, scanId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(leak).where(eq(leak.lastScanId, scanId));
  return Number(rows[0]?.n ?? 0);
}

export async function listLeaks(
  db: DbOrTx,
  userId: string,
  filter: { q?: string | undefined; status?: string | undefined; category?: string | undefined; limit: number; offset: number },
) {
  const conditions = [eq(leak.userId, userId)];
  if (filter.status) conditions.push(eq(leak.status, filter.status));
  if (filter.category) conditions.push(eq(leak.category, filter.category));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const number = /^\d+$/.test(filter.q) ? Number(filter.q) : null;
    conditions.push(
      or(
        ilike(leak.url, pattern),
        ilike(leak.title, pattern),
        ilike(leak.domain, pattern),
        ilike(leak.category, pattern),
        ilike(leak.status, pattern),
        sql`to_char(${leak.lastSeenAt} at time zone 'UTC', 'YYYY-MM-DD') like ${pattern}`,
        ...(number !== null ? [eq(leak.number, number)] : []),
      )!,
    );
  }
  const where = and(...conditions);
  const [items, totals] = await Promise.all([
    db.select().from(leak).where(where).orderBy(desc(leak.lastSeenAt), desc(leak.number)).limit(filter.limit).offset(filter.offset),
    db.select({ n: count() }).from(leak).where(where),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}

export async function findUserLeak(db: DbOrTx, userId: string, id: string): Promise<LeakRow | undefined> {
  const rows = await db.select().from(leak).where(and(eq(leak.userId, userId), eq(leak.id, id))).limit(1);
  return rows[0];
}

export async function updateLeak(db: DbOrTx, id: string, values: Partial<Pick<LeakRow, "status" | "confirmedAt" | "dismissedAt" | "removedAt">>) {
  await db.update(leak).set(values).where(eq(leak.id, id));
}

export function listReferenceImages(db: DbOrTx, userId: string) {
  return db.select().from(referenceImage).where(eq(referenceImage.userId, userId)).orderBy(asc(referenceImage.createdAt));
}

export async function insertReferenceImage(db: DbOrTx, values: typeof referenceImage.$inferInsert) {
  const rows = await db.insert(referenceImage).values(values).returning();
  return rows[0]!;
}

export async function deleteReferenceImage(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(referenceImage).where(and(eq(referenceImage.userId, userId), eq(referenceImage.id, id))).returning({ id: referenceImage.id });
  return rows.length > 0;
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
export async function listLeaksFirstSeen(db: DbOrTx, userId: string, filter: { scanId?: string; since?: Date; limit: number }) {
  const conditions = [eq(leak.userId, userId), ne(leak.status, "dismissed")];
  if (filter.scanId) conditions.push(eq(leak.firstScanId, filter.scanId));
  if (filter.since) conditions.push(gte(leak.firstSeenAt, filter.since));
  const where = and(...conditions);
  const [items, totals] = await Promise.all([
    db.select().from(leak).where(where).orderBy(desc(leak.firstSeenAt), desc(leak.number)).limit(filter.limit),
    db.select({ n: count() }).from(leak).where(where),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}
