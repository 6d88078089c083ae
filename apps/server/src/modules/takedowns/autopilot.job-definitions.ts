import { z } from "zod";
import { defineJobType } from "../../jobs/job-type";

/** Takes down a creator's new high-confidence findings in the categories she turned on (a run with nothing to do does nothing). */
export const autopilotSweepJob = defineJobType({
  name: "takedowns.autopilot-sweep",
  schema: z.object({ userId: z.string().min(1) }),
  retryLimit: 5,
});

/** The email listing the takedowns the autopilot sent since the last one. */
export const autopilotDigestJob = defineJobType({
  name: "takedowns.autopilot-digest",
  schema: z.object({ userId: z.string().min(1) }),
  retryLimit: 5,
});
