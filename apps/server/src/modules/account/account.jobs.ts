import { defineJob } from "../../jobs/queue";
import { eraseAccountJob } from "./account.job-definitions";
import type { AccountDeletionService } from "./account-deletion";

export function createEraseAccountJob(service: () => AccountDeletionService) {
  return defineJob({
    ...eraseAccountJob,
    async handler(payload, ctx) {
      await service().erase(payload.userId, ctx.jobId);
    },
  });
}
