import type { AutopilotCategory, AutopilotInput, AutopilotView } from "@leakwarden/contracts/takedowns";
import { autopilotCategories } from "@leakwarden/contracts/takedowns";
import type { Db } from "../../db/client";
import type { OutgoingEmail } from "../../email/mailer";
import type { JobQueue } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import { hostMatchesDomain } from "../../scanner/canonical-url";
import { FILE_HOST_DOMAINS } from "../../scanner/leak-context";
import { autopilotDigestMessage, provable } from "./autopilot-templates";
import { autopilotDigestJob, autopilotSweepJob } from "./autopilot.job-definitions";
import * as repo from "./autopilot.repository";
import type { TakedownsService } from "./takedowns.service";
import type { TakedownRow } from "./takedowns.repository";

export interface AutopilotDeps {
  db: Db;
  logger: Logger;
  queue: JobQueue;
  takedowns: TakedownsService;
  /** Queues an email (sent by the email job). */
  sendEmail(email: OutgoingEmail): Promise<void>;
  /** The account's address, or null when the account is gone. */
  emailOf(userId: string): Promise<string | null>;
  publicUrl: string;
  /** How long after an automatic takedown its digest waits, so that the notices are out and others join it. */
  digestDelayMs: number;
  /** Automatic takedowns started for one creator in 24 hours; the findings beyond wait until the window frees. */
  maxPerDay: number;
  now?: () => Date;
}

/** At most one digest an hour: the next lists everything sent since. */
const DIGEST_BATCH_MS = 3600_000;
/** Findings recorded within this time of each other are taken down together (one sweep, one notice per recipient). */
const GATHER_MS = 2_000;
const SWEEP_LIMIT = 100;
const DAY_MS = 24 * 3600_000;

const column = { leakSites: "leakSitesFrom", socialMedia: "socialMediaFrom", fileHosts: "fileHostsFrom" } as const satisfies Record<AutopilotCategory, keyof repo.AutopilotSettingRow>;

/** Which switch covers a finding: a link on a file host is one whatever found it; then the finding's category. Impersonators: none. */
export function autopilotCategoryOf(leak: { domain: string; category: string }): AutopilotCategory | null {
  if (FILE_HOST_DOMAINS.some((d) => hostMatchesDomain(leak.domain, d))) return "fileHosts";
  if (leak.category === "social_media") return "socialMedia";
  if (leak.category === "leak_site" || leak.category === "search_result") return "leakSites";
  return null;
}

const isOn = (row: repo.AutopilotSettingRow | undefined) => !!row && autopilotCategories.some((c) => row[column[c]] !== null);

