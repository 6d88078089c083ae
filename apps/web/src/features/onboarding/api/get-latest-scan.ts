import type { LatestScanResponse } from "@leakwarden/contracts/scans";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const latestScanQueryKey = ["scans", "latest"] as const;

export function getLatestScan(): Promise<LatestScanResponse> {
  return api<LatestScanResponse>("/v1/scans/latest");
}

const POLL_MS = 1500;

export const latestScanQueryOptions = () =>
  queryOptions({
    queryKey: latestScanQueryKey,
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
