import { createHmac, timingSafeEqual } from "node:crypto";
import type { AlertRules, AlertRulesInput, DigestFrequency } from "@leakwarden/contracts/alerts";
import type { LeakView } from "@leakwarden/contracts/scans";
import type { Db } from "../../db/client";
import type { OutgoingEmail } from "../../email/mailer";
import type { JobQueue } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import {
  type AlertLinks,
  counterNoticeMessage,
  impersonatorsMessage,
  newLeaksMessage,
  reuploadMessage,
  summaryMessage,
  takedownSucceededMessage,
  takeItDownDeadlineMissedMessage,
} from "./alert-templates";
import { batchedAlertJob, digestJob, newLeaksAlertJob } from "./alerts.job-definitions";
import * as repo from "./alerts.repository";

export interface AlertsDeps {
  db: Db;
  logger: Logger;
  queue: JobQueue;
  /** Queues an email (sent by the email job). */
  sendEmail(email: OutgoingEmail): Promise<void>;
  /** The account's address, or null when the account is gone. */
  emailOf(userId: string): Promise<string | null>;
  /** Her leaks recognised as re-uploads after a time (the scans service), newest first, with their total. */
  reuploadsSince?(userId: string, after: Date | null, limit: number): Promise<{ items: Array<{ url: string; earlierNumber: number; earlierUrl: string; removedAt: string; sameSite: boolean }>; total: number }>;
  /** Likely impersonators first listed after a time (the impersonation service), newest first, with their total. */
  impersonatorsSince?(userId: string, after: Date | null, limit: number): Promise<{ items: Array<{ handle: string; platform: string; profileUrl: string }>; total: number }>;
  /** Leaks first seen in a scan or since a time (the scans service). */
  newLeaks(userId: string, filter: { scanId?: string; since?: Date; afterNumber?: number }, limit?: number): Promise<{ items: LeakView[]; total: number; maxNumber: number | null }>;
  publicUrl: string;
  /** The server's secret: unsubscribe tokens are signed with a key derived from it. */
  secret: string;
  now?: () => Date;
}

const periodMs: Record<Exclude<DigestFrequency, "off">, number> = { daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000 };
/** A new account's alerts: on (DESIGN §2: a monitoring service that stays silent by default is not monitoring). */
const defaults = { newLeak: true, digest: "weekly" as DigestFrequency, takedownSucceeded: true, reupload: true, newImpersonator: true };
/** New-leak emails are batched: at most one in this time, the next covering everything since. */
const newLeakBatchMs = 3600_000;

type BatchedKind = "reupload" | "impersonator";

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");

