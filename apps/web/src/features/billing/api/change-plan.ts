import type { BillingSummary, CheckoutRequest } from "@leakwarden/contracts/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { billingQueryKey } from "./get-billing";

/** POST /v1/billing/change-plan: a subscriber moves to another plan or period (the provider prorates). */
export function changePlan(input: CheckoutRequest): Promise<BillingSummary> {
  return api<BillingSummary>("/v1/billing/change-plan", { method: "POST", json: input });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (data) => {
      queryClient.setQueryData(billingQueryKey, data);
      // Limits and the plan badge follow the plan.
      void queryClient.invalidateQueries({ queryKey: ["user"] });
      void queryClient.invalidateQueries({ queryKey: ["identities"] });
    },
  });
}
