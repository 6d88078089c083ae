import type { TakedownDetail } from "@leakwarden/contracts/takedowns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/takedowns/:id/cancel: only before its notice has gone out. */
export function cancelTakedown(id: string): Promise<TakedownDetail> {
  return api<TakedownDetail>(`/v1/takedowns/${encodeURIComponent(id)}/cancel`, { method: "POST" });
}

/** POST /v1/takedowns/:id/resend: a failed, unanswered or manual takedown, looked up and sent again. */
export function resendTakedown(id: string): Promise<TakedownDetail> {
  return api<TakedownDetail>(`/v1/takedowns/${encodeURIComponent(id)}/resend`, { method: "POST" });
}

export function useCancelTakedown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTakedown,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.takedowns.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all });
    },
  });
}

export function useResendTakedown() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendTakedown, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.takedowns.all }) });
}
