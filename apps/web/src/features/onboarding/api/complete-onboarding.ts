import type { Identities } from "@leakwarden/contracts/identities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function completeOnboarding(): Promise<Identities> {
  return api<Identities>("/v1/identities/onboarding-complete", { method: "POST" });
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    // The answer is the whole identity set, now complete: the identities cache (key "identities")
    // holds it at once, so the dashboard's guard does not send her back.
    onSuccess: (data) => queryClient.setQueryData(queryKeys.identities, data),
  });
}
