import { z } from "zod";
import { defineJob } from "../../jobs/queue";
import type { ScansService } from "./scans.service";

export function createRunScanJob(service: () => ScansService, budgetMs: number) {
  return defineJob({
    name: "scan.run",
    schema: z.object({ scanId: z.uuid() }),
    // A worker that dies mid-scan: the job expires and runs again; stored findings stay.
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: Math.ceil(budgetMs / 1000) + 120,
    concurrency: 2,
    async handler({ scanId }) {
      await service().execute(scanId);
    },
  });
}

export type RunScanJob = ReturnType<typeof createRunScanJob>;
