import type { TakedownList } from "@leakwarden/contracts/takedowns";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/takedowns */
export function listTakedowns(page: number, pageSize: number): Promise<TakedownList> {
  return api<TakedownList>(`/v1/takedowns?page=${page}&pageSize=${pageSize}`);
}

export const takedownsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.takedowns.list(page, pageSize),
    queryFn: () => listTakedowns(page, pageSize),
    placeholderData: keepPreviousData,
    // Notices being prepared or sent change within seconds: follow them.
    refetchInterval: (query) => (query.state.data?.items.some((t) => t.status === "draft" || t.status === "queued") ? 2_000 : false),
  });

export function useTakedowns(page: number, pageSize = 20) {
  return useQuery(takedownsQueryOptions(page, pageSize));
}
