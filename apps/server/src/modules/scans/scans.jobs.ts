import { z } from "zod";
import { defineJob } from "../../jobs/queue";
import type { ScansService } from "./scans.service";

export function createRunScanJob(service: () => ScansService, timing: { budgetMs: number; heartbeatSeconds: number; retryDelaySeconds: number }) {
  return defineJob({
    name: "scan.run",
    schema: z.object({ scanId: z.uuid() }),
    // A worker that dies mid-scan stops refreshing its claim: the job runs again on another
    // worker and the scan goes on from what it stored (findings are kept, never doubled).
    retryLimit: 3,
    retryDelaySeconds: timing.retryDelaySeconds,
    heartbeatSeconds: timing.heartbeatSeconds,
    expireInSeconds: Math.ceil(timing.budgetMs / 1000) + 120,
    concurrency: 2,
    async handler({ scanId }, { logger, retryCount }) {
      logger.info({ scanId, retryCount }, "scan running");
      await service().execute(scanId);
    },
  });
}

export type RunScanJob = ReturnType<typeof createRunScanJob>;
