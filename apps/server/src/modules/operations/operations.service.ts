import type { Database } from "../../db/client";
import { pendingMigrations } from "../../db/migrate";
import type { JobQueue } from "../../jobs/queue";
import * as repo from "./operations.repository";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  migrations: "ok" | "pending" | "unknown";
  queue: "running" | "stopped";
}

export type ServiceStatus = Awaited<ReturnType<ReturnType<typeof createOperationsService>["status"]>>;

/** What an operator asks of the running service: is it ready, and how is its work going. */
export function createOperationsService(deps: { database: Database; queue: JobQueue; /** AUTOPILOT_MAX_NOTICES_PER_DAY */ autopilotMaxPerDay?: number }) {
  const { database, queue } = deps;
  const autopilotCap = deps.autopilotMaxPerDay ?? 50;

  return {
    async readiness(): Promise<Readiness> {
      const reachable = await database.ping().then(
        () => true,
        () => false,
      );
      const pending = reachable ? await pendingMigrations(database).catch(() => null) : null;
      const migrations = pending === null ? "unknown" : pending === 0 ? "ok" : "pending";
      const result: Readiness = {
        ready: false,
        database: reachable ? "ok" : "unreachable",
        migrations,
        queue: queue.running ? "running" : "stopped",
      };
      result.ready = result.database === "ok" && result.migrations === "ok" && result.queue === "running";
      return result;
    },

    /** One consistent read of the service's records, for /metrics and `npm run ops -- status`. */
    async status() {
      const [jobs, scans, scanPages, notices, takedowns, rechecks, webhooks, accounts, failingNotices, crawls, failingCrawls, heldNotices, autopilotAtCap] = await Promise.all([
        repo.jobCounts(database),
        repo.scansByStatus(database),
        repo.scanWork(database),
        repo.noticesByStatus(database),
        repo.takedownsByStatus(database),
        repo.removalRechecks(database),
        repo.webhookDeliveries(database),
        repo.accountsByPlan(database),
        repo.failingNotices(database, 10),
        repo.crawlTotals(database),
        repo.failingCrawls(database, 10),
        repo.heldNotices(database, 20),
        repo.autopilotAtCap(database, autopilotCap, 20),
      ]);
      return {
        at: new Date().toISOString(),
        jobs,
        scans,
        scanPages,
        notices,
        takedowns,
        rechecks,
        webhooks,
        accounts,
        failingNotices,
        crawls,
        failingCrawls,
        heldNotices,
        autopilotCap,
        autopilotAtCap,
      };
    },
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;
