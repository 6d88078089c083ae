import type { ScanView } from "@leakwarden/contracts/scans";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const SCAN_POLL_MS = 1000;

const active = (scan: ScanView | undefined) => scan?.status === "queued" || scan?.status === "running";

/** GET /v1/scans/:id, asked every second while the scan runs. */
export function getScan(id: string): Promise<ScanView> {
  return api<ScanView>(`/v1/scans/${encodeURIComponent(id)}`);
}

export const scanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.scans.detail(id),
    queryFn: () => getScan(id),
    staleTime: 0,
    refetchInterval: (query) => (active(query.state.data) ? SCAN_POLL_MS : false),
  });

export function useScan(id: string | null) {
  return useQuery({ ...scanQueryOptions(id ?? ""), enabled: id !== null });
}
