import type { LeakTimeline } from "@leakwarden/contracts/scans";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/leaks/timeline: per day, leaks found and removed. */
export function getLeakTimeline(days: number): Promise<LeakTimeline> {
  return api<LeakTimeline>(`/v1/leaks/timeline?days=${days}`);
}

export const leakTimelineQueryOptions = (days: number) => queryOptions({ queryKey: queryKeys.leaks.timeline(days), queryFn: () => getLeakTimeline(days) });

export function useLeakTimeline(days = 30) {
  return useQuery(leakTimelineQueryOptions(days));
}
