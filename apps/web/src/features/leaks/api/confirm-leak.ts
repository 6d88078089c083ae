import type { LeakView } from "@leakwarden/contracts/scans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/leaks/:id/confirm: the creator says a medium-confidence finding is hers. */
export function confirmLeak(id: string): Promise<LeakView> {
  return api<LeakView>(`/v1/leaks/${encodeURIComponent(id)}/confirm`, { method: "POST" });
}

export function useConfirmLeak() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmLeak, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all }) });
}
