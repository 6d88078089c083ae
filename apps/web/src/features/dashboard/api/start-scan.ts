import type { ScanView } from "@leakwarden/contracts/scans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { latestScanQueryKey } from "./get-latest-scan";

/** POST /v1/scans: a manual scan (202, queued). */
export function startScan(): Promise<ScanView> {
  return api<ScanView>("/v1/scans", { method: "POST", json: { trigger: "manual" } });
}

export function useStartScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startScan,
    onSuccess: (scan) => {
      queryClient.setQueryData(["scans", scan.id], scan);
      void queryClient.invalidateQueries({ queryKey: latestScanQueryKey });
    },
  });
}
