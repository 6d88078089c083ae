import type { LatestScanResponse } from "@leakwarden/contracts/scans";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function getLatestScan(): Promise<LatestScanResponse> {
  return api<LatestScanResponse>("/v1/scans/latest");
}

const POLL_MS = 1500;

export const latestScanQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.scans.latest,
    queryFn: getLatestScan,
    staleTime: 0,
    // Real progress: asked again while the scan is queued or running.
    refetchInterval: (query) => {
      const status = query.state.data?.scan?.status;
      return status === "queued" || status === "running" ? POLL_MS : false;
    },
  });

export function useLatestScan() {
  return useQuery(latestScanQueryOptions());
}
