import { and, desc, eq, gt, isNotNull, isNull, like, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { account, session, twoFactor, user, verification } from "../db/schema/auth";

/**
 * The user of a session that still stands, by the session's id, as a prepared statement (it runs on
 * every signed-in call): executed with `{ sessionId, now }`.
 */
export function standingSessionStatement(db: Db) {
  return db
    .select({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, ageConfirmed: user.ageConfirmed })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.id, sql.placeholder("sessionId")), gt(session.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("lw_standing_session");
}

/** Records her 18+ confirmation; only the first counts (false when she had already given it). */
export async function confirmAge(db: Db, userId: string, confirmedAt: Date): Promise<boolean> {
  const changed = await db
    .update(user)
    .set({ ageConfirmed: true, ageConfirmedAt: confirmedAt, updatedAt: confirmedAt })
    .where(and(eq(user.id, userId), eq(user.ageConfirmed, false)))
    .returning({ id: user.id });
  return changed.length > 0;
}

/** Removes her password reset links (identifiers under `prefix`) not yet used. */
export async function deleteResetLinks(db: Db, prefix: string, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, `${prefix}%`), eq(verification.value, userId)));
}

/** Her password hash, when she has a password (a Google-only account has none). */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return credential?.password ?? null;
}

/** Her two-factor row as the plugin keeps it (secret and backup codes encrypted). */
export async function findTwoFactor(db: Db, userId: string): Promise<{ id: string; secret: string; backupCodes: string } | undefined> {
  const [row] = await db.select({ id: twoFactor.id, secret: twoFactor.secret, backupCodes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

/** Replaces her backup codes only if they are still `read`: two requests with one code cannot both pass. */
export async function replaceBackupCodes(db: Db, twoFactorId: string, read: string, left: string): Promise<boolean> {
  const taken = await db
    .update(twoFactor)
    .set({ backupCodes: left })
    .where(and(eq(twoFactor.id, twoFactorId), eq(twoFactor.backupCodes, read)))
    .returning({ id: twoFactor.id });
  return taken.length > 0;
}

/**
 * Takes `step` as her last used one, if it is later than any she used: false when a code of this
 * step (or a later one) was already accepted. One conditional write, so two requests with the same
 * code, on any API process, cannot both pass.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  return claimed.length > 0;
}

/** Her sessions that still stand, most recently used first (without their tokens). */
export function listStandingSessions(db: Db, userId: string, at: Date) {
  return db
    .select({ id: session.id, userAgent: session.userAgent, ipAddress: session.ipAddress, createdAt: session.createdAt, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, at)))
    .orderBy(desc(session.updatedAt));
}

/** Signs out every session of hers but `keepId`; returns how many. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const removed = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, keepId)))
    .returning({ id: session.id });
  return removed.length;
}

/** Signs out her session `sessionId`; false when she has no such session (another's id included). */
export async function deleteOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const removed = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return removed.length > 0;
}
