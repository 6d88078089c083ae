import type { TakedownDetail } from "@leakwarden/contracts/takedowns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/takedowns/:id/form-done: she submitted the report on the party's form (Cloudflare's); the time is recorded. */
export function markFormDone(id: string): Promise<TakedownDetail> {
  return api<TakedownDetail>(`/v1/takedowns/${encodeURIComponent(id)}/form-done`, { method: "POST" });
}

export function useMarkFormDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markFormDone,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.takedowns.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaks.all });
    },
  });
}
