import { and, asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { impersonationCheck, impersonator } from "../../db/schema/impersonation";
import type { ImpersonatorStatus } from "@leakwarden/contracts/impersonation";

export type ImpersonatorRow = typeof impersonator.$inferSelect;
export type ImpersonatorValues = Omit<typeof impersonator.$inferInsert, "id" | "userId" | "status" | "firstSeenAt" | "reportedAt" | "goneAt" | "dismissedAt"> & {
  /** When a new row is first listed (the service's clock); a known one keeps its own. */
  firstSeenAt?: Date;
};
export type CheckRow = typeof impersonationCheck.$inferSelect;

/** Her accounts in the list she sees (open and reported first, then gone), highest score first. */
export function listImpersonators(db: DbOrTx, userId: string, statuses: readonly ImpersonatorStatus[]): Promise<ImpersonatorRow[]> {
  return db
    .select()
    .from(impersonator)
    .where(and(eq(impersonator.userId, userId), inArray(impersonator.status, [...statuses])))
    .orderBy(asc(impersonator.status), desc(impersonator.score), asc(impersonator.firstSeenAt), asc(impersonator.id));
}

/** One of hers; another creator's id reads as none. */
export async function findImpersonator(db: DbOrTx, userId: string, id: string): Promise<ImpersonatorRow | undefined> {
  const rows = await db.select().from(impersonator).where(and(eq(impersonator.userId, userId), eq(impersonator.id, id))).limit(1);
  return rows[0];
}

export function listAll(db: DbOrTx, userId: string): Promise<ImpersonatorRow[]> {
  return db.select().from(impersonator).where(eq(impersonator.userId, userId));
}

/** A likely impersonator seen by a check: new, or its details refreshed (her decision kept). */
export async function upsertImpersonator(db: DbOrTx, userId: string, values: ImpersonatorValues): Promise<void> {
  await db
    .insert(impersonator)
    .values({ ...values, userId })
    .onConflictDoUpdate({
      target: [impersonator.userId, impersonator.platformId, impersonator.handleKey],
      set: {
        handle: values.handle,
        profileUrl: values.profileUrl,
        displayName: values.displayName,
        bio: values.bio,
        avatarUrl: values.avatarUrl,
        avatarJpeg: values.avatarJpeg,
        links: values.links,
        followers: values.followers,
        accountCreatedAt: values.accountCreatedAt,
        score: values.score,
        evidence: values.evidence,
        lastCheckedAt: values.lastCheckedAt,
      },
    });
}

export async function updateImpersonator(db: DbOrTx, userId: string, id: string, values: Partial<Pick<ImpersonatorRow, "status" | "reportedAt" | "goneAt" | "dismissedAt" | "lastCheckedAt">>): Promise<ImpersonatorRow | undefined> {
  const rows = await db.update(impersonator).set(values).where(and(eq(impersonator.userId, userId), eq(impersonator.id, id))).returning();
  return rows[0];
}

export async function deleteImpersonator(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(impersonator).where(and(eq(impersonator.userId, userId), eq(impersonator.id, id))).returning({ id: impersonator.id });
  return rows.length > 0;
}

export async function findCheck(db: DbOrTx, userId: string): Promise<CheckRow | undefined> {
  const rows = await db.select().from(impersonationCheck).where(eq(impersonationCheck.userId, userId)).limit(1);
  return rows[0];
}

export async function saveCheck(db: DbOrTx, userId: string, values: Omit<typeof impersonationCheck.$inferInsert, "userId">): Promise<void> {
  await db
    .insert(impersonationCheck)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: impersonationCheck.userId, set: values });
}

/** Her likely impersonators (open or reported) first listed after a time (all when null), newest first, with their total. */
export async function listListedSince(db: DbOrTx, userId: string, after: Date | null, limit: number) {
  const conditions = [eq(impersonator.userId, userId), inArray(impersonator.status, ["open", "reported"])];
  if (after) conditions.push(gt(impersonator.firstSeenAt, after));
  const where = and(...conditions);
  const [items, totals] = await Promise.all([
    db.select().from(impersonator).where(where).orderBy(desc(impersonator.firstSeenAt), desc(impersonator.score)).limit(limit),
    db.select({ n: count() }).from(impersonator).where(where),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}
