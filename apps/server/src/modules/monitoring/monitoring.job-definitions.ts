import { z } from "zod";
import { defineJobType } from "../../jobs/job-type";

/** The periodic tick: starts the automatic rescans that are due, then queues the next tick. */
export const monitoringTickJob = defineJobType({
  name: "monitoring.tick",
  schema: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
  concurrency: 1,
});
