import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** DELETE /v1/reference-images/:id */
export function removeReferenceImage(id: string): Promise<void> {
  return api<void>(`/v1/reference-images/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useRemoveReferenceImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeReferenceImage, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.referenceImages }) });
}
