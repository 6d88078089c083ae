import { defineJob } from "../../jobs/queue";
import { matchReferenceJob } from "./image-index.job-definitions";
import type { ImageIndexService } from "./image-index.service";

export function createMatchReferenceJob(service: () => ImageIndexService) {
  return defineJob({
    ...matchReferenceJob,
    async handler({ referenceImageId }) {
      await service().matchReference(referenceImageId);
    },
  });
}
