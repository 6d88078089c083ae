import { readLeakEvidence } from "@leakwarden/contracts/leak-evidence";
import type { LatestScanResponse, LeakList, LeakListQuery, LeakTimeline, LeakView, MultiSearchResponse, ReferenceImageInput, ScanQuota, ScanView } from "@leakwarden/contracts/scans";
import { entitlements, planThatLifts, scanAllowanceLabel, type EntitlementTier } from "@leakwarden/contracts/plans";
import type { Db, DbOrTx } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import { runScan, type ScanProgress, type ScanResult, type SeenImageHash } from "../../scanner/run-scan";
import type { ScannerSettings } from "../../scanner/scanner-settings";
import type { Finding } from "../../scanner/scan-types";
import type { IdentitiesService } from "../identities/identities.service";
import { referenceHashesOf, storedReferenceHashes, type ImageIndexService, type SeenImage } from "../image-index/image-index.service";
import { markReuploads } from "./reuploads";
import { nextAvailableAt, subtractPeriod, utcDateTime } from "./scan-quota";
import * as repo from "./scans.repository";
import { runScanJob } from "./scans.job-definitions";

export interface ScansDeps {
  db: Db;
  logger: Logger;
  settings: ScannerSettings;
  identities: IdentitiesService;
  queue: JobQueue;
  tierFor(userId: string): Promise<EntitlementTier>;
  now?: () => Date;
  /** How often a running scan writes its progress and looks for a cancel request. */
  progressIntervalMs?: number;
  /** Called after a scan completed (e.g. alerts); a failure is logged, never fails the scan. */
  onScanCompleted?: (event: { userId: string; scanId: string; newLeaks: number }) => Promise<void>;
  /** Links recognised as re-uploads (alerts); a failure is logged. */
  onReuploadsFound?: (event: { userId: string; count: number }) => Promise<void>;
  /** Called as a high-confidence finding is recorded, while the scan goes on (the autopilot sends it at once); a failure is logged. */
  onHighConfidenceLeak?: (event: { userId: string; scanId: string }) => Promise<void>;
  /** The shared image index: fed the images every scan hashes; told of new reference photos. */
  imageIndex?: () => ImageIndexService;
}

const uuidPattern = /^[0-9a-f-]{36}$/i;

/**
 * The share of the planned work done, counted, never timed. Searching is half the work and reading
 * the pages found the other half; while searches remain, more pages will be planned, so the pages
 * read count only in proportion to the searches asked: a scan whose first pages are all read does
 * not show 99% with searches still to run. 100 only once the scan completed.
 */
/** Her reference images with their hashes (impersonation compares avatars with them). */
export function referenceImagesOf(db: DbOrTx, userId: string) {
  return repo.listReferenceImages(db, userId);
}

export function percentOf(row: Pick<repo.ScanRow, "status" | "queriesPlanned" | "queriesDone" | "pagesPlanned" | "pagesDone">): number {
  if (row.status === "completed") return 100;
  const search = row.queriesPlanned > 0 ? Math.min(1, row.queriesDone / row.queriesPlanned) : 0;
  const pages = row.pagesPlanned > 0 ? Math.min(1, row.pagesDone / row.pagesPlanned) : search === 1 ? 1 : 0;
  return Math.min(99, Math.floor(50 * search + 50 * pages * search));
}

