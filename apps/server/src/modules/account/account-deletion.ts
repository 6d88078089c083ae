import type { AccountDeletionStatus } from "@leakwarden/contracts/account-data";
import { and, eq, isNotNull, like, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accountDeletion, legalNoticeRecord } from "../../db/schema/account-data";
import { account, rateLimit, session, user, verification } from "../../db/schema/auth";
import { referenceImage, scan } from "../../db/schema/scans";
import { takedown, takedownNotice, takedownNoticeLink } from "../../db/schema/takedowns";
import { deletionCancelledMessage, deletionCompletedMessage, deletionScheduledMessage } from "../../email/account-templates";
import type { OutgoingEmail } from "../../email/mailer";
import type { JobQueue } from "../../jobs/queue";
import { signedInRecently } from "../../auth/recent-sign-in";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import { ACCURACY_STATEMENT, GOOD_FAITH_STATEMENT } from "../takedowns/takedowns.service";
import { eraseAccountJob } from "./account.job-definitions";
import { eraseFromOutbox } from "./outbox-erasure";

/** How long she has to change her mind: signing in within it cancels the deletion. */
export const DELETION_GRACE_MS = 7 * 24 * 3_600_000;

export const DMCA_STATEMENT = `${GOOD_FAITH_STATEMENT} ${ACCURACY_STATEMENT}`;

export interface DeletionDeps {
  database: Database;
  logger: Logger;
  queue: JobQueue;
  sendEmail(email: OutgoingEmail): Promise<void>;
  /** Checks a password against the stored hash (the auth library's own hashing). */
  verifyPassword(hash: string, password: string): Promise<boolean>;
  publicUrl: string;
  now: () => Date;
  /** Where the embedded mailer writes its .eml files: hers are erased with her account. */
  outboxDir?: string;
}

