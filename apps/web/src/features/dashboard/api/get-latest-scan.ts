import type { LatestScanResponse } from "@leakwarden/contracts/scans";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/scans/latest: the latest scan (running or finished) and the manual-scan quota. */
export function getLatestScan(): Promise<LatestScanResponse> {
  return api<LatestScanResponse>("/v1/scans/latest");
}

export const latestScanQueryOptions = () => queryOptions({ queryKey: queryKeys.scans.latest, queryFn: getLatestScan });

export function useLatestScan() {
  return useQuery(latestScanQueryOptions());
}
