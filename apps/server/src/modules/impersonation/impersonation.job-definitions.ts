import { z } from "zod";
import { defineJobType } from "../../jobs/job-type";

/** One creator's impersonation check: her look-alike handles on each platform, and the accounts already on her list again. */
export const impersonationCheckJob = defineJobType({
  name: "impersonation.check",
  schema: z.object({ userId: z.string().min(1) }),
  retryLimit: 2,
});
