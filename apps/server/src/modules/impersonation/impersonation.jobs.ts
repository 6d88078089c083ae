import { z } from "zod";
import { defineJob } from "../../jobs/queue";
import type { ImpersonationService } from "./impersonation.service";

/** One creator's impersonation check: her look-alike handles on each platform, and the accounts already on her list again. */
export function createImpersonationCheckJob(service: () => ImpersonationService) {
  return defineJob({
    name: "impersonation.check",
    schema: z.object({ userId: z.string().min(1) }),
    retryLimit: 2,
    async handler({ userId }) {
      await service().runCheck(userId);
    },
  });
}

export type ImpersonationCheckJob = ReturnType<typeof createImpersonationCheckJob>;
