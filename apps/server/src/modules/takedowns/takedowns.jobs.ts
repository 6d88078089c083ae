import { defineJob } from "../../jobs/queue";
import { cloudflareReportJob, prepareTakedownsJob, recheckJob, sendNoticeJob, sendNoticeJobPolicy } from "./takedowns.job-definitions";
import type { TakedownsService } from "./takedowns.service";

export function createPrepareTakedownsJob(service: () => TakedownsService) {
  return defineJob({
    ...prepareTakedownsJob,
    async handler({ takedownIds }) {
      await service().prepare(takedownIds);
    },
  });
}

export function createSendNoticeJob(service: () => TakedownsService, retry: Parameters<typeof sendNoticeJobPolicy>[0]) {
  const policy = sendNoticeJobPolicy(retry);
  return defineJob({
    ...sendNoticeJob,
    ...policy,
    async handler({ noticeId }, ctx) {
      await service().sendNotice(noticeId, { retryCount: ctx.retryCount, retryLimit: policy.retryLimit });
    },
  });
}

export function createRecheckJob(service: () => TakedownsService) {
  return defineJob({
    ...recheckJob,
    async handler({ takedownId, dueAt }) {
      await service().recheck(takedownId, dueAt);
    },
  });
}

export function createCloudflareReportJob(service: () => TakedownsService) {
  return defineJob({
    ...cloudflareReportJob,
    async handler({ takedownIds }, ctx) {
      await service().cloudflareReport(takedownIds, { retryCount: ctx.retryCount, retryLimit: cloudflareReportJob.retryLimit });
    },
  });
}
