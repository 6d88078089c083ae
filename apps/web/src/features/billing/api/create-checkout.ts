import type { CheckoutRequest, CheckoutResponse } from "@leakwarden/contracts/billing";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /v1/billing/checkout: the hosted checkout page for a plan and period. */
export function createCheckout(input: CheckoutRequest): Promise<CheckoutResponse> {
  return api<CheckoutResponse>("/v1/billing/checkout", { method: "POST", json: input });
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
