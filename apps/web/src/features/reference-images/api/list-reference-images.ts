import type { referenceImageSchema } from "@leakwarden/contracts/scans";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";

export type ReferenceImage = z.infer<typeof referenceImageSchema>;
export const referenceImagesQueryKey = ["reference-images"] as const;

/** GET /v1/reference-images: what the server keeps (hashes stay there; this lists labels and thumbnails). */
export async function listReferenceImages(): Promise<ReferenceImage[]> {
  return (await api<{ items: ReferenceImage[] }>("/v1/reference-images")).items;
}

export const referenceImagesQueryOptions = () => queryOptions({ queryKey: referenceImagesQueryKey, queryFn: listReferenceImages });

export function useReferenceImages() {
  return useQuery(referenceImagesQueryOptions());
}