export function scanView(row: repo.ScanRow): ScanView {
  return {
    id: row.id,
    status: row.status as ScanView["status"],
    trigger: row.trigger as ScanView["trigger"],
    phase: row.phase,
    progress: {
      queriesPlanned: row.queriesPlanned,
      queriesDone: row.queriesDone,
      pagesPlanned: row.pagesPlanned,
      pagesDone: row.pagesDone,
      percent: percentOf(row),
    },
    stats: {
      sitesAnalyzed: row.sitesAnalyzed,
      linksChecked: row.linksChecked,
      leaksFound: row.leaksFound,
      newLeaks: row.newLeaks,
      imagesMatched: row.imagesMatched,
      durationMs: row.durationMs,
    },
    outcome: row.outcome,
    error: row.error,
    sourceErrors: row.sourceErrors,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function leakView(row: repo.LeakRow): LeakView {
  return {
    id: row.id,
    number: row.number,
    url: row.url,
    domain: row.domain,
    title: row.title,
    category: row.category as LeakView["category"],
    confidence: row.confidence as LeakView["confidence"],
    status: row.status as LeakView["status"],
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    evidence: readLeakEvidence(row.evidence),
    reuploadOf: row.reupload ?? null,
    forgeryMarkedAt: row.forgeryMarkedAt?.toISOString() ?? null,
  };
}

export function createScansService(deps: ScansDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function quota(userId: string): Promise<ScanQuota> {
    const tier = await deps.tierFor(userId);
    const { count: limit, per } = entitlements[tier].manualScans;
    const at = now();
    const starts = (await repo.listCountedScansSince(db, userId, subtractPeriod(at, per))).map((r) => r.createdAt);
    const next = nextAvailableAt(starts, limit, per);
    return { limit, used: starts.length, per, nextAvailableAt: next && next > at ? next.toISOString() : null, upgradeTo: planThatLifts(tier, "manualScans") ?? null };
  }

  /**
   * Marks her leaks first seen since a time that re-post one of her removed leaks (see
   * reuploads.ts): after a scan, a crawl, a match in the image index. A failure is logged: the
   * leaks stay as they are.
   */
  async function detectReuploads(userId: string, since: Date): Promise<string[]> {
    try {
      const marked = await markReuploads(db, userId, since, now());
      if (marked.length > 0) {
        deps.logger.info({ userId, reuploads: marked.length }, "re-uploads found");
        await deps.onReuploadsFound?.({ userId, count: marked.length }).catch((e: unknown) => deps.logger.warn({ err: e, userId }, "re-upload alert hook failed"));
      }
      return marked;
    } catch (error) {
      deps.logger.warn({ err: error, userId }, "re-upload detection failed");
      return [];
    }
  }

  async function userScan(userId: string, id: string) {
    const row = uuidPattern.test(id) ? await repo.findUserScan(db, userId, id) : undefined;
    if (!row) throw new AppError("NOT_FOUND", "No such scan.");
    return row;
  }

  return {
    quota,
    detectReuploads,

    async latest(userId: string): Promise<LatestScanResponse> {
      const row = await repo.findLatestScan(db, userId);
      const completed = row?.status === "completed" ? row : await repo.findLatestFinishedScan(db, userId);
      return { scan: row ? scanView(row) : null, lastCompleted: completed ? scanView(completed) : null, quota: await quota(userId) };
    },

    async get(userId: string, id: string): Promise<ScanView> {
      return scanView(await userScan(userId, id));
    },

    /** Starts a scan the creator asked for (or onboarding did): one at a time, within the plan's quota. */
    async start(userId: string, trigger: "manual" | "onboarding" | "monitoring"): Promise<ScanView> {
      const identities = await deps.identities.get(userId);
      if (identities.stageNames.length === 0 && identities.nicknames.length === 0) {
        throw new AppError("VALIDATION", "Add a stage name first: the scan looks for your names.", { stageNames: "Add at least one stage name." });
      }
      const active = await repo.findActiveScan(db, userId);
      if (active) throw new AppError("CONFLICT", "A scan is already running.", undefined, { scanId: active.id });
      // The scan onboarding starts is free: it does not use up a manual scan. Only the first one
      // is; onboarding again (Support reopens the wizard) starts a manual scan.
      if (trigger === "onboarding" && (await repo.hasHadOnboardingScan(db, userId))) trigger = "manual";
      if (trigger === "manual") {
        const q = await quota(userId);
        if (q.nextAvailableAt) {
          const tier = await deps.tierFor(userId);
          throw new AppError("QUOTA_EXCEEDED", `Your plan covers ${scanAllowanceLabel(q.limit, q.per)}. The next scan is possible from ${utcDateTime(q.nextAvailableAt)}.`, undefined, {
            resource: "manualScans",
            limit: q.limit,
            use: q.used,
            per: q.per,
            resetsAt: q.nextAvailableAt,
            plan: tier,
            upgradeTo: planThatLifts(tier, "manualScans"),
          });
        }
      }
      let row: repo.ScanRow;
      try {
        row = await repo.insertScan(db, userId, trigger, now());
      } catch (error) {
        // The one-active-scan index: two clicks at once start one scan.
        if (String((error as { cause?: unknown }).cause ?? error).includes("scan_one_active_per_user")) throw new AppError("CONFLICT", "A scan is already running.");
        throw error;
      }
      await deps.queue.send(runScanJob, { scanId: row.id });
      return scanView(row);
    },

    async cancel(userId: string, id: string): Promise<ScanView> {
      const row = await userScan(userId, id);
      if (row.status !== "queued" && row.status !== "running") throw new AppError("CONFLICT", "This scan has already finished.");
      // Still queued: cancelled at once, never run, so not counted against her plan. If the job
      // started it meanwhile, it is a running scan: the engine stops at its next progress write.
      const cancelledWhileQueued = row.status === "queued" && (await repo.cancelQueuedScan(db, id, now()));
      if (!cancelledWhileQueued && !(await repo.requestScanCancel(db, id, now()))) throw new AppError("CONFLICT", "This scan has already finished.");
      return scanView((await repo.findScan(db, id))!);
    },

    /** The job: runs the engine, storing each finding as it comes (a restarted job loses nothing). */
    async execute(scanId: string): Promise<void> {
      const row = await repo.findScan(db, scanId);
      if (!row || (row.status !== "queued" && row.status !== "running")) return;
      // startedAt is what makes a cancelled scan count against the quota: it is set only if no
      // cancel came first (checked in the same statement, as a cancel may arrive right now).
      const startedAt = row.startedAt ?? now();
      if (row.cancelRequestedAt || !(await repo.markScanRunning(db, scanId, startedAt))) {
        // A cancel the engine never acted on (e.g. its worker died): the scan ends here.
        const current = await repo.findScan(db, scanId);
        if (current?.status === "queued" || current?.status === "running") await repo.updateScan(db, scanId, { status: "cancelled", phase: "cancelled", finishedAt: now() });
        return;
      }

      // After a downgrade the lists may hold more than the plan covers: they stay, but the scan
      // looks for what the plan covers (the oldest entries).
      const identities = await deps.identities.get(row.userId);
      const covered = entitlements[await deps.tierFor(row.userId)];
      const references = (await repo.listReferenceImages(db, row.userId)).slice(0, covered.referenceImages);
      const controller = new AbortController();
      let latest: ScanProgress | undefined;
      let writing = Promise.resolve();
      const flush = () => {
        const p = latest;
        writing = writing.then(async () => {
          if (p) {
            await repo.updateScan(db, scanId, {
              phase: p.phase,
              queriesPlanned: p.queriesPlanned,
              queriesDone: p.queriesDone,
              pagesPlanned: p.pagesPlanned,
              pagesDone: p.pagesDone,
              leaksFound: p.leaksFound,
            });
          }
          const current = await repo.findScan(db, scanId);
          if (current?.cancelRequestedAt) controller.abort(new Error("cancelled"));
        });
        return writing;
      };
      // The images the scan hashed, handed to the shared index a batch at a time (with the progress writes).
      let seenImages: SeenImage[] = [];
      let indexing = Promise.resolve();
      const imageIndex = deps.imageIndex?.();
      const flushImages = () => {
        const batch = seenImages;
        seenImages = [];
        if (imageIndex && batch.length > 0) {
          indexing = indexing.then(() => imageIndex.indexAndMatch(batch).then(() => undefined)).catch((e: unknown) => deps.logger.warn({ err: e, scanId }, "image indexing failed"));
        }
        return indexing;
      };
      const onImageSeen = imageIndex
        ? (s: SeenImageHash) => {
            seenImages.push({ imageUrl: s.imageUrl, pageUrl: s.pageUrl, host: new URL(s.pageUrl).hostname, hash: s.hash.hashes, quality: s.hash.quality, seenAt: s.seenAt });
            if (seenImages.length >= 200) void flushImages();
          }
        : undefined;
      const imageTimer = setInterval(() => void flushImages(), deps.progressIntervalMs ?? 1000);
      const timer = setInterval(() => void flush().catch((e: unknown) => deps.logger.warn({ err: e }, "scan progress write failed")), deps.progressIntervalMs ?? 1000);

      let result: ScanResult;
      try {
        result = await runScan(
          {
            identity: {
              stageNames: identities.stageNames.slice(0, covered.stageNames).map((s) => ({ platform: s.platform, username: s.username })),
              nicknames: identities.nicknames.slice(0, covered.nicknames).map((n) => n.value),
              allowlist: identities.allowlist.map((d) => d.domain),
              specific: identities.specific,
            },
            referenceHashes: references.flatMap(referenceHashesOf),
          },
          {
            settings: deps.settings,
            signal: controller.signal,
            logger: deps.logger,
            ...(onImageSeen ? { onImageSeen } : {}),
            onProgress: (p) => {
              latest = p;
            },
            onFinding: async (finding: Finding) => {
              await repo.upsertLeak(db, {
                userId: row.userId,
                scanId,
                canonicalUrl: finding.url,
                url: finding.evidence.finalUrl || finding.url,
                domain: finding.domain,
                title: finding.evidence.title.slice(0, 500),
                category: finding.category,
                confidence: finding.confidence,
                evidence: finding.evidence,
                seenAt: now(),
              });
              if (finding.confidence === "high" && deps.onHighConfidenceLeak) {
                await deps.onHighConfidenceLeak({ userId: row.userId, scanId }).catch((e: unknown) => deps.logger.warn({ err: e, scanId }, "high-confidence leak hook failed"));
              }
            },
          },
        );
      } catch (error) {
        clearInterval(timer);
        clearInterval(imageTimer);
        await writing.catch(() => undefined);
        await flushImages();
        deps.logger.error({ err: error, scanId }, "scan failed");
        await repo.updateScan(db, scanId, { status: "failed", phase: "failed", error: "The scan stopped on an internal error.", finishedAt: now() });
        return;
      } finally {
        clearInterval(timer);
        clearInterval(imageTimer);
      }
      await flush().catch(() => undefined);
      await flushImages();
      // Its new links that re-post a leak of hers already taken down (the images are indexed by now).
      await detectReuploads(row.userId, startedAt);

      const cancelled = result.outcome === "aborted";
      const failed = result.outcome === "all-sources-failed";
      await repo.updateScan(db, scanId, {
        status: cancelled ? "cancelled" : failed ? "failed" : "completed",
        phase: cancelled ? "cancelled" : failed ? "failed" : "done",
        outcome: result.outcome,
        error: failed ? "Every search source failed; no page could be looked at. Nothing was counted against your plan." : null,
        sourceErrors: result.sourceErrors.map((e) => ({ source: e.source, code: e.code, message: e.message })),
        sitesAnalyzed: result.stats.sitesAnalyzed,
        linksChecked: result.stats.linksChecked,
        leaksFound: await repo.countLeaksSeenIn(db, scanId),
        newLeaks: await repo.countLeaksFirstSeenIn(db, scanId),
        imagesMatched: result.stats.imagesMatched,
        durationMs: Math.round(now().getTime() - startedAt.getTime()),
        finishedAt: now(),
      });
      if (!cancelled && !failed && deps.onScanCompleted) {
        const newLeaks = await repo.countLeaksFirstSeenIn(db, scanId);
        await deps.onScanCompleted({ userId: row.userId, scanId, newLeaks }).catch((e: unknown) => deps.logger.warn({ err: e, scanId }, "scan completion hook failed"));
      }
    },

    /** The Home chart: per UTC day of the last `days`, leaks first seen and leaks removed (zero days included). */
    async timeline(userId: string, days: number): Promise<LeakTimeline> {
      const end = now();
      const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - (days - 1)));
      const { found, removed } = await repo.leakTimeline(db, userId, start);
      const foundBy = new Map(found.map((r) => [r.day, r.n]));
      const removedBy = new Map(removed.map((r) => [r.day, r.n]));
      return {
        days: Array.from({ length: days }, (_, i) => {
          const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
          return { date, found: foundBy.get(date) ?? 0, removed: removedBy.get(date) ?? 0 };
        }),
      };
    },

    /** Her re-uploads recognised after a time, for the re-upload email. */
    async reuploadsSince(userId: string, after: Date | null, limit = 10) {
      const { items, total } = await repo.listReuploadsSince(db, userId, after, limit);
      return {
        items: items.map((l) => ({ url: l.url, earlierNumber: l.reupload!.number, earlierUrl: l.reupload!.url, removedAt: l.reupload!.removedAt, sameSite: l.reupload!.sameSite })),
        total,
      };
    },

    /** New leaks (not dismissed) of one scan or since a time, for alert emails. */
    /** Leaks first seen in a scan, since a time, or numbered after a number (the alerts' cursor); maxNumber: the highest number among them. */
    async newLeaks(userId: string, filter: { scanId?: string; since?: Date; afterNumber?: number }, limit = 10): Promise<{ items: LeakView[]; total: number; maxNumber: number | null }> {
      const { items, total, maxNumber } = await repo.listLeaksFirstSeen(db, userId, { ...filter, limit });
      return { items: items.map(leakView), total, maxNumber };
    },

    async listLeaks(userId: string, query: LeakListQuery): Promise<LeakList> {
      const { items, total } = await repo.listLeaks(db, userId, {
        q: query.q || undefined,
        status: query.status,
        category: query.category,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: items.map(leakView), total, page: query.page, pageSize: query.pageSize };
    },

    async multiSearch(userId: string): Promise<MultiSearchResponse> {
      const latestFinished = await repo.findLatestFinishedScan(db, userId);
      const { items } = await repo.listLeaks(db, userId, { limit: 1000, offset: 0 });
      return {
        date: latestFinished?.finishedAt?.toISOString() ?? null,
        scanResults: items
          .filter((l) => l.status !== "dismissed")
          .map((l) => ({
            id: l.number,
            link: l.url,
            date: l.lastSeenAt.toISOString(),
            domain: l.domain,
            title: l.title,
            category: l.category as LeakView["category"],
            status: l.status as LeakView["status"],
            confidence: l.confidence as LeakView["confidence"],
          })),
      };
    },

    /** The creator's word on a finding: confirm makes a medium finding actionable, dismiss hides it. */
    async reviewLeak(userId: string, id: string, decision: "confirm" | "dismiss"): Promise<LeakView> {
      const row = uuidPattern.test(id) ? await repo.findUserLeak(db, userId, id) : undefined;
      if (!row) throw new AppError("NOT_FOUND", "No such leak.");
      if (decision === "confirm") {
        if (row.status !== "new" && row.status !== "dismissed") throw new AppError("CONFLICT", "This leak is already being handled.");
        await repo.updateLeak(db, id, { status: "confirmed", confirmedAt: now(), dismissedAt: null });
      } else {
        if (row.status === "takedown_sent") throw new AppError("CONFLICT", "A takedown is open for this leak.");
        await repo.updateLeak(db, id, { status: "dismissed", dismissedAt: now() });
      }
      return leakView((await repo.findUserLeak(db, userId, id))!);
    },

    /** She marks a leak a forgery or AI image of her (a takedown for it then rests on the TAKE IT DOWN Act only), or takes the mark back. */
    async markForgery(userId: string, id: string, forgery: boolean): Promise<LeakView> {
      const row = uuidPattern.test(id) ? await repo.findUserLeak(db, userId, id) : undefined;
      if (!row) throw new AppError("NOT_FOUND", "No such leak.");
      if (forgery !== !!row.forgeryMarkedAt) await repo.updateLeak(db, id, { forgeryMarkedAt: forgery ? now() : null });
      return leakView((await repo.findUserLeak(db, userId, id))!);
    },

    /** The creator's leaks by id (those she has), with their evidence: what a takedown cites. */
    async leaksOf(userId: string, ids: string[]): Promise<repo.LeakRow[]> {
      const rows = await Promise.all(ids.filter((id) => uuidPattern.test(id)).map((id) => repo.findUserLeak(db, userId, id)));
      return rows.filter((r): r is repo.LeakRow => !!r);
    },

    /** The takedowns module reports a link's fate here, so that the leaks list shows it. */
    async markLeakTakedown(leakId: string, state: "takedown_sent" | "removed", at: Date): Promise<void> {
      await repo.updateLeak(db, leakId, state === "removed" ? { status: "removed", removedAt: at } : { status: "takedown_sent" });
    },

    /** Her reference photos the plan covers now: the oldest, as many as it allows (what scans and the image index match). */
    async coveredReferenceIds(userId: string): Promise<ReadonlySet<string>> {
      const limit = entitlements[await deps.tierFor(userId)].referenceImages;
      return new Set((await repo.listReferenceImageSummaries(db, userId)).slice(0, limit).map((r) => r.id));
    },

    async listReferenceImages(userId: string) {
      return (await repo.listReferenceImageSummaries(db, userId)).map((r) => ({ id: r.id, label: r.label, quality: r.quality, thumbnail: r.thumbnail, createdAt: r.createdAt.toISOString() }));
    },

    async addReferenceImage(userId: string, input: ReferenceImageInput) {
      const tier = await deps.tierFor(userId);
      const limit = entitlements[tier].referenceImages;
      // Counted and stored in one transaction, one upload at a time: uploads sent together cannot pass the limit.
      const row = await db.transaction(async (tx) => {
        await repo.lockReferenceImages(tx, userId);
        const use = await repo.countReferenceImages(tx, userId);
        if (use >= limit) throw new AppError("QUOTA_EXCEEDED", `Your plan covers ${limit} reference images.`, undefined, { resource: "referenceImages", limit, use, plan: tier, upgradeTo: planThatLifts(tier, "referenceImages") });
        const inserted = await repo.insertReferenceImage(tx, { userId, label: input.label, hashes: storedReferenceHashes(input), quality: input.quality, thumbnail: input.thumbnail ?? null });
        await deps.imageIndex?.().addReference(tx, inserted);
        return inserted;
      });
      // Leaks already in the shared index show up without a new scan.
      await deps.imageIndex?.().queueReferenceMatch(row.id);
      return { id: row.id, label: row.label, quality: row.quality, thumbnail: row.thumbnail, createdAt: row.createdAt.toISOString() };
    },

    async removeReferenceImage(userId: string, id: string) {
      if (!uuidPattern.test(id) || !(await repo.deleteReferenceImage(db, userId, id))) throw new AppError("NOT_FOUND", "No such reference image.");
    },
  };
}

export type ScansService = ReturnType<typeof createScansService>;
