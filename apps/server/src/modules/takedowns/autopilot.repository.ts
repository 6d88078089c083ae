import { and, asc, count, eq, gt, gte, inArray, isNull, min, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { autopilotSend, autopilotSetting } from "../../db/schema/autopilot";
import { leak, leakNumberCounter } from "../../db/schema/scans";
import { takedown } from "../../db/schema/takedowns";

export type AutopilotSettingRow = typeof autopilotSetting.$inferSelect;

export async function findSetting(db: DbOrTx, userId: string): Promise<AutopilotSettingRow | undefined> {
  const rows = await db.select().from(autopilotSetting).where(eq(autopilotSetting.userId, userId)).limit(1);
  return rows[0];
}

export async function upsertSetting(db: DbOrTx, userId: string, values: Omit<AutopilotSettingRow, "userId" | "lastDigestAt">): Promise<AutopilotSettingRow> {
  const rows = await db
    .insert(autopilotSetting)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: autopilotSetting.userId, set: values })
    .returning();
  return rows[0]!;
}

/** The last leak number given to her (0 before her first leak). */
export async function lastLeakNumber(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ last: leakNumberCounter.last }).from(leakNumberCounter).where(eq(leakNumberCounter.userId, userId)).limit(1);
  return rows[0]?.last ?? 0;
}

/**
 * Her high-confidence findings numbered after `afterNumber` that wait for a takedown: new or
 * confirmed, never taken down (in any status), never sent by the autopilot. Oldest first.
 */
export function listCandidates(db: DbOrTx, userId: string, afterNumber: number, limit: number) {
  return db
    .select({ id: leak.id, number: leak.number, url: leak.url, domain: leak.domain, category: leak.category, firstSeenAt: leak.firstSeenAt })
    .from(leak)
    .where(
      and(
        eq(leak.userId, userId),
        gt(leak.number, afterNumber),
        eq(leak.confidence, "high"),
        inArray(leak.status, ["new", "confirmed"]),
        sql`not exists (select 1 from ${takedown} t where t.leak_id = ${leak.id})`,
        sql`not exists (select 1 from ${autopilotSend} s where s.leak_id = ${leak.id})`,
      ),
    )
    .orderBy(asc(leak.number))
    .limit(limit);
}

export async function insertSends(db: DbOrTx, rows: (typeof autopilotSend.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(autopilotSend).values(rows);
}

/** The automatic takedowns no digest listed yet, oldest first, with where each stands. */
export function listUndigested(db: DbOrTx, userId: string) {
  return db
    .select({ leakId: autopilotSend.leakId, number: leak.number, category: autopilotSend.category, createdAt: autopilotSend.createdAt, takedown })
    .from(autopilotSend)
    .innerJoin(takedown, eq(takedown.id, autopilotSend.takedownId))
    .innerJoin(leak, eq(leak.id, autopilotSend.leakId))
    .where(and(eq(autopilotSend.userId, userId), isNull(autopilotSend.digestedAt)))
    .orderBy(asc(leak.number));
}

/** Marks these as listed, and the digest as sent; false when another run listed them first. */
export async function markDigested(db: DbOrTx, userId: string, leakIds: string[], at: Date): Promise<boolean> {
  if (leakIds.length === 0) return false;
  const done = await db
    .update(autopilotSend)
    .set({ digestedAt: at })
    .where(and(eq(autopilotSend.userId, userId), inArray(autopilotSend.leakId, leakIds), isNull(autopilotSend.digestedAt)))
    .returning({ leakId: autopilotSend.leakId });
  if (done.length === 0) return false;
  await db.update(autopilotSetting).set({ lastDigestAt: at }).where(eq(autopilotSetting.userId, userId));
  return true;
}

/** The automatic takedowns started for her since `since`, and when the oldest of them was (null: none). */
export async function sentSince(db: DbOrTx, userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const rows = await db
    .select({ n: count(), oldest: min(autopilotSend.createdAt) })
    .from(autopilotSend)
    .where(and(eq(autopilotSend.userId, userId), gte(autopilotSend.createdAt, since)));
  return { count: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}

/** Records a digest sent with no takedown in it (findings waiting for her); false when another run sent one first. */
export async function claimDigest(db: DbOrTx, userId: string, previous: Date | null, at: Date): Promise<boolean> {
  const done = await db
    .update(autopilotSetting)
    .set({ lastDigestAt: at })
    .where(and(eq(autopilotSetting.userId, userId), previous ? eq(autopilotSetting.lastDigestAt, previous) : isNull(autopilotSetting.lastDigestAt)))
    .returning({ userId: autopilotSetting.userId });
  return done.length > 0;
}

export async function countSent(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(autopilotSend).where(eq(autopilotSend.userId, userId));
  return Number(rows[0]?.n ?? 0);
}

/**
 * Where her automatic takedowns stand, counted from their rows as outcomeOf (autopilot-templates.ts)
 * reads one: sent once a first notice or report went out; else needs her action, failed,
 * cancelled, or still on the way.
 */
export async function countOutcomes(db: DbOrTx, userId: string) {
  const notSent = sql`${takedown.firstSentAt} is null`;
  const rows = await db
    .select({
      sent: sql<number>`count(*) filter (where ${takedown.firstSentAt} is not null)`,
      needsAction: sql<number>`count(*) filter (where ${notSent} and ${takedown.status} = 'needs_manual_action')`,
      failed: sql<number>`count(*) filter (where ${notSent} and ${takedown.status} = 'failed')`,
      cancelled: sql<number>`count(*) filter (where ${notSent} and ${takedown.status} = 'cancelled')`,
      underWay: sql<number>`count(*) filter (where ${notSent} and ${takedown.status} not in ('needs_manual_action', 'failed', 'cancelled'))`,
    })
    .from(autopilotSend)
    .innerJoin(takedown, eq(takedown.id, autopilotSend.takedownId))
    .where(eq(autopilotSend.userId, userId));
  const r = rows[0];
  return { sent: Number(r?.sent ?? 0), needsAction: Number(r?.needsAction ?? 0), failed: Number(r?.failed ?? 0), underWay: Number(r?.underWay ?? 0), cancelled: Number(r?.cancelled ?? 0) };
}

/** A digest that could not be queued: its takedowns go in the next one. */
export async function unmarkDigested(db: DbOrTx, userId: string, leakIds: string[], lastDigestAt: Date | null): Promise<void> {
  if (leakIds.length > 0) await db.update(autopilotSend).set({ digestedAt: null }).where(and(eq(autopilotSend.userId, userId), inArray(autopilotSend.leakId, leakIds)));
  await db.update(autopilotSetting).set({ lastDigestAt }).where(eq(autopilotSetting.userId, userId));
}
