import type { TakedownStats } from "@leakwarden/contracts/takedowns";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/public/takedown-stats: the same figures over every creator's records. */
export function getOverallStats(): Promise<TakedownStats> {
  return api<TakedownStats>("/v1/public/takedown-stats");
}

export const overallStatsQueryOptions = () => queryOptions({ queryKey: queryKeys.takedowns.overallStats, queryFn: getOverallStats, staleTime: 60_000 });

export function useOverallStats() {
  return useQuery(overallStatsQueryOptions());
}
