import type { BillingChangeResponse, CheckoutRequest } from "@leakwarden/contracts/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** POST /v1/billing/change-plan: a subscriber moves to another plan or period (the provider prorates). */
export function changePlan(input: CheckoutRequest): Promise<BillingChangeResponse> {
  return api<BillingChangeResponse>("/v1/billing/change-plan", { method: "POST", json: input });
}

/** POST /v1/billing/cancel: cancels at the end of the period paid for. */
export function cancelSubscription(): Promise<BillingChangeResponse> {
  return api<BillingChangeResponse>("/v1/billing/cancel", { method: "POST" });
}

/** POST /v1/billing/resume: resumes a cancelled subscription before its end. */
export function resumeSubscription(): Promise<BillingChangeResponse> {
  return api<BillingChangeResponse>("/v1/billing/resume", { method: "POST" });
}

/** After a change: the summary it answered is the page's, and what follows the plan is read again. */
function useApplyChange() {
  const queryClient = useQueryClient();
  return (data: BillingChangeResponse) => {
    queryClient.setQueryData(queryKeys.billing.current, data.billing);
    // Limits and the plan badge follow the plan; a prorated charge is a new invoice.
    void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    void queryClient.invalidateQueries({ queryKey: queryKeys.identities });
    void queryClient.invalidateQueries({ queryKey: queryKeys.billing.invoices });
  };
}

export function useChangePlan() {
  const apply = useApplyChange();
  return useMutation({ mutationFn: changePlan, onSuccess: apply });
}

export function useCancelSubscription() {
  const apply = useApplyChange();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: apply });
}

export function useResumeSubscription() {
  const apply = useApplyChange();
  return useMutation({ mutationFn: resumeSubscription, onSuccess: apply });
}
