import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { allowedDomain, creatorProfile, nickname, stageName } from "../../db/schema/identities";

/** Entries saved together keep the order they were given in (lists are ordered by creation time). */
const inOrder = (index: number) => new Date(Date.now() + index);

export type StageNameRow = typeof stageName.$inferSelect;
export type ProfileRow = typeof creatorProfile.$inferSelect;

export async function findProfile(db: DbOrTx, userId: string): Promise<ProfileRow | undefined> {
  const rows = await db.select().from(creatorProfile).where(eq(creatorProfile.userId, userId)).limit(1);
  return rows[0];
}

export async function insertProfileIfMissing(db: DbOrTx, userId: string, verificationCode: string): Promise<void> {
  await db.insert(creatorProfile).values({ userId, verificationCode }).onConflictDoNothing({ target: creatorProfile.userId });
}

export async function findProfileByCode(db: DbOrTx, code: string): Promise<ProfileRow | undefined> {
  const rows = await db.select().from(creatorProfile).where(eq(creatorProfile.verificationCode, code)).limit(1);
  return rows[0];
}

export async function updateProfile(db: DbOrTx, userId: string, values: Partial<Pick<ProfileRow, "specific" | "lastVerifyAt" | "onboardingCompletedAt">>) {
  await db
    .update(creatorProfile)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(creatorProfile.userId, userId));
}

/**
 * Takes the creator's ownership-check slot: true when no check started after `notAfter`, and
 * records `at` as the last one. One statement, so two requests at once cannot both take it.
 */
export async function claimVerifySlot(db: DbOrTx, userId: string, at: Date, notAfter: Date): Promise<boolean> {
  const rows = await db
    .update(creatorProfile)
    .set({ lastVerifyAt: at, updatedAt: new Date() })
    .where(and(eq(creatorProfile.userId, userId), sql`(${creatorProfile.lastVerifyAt} is null or ${creatorProfile.lastVerifyAt} <= ${notAfter.toISOString()}::timestamptz)`))
    .returning({ userId: creatorProfile.userId });
  return rows.length > 0;
}

/** Serialises changes to one creator's stage names, nicknames and allow list (their counts are read, then written). */
export async function lockCreatorLists(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identities:${userId}`}))`);
}

export function listStageNames(db: DbOrTx, userId: string): Promise<StageNameRow[]> {
  return db.select().from(stageName).where(eq(stageName.userId, userId)).orderBy(asc(stageName.createdAt), asc(stageName.id));
}

export function listNicknames(db: DbOrTx, userId: string) {
  return db.select().from(nickname).where(eq(nickname.userId, userId)).orderBy(asc(nickname.createdAt), asc(nickname.id));
}

export function listDomains(db: DbOrTx, userId: string) {
  return db.select().from(allowedDomain).where(eq(allowedDomain.userId, userId)).orderBy(asc(allowedDomain.createdAt), asc(allowedDomain.id));
}

export async function insertStageNames(db: DbOrTx, userId: string, entries: { platformId: number; username: string }[]) {
  if (entries.length === 0) return;
  await db
    .insert(stageName)
    .values(entries.map((e, i) => ({ userId, platformId: e.platformId, username: e.username, usernameKey: e.username.toLowerCase(), createdAt: inOrder(i) })))
    .onConflictDoNothing();
}

export async function insertNicknames(db: DbOrTx, userId: string, values: string[]) {
  if (values.length === 0) return;
  await db
    .insert(nickname)
    .values(values.map((value, i) => ({ userId, value, valueKey: value.toLowerCase(), createdAt: inOrder(i) })))
    .onConflictDoNothing();
}

export async function insertDomains(db: DbOrTx, userId: string, domains: string[]) {
  if (domains.length === 0) return;
  await db
    .insert(allowedDomain)
    .values(domains.map((domain, i) => ({ userId, domain, createdAt: inOrder(i) })))
    .onConflictDoNothing();
}

/** Deletes one entry of the user's; returns whether it existed (another user's entry does not). */
export async function deleteStageName(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(stageName).where(and(eq(stageName.userId, userId), eq(stageName.id, id))).returning({ id: stageName.id });
  return rows.length > 0;
}

export async function deleteNickname(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(nickname).where(and(eq(nickname.userId, userId), eq(nickname.id, id))).returning({ id: nickname.id });
  return rows.length > 0;
}

export async function deleteDomain(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(allowedDomain).where(and(eq(allowedDomain.userId, userId), eq(allowedDomain.id, id))).returning({ id: allowedDomain.id });
  return rows.length > 0;
}

export async function deleteStageNamesExcept(db: DbOrTx, userId: string, keep: { platformId: number; usernameKey: string }[]) {
  const keepKeys = keep.map((k) => `${k.platformId}:${k.usernameKey}`);
  const condition = keepKeys.length
    ? sql`${stageName.userId} = ${userId} and (${stageName.platformId}::text || ':' || ${stageName.usernameKey}) not in (${sql.join(keepKeys.map((k) => sql`${k}`), sql`, `)})`
    : eq(stageName.userId, userId);
  await db.delete(stageName).where(condition);
}

export async function deleteNicknamesExcept(db: DbOrTx, userId: string, keepKeys: string[]) {
  await db.delete(nickname).where(
    keepKeys.length ? and(eq(nickname.userId, userId), sql`${nickname.valueKey} not in (${sql.join(keepKeys.map((k) => sql`${k}`), sql`, `)})`) : eq(nickname.userId, userId),
  );
}

export async function deleteDomainsExcept(db: DbOrTx, userId: string, keep: string[]) {
  await db.delete(allowedDomain).where(
    keep.length ? and(eq(allowedDomain.userId, userId), sql`${allowedDomain.domain} not in (${sql.join(keep.map((k) => sql`${k}`), sql`, `)})`) : eq(allowedDomain.userId, userId),
  );
}

export async function recordStageNameCheck(
  db: DbOrTx,
  ids: string[],
  values: { lastCheckAt: Date; lastCheckStatus: string; lastCheckReason: string; verifiedAt?: Date },
) {
  if (ids.length === 0) return;
  await db.update(stageName).set(values).where(inArray(stageName.id, ids));
}
