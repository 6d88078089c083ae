import { z } from "zod";
import { defineJobType, type JobPolicy } from "../../jobs/job-type";

/** Finds each link's recipients and writes one notice per recipient (network lookups: not in the request). */
export const prepareTakedownsJob = defineJobType({
  name: "takedowns.prepare",
  schema: z.object({ takedownIds: z.array(z.uuid()).min(1) }),
  retryLimit: 5,
});

/**
 * Sends one notice through the mailer. SMTP failures are retried with backoff; the last
 * attempt, or a permanent refusal, marks the notice failed with the reason. A send whose worker
 * dies stops refreshing its heartbeat and runs again on another worker within seconds.
 */
export const sendNoticeJob = defineJobType({
  name: "takedowns.send-notice",
  schema: z.object({ noticeId: z.uuid() }),
  retryBackoff: true,
  heartbeatSeconds: 10,
});

/** Its attempts and first wait, from NOTICE_RETRY_LIMIT and NOTICE_RETRY_DELAY_SECONDS. */
export const sendNoticeJobPolicy = (retry: { limit: number; delaySeconds: number }) => ({ retryLimit: retry.limit, retryDelaySeconds: retry.delaySeconds }) satisfies JobPolicy;

/** One re-check of a sent link; a run for a time the takedown no longer expects does nothing. */
export const recheckJob = defineJobType({
  name: "takedowns.recheck",
  schema: z.object({ takedownId: z.uuid(), dueAt: z.iso.datetime() }),
  retryLimit: 3,
});

/** Files the Cloudflare report of these links through its Abuse Reports API; failures worth another try are retried, the rest become her step. */
export const cloudflareReportJob = defineJobType({
  name: "takedowns.cloudflare-report",
  schema: z.object({ takedownIds: z.array(z.uuid()).min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
});
