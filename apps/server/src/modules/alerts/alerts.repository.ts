import { and, eq, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { alertRule } from "../../db/schema/alerts";
import { user } from "../../db/schema/auth";
import { leak, leakNumberCounter } from "../../db/schema/scans";
import { takedown } from "../../db/schema/takedowns";

export type AlertRuleRow = typeof alertRule.$inferSelect;

export async function findRule(db: DbOrTx, userId: string): Promise<AlertRuleRow | undefined> {
  const rows = await db.select().from(alertRule).where(eq(alertRule.userId, userId)).limit(1);
  return rows[0];
}

export async function upsertRule(db: DbOrTx, userId: string, values: Partial<Omit<AlertRuleRow, "userId">>): Promise<AlertRuleRow> {
  const rows = await db
    .insert(alertRule)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alertRule.userId, set: values })
    .returning();
  return rows[0]!;
}

/** Makes the row with the defaults when the creator has none; true when this call made it. */
/** When the account was made (null when it is gone). */
export async function joinedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const rows = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId)).limit(1);
  return rows[0]?.createdAt ?? null;
}

export async function insertDefaultRule(db: DbOrTx, userId: string, values: Partial<Omit<AlertRuleRow, "userId">>): Promise<boolean> {
  const rows = await db.insert(alertRule).values({ userId, ...values }).onConflictDoNothing({ target: alertRule.userId }).returning({ userId: alertRule.userId });
  return rows.length > 0;
}

/**
 * Takes the new-leaks email slot: true when none was sent since `notAfter` and the email's leaks
 * (numbered up to `through`) were not told yet; the caller sends the email now.
 */
export async function claimNewLeakAlert(db: DbOrTx, userId: string, at: Date, notAfter: Date, through: number): Promise<boolean> {
  const rows = await db
    .update(alertRule)
    .set({ lastNewLeakAlertAt: at, newLeakAlertedThrough: through })
    .where(
      and(
        eq(alertRule.userId, userId),
        or(isNull(alertRule.lastNewLeakAlertAt), lte(alertRule.lastNewLeakAlertAt, notAfter)),
        lt(alertRule.newLeakAlertedThrough, through),
      ),
    )
    .returning({ userId: alertRule.userId });
  return rows.length > 0;
}

/** The weekly summary's figures: found, sent and removed since a time; still up now. */
export async function summaryFigures(db: DbOrTx, userId: string, since: Date): Promise<{ found: number; sent: number; removed: number; stillUp: number }> {
  const [leaks] = await db
    .select({
      found: sql<number>`count(*) filter (where ${leak.firstSeenAt} >= ${since})::integer`,
      removed: sql<number>`count(*) filter (where ${leak.status} = 'removed' and ${leak.removedAt} >= ${since})::integer`,
      stillUp: sql<number>`count(*) filter (where ${leak.status} in ('new', 'confirmed', 'takedown_sent'))::integer`,
    })
    .from(leak)
    .where(eq(leak.userId, userId));
  const [sent] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(takedown)
    .where(and(eq(takedown.userId, userId), gte(takedown.firstSentAt, since)));
  return { found: leaks?.found ?? 0, removed: leaks?.removed ?? 0, stillUp: leaks?.stillUp ?? 0, sent: sent?.n ?? 0 };
}

/** The last leak number given to the creator (0 before her first leak). */
export async function lastLeakNumber(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ last: leakNumberCounter.last }).from(leakNumberCounter).where(eq(leakNumberCounter.userId, userId)).limit(1);
  return rows[0]?.last ?? 0;
}

/**
 * Takes the re-upload or new-impersonator email slot: true when no email of its kind was sent
 * since `last` (what the caller read); the caller then sends it, covering what came up to `at`.
 */
export async function claimBatchedAlert(db: DbOrTx, userId: string, kind: "reupload" | "impersonator", last: Date | null, at: Date): Promise<boolean> {
  const column = kind === "reupload" ? alertRule.reuploadAlertedAt : alertRule.impersonatorAlertedAt;
  const rows = await db
    .update(alertRule)
    .set(kind === "reupload" ? { reuploadAlertedAt: at } : { impersonatorAlertedAt: at })
    .where(and(eq(alertRule.userId, userId), last ? eq(column, last) : isNull(column)))
    .returning({ userId: alertRule.userId });
  return rows.length > 0;
}
