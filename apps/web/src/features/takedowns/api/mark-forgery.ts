import type { LeakView } from "@leakwarden/contracts/scans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** PUT /v1/leaks/:id/forgery: she marks a leak a forgery or AI image of her (only a TAKE IT DOWN request is offered for it), or takes the mark back. */
export function markForgery({ id, forgery }: { id: string; forgery: boolean }): Promise<LeakView> {
  return api<LeakView>(`/v1/leaks/${encodeURIComponent(id)}/forgery`, { method: "PUT", json: { forgery } });
}

export function useMarkForgery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markForgery, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all }) });
}
