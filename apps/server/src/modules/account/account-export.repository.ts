import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountDeletion } from "../../db/schema/account-data";
import { alertRule } from "../../db/schema/alerts";
import { account, session, user } from "../../db/schema/auth";
import { billingEvent, billingPayment, subscription } from "../../db/schema/billing";
import { allowedDomain, creatorProfile, nickname, stageName } from "../../db/schema/identities";
import { impersonationCheck, impersonator } from "../../db/schema/impersonation";
import { monitoringSchedule } from "../../db/schema/monitoring";
import { leak, referenceImage, scan } from "../../db/schema/scans";
import { recipientConfirmation, searchDelisting, takedown, takedownAuthorization, takedownEvent, takedownNotice, takedownNoticeLink, takedownReply } from "../../db/schema/takedowns";

// The export's reads: every query on her own id (or on ids of her own rows), never a secret column.

export type ScanRow = typeof scan.$inferSelect;
export type LeakRow = typeof leak.$inferSelect;
export type TakedownRow = typeof takedown.$inferSelect;
export type NoticeRow = typeof takedownNotice.$inferSelect;
export type ReplyRow = typeof takedownReply.$inferSelect;

/** Rows per keyset page. */
export const PAGE = 500;

export function scanPage(db: Db, userId: string, after: Pick<typeof scan.$inferSelect, "id"> | null) {
  return db
    .select()
    .from(scan)
    .where(after ? and(eq(scan.userId, userId), gt(scan.id, after.id)) : eq(scan.userId, userId))
    .orderBy(asc(scan.id))
    .limit(PAGE);
}

export function leakPage(db: Db, userId: string, after: Pick<typeof leak.$inferSelect, "number"> | null) {
  return db
    .select()
    .from(leak)
    .where(after ? and(eq(leak.userId, userId), gt(leak.number, after.number)) : eq(leak.userId, userId))
    .orderBy(asc(leak.number))
    .limit(PAGE);
}

export function takedownPage(db: Db, userId: string, after: Pick<typeof takedown.$inferSelect, "id"> | null) {
  return db
    .select()
    .from(takedown)
    .where(after ? and(eq(takedown.userId, userId), gt(takedown.id, after.id)) : eq(takedown.userId, userId))
    .orderBy(asc(takedown.id))
    .limit(PAGE);
}

export function takedownEventPage(db: Db, userId: string, after: { id: number } | null) {
  return db
    .select({ id: takedownEvent.id, takedownId: takedownEvent.takedownId, at: takedownEvent.at, type: takedownEvent.type, message: takedownEvent.message })
    .from(takedownEvent)
    .innerJoin(takedown, eq(takedown.id, takedownEvent.takedownId))
    .where(after ? and(eq(takedown.userId, userId), gt(takedownEvent.id, after.id)) : eq(takedown.userId, userId))
    .orderBy(asc(takedownEvent.id))
    .limit(PAGE);
}

export function replyPage(db: Db, userId: string, after: Pick<typeof takedownReply.$inferSelect, "id"> | null) {
  return db
    .select({
      id: takedownReply.id,
      noticeId: takedownReply.noticeId,
      messageId: takedownReply.messageId,
      fromAddress: takedownReply.fromAddress,
      subject: takedownReply.subject,
      kind: takedownReply.kind,
      excerpt: takedownReply.excerpt,
      verified: takedownReply.verified,
      trust: takedownReply.trust,
      authentication: takedownReply.authentication,
      receivedAt: takedownReply.receivedAt,
    })
    .from(takedownReply)
    .innerJoin(takedownNotice, eq(takedownNotice.id, takedownReply.noticeId))
    .where(after ? and(eq(takedownNotice.userId, userId), gt(takedownReply.id, after.id)) : eq(takedownNotice.userId, userId))
    .orderBy(asc(takedownReply.id))
    .limit(PAGE);
}

export async function noticePage(db: Db, userId: string, after: Pick<typeof takedownNotice.$inferSelect, "id"> | null) {
  const notices = await db
    .select()
    .from(takedownNotice)
    .where(after ? and(eq(takedownNotice.userId, userId), gt(takedownNotice.id, after.id)) : eq(takedownNotice.userId, userId))
    .orderBy(asc(takedownNotice.id))
    .limit(PAGE);
  if (notices.length === 0) return notices;
  const links = await db
    .select({ noticeId: takedownNoticeLink.noticeId, takedownId: takedownNoticeLink.takedownId })
    .from(takedownNoticeLink)
    .where(inArray(takedownNoticeLink.noticeId, notices.map((n) => n.id)));
  return notices.map((n) => ({ ...n, takedownIds: links.filter((l) => l.noticeId === n.id).map((l) => l.takedownId) }));
}

