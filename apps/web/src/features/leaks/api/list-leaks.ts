import type { LeakList, LeakListQuery } from "@leakwarden/contracts/scans";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type LeakFilter = Partial<Pick<LeakListQuery, "q" | "status" | "category">> & { page: number; pageSize: number };

/** GET /v1/leaks: one page, searched and filtered on the server. */
export function listLeaks(filter: LeakFilter): Promise<LeakList> {
  const params = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (filter.category) params.set("category", filter.category);
  return api<LeakList>(`/v1/leaks?${params}`);
}

export const leaksQueryOptions = (filter: LeakFilter) =>
  queryOptions({ queryKey: queryKeys.leaks.list(filter), queryFn: () => listLeaks(filter), placeholderData: keepPreviousData, staleTime: 5_000 });

export function useLeaks(filter: LeakFilter) {
  return useQuery(leaksQueryOptions(filter));
}