export function createAlertsService(deps: AlertsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const tokenKey = createHmac("sha256", deps.secret).update("leakwarden alerts unsubscribe").digest();
  const dashboard = (section: string) => `${deps.publicUrl}/dashboard/${section}`;

  const sign = (userId: string) => createHmac("sha256", tokenKey).update(userId).digest();

  function unsubscribeToken(userId: string): string {
    return `${b64url(userId)}.${b64url(sign(userId))}`;
  }

  /** The user a token was made for, or null when it is not one of ours. */
  function verifyToken(token: string): string | null {
    const [idPart, sigPart] = token.split(".");
    if (!idPart || !sigPart) return null;
    const userId = Buffer.from(idPart, "base64url").toString("utf8");
    const given = Buffer.from(sigPart, "base64url");
    const expected = sign(userId);
    return userId && given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  function view(row: repo.AlertRuleRow | undefined, email: string): AlertRules {
    return {
      newLeak: row?.newLeak ?? defaults.newLeak,
      digest: (row?.digest as DigestFrequency | undefined) ?? defaults.digest,
      takedownSucceeded: row?.takedownSucceeded ?? defaults.takedownSucceeded,
      reupload: row?.reupload ?? defaults.reupload,
      newImpersonator: row?.newImpersonator ?? defaults.newImpersonator,
      email,
      nextDigestAt: row?.nextDigestAt?.toISOString() ?? null,
      lastDigestAt: row?.lastDigestAt?.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async function scheduleDigest(userId: string, dueAt: Date) {
    await deps.queue.send(digestJob, { userId, dueAt: dueAt.toISOString() }, { startAfter: dueAt });
  }

  /**
   * The creator's rules; a creator who never set hers gets the defaults written down, and her
   * summary chain started, the first time the service meets her.
   */
  async function ensureRule(userId: string): Promise<repo.AlertRuleRow> {
    const found = await repo.findRule(db, userId);
    if (found) return found;
    const at = now();
    const nextDigestAt = defaults.digest === "off" ? null : new Date(at.getTime() + periodMs[defaults.digest]);
    if (await repo.insertDefaultRule(db, userId, { ...defaults, nextDigestAt, updatedAt: at })) {
      if (nextDigestAt) await scheduleDigest(userId, nextDigestAt);
    }
    return (await repo.findRule(db, userId))!;
  }

  /**
   * Where her first summary starts: a period before it was due, or when she joined if that was
   * within the period before (her first scan's leaks were found before the summary chain began).
   */
  async function firstSummarySince(userId: string, chainStart: Date, period: number): Promise<Date> {
    const joined = await repo.joinedAt(db, userId);
    return joined && joined < chainStart && joined.getTime() >= chainStart.getTime() - period ? joined : chainStart;
  }

  function links(userId: string): AlertLinks {
    return {
      dashboard,
      footer: {
        reason: "You get this email because of your alert settings.",
        settingsUrl: dashboard("alerts"),
        unsubscribeUrl: `${deps.publicUrl}/v1/alerts/unsubscribe?token=${unsubscribeToken(userId)}`,
      },
    };
  }

  /** Queues the new-leaks email: now, or an hour after the last one (which then covers these too). */
  async function queueNewLeaksAlert(userId: string, rule: repo.AlertRuleRow, payload: { scanId: string } | { since: string; via?: "images" | "crawl" }) {
    const at = now();
    const batchEnd = rule.lastNewLeakAlertAt ? rule.lastNewLeakAlertAt.getTime() + newLeakBatchMs : 0;
    const startAfter = batchEnd > at.getTime() ? new Date(batchEnd) : undefined;
    await deps.queue.send(newLeaksAlertJob, { userId, ...payload }, startAfter ? { startAfter } : undefined);
  }

  /** Queues a batched email: now, or an hour after the last one of its kind (which then covers these too). */
  async function queueBatched(userId: string, kind: BatchedKind, last: Date | null) {
    const batchEnd = last ? last.getTime() + newLeakBatchMs : 0;
    const startAfter = batchEnd > now().getTime() ? new Date(batchEnd) : undefined;
    await deps.queue.send(batchedAlertJob, { userId, kind }, startAfter ? { startAfter } : undefined);
  }

  return {
    unsubscribeToken,

    async get(userId: string): Promise<AlertRules> {
      const address = (await deps.emailOf(userId)) ?? "";
      return view(await ensureRule(userId), address);
    },

    async update(userId: string, input: AlertRulesInput): Promise<AlertRules> {
      const current = await ensureRule(userId);
      const at = now();
      let nextDigestAt: Date | null = current.nextDigestAt ?? null;
      const digestChanged = current.digest !== input.digest;
      if (input.digest === "off") nextDigestAt = null;
      else if (digestChanged || !nextDigestAt) nextDigestAt = new Date(at.getTime() + periodMs[input.digest]);
      // Switched on: the emails start from the leaks found from now on, not every leak she already has.
      const alertedThrough = input.newLeak && !current.newLeak ? { newLeakAlertedThrough: await repo.lastLeakNumber(db, userId) } : {};
      // Likewise the re-upload and impersonator emails: from what is found from now on.
      const reuploadFrom = input.reupload === true && !current.reupload ? { reuploadAlertedAt: at } : {};
      const impersonatorFrom = input.newImpersonator === true && !current.newImpersonator ? { impersonatorAlertedAt: at } : {};
      const { reupload, newImpersonator, ...rest } = input;
      const row = await repo.upsertRule(db, userId, {
        ...rest,
        ...(reupload === undefined ? {} : { reupload }),
        ...(newImpersonator === undefined ? {} : { newImpersonator }),
        ...alertedThrough,
        ...reuploadFrom,
        ...impersonatorFrom,
        nextDigestAt,
        updatedAt: at,
      });
      if (nextDigestAt && (digestChanged || !current.nextDigestAt)) await scheduleDigest(userId, nextDigestAt);
      return view(row, (await deps.emailOf(userId)) ?? "");
    },

    /** The public unsubscribe link: every rule off. */
    async unsubscribe(token: string): Promise<void> {
      const userId = verifyToken(token);
      if (!userId) throw new AppError("VALIDATION", "This unsubscribe link is not valid.");
      if (!(await deps.emailOf(userId))) return;
      await repo.upsertRule(db, userId, { newLeak: false, digest: "off", takedownSucceeded: false, reupload: false, newImpersonator: false, nextDigestAt: null, updatedAt: now() });
    },

    /** The scans service's completion hook: queues the new-leaks email when the creator wants it. */
    async onScanCompleted(event: { userId: string; scanId: string; newLeaks: number }): Promise<void> {
      const rule = await ensureRule(event.userId);
      if (event.newLeaks === 0 || !rule.newLeak) return;
      await queueNewLeaksAlert(event.userId, rule, { scanId: event.scanId });
    },

    /** Leaks found outside a scan (the shared image index, a crawl of leak sites): the same rule, the same email. */
    async onLeaksFound(event: { userId: string; since: Date; newLeaks: number; via?: "images" | "crawl" }): Promise<void> {
      const rule = await ensureRule(event.userId);
      if (event.newLeaks === 0 || !rule.newLeak) return;
      await queueNewLeaksAlert(event.userId, rule, { since: event.since.toISOString(), ...(event.via ? { via: event.via } : {}) });
    },

    /**
     * The new-leaks email: every leak she was not told of yet (numbered after the last email's),
     * whatever found it. At most one an hour: a run within the hour after the last email queues
     * itself again for the hour's end.
     */
    async sendNewLeaksAlert(userId: string, of: string | { since: Date; via?: "images" | "crawl" }): Promise<void> {
      const rule = await repo.findRule(db, userId);
      const to = await deps.emailOf(userId);
      if (!rule?.newLeak || !to) return;
      const at = now();
      const batchEnd = rule.lastNewLeakAlertAt ? rule.lastNewLeakAlertAt.getTime() + newLeakBatchMs : 0;
      const { items, total, maxNumber } = await deps.newLeaks(userId, { afterNumber: rule.newLeakAlertedThrough }, 10);
      if (total === 0 || maxNumber === null) return;
      if (at.getTime() < batchEnd) {
        const payload = typeof of === "string" ? { scanId: of } : { since: of.since.toISOString(), ...(of.via ? { via: of.via } : {}) };
        await deps.queue.send(newLeaksAlertJob, { userId, ...payload }, { startAfter: new Date(batchEnd) });
        return;
      }
      if (!(await repo.claimNewLeakAlert(db, userId, at, new Date(at.getTime() - newLeakBatchMs), maxNumber))) return;
      const source = rule.lastNewLeakAlertAt ? "since-last-email" : typeof of === "string" ? "scan" : of.via === "crawl" ? "crawl" : "images";
      await deps.sendEmail(newLeaksMessage(to, { source, urls: items.map((l) => l.url), total }, links(userId)));
    },

    /** One run of the summary chain: what was found, sent, removed and is still up, then the next run is queued. */
    async runDigest(userId: string, dueAtIso: string): Promise<void> {
      const rule = await repo.findRule(db, userId);
      if (!rule || rule.digest === "off" || rule.nextDigestAt?.toISOString() !== dueAtIso) return;
      const frequency = rule.digest as Exclude<DigestFrequency, "off">;
      const dueAt = new Date(dueAtIso);
      const at = now();
      const to = await deps.emailOf(userId);
      if (to) {
        const since = rule.lastDigestAt ?? (await firstSummarySince(userId, new Date(dueAt.getTime() - periodMs[frequency]), periodMs[frequency]));
        const { items, total } = await deps.newLeaks(userId, { since }, 10);
        const figures = await repo.summaryFigures(db, userId, since);
        await deps.sendEmail(summaryMessage(to, { frequency, since, figures, urls: items.map((l) => l.url), total }, links(userId)));
      }
      let next = new Date(dueAt.getTime() + periodMs[frequency]);
      if (next <= at) next = new Date(at.getTime() + periodMs[frequency]);
      await repo.upsertRule(db, userId, { lastDigestAt: at, nextDigestAt: next });
      await scheduleDigest(userId, next);
    },

    /** Links recognised as re-uploads (the scans service): the re-upload email, batched. */
    async onReuploadsFound(event: { userId: string; count: number }): Promise<void> {
      const rule = await ensureRule(event.userId);
      if (event.count === 0 || !rule.reupload) return;
      await queueBatched(event.userId, "reupload", rule.reuploadAlertedAt);
    },

    /** An impersonation check listed new likely impersonators: the new-impersonator email, batched. */
    async onImpersonatorsFound(event: { userId: string; count: number }): Promise<void> {
      const rule = await ensureRule(event.userId);
      if (event.count === 0 || !rule.newImpersonator) return;
      await queueBatched(event.userId, "impersonator", rule.impersonatorAlertedAt);
    },

    /**
     * The re-upload or new-impersonator email: what was found since the last one of its kind. At
     * most one an hour: a run within the hour queues itself again for the hour's end.
     */
    async sendBatchedAlert(userId: string, kind: BatchedKind): Promise<void> {
      const rule = await repo.findRule(db, userId);
      const to = await deps.emailOf(userId);
      if (!rule || !to) return;
      const on = kind === "reupload" ? rule.reupload : rule.newImpersonator;
      const last = kind === "reupload" ? rule.reuploadAlertedAt : rule.impersonatorAlertedAt;
      if (!on) return;
      const at = now();
      const batchEnd = last ? last.getTime() + newLeakBatchMs : 0;
      if (at.getTime() < batchEnd) {
        await deps.queue.send(batchedAlertJob, { userId, kind }, { startAfter: new Date(batchEnd) });
        return;
      }
      if (kind === "reupload") {
        const found = (await deps.reuploadsSince?.(userId, last, 10)) ?? { items: [], total: 0 };
        if (found.total === 0 || !(await repo.claimBatchedAlert(db, userId, kind, last, at))) return;
        await deps.sendEmail(reuploadMessage(to, found, links(userId)));
        return;
      }
      const found = (await deps.impersonatorsSince?.(userId, last, 10)) ?? { items: [], total: 0 };
      if (found.total === 0 || !(await repo.claimBatchedAlert(db, userId, kind, last, at))) return;
      await deps.sendEmail(impersonatorsMessage(to, found, links(userId)));
    },

    /**
     * For the takedowns module: a counter-notice under §512(g) answered a notice for her link. A
     * legal step with a clock on it: sent whatever her alert settings (they cannot turn it off), to
     * an account that is not waiting to be erased.
     */
    async counterNoticeReceived(userId: string, takedown: { urls: string[]; from: string; at: Date }): Promise<void> {
      const to = await deps.emailOf(userId);
      if (!to) return;
      await deps.sendEmail(counterNoticeMessage(to, takedown, dashboard));
    },

    /**
     * For the takedowns module: the platform let the TAKE IT DOWN Act's 48 hours pass with her link
     * still up. Sent whatever her alert settings, like the counter-notice email.
     */
    async takeItDownDeadlineMissed(userId: string, takedown: { url: string; platform: string; deadlineAt: Date; escalatedTo: string[] }): Promise<void> {
      const to = await deps.emailOf(userId);
      if (!to) return;
      await deps.sendEmail(takeItDownDeadlineMissedMessage(to, takedown, dashboard));
    },

    /** For the takedowns module: the link of a takedown is gone. */
    async takedownSucceeded(userId: string, takedown: { url: string }): Promise<void> {
      const rule = await ensureRule(userId);
      const to = await deps.emailOf(userId);
      if (!rule.takedownSucceeded || !to) return;
      await deps.sendEmail(takedownSucceededMessage(to, takedown.url, links(userId)));
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
