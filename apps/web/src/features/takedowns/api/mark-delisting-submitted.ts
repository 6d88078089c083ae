import type { MarkDelisting } from "@leakwarden/contracts/takedowns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/takedowns/delisting/submitted: she submitted the package's form at the search engine. */
export function markDelistingSubmitted(input: MarkDelisting): Promise<unknown> {
  return api<unknown>("/v1/takedowns/delisting/submitted", { method: "POST", json: input });
}

export function useMarkDelistingSubmitted() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markDelistingSubmitted, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.takedowns.all }) });
}
