import type { referenceImageSchema } from "@leakwarden/contracts/scans";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type ReferenceImage = z.infer<typeof referenceImageSchema>;
/** GET /v1/reference-images: what the server keeps (hashes stay there; this lists labels and thumbnails). */
export async function listReferenceImages(): Promise<ReferenceImage[]> {
  return (await api<{ items: ReferenceImage[] }>("/v1/reference-images")).items;
}

export const referenceImagesQueryOptions = () => queryOptions({ queryKey: queryKeys.referenceImages, queryFn: listReferenceImages });

export function useReferenceImages() {
  return useQuery(referenceImagesQueryOptions());
}
