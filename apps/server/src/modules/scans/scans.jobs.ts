import { defineJob } from "../../jobs/queue";
import { runScanJob, runScanJobPolicy } from "./scans.job-definitions";
import type { ScansService } from "./scans.service";

export function createRunScanJob(service: () => ScansService, timing: Parameters<typeof runScanJobPolicy>[0]) {
  return defineJob({
    ...runScanJob,
    ...runScanJobPolicy(timing),
    async handler({ scanId }, { logger, retryCount }) {
      logger.info({ scanId, retryCount }, "scan running");
      await service().execute(scanId);
    },
  });
}
