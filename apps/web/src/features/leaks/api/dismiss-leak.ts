import type { LeakView } from "@leakwarden/contracts/scans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/leaks/:id/dismiss: not a leak of hers; hidden from notices. */
export function dismissLeak(id: string): Promise<LeakView> {
  return api<LeakView>(`/v1/leaks/${encodeURIComponent(id)}/dismiss`, { method: "POST" });
}

export function useDismissLeak() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: dismissLeak, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all }) });
}
