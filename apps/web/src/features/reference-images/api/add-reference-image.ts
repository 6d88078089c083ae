import type { ReferenceImageInput } from "@leakwarden/contracts/scans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { type ReferenceImage } from "./list-reference-images";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/reference-images: the hashes computed on this device (and the optional tiny thumbnail). */
export function addReferenceImage(input: ReferenceImageInput): Promise<ReferenceImage> {
  return api<ReferenceImage>("/v1/reference-images", { method: "POST", json: input });
}

export function useAddReferenceImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addReferenceImage, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.referenceImages }) });
}
