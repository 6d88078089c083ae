import { z } from "zod";
import { defineJob } from "../../jobs/queue";
import type { CrawlsService } from "./crawls.service";

/** The crawl tick: queues the crawls of the sites that are due, then the next tick. */
export function createCrawlTickJob(service: () => CrawlsService) {
  return defineJob({
    name: "crawl.tick",
    schema: z.object({}),
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 10 * 60,
    concurrency: 1,
    async handler() {
      await service().tick();
    },
  });
}

/** One crawl run of one site (whichever worker takes it; a killed one's work is taken up by the next run). */
export function createCrawlSiteJob(service: () => CrawlsService, budgetMs: number) {
  return defineJob({
    name: "crawl.site",
    schema: z.object({ siteId: z.string().regex(/^[a-z0-9][a-z0-9-]*$/).max(100) }),
    retryLimit: 1,
    retryDelaySeconds: 60,
    expireInSeconds: Math.ceil(budgetMs / 1000) + 5 * 60,
    concurrency: 2,
    async handler(payload) {
      await service().runSite(payload.siteId);
    },
  });
}

export type CrawlTickJob = ReturnType<typeof createCrawlTickJob>;
export type CrawlSiteJob = ReturnType<typeof createCrawlSiteJob>;