export function createAutopilotService(deps: AutopilotDeps) {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  /** A job's start time for a moment on our clock (tests move the clock). */
  const startAfterFor = (at: Date) => new Date(Date.now() + Math.max(0, at.getTime() - now().getTime()));
  /** Sweeps queued and not started yet, by creator: a scan's findings in a row share one. */
  const queued = new Set<string>();

  /** Her findings the autopilot covers and has not acted on yet, oldest first. */
  async function candidatesOf(userId: string, setting: repo.AutopilotSettingRow) {
    const froms = autopilotCategories.map((c) => setting[column[c]]).filter((n): n is number => n !== null);
    if (froms.length === 0) return [];
    return (await repo.listCandidates(db, userId, Math.min(...froms), SWEEP_LIMIT)).filter((l) => {
      const category = autopilotCategoryOf(l);
      const from = category ? setting[column[category]] : null;
      return from !== null && l.number > from;
    });
  }

  /** Her daily cap as it stands: how many of the last 24 hours' takedowns it allows still, and when the window next frees. */
  async function capOf(userId: string) {
    const at = now().getTime();
    const { count, oldest } = await repo.sentSince(db, userId, new Date(at - DAY_MS));
    return { limit: deps.maxPerDay, used: count, room: Math.max(0, deps.maxPerDay - count), resumesAt: oldest ? new Date(oldest.getTime() + DAY_MS) : null };
  }

  /** Findings covered by her switches that wait for the daily cap (none while it has room); those waiting for her proof are not counted. */
  async function waitingForCap(userId: string, setting: repo.AutopilotSettingRow | undefined) {
    const cap = await capOf(userId);
    if (cap.room > 0 || !setting || !isOn(setting)) return { ...cap, waiting: 0 };
    const candidates = await candidatesOf(userId, setting);
    const forProof = await deps.takedowns.heldForProof(userId, candidates.map((l) => l.id));
    return { ...cap, waiting: candidates.length - forProof.length };
  }

  async function view(userId: string, row: repo.AutopilotSettingRow | undefined): Promise<AutopilotView> {
    const [authorization, quota, sent, outcomes, cap] = await Promise.all([
      deps.takedowns.getAuthorization(userId),
      deps.takedowns.quota(userId),
      repo.countSent(db, userId),
      repo.countOutcomes(db, userId),
      waitingForCap(userId, row),
    ]);
    return {
      leakSites: row?.leakSitesFrom != null,
      socialMedia: row?.socialMediaFrom != null,
      fileHosts: row?.fileHostsFrom != null,
      ready: { takedownsIncluded: authorization.takedownsIncluded, ownershipVerified: authorization.ownershipVerified, authorized: !!authorization.authorization },
      quota,
      sent,
      outcomes,
      dailyCap: { limit: cap.limit, used: cap.used, waiting: cap.waiting, resumesAt: cap.waiting > 0 ? (cap.resumesAt?.toISOString() ?? null) : null },
      lastDigestAt: row?.lastDigestAt?.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async function scheduleDigest(userId: string, row: repo.AutopilotSettingRow | undefined) {
    const at = now().getTime();
    const due = Math.max(at + deps.digestDelayMs, row?.lastDigestAt ? row.lastDigestAt.getTime() + DIGEST_BATCH_MS : 0);
    await deps.queue.send(autopilotDigestJob, { userId }, { startAfter: startAfterFor(new Date(due)) });
  }

  return {
    async get(userId: string): Promise<AutopilotView> {
      return view(userId, await repo.findSetting(db, userId));
    },

    /**
     * Turns categories on or off. On needs what a notice in her name needs (a plan with
     * takedowns, a verified stage name, her signed authorization); a category turned on covers
     * the findings made from then on.
     */
    async update(userId: string, input: AutopilotInput): Promise<AutopilotView> {
      const current = await repo.findSetting(db, userId);
      const turningOn = autopilotCategories.filter((c) => input[c] && current?.[column[c]] == null);
      if (turningOn.length > 0) {
        const ready = await view(userId, current);
        if (!ready.ready.takedownsIncluded) {
          throw new AppError("QUOTA_EXCEEDED", "Your plan shows results only: automatic takedowns come with a paid plan.", undefined, {
            resource: "takedownsPerMonth",
            limit: 0,
            use: ready.quota.used,
            plan: "free",
            upgradeTo: "starter",
            resetsAt: ready.quota.resetsAt,
          });
        }
        if (!ready.ready.ownershipVerified) {
          throw new AppError("FORBIDDEN", "Prove that you own at least one stage name before turning on automatic takedowns: notices cite your verified profiles.", undefined, {
            missing: "ownership",
          });
        }
        if (!ready.ready.authorized) {
          throw new AppError("FORBIDDEN", "Sign the authorization for us to act as your agent before turning on automatic takedowns.", undefined, { missing: "authorization" });
        }
      }
      const from = turningOn.length > 0 ? await repo.lastLeakNumber(db, userId) : 0;
      const valueOf = (c: AutopilotCategory) => (!input[c] ? null : (current?.[column[c]] ?? from));
      const row = await repo.upsertSetting(db, userId, {
        leakSitesFrom: valueOf("leakSites"),
        socialMediaFrom: valueOf("socialMedia"),
        fileHostsFrom: valueOf("fileHosts"),
        updatedAt: now(),
      });
      return view(userId, row);
    },

    /** Leaks were recorded for her (a scan's finding, a crawl, an image match): a sweep soon, when her autopilot is on. */
    async onLeaksFound(userId: string): Promise<void> {
      if (queued.has(userId) || !isOn(await repo.findSetting(db, userId))) return;
      queued.add(userId);
      try {
        await deps.queue.send(autopilotSweepJob, { userId }, { startAfter: startAfterFor(new Date(now().getTime() + GATHER_MS)) });
      } catch (error) {
        queued.delete(userId);
        throw error;
      }
    },

    /**
     * The job: her eligible high-confidence findings taken down, within her quota and her daily
     * cap; the digest queued. Findings beyond the cap wait for the window to free (counted as
     * needing her: she may send them herself), and the operator is warned.
     */
    async sweep(userId: string): Promise<{ sent: number; held: number; needsAction: number }> {
      queued.delete(userId);
      const setting = await repo.findSetting(db, userId);
      if (!setting || !isOn(setting)) return { sent: 0, held: 0, needsAction: 0 };
      const candidates = await candidatesOf(userId, setting);
      if (candidates.length === 0) return { sent: 0, held: 0, needsAction: 0 };
      const cap = await capOf(userId);
      const at = now();
      const categoryOf = new Map(candidates.map((l) => [l.id, autopilotCategoryOf(l)!]));
      const { created, held, needsAction, capped } = await deps.takedowns.createAutomatic(
        userId,
        candidates.map((l) => l.id),
        (tx, rows: TakedownRow[]) => repo.insertSends(tx, rows.map((r) => ({ leakId: r.leakId, userId, takedownId: r.id, category: categoryOf.get(r.leakId)!, createdAt: at }))),
        cap.room,
      );
      if (held.length > 0) logger.info({ userId, held: held.length }, "autopilot: the month's takedowns are used; findings wait for her");
      // Matched only through a profile she has not proved (or a disputed handle): listed for her with why, never sent.
      if (needsAction.length > 0) logger.info({ userId, needsAction: needsAction.length }, "autopilot: findings wait for her proof of ownership");
      if (capped.length > 0) {
        logger.warn(
          { userId, waiting: capped.length, sentLast24h: cap.used + created.length, cap: cap.limit },
          "autopilot: a creator reached the daily cap of automatic takedowns (AUTOPILOT_MAX_NOTICES_PER_DAY); her other findings wait",
        );
        // Taken up again once the oldest takedown of the window is a day old.
        const resumeAt = Math.max((cap.resumesAt ?? new Date(at.getTime() + DAY_MS)).getTime(), at.getTime());
        await deps.queue.send(autopilotSweepJob, { userId }, { startAfter: startAfterFor(new Date(resumeAt + GATHER_MS)) });
      }
      // Findings waiting for her proof are told in the digest too (once each: see sendDigest).
      if (created.length === 0 && needsAction.length > 0) await scheduleDigest(userId, setting);
      if (created.length > 0) {
        await scheduleDigest(userId, setting);
        // More than one sweep's worth: the rest in the next one.
        if (candidates.length === SWEEP_LIMIT && held.length === 0 && capped.length === 0) await deps.queue.send(autopilotSweepJob, { userId });
      }
      // Beyond the cap they wait for her as much as for the window: she may send them herself.
      return { sent: created.length, held: held.length, needsAction: needsAction.length + capped.length };
    },

    /**
     * The job: one email listing every automatic takedown not listed yet, where its notice went,
     * and the findings waiting for her proof (what to prove); at most one an hour. Without a
     * takedown to list, it goes only when a finding waiting for proof was found since the last.
     */
    async sendDigest(userId: string): Promise<void> {
      const setting = await repo.findSetting(db, userId);
      const to = await deps.emailOf(userId);
      if (!setting || !to) return;
      const items = await repo.listUndigested(db, userId);
      const candidates = isOn(setting) ? await candidatesOf(userId, setting) : [];
      const holds = provable(await deps.takedowns.heldForProof(userId, candidates.map((l) => l.id)));
      const seenAt = new Map(candidates.map((l) => [l.id, l.firstSeenAt.getTime()]));
      const last = setting.lastDigestAt?.getTime() ?? Number.NEGATIVE_INFINITY;
      const fresh = holds.some((h) => (seenAt.get(h.leakId) ?? 0) > last);
      if (items.length === 0 && !fresh) return;
      const at = now();
      if (setting.lastDigestAt && at.getTime() < setting.lastDigestAt.getTime() + DIGEST_BATCH_MS) {
        await scheduleDigest(userId, setting);
        return;
      }
      const cap = await waitingForCap(userId, setting);
      const claimed = items.length > 0 ? await repo.markDigested(db, userId, items.map((i) => i.leakId), at) : await repo.claimDigest(db, userId, setting.lastDigestAt, at);
      if (!claimed) return;
      const email = autopilotDigestMessage(
        to,
        items.map(({ number, category, takedown: t }) => ({
          number,
          url: t.url,
          category,
          status: t.status,
          recipientEmail: (t.level !== null ? t.recipients[t.level]?.email : undefined) ?? null,
          reason: t.reason ?? null,
          firstSentAt: t.firstSentAt,
        })),
        `${deps.publicUrl}/dashboard/takedowns`,
        { cap: { limit: cap.limit, waiting: cap.waiting, resumesAt: cap.resumesAt }, proof: { holds, leaksUrl: `${deps.publicUrl}/dashboard/leaks` } },
      );
      try {
        await deps.sendEmail(email);
      } catch (error) {
        await repo.unmarkDigested(db, userId, items.map((i) => i.leakId), setting.lastDigestAt);
        throw error;
      }
    },
  };
}

export type AutopilotService = ReturnType<typeof createAutopilotService>;
