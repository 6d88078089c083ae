import type { ScanView } from "@leakwarden/contracts/scans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/scans: a manual scan (202, queued). */
export function startScan(): Promise<ScanView> {
  return api<ScanView>("/v1/scans", { method: "POST", json: { trigger: "manual" } });
}

export function useStartScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startScan,
    onSuccess: (scan) => {
      queryClient.setQueryData(queryKeys.scans.detail(scan.id), scan);
      void queryClient.invalidateQueries({ queryKey: queryKeys.scans.latest });
    },
  });
}
