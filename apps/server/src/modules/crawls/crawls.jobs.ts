import { defineJob } from "../../jobs/queue";
import { crawlSiteJob, crawlSiteJobPolicy, crawlTickJob } from "./crawls.job-definitions";
import type { CrawlsService } from "./crawls.service";

export function createCrawlTickJob(service: () => CrawlsService) {
  return defineJob({
    ...crawlTickJob,
    async handler() {
      await service().tick();
    },
  });
}

export function createCrawlSiteJob(service: () => CrawlsService, budgetMs: number) {
  return defineJob({
    ...crawlSiteJob,
    ...crawlSiteJobPolicy(budgetMs),
    async handler(payload) {
      await service().runSite(payload.siteId);
    },
  });
}