export function createAccountDeletionService(deps: DeletionDeps) {
  const { db } = deps.database;
  const signInUrl = new URL("/signin", deps.publicUrl).toString();

  /** Queues the erasure for `at` on the services' clock (the queue waits in real time, so the wait is what is left). */
  async function queueErasure(userId: string, at: Date) {
    const wait = Math.max(0, at.getTime() - deps.now().getTime());
    await deps.queue.send(eraseAccountJob, { userId }, { startAfter: new Date(Date.now() + wait) });
  }

  return {
    /** What the settings show: how she confirms, and whether a sign-in just cancelled a deletion. */
    async status(userId: string): Promise<AccountDeletionStatus> {
      const [row] = await db.select().from(accountDeletion).where(eq(accountDeletion.userId, userId));
      const [credential] = await db
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)));
      return {
        confirmWith: credential ? "password" : "recent-sign-in",
        scheduled: row?.status === "scheduled" ? { requestedAt: row.requestedAt.toISOString(), eraseAfter: row.eraseAfter.toISOString() } : null,
        cancelledBySignIn: row?.status === "cancelled" && row.cancelNoticePending && row.cancelledAt ? { at: row.cancelledAt.toISOString() } : null,
      };
    },

    /**
     * Her request: confirmed with her password (or, for an account without one, a sign-in of the
     * last minutes), then every session signed out and the erasure queued for the end of the grace period.
     */
    async request(userId: string, input: { password?: string | undefined }, currentSession: { createdAt: Date }): Promise<{ eraseAfter: Date }> {
      const [credential] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)));
      if (credential?.password) {
        if (!input.password) throw new AppError("VALIDATION", "Enter your password to confirm.", { password: "Enter your password to confirm." });
        if (!(await deps.verifyPassword(credential.password, input.password))) {
          throw new AppError("VALIDATION", "That password is not right.", { password: "That password is not right." });
        }
      } else if (!signedInRecently(currentSession.createdAt)) {
        // (The auth library stamps sessions with the real clock: compared with it, not the services' one.)
        throw new AppError("FORBIDDEN", "For your safety, sign in again with Google, then confirm the deletion within 10 minutes.");
      }
      const [me] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
      if (!me) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
      const requestedAt = deps.now();
      const eraseAfter = new Date(requestedAt.getTime() + DELETION_GRACE_MS);
      await db.transaction(async (tx) => {
        await tx
          .insert(accountDeletion)
          .values({ userId, status: "scheduled", requestedAt, eraseAfter, cancelledAt: null, cancelNoticePending: false })
          .onConflictDoUpdate({ target: accountDeletion.userId, set: { status: "scheduled", requestedAt, eraseAfter, cancelledAt: null, cancelNoticePending: false } });
        // Every device is signed out: the next sign-in, wherever it comes from, is hers to cancel with.
        await tx.delete(session).where(eq(session.userId, userId));
      });
      await queueErasure(userId, eraseAfter);
      await deps.sendEmail(deletionScheduledMessage(me.email, eraseAfter, signInUrl));
      deps.logger.info({ userId, eraseAfter }, "account deletion requested");
      return { eraseAfter };
    },

    /** A completed sign-in (password, Google, two-factor code) within the grace period cancels the deletion. */
    async cancelOnSignIn(userId: string): Promise<boolean> {
      const cancelledAt = deps.now();
      const rows = await db
        .update(accountDeletion)
        .set({ status: "cancelled", cancelledAt, cancelNoticePending: true })
        .where(and(eq(accountDeletion.userId, userId), eq(accountDeletion.status, "scheduled")))
        .returning({ userId: accountDeletion.userId });
      if (rows.length === 0) return false;
      const [me] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
      if (me) await deps.sendEmail(deletionCancelledMessage(me.email, new URL("/settings", deps.publicUrl).toString()));
      deps.logger.info({ userId }, "account deletion cancelled by a sign-in");
      return true;
    },

    /** Whether her account is waiting to be erased: no alert or summary email goes to her meanwhile. */
    async isScheduled(userId: string): Promise<boolean> {
      const [row] = await db.select({ status: accountDeletion.status }).from(accountDeletion).where(eq(accountDeletion.userId, userId));
      return row?.status === "scheduled";
    },

    /** She has been shown that her sign-in cancelled the deletion. */
    async dismissCancelNotice(userId: string): Promise<void> {
      await db.update(accountDeletion).set({ cancelNoticePending: false }).where(eq(accountDeletion.userId, userId));
    },

    /**
     * The erasure: everything about her goes (the account row takes every table that refers to it
     * with it), except the legal record of each notice sent in her name, kept apart and unlinked.
     */
    async erase(userId: string, jobId?: string): Promise<"erased" | "not-due" | "nothing"> {
      const [row] = await db.select().from(accountDeletion).where(eq(accountDeletion.userId, userId));
      if (!row || row.status !== "scheduled") return "nothing";
      if (row.eraseAfter.getTime() > deps.now().getTime()) {
        await queueErasure(userId, row.eraseAfter);
        return "not-due";
      }
      const [me] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
      if (!me) return "nothing";
      // The notices' own copies in the outbox are found by their Message-ID once the rows are gone.
      const noticeMessageIds = (await db.select({ messageId: takedownNotice.messageId }).from(takedownNotice).where(and(eq(takedownNotice.userId, userId), isNotNull(takedownNotice.messageId))))
        .map((n) => n.messageId!)
        .filter(Boolean);
      // The ids her queued jobs may carry, read before her rows go.
      const hers = {
        scanIds: (await db.select({ id: scan.id }).from(scan).where(eq(scan.userId, userId))).map((r) => r.id),
        referenceImageIds: (await db.select({ id: referenceImage.id }).from(referenceImage).where(eq(referenceImage.userId, userId))).map((r) => r.id),
        takedownIds: (await db.select({ id: takedown.id }).from(takedown).where(eq(takedown.userId, userId))).map((r) => r.id),
        noticeIds: (await db.select({ id: takedownNotice.id }).from(takedownNotice).where(eq(takedownNotice.userId, userId))).map((r) => r.id),
      };
      const recordedAt = deps.now();
      await db.transaction(async (tx) => {
        // Checked again inside the transaction: a sign-in a moment ago wins.
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
        // Reports filed through a party's form API (Cloudflare's) went in her name too.
        const filed = await tx
          .select({ url: takedown.url, formStep: takedown.formStep })
          .from(takedown)
          .where(and(eq(takedown.userId, userId), sql`${takedown.formStep}->>'via' = 'api'`, sql`${takedown.formStep}->>'status' = 'submitted'`));
        const records = [
          ...sent.map((n) => ({
            sentAt: n.sentAt!,
            recipient: n.recipient.email ?? n.recipient.webForm ?? n.recipient.name ?? n.recipient.kind,
            url: n.url,
            kind: n.kind,
            statement: n.kind === "takeitdown" ? (n.attestation?.text ?? "") : DMCA_STATEMENT,
            recordedAt,
          })),
          ...filed.flatMap((t) =>
            t.formStep?.submittedAt ? [{ sentAt: new Date(t.formStep.submittedAt), recipient: t.formStep.formUrl, url: t.url, kind: "dmca", statement: DMCA_STATEMENT, recordedAt }] : [],
          ),
        ];
        if (records.length > 0) await tx.insert(legalNoticeRecord).values(records);
        // What the auth library keeps outside her rows: pending links and codes (value: her id; never an
        // identifier that merely contains her address), request counts.
        await tx.delete(verification).where(or(eq(verification.value, userId), eq(verification.identifier, me.email)));
        await tx.delete(rateLimit).where(like(rateLimit.key, `lw:%:user:${userId}`));
        await tx.delete(user).where(eq(user.id, userId));
      });
      const [left] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
      if (left) return "nothing";
      // Her queued work goes too, found by what its payload names exactly: her id, her address as an
      // email's recipient or reply-to, the ids of her scans, references, takedowns and notices. Never by
      // text: another customer's mail that merely mentions her address (or contains it, as
      // "joann@…" contains "ann@…") is theirs. This job's own row is the queue's to finish.
      await deps.database.executeSql(
        `delete from pgboss.job where id::text <> $1 and (
           data->>'userId' = $2
           or (name = 'email.send' and (lower(data->>'to') = $3 or lower(data->>'replyTo') = $3))
           or data->>'scanId' = any($4::text[])
           or data->>'referenceImageId' = any($5::text[])
           or data->>'takedownId' = any($6::text[])
           or data->>'noticeId' = any($7::text[])
           or (jsonb_typeof(data->'takedownIds') = 'array' and data->'takedownIds' ?| $6::text[]))`,
        [jobId ?? "", userId, me.email.toLowerCase(), hers.scanIds, hers.referenceImageIds, hers.takedownIds, hers.noticeIds],
      );
      // The embedded mailer's copies of mail to her, about her or sent in her name (the legal record is the database's).
      const outboxFiles = deps.outboxDir ? await eraseFromOutbox(deps.outboxDir, { addresses: [me.email], ids: [userId], messageIds: noticeMessageIds }, deps.logger) : 0;
      await deps.sendEmail(deletionCompletedMessage(me.email));
      deps.logger.info({ notices: "kept as legal record", outboxFiles }, "account erased");
      return "erased";
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
