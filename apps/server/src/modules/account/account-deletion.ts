import type { AccountDeletionStatus } from "@leakwarden/contracts/account-data";
import type { Database } from "../../db/client";
import { deletionCancelledMessage, deletionCompletedMessage, deletionScheduledMessage } from "../../email/account-templates";
import type { OutgoingEmail } from "../../email/mailer";
import type { JobQueue } from "../../jobs/queue";
import { signedInRecently } from "../../auth/recent-sign-in";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import { ACCURACY_STATEMENT, GOOD_FAITH_STATEMENT } from "../takedowns/takedowns.service";
import * as repo from "./account-deletion.repository";
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
      const row = await repo.findDeletion(db, userId);
      const password = await repo.findPasswordHash(db, userId);
      return {
        confirmWith: password ? "password" : "recent-sign-in",
        scheduled: row?.status === "scheduled" ? { requestedAt: row.requestedAt.toISOString(), eraseAfter: row.eraseAfter.toISOString() } : null,
        cancelledBySignIn: row?.status === "cancelled" && row.cancelNoticePending && row.cancelledAt ? { at: row.cancelledAt.toISOString() } : null,
      };
    },

    /**
     * Her request: confirmed with her password (or, for an account without one, a sign-in of the
     * last minutes), then every session signed out and the erasure queued for the end of the grace period.
     */
    async request(userId: string, input: { password?: string | undefined }, currentSession: { createdAt: Date }): Promise<{ eraseAfter: Date }> {
      const password = await repo.findPasswordHash(db, userId);
      if (password) {
        if (!input.password) throw new AppError("VALIDATION", "Enter your password to confirm.", { password: "Enter your password to confirm." });
        if (!(await deps.verifyPassword(password, input.password))) {
          throw new AppError("VALIDATION", "That password is not right.", { password: "That password is not right." });
        }
      } else if (!signedInRecently(currentSession.createdAt)) {
        // (The auth library stamps sessions with the real clock: compared with it, not the services' one.)
        throw new AppError("FORBIDDEN", "For your safety, sign in again with Google, then confirm the deletion within 10 minutes.");
      }
      const email = await repo.findEmail(db, userId);
      if (!email) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
      const requestedAt = deps.now();
      const eraseAfter = new Date(requestedAt.getTime() + DELETION_GRACE_MS);
      // Every device is signed out: the next sign-in, wherever it comes from, is hers to cancel with.
      await repo.scheduleDeletion(db, userId, requestedAt, eraseAfter);
      await queueErasure(userId, eraseAfter);
      await deps.sendEmail(deletionScheduledMessage(email, eraseAfter, signInUrl));
      deps.logger.info({ userId, eraseAfter }, "account deletion requested");
      return { eraseAfter };
    },

    /** A completed sign-in (password, Google, two-factor code) within the grace period cancels the deletion. */
    async cancelOnSignIn(userId: string): Promise<boolean> {
      const cancelledAt = deps.now();
      if (!(await repo.cancelScheduled(db, userId, cancelledAt))) return false;
      const email = await repo.findEmail(db, userId);
      if (email) await deps.sendEmail(deletionCancelledMessage(email, new URL("/settings", deps.publicUrl).toString()));
      deps.logger.info({ userId }, "account deletion cancelled by a sign-in");
      return true;
    },

    /** Whether her account is waiting to be erased: no alert or summary email goes to her meanwhile. */
    async isScheduled(userId: string): Promise<boolean> {
      return (await repo.deletionStatus(db, userId)) === "scheduled";
    },

    /** She has been shown that her sign-in cancelled the deletion. */
    async dismissCancelNotice(userId: string): Promise<void> {
      await repo.clearCancelNotice(db, userId);
    },

    /**
     * The erasure: everything about her goes (the account row takes every table that refers to it
     * with it), except the legal record of each notice sent in her name, kept apart and unlinked.
     */
    async erase(userId: string, jobId?: string): Promise<"erased" | "not-due" | "nothing"> {
      const row = await repo.findDeletion(db, userId);
      if (!row || row.status !== "scheduled") return "nothing";
      if (row.eraseAfter.getTime() > deps.now().getTime()) {
        await queueErasure(userId, row.eraseAfter);
        return "not-due";
      }
      const email = await repo.findEmail(db, userId);
      if (!email) return "nothing";
      // The notices' own copies in the outbox are found by their Message-ID once the rows are gone.
      const noticeMessageIds = await repo.noticeMessageIds(db, userId);
      // The ids her queued jobs may carry, read before her rows go.
      const hers = await repo.idsOfHers(db, userId);
      const recordedAt = deps.now();
      // Each notice sent in her name stays on record, as do reports filed through a party's form API (Cloudflare's).
      await repo.eraseAccountRows(db, userId, email, (sent, filed) => [
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
      ]);
      if (await repo.userExists(db, userId)) return "nothing";
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
        [jobId ?? "", userId, email.toLowerCase(), hers.scanIds, hers.referenceImageIds, hers.takedownIds, hers.noticeIds],
      );
      // The embedded mailer's copies of mail to her, about her or sent in her name (the legal record is the database's).
      const outboxFiles = deps.outboxDir ? await eraseFromOutbox(deps.outboxDir, { addresses: [email], ids: [userId], messageIds: noticeMessageIds }, deps.logger) : 0;
      await deps.sendEmail(deletionCompletedMessage(email));
      deps.logger.info({ notices: "kept as legal record", outboxFiles }, "account erased");
      return "erased";
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
