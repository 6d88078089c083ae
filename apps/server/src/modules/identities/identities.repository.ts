import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import type { DbOrTx } from "../../db/client";
import { allowedDomain, creatorProfile, handleDispute, nickname, stageName } from "../../db/schema/identities";

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

/** She states (attestedAt) or takes back (null) that one of her nicknames is hers; false when it is not hers. */
export async function setNicknameAttested(db: DbOrTx, userId: string, id: string, attestedAt: Date | null): Promise<boolean> {
  const rows = await db.update(nickname).set({ attestedAt }).where(and(eq(nickname.userId, userId), eq(nickname.id, id))).returning({ id: nickname.id });
  return rows.length > 0;
}

export async function attestNicknames(db: DbOrTx, userId: string, valueKeys: string[], at: Date) {
  if (valueKeys.length === 0) return;
  await db.update(nickname).set({ attestedAt: at }).where(and(eq(nickname.userId, userId), inArray(nickname.valueKey, valueKeys), isNull(nickname.attestedAt)));
}

export type HandleDisputeRow = typeof handleDispute.$inferSelect;

/** Other accounts' verified proofs of the same handle (platform and lower-cased username). */
export function otherVerifiedClaims(db: DbOrTx, userId: string, platformId: number, usernameKey: string): Promise<StageNameRow[]> {
  return db
    .select()
    .from(stageName)
    .where(and(eq(stageName.platformId, platformId), eq(stageName.usernameKey, usernameKey), ne(stageName.userId, userId), isNotNull(stageName.verifiedAt)))
    .orderBy(asc(stageName.verifiedAt));
}

/** Every verified proof of a handle, first proved first, with the account's address (an operator writes to them). */
export function verifiedClaims(db: DbOrTx, platformId: number, usernameKey: string): Promise<(StageNameRow & { email: string | null })[]> {
  return db
    .select({ ...getTableColumns(stageName), email: user.email })
    .from(stageName)
    .leftJoin(user, eq(user.id, stageName.userId))
    .where(and(eq(stageName.platformId, platformId), eq(stageName.usernameKey, usernameKey), isNotNull(stageName.verifiedAt)))
    .orderBy(asc(stageName.verifiedAt));
}

/** Serialises the opening of disputes over one handle (two proofs at once open one dispute). */
export async function lockHandle(tx: DbOrTx, platformId: number, usernameKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`handle:${platformId}:${usernameKey}`}))`);
}

export async function findOpenDispute(db: DbOrTx, platformId: number, usernameKey: string): Promise<HandleDisputeRow | undefined> {
  const rows = await db
    .select()
    .from(handleDispute)
    .where(and(eq(handleDispute.platformId, platformId), eq(handleDispute.usernameKey, usernameKey), isNull(handleDispute.resolvedAt)))
    .limit(1);
  return rows[0];
}

/** The latest resolved dispute over a handle: whose it was found to be. */
export async function findResolvedDispute(db: DbOrTx, platformId: number, usernameKey: string): Promise<HandleDisputeRow | undefined> {
  const rows = await db
    .select()
    .from(handleDispute)
    .where(and(eq(handleDispute.platformId, platformId), eq(handleDispute.usernameKey, usernameKey), isNotNull(handleDispute.resolvedAt)))
    .orderBy(sql`${handleDispute.resolvedAt} desc`)
    .limit(1);
  return rows[0];
}

export async function insertDispute(db: DbOrTx, values: { platformId: number; usernameKey: string; openedAt: Date }): Promise<HandleDisputeRow> {
  const [row] = await db.insert(handleDispute).values(values).returning();
  return row!;
}

/** Open disputes over any of these handles. */
export function openDisputesFor(db: DbOrTx, handles: { platformId: number; usernameKey: string }[]): Promise<HandleDisputeRow[]> {
  if (handles.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(handleDispute)
    .where(and(isNull(handleDispute.resolvedAt), or(...handles.map((h) => and(eq(handleDispute.platformId, h.platformId), eq(handleDispute.usernameKey, h.usernameKey))))));
}

export function listDisputes(db: DbOrTx, open: boolean): Promise<HandleDisputeRow[]> {
  return db
    .select()
    .from(handleDispute)
    .where(open ? isNull(handleDispute.resolvedAt) : sql`true`)
    .orderBy(asc(handleDispute.openedAt));
}

export async function findDispute(db: DbOrTx, id: string): Promise<HandleDisputeRow | undefined> {
  const rows = await db.select().from(handleDispute).where(eq(handleDispute.id, id)).limit(1);
  return rows[0];
}

export async function resolveDispute(db: DbOrTx, id: string, values: { resolvedAt: Date; ownerUserId: string; note: string | null }): Promise<boolean> {
  const rows = await db
    .update(handleDispute)
    .set(values)
    .where(and(eq(handleDispute.id, id), isNull(handleDispute.resolvedAt)))
    .returning({ id: handleDispute.id });
  return rows.length > 0;
}

/** The proofs of a handle by accounts other than its owner, withdrawn (with why). */
export async function withdrawProofs(db: DbOrTx, platformId: number, usernameKey: string, ownerUserId: string, check: { lastCheckAt: Date; lastCheckStatus: string; lastCheckReason: string }) {
  await db
    .update(stageName)
    .set({ verifiedAt: null, ...check })
    .where(and(eq(stageName.platformId, platformId), eq(stageName.usernameKey, usernameKey), ne(stageName.userId, ownerUserId), isNotNull(stageName.verifiedAt)));
}
