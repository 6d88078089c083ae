import { z } from "zod";
import { defineJobType } from "../../jobs/job-type";

/** A reference photo just added: looked up in the shared image index, its leaks recorded. */
export const matchReferenceJob = defineJobType({
  name: "image-index.match-reference",
  schema: z.object({ referenceImageId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 10,
  concurrency: 2,
});
