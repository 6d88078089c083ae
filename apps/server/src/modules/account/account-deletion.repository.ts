import { and, eq, isNotNull, like, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountDeletion, legalNoticeRecord } from "../../db/schema/account-data";
import { account, rateLimit, session, user, verification } from "../../db/schema/auth";
import { referenceImage, scan } from "../../db/schema/scans";
import { takedown, takedownNotice, takedownNoticeLink } from "../../db/schema/takedowns";

export type DeletionRow = typeof accountDeletion.$inferSelect;
export type LegalNoticeRecord = typeof legalNoticeRecord.$inferInsert;

export async function findDeletion(db: Db, userId: string): Promise<DeletionRow | undefined> {
  const [row] = await db.select().from(accountDeletion).where(eq(accountDeletion.userId, userId));
  return row;
}

/** Her password hash; null for an account without a password (Google). */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)));
  return credential?.password ?? null;
}

export async function findEmail(db: Db, userId: string): Promise<string | undefined> {
  const [me] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return me?.email;
}

/** Schedules the erasure for `eraseAfter` and signs every session of hers out, at once. */
export async function scheduleDeletion(db: Db, userId: string, requestedAt: Date, eraseAfter: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(accountDeletion)
      .values({ userId, status: "scheduled", requestedAt, eraseAfter, cancelledAt: null, cancelNoticePending: false })
      .onConflictDoUpdate({ target: accountDeletion.userId, set: { status: "scheduled", requestedAt, eraseAfter, cancelledAt: null, cancelNoticePending: false } });
    await tx.delete(session).where(eq(session.userId, userId));
  });
}

/** Cancels a scheduled deletion, its notice to be shown; false when none was scheduled. */
export async function cancelScheduled(db: Db, userId: string, cancelledAt: Date): Promise<boolean> {
  const rows = await db
    .update(accountDeletion)
    .set({ status: "cancelled", cancelledAt, cancelNoticePending: true })
    .where(and(eq(accountDeletion.userId, userId), eq(accountDeletion.status, "scheduled")))
    .returning({ userId: accountDeletion.userId });
  return rows.length > 0;
}

export async function deletionStatus(db: Db, userId: string): Promise<DeletionRow["status"] | undefined> {
  const [row] = await db.select({ status: accountDeletion.status }).from(accountDeletion).where(eq(accountDeletion.userId, userId));
  return row?.status;
}

export async function clearCancelNotice(db: Db, userId: string): Promise<void> {
  await db.update(accountDeletion).set({ cancelNoticePending: false }).where(eq(accountDeletion.userId, userId));
}

/** The Message-IDs of the notices sent in her name. */
export async function noticeMessageIds(db: Db, userId: string): Promise<string[]> {
  return (await db.select({ messageId: takedownNotice.messageId }).from(takedownNotice).where(and(eq(takedownNotice.userId, userId), isNotNull(takedownNotice.messageId))))
    .map((n) => n.messageId!)
    .filter(Boolean);
}

/** The ids of her scans, reference images, takedowns and notices (her queued jobs may carry them). */
export async function idsOfHers(db: Db, userId: string) {
  return {
    scanIds: (await db.select({ id: scan.id }).from(scan).where(eq(scan.userId, userId))).map((r) => r.id),
    referenceImageIds: (await db.select({ id: referenceImage.id }).from(referenceImage).where(eq(referenceImage.userId, userId))).map((r) => r.id),
    takedownIds: (await db.select({ id: takedown.id }).from(takedown).where(eq(takedown.userId, userId))).map((r) => r.id),
    noticeIds: (await db.select({ id: takedownNotice.id }).from(takedownNotice).where(eq(takedownNotice.userId, userId))).map((r) => r.id),
  };
}

type SentNotice = { sentAt: Date | null; recipient: (typeof takedownNotice.$inferSelect)["recipient"]; kind: string; url: string; attestation: (typeof takedown.$inferSelect)["attestation"] };
type FiledReport = { url: string; formStep: (typeof takedown.$inferSelect)["formStep"] };

/**
 * In one transaction, if her deletion is still scheduled (a sign-in a moment ago wins): the legal
 * records `recordsOf` makes of the notices sent and the reports filed through a form API in her
 * name are kept, then the auth library's rows outside hers (pending links and codes, our request
 * counts) and her account row (which takes every table referring to it) are deleted.
 */
export async function eraseAccountRows(db: Db, userId: string, email: string, recordsOf: (sent: SentNotice[], filed: FiledReport[]) => LegalNoticeRecord[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [still] = await tx.select({ status: accountDeletion.status }).from(accountDeletion).where(eq(accountDeletion.userId, userId)).for("update");
    if (still?.status !== "scheduled") return;
    const sent = await tx
      .select({
        sentAt: takedownNotice.sentAt,
        recipient: takedownNotice.recipient,
        kind: takedownNotice.kind,
        url: takedown.url,
        attestation: takedown.attestation,
      })
      .from(takedownNotice)
      .innerJoin(takedownNoticeLink, eq(takedownNoticeLink.noticeId, takedownNotice.id))
      .innerJoin(takedown, eq(takedown.id, takedownNoticeLink.takedownId))
      .where(and(eq(takedownNotice.userId, userId), eq(takedownNotice.status, "sent"), isNotNull(takedownNotice.sentAt)));
    const filed = await tx
      .select({ url: takedown.url, formStep: takedown.formStep })
      .from(takedown)
      .where(and(eq(takedown.userId, userId), sql`${takedown.formStep}->>'via' = 'api'`, sql`${takedown.formStep}->>'status' = 'submitted'`));
    const records = recordsOf(sent, filed);
    if (records.length > 0) await tx.insert(legalNoticeRecord).values(records);
    // Pending links and codes carry her id as value (never matched on an identifier that merely contains her address).
    await tx.delete(verification).where(or(eq(verification.value, userId), eq(verification.identifier, email)));
    await tx.delete(rateLimit).where(like(rateLimit.key, `lw:%:user:${userId}`));
    await tx.delete(user).where(eq(user.id, userId));
  });
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const [left] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return !!left;
}
