import { z } from "zod";
import { defineJobType, tickPolicy } from "../../jobs/job-type";

/** The periodic tick: starts the automatic rescans that are due, then queues the next tick. */
export const monitoringTickJob = defineJobType({
  name: "monitoring.tick",
  schema: z.object({}),
  ...tickPolicy,
});
