import { z } from "zod";
import { defineJobType, tickPolicy, type JobPolicy } from "../../jobs/job-type";

/** The crawl tick: queues the crawls of the sites that are due, then the next tick. */
export const crawlTickJob = defineJobType({
  name: "crawl.tick",
  schema: z.object({}),
  ...tickPolicy,
});

/** One crawl run of one site (whichever worker takes it; a killed one's work is taken up by the next run). */
export const crawlSiteJob = defineJobType({
  name: "crawl.site",
  schema: z.object({ siteId: z.string().regex(/^[a-z0-9][a-z0-9-]*$/).max(100) }),
  retryLimit: 1,
  retryDelaySeconds: 60,
  concurrency: 2,
});

/** A site's crawl may run for its whole budget (CRAWL_BUDGET_MS) before its claim expires. */
export const crawlSiteJobPolicy = (budgetMs: number): JobPolicy => ({ expireInSeconds: Math.ceil(budgetMs / 1000) + 5 * 60 });
