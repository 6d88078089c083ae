import type { TakedownDetail } from "@leakwarden/contracts/takedowns";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/takedowns/:id: recipients, notices (the preview) and history. */
export function getTakedown(id: string): Promise<TakedownDetail> {
  return api<TakedownDetail>(`/v1/takedowns/${encodeURIComponent(id)}`);
}

export const takedownQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.takedowns.detail(id),
    queryFn: () => getTakedown(id),
    refetchInterval: (query) => (query.state.data?.status === "draft" || query.state.data?.status === "queued" ? 2_000 : false),
  });

export function useTakedown(id: string | null) {
  return useQuery({ ...takedownQueryOptions(id ?? ""), enabled: id !== null });
}
