import type { ScanView } from "@leakwarden/contracts/scans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Starts the creator's first scan (the month's free scan) as she enters Searching. */
export function startOnboardingScan(): Promise<ScanView> {
  return api<ScanView>("/v1/scans", { method: "POST", json: { trigger: "onboarding" } });
}

export function useStartOnboardingScan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startOnboardingScan, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.scans.latest }) });
}
