import { defineJob } from "../../jobs/queue";
import { autopilotDigestJob, autopilotSweepJob } from "./autopilot.job-definitions";
import type { AutopilotService } from "./autopilot.service";

export function createAutopilotSweepJob(service: () => AutopilotService) {
  return defineJob({
    ...autopilotSweepJob,
    async handler({ userId }) {
      await service().sweep(userId);
    },
  });
}

export function createAutopilotDigestJob(service: () => AutopilotService) {
  return defineJob({
    ...autopilotDigestJob,
    async handler({ userId }) {
      await service().sendDigest(userId);
    },
  });
}
