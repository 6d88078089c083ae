import type { TakedownStats } from "@leakwarden/contracts/takedowns";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/takedowns/stats: figures computed from our own records. */
export function getTakedownStats(): Promise<TakedownStats> {
  return api<TakedownStats>("/v1/takedowns/stats");
}

export const takedownStatsQueryOptions = () => queryOptions({ queryKey: queryKeys.takedowns.stats, queryFn: getTakedownStats });

export function useTakedownStats() {
  return useQuery(takedownStatsQueryOptions());
}
