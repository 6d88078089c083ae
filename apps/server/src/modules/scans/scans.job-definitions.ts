import { z } from "zod";
import { defineJobType, type JobPolicy } from "../../jobs/job-type";

/** One scan, run by whichever worker takes it. */
export const runScanJob = defineJobType({
  name: "scan.run",
  schema: z.object({ scanId: z.uuid() }),
  // A worker that dies mid-scan stops refreshing its claim: the job runs again on another
  // worker and the scan goes on from what it stored (findings are kept, never doubled).
  retryLimit: 3,
  concurrency: 2,
});

/** Its heartbeat, retry delay and expiry, from the scan settings (SCAN_BUDGET_MS, SCAN_HEARTBEAT_SECONDS, SCAN_RETRY_DELAY_SECONDS). */
export const runScanJobPolicy = (timing: { budgetMs: number; heartbeatSeconds: number; retryDelaySeconds: number }): JobPolicy => ({
  retryDelaySeconds: timing.retryDelaySeconds,
  heartbeatSeconds: timing.heartbeatSeconds,
  expireInSeconds: Math.ceil(timing.budgetMs / 1000) + 120,
});
