import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import type { EntitlementsService } from "../billing/entitlements.service";
import type { ScansService } from "../scans/scans.service";
import { monitoringTickJob } from "./monitoring.job-definitions";
import * as repo from "./monitoring.repository";

// The tick table is shared: the crawl tick is claimed the same way as the monitoring tick.
export { claimTick, setTick } from "./monitoring.repository";

export interface MonitoringDeps {
  db: Db;
  logger: Logger;
  queue: JobQueue;
  scans: Pick<ScansService, "start">;
  entitlements: Pick<EntitlementsService, "monitoredCreators">;
  /** Seconds between two ticks. */
  tickSeconds: number;
  now?: () => Date;
}

const TICK = "monitoring";
const HOUR_MS = 3_600_000;

/** Where in each period a creator's rescans fall: spread by a hash of her id, so that creators do not all run at once. */
export function periodOffsetMs(userId: string, periodMs: number): number {
  const hash = createHash("sha256").update(userId).digest();
  return Math.floor((hash.readUIntBE(0, 6) / 2 ** 48) * periodMs);
}

/** The first time after `at` on the cadence of `from` every `periodMs`. */
export function nextOnCadence(from: Date, periodMs: number, at: Date): Date {
  if (from > at) return from;
  const steps = Math.floor((at.getTime() - from.getTime()) / periodMs) + 1;
  return new Date(from.getTime() + steps * periodMs);
}

export function createMonitoringService(deps: MonitoringDeps) {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /** One pass: every monitored creator whose rescan is due gets one (a running scan waits for the next tick). */
  async function runPass(at = now()): Promise<{ started: string[] }> {
    const monitored = await deps.entitlements.monitoredCreators(at);
    const schedules = new Map((await repo.listSchedules(db)).map((s) => [s.userId, s]));
    const wanted = new Set(monitored.map((m) => m.userId));
    // No plan (or no monitoring in it): no automatic rescans; a later plan starts a fresh schedule.
    await repo.deleteSchedules(db, [...schedules.keys()].filter((id) => !wanted.has(id)));

    const started: string[] = [];
    for (const { userId, everyHours } of monitored) {
      const periodMs = everyHours * HOUR_MS;
      let row = schedules.get(userId);
      if (!row || row.everyHours !== everyHours) {
        const nextRunAt = new Date(at.getTime() + periodOffsetMs(userId, periodMs));
        await repo.upsertSchedule(db, { userId, everyHours, nextRunAt });
        row = { userId, everyHours, nextRunAt, lastRunAt: row?.lastRunAt ?? null, lastScanId: row?.lastScanId ?? null };
      }
      if (row.nextRunAt > at) continue;
      const nextRunAt = nextOnCadence(row.nextRunAt, periodMs, at);
      try {
        const scan = await deps.scans.start(userId, "monitoring");
        await repo.updateSchedule(db, userId, { nextRunAt, lastRunAt: at, lastScanId: scan.id });
        started.push(scan.id);
      } catch (error) {
        if (error instanceof AppError && error.code === "CONFLICT") continue; // a scan is running: the next tick tries again
        if (error instanceof AppError && error.code === "VALIDATION") {
          // Nothing to look for yet (no names): this period is skipped.
          await repo.updateSchedule(db, userId, { nextRunAt });
          continue;
        }
        logger.error({ err: error, userId }, "automatic rescan could not start");
      }
    }
    if (started.length > 0) logger.info({ started: started.length }, "automatic rescans started");
    return { started };
  }

  return {
    runPass,

    /** The tick job: taken by one worker per interval; it queues the next tick before doing the pass. */
    async tick(): Promise<{ claimed: boolean; started: string[] }> {
      const at = now();
      const next = new Date(at.getTime() + deps.tickSeconds * 1000);
      // A little slack: the queue's clock may run a moment ahead of ours.
      if (!(await repo.claimTick(db, TICK, new Date(at.getTime() + 5_000), next))) return { claimed: false, started: [] };
      try {
        await deps.queue.send(monitoringTickJob, {}, { startAfter: next });
      } catch (error) {
        await repo.setTick(db, TICK, at);
        throw error;
      }
      return { claimed: true, ...(await runPass(at)) };
    },

    /** Queues a tick now: at start-up (it restarts the chain when it was lost) and after a plan changes. */
    async kick(): Promise<void> {
      await deps.queue.send(monitoringTickJob, {});
    },

    async scheduleOf(userId: string) {
      return (await repo.findSchedule(db, userId)) ?? null;
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
