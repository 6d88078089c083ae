import { z } from "zod";
import { defineJob } from "../../jobs/queue";
import type { AlertsService } from "./alerts.service";

/** After a completed scan (or leaks found another way, since a time): emails the new leaks to a creator who asked for it. */
export function createNewLeaksAlertJob(service: () => AlertsService) {
  return defineJob({
    name: "alerts.new-leaks",
    schema: z.union([z.object({ userId: z.string().min(1), scanId: z.uuid() }), z.object({ userId: z.string().min(1), since: z.iso.datetime(), via: z.enum(["images", "crawl"]).optional() })]),
    retryLimit: 5,
    async handler(payload) {
      await service().sendNewLeaksAlert(payload.userId, "scanId" in payload ? payload.scanId : { since: new Date(payload.since), via: payload.via ?? "images" });
    },
  });
}

/** One run of a creator's digest chain; a run for a time the rules no longer hold does nothing. */
export function createDigestJob(service: () => AlertsService) {
  return defineJob({
    name: "alerts.digest",
    schema: z.object({ userId: z.string().min(1), dueAt: z.iso.datetime() }),
    retryLimit: 5,
    async handler({ userId, dueAt }) {
      await service().runDigest(userId, dueAt);
    },
  });
}

/** The re-upload or new-impersonator email of a creator (batched: at most one an hour of each). */
export function createBatchedAlertJob(service: () => AlertsService) {
  return defineJob({
    name: "alerts.batched",
    schema: z.object({ userId: z.string().min(1), kind: z.enum(["reupload", "impersonator"]) }),
    retryLimit: 5,
    async handler({ userId, kind }) {
      await service().sendBatchedAlert(userId, kind);
    },
  });
}

export type BatchedAlertJob = ReturnType<typeof createBatchedAlertJob>;
export type NewLeaksAlertJob = ReturnType<typeof createNewLeaksAlertJob>;
export type DigestJob = ReturnType<typeof createDigestJob>;
