import { z } from "zod";
import { defineJob } from "../../jobs/queue";
import type { TakedownsService } from "./takedowns.service";

/** Finds each link's recipients and writes one notice per recipient (network lookups: not in the request). */
export function createPrepareTakedownsJob(service: () => TakedownsService) {
  return defineJob({
    name: "takedowns.prepare",
    schema: z.object({ takedownIds: z.array(z.uuid()).min(1) }),
    retryLimit: 5,
    async handler({ takedownIds }) {
      await service().prepare(takedownIds);
    },
  });
}

/**
 * Sends one notice through the mailer. SMTP failures are retried with backoff; the last
 * attempt, or a permanent refusal, marks the notice failed with the reason.
 */
export function createSendNoticeJob(service: () => TakedownsService, retry: { limit: number; delaySeconds: number }) {
  return defineJob({
    name: "takedowns.send-notice",
    schema: z.object({ noticeId: z.uuid() }),
    retryLimit: retry.limit,
    retryDelaySeconds: retry.delaySeconds,
    retryBackoff: true,
    async handler({ noticeId }, ctx) {
      await service().sendNotice(noticeId, { retryCount: ctx.retryCount, retryLimit: retry.limit });
    },
  });
}

/** One re-check of a sent link; a run for a time the takedown no longer expects does nothing. */
export function createRecheckJob(service: () => TakedownsService) {
  return defineJob({
    name: "takedowns.recheck",
    schema: z.object({ takedownId: z.uuid(), dueAt: z.iso.datetime() }),
    retryLimit: 3,
    async handler({ takedownId, dueAt }) {
      await service().recheck(takedownId, dueAt);
    },
  });
}

/** Files the Cloudflare report of these links through its Abuse Reports API; failures worth another try are retried, the rest become her step. */
export function createCloudflareReportJob(service: () => TakedownsService) {
  const retryLimit = 5;
  return defineJob({
    name: "takedowns.cloudflare-report",
    schema: z.object({ takedownIds: z.array(z.uuid()).min(1) }),
    retryLimit,
    retryDelaySeconds: 60,
    retryBackoff: true,
    async handler({ takedownIds }, ctx) {
      await service().cloudflareReport(takedownIds, { retryCount: ctx.retryCount, retryLimit });
    },
  });
}

export type CloudflareReportJob = ReturnType<typeof createCloudflareReportJob>;
export type PrepareTakedownsJob = ReturnType<typeof createPrepareTakedownsJob>;
export type SendNoticeJob = ReturnType<typeof createSendNoticeJob>;
export type RecheckJob = ReturnType<typeof createRecheckJob>;
