import { z } from "zod";
import { defineJobType } from "../../jobs/job-type";

/** After a completed scan (or leaks found another way, since a time): emails the new leaks to a creator who asked for it. */
export const newLeaksAlertJob = defineJobType({
  name: "alerts.new-leaks",
  schema: z.union([z.object({ userId: z.string().min(1), scanId: z.uuid() }), z.object({ userId: z.string().min(1), since: z.iso.datetime(), via: z.enum(["images", "crawl"]).optional() })]),
  retryLimit: 5,
});

/** One run of a creator's digest chain; a run for a time the rules no longer hold does nothing. */
export const digestJob = defineJobType({
  name: "alerts.digest",
  schema: z.object({ userId: z.string().min(1), dueAt: z.iso.datetime() }),
  retryLimit: 5,
});

/** The re-upload or new-impersonator email of a creator (batched: at most one an hour of each). */
export const batchedAlertJob = defineJobType({
  name: "alerts.batched",
  schema: z.object({ userId: z.string().min(1), kind: z.enum(["reupload", "impersonator"]) }),
  retryLimit: 5,
});
