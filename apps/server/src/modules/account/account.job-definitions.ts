import { z } from "zod";
import { defineJobType } from "../../jobs/job-type";

/** The erasure of an account, queued for the end of the grace period (and again if it runs early). */
export const eraseAccountJob = defineJobType({
  name: "account.erase",
  schema: z.object({ userId: z.string().min(1).max(64) }),
  retryLimit: 10,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  concurrency: 1,
});
