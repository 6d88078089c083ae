import { z } from "zod";
import { defineJob } from "../../jobs/queue";
import type { AutopilotService } from "./autopilot.service";

/** Takes down a creator's new high-confidence findings in the categories she turned on (a run with nothing to do does nothing). */
export function createAutopilotSweepJob(service: () => AutopilotService) {
  return defineJob({
    name: "takedowns.autopilot-sweep",
    schema: z.object({ userId: z.string().min(1) }),
    retryLimit: 5,
    async handler({ userId }) {
      await service().sweep(userId);
    },
  });
}

/** The email listing the takedowns the autopilot sent since the last one. */
export function createAutopilotDigestJob(service: () => AutopilotService) {
  return defineJob({
    name: "takedowns.autopilot-digest",
    schema: z.object({ userId: z.string().min(1) }),
    retryLimit: 5,
    async handler({ userId }) {
      await service().sendDigest(userId);
    },
  });
}

export type AutopilotSweepJob = ReturnType<typeof createAutopilotSweepJob>;
export type AutopilotDigestJob = ReturnType<typeof createAutopilotDigestJob>;