/** Her user record, how she signs in (never a password hash or a provider token), her sessions (never their tokens), any deletion request. */
export async function readAccount(db: Db, userId: string) {
  const [me] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      emailConfirmedAt: user.emailConfirmedAt,
      ageConfirmed: user.ageConfirmed,
      ageConfirmedAt: user.ageConfirmedAt,
      twoFactorEnabled: user.twoFactorEnabled,
      image: user.image,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  const signInMethods = await db
    .select({ provider: account.providerId, accountId: account.accountId, scope: account.scope, createdAt: account.createdAt, updatedAt: account.updatedAt })
    .from(account)
    .where(eq(account.userId, userId));
  const sessions = await db
    .select({ signedInAt: session.createdAt, lastSeenAt: session.updatedAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
  const [deletion] = await db
    .select({ status: accountDeletion.status, requestedAt: accountDeletion.requestedAt, eraseAfter: accountDeletion.eraseAfter, cancelledAt: accountDeletion.cancelledAt })
    .from(accountDeletion)
    .where(eq(accountDeletion.userId, userId));
  return { me, signInMethods, sessions, deletion };
}

/** Her profile, stage names, nicknames and allowed domains. */
export async function readIdentities(db: Db, userId: string) {
  const [profile] = await db
    .select({
      specific: creatorProfile.specific,
      verificationCode: creatorProfile.verificationCode,
      onboardingCompletedAt: creatorProfile.onboardingCompletedAt,
      createdAt: creatorProfile.createdAt,
      updatedAt: creatorProfile.updatedAt,
    })
    .from(creatorProfile)
    .where(eq(creatorProfile.userId, userId));
  const names = await db.select().from(stageName).where(eq(stageName.userId, userId)).orderBy(asc(stageName.createdAt));
  const nicks = await db.select({ id: nickname.id, value: nickname.value, attestedAt: nickname.attestedAt, createdAt: nickname.createdAt }).from(nickname).where(eq(nickname.userId, userId)).orderBy(asc(nickname.createdAt));
  const domains = await db.select({ id: allowedDomain.id, domain: allowedDomain.domain, createdAt: allowedDomain.createdAt }).from(allowedDomain).where(eq(allowedDomain.userId, userId));
  return { profile, names, nicks, domains };
}

/** Her reference images without their fingerprints. */
export async function readReferenceImages(db: Db, userId: string) {
  const references = await db
    .select({ id: referenceImage.id, label: referenceImage.label, quality: referenceImage.quality, thumbnail: referenceImage.thumbnail, createdAt: referenceImage.createdAt })
    .from(referenceImage)
    .where(eq(referenceImage.userId, userId))
    .orderBy(asc(referenceImage.createdAt));
  return references;
}

export async function readAuthorization(db: Db, userId: string) {
  const [authorization] = await db.select().from(takedownAuthorization).where(eq(takedownAuthorization.userId, userId));
  return authorization;
}

export async function readDelistings(db: Db, userId: string) {
  const delistings = await db
    .select({ leakId: searchDelisting.leakId, engine: searchDelisting.engine, submittedAt: searchDelisting.submittedAt })
    .from(searchDelisting)
    .where(eq(searchDelisting.userId, userId));
  return delistings;
}

/** The addresses she confirmed as recipients of her notices, with the page that named each and when. */
export async function readRecipientConfirmations(db: Db, userId: string) {
  return db
    .select({ address: recipientConfirmation.address, source: recipientConfirmation.source, confirmedAt: recipientConfirmation.confirmedAt })
    .from(recipientConfirmation)
    .where(eq(recipientConfirmation.userId, userId))
    .orderBy(asc(recipientConfirmation.confirmedAt), asc(recipientConfirmation.address));
}

export async function readImpersonation(db: Db, userId: string) {
  const impersonators = await db.select().from(impersonator).where(eq(impersonator.userId, userId));
  const [impCheck] = await db.select().from(impersonationCheck).where(eq(impersonationCheck.userId, userId));
  return { impersonators, impCheck };
}

export async function readAlertSettings(db: Db, userId: string) {
  const [rule] = await db.select().from(alertRule).where(eq(alertRule.userId, userId));
  const [schedule] = await db.select().from(monitoringSchedule).where(eq(monitoringSchedule.userId, userId));
  return { rule, schedule };
}

export async function readBilling(db: Db, userId: string) {
  const subscriptions = await db.select().from(subscription).where(eq(subscription.userId, userId));
  const payments = await db.select().from(billingPayment).where(eq(billingPayment.userId, userId)).orderBy(asc(billingPayment.createdAt));
  const events = await db
    .select({ eventName: billingEvent.eventName, outcome: billingEvent.outcome, receivedAt: billingEvent.receivedAt })
    .from(billingEvent)
    .where(eq(billingEvent.userId, userId))
    .orderBy(asc(billingEvent.receivedAt));
  return { subscriptions, payments, events };
}
