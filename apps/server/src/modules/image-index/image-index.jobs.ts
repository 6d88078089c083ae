import { z } from "zod";
import { defineJob } from "../../jobs/queue";
import type { ImageIndexService } from "./image-index.service";

/** A reference photo just added: looked up in the shared image index, its leaks recorded. */
export function createMatchReferenceJob(service: () => ImageIndexService) {
  return defineJob({
    name: "image-index.match-reference",
    schema: z.object({ referenceImageId: z.uuid() }),
    retryLimit: 3,
    retryDelaySeconds: 10,
    concurrency: 2,
    async handler({ referenceImageId }) {
      await service().matchReference(referenceImageId);
    },
  });
}

export type MatchReferenceJob = ReturnType<typeof createMatchReferenceJob>;
