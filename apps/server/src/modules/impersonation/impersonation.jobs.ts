import { defineJob } from "../../jobs/queue";
import { impersonationCheckJob } from "./impersonation.job-definitions";
import type { ImpersonationService } from "./impersonation.service";

export function createImpersonationCheckJob(service: () => ImpersonationService) {
  return defineJob({
    ...impersonationCheckJob,
    async handler({ userId }) {
      await service().runCheck(userId);
    },
  });
}
