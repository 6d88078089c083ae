import { defineJob } from "../../jobs/queue";
import { batchedAlertJob, digestJob, newLeaksAlertJob } from "./alerts.job-definitions";
import type { AlertsService } from "./alerts.service";

export function createNewLeaksAlertJob(service: () => AlertsService) {
  return defineJob({
    ...newLeaksAlertJob,
    async handler(payload) {
      await service().sendNewLeaksAlert(payload.userId, "scanId" in payload ? payload.scanId : { since: new Date(payload.since), via: payload.via ?? "images" });
    },
  });
}

export function createDigestJob(service: () => AlertsService) {
  return defineJob({
    ...digestJob,
    async handler({ userId, dueAt }) {
      await service().runDigest(userId, dueAt);
    },
  });
}

export function createBatchedAlertJob(service: () => AlertsService) {
  return defineJob({
    ...batchedAlertJob,
    async handler({ userId, kind }) {
      await service().sendBatchedAlert(userId, kind);
    },
  });
}
