import type { BillingSummary } from "@leakwarden/contracts/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The cache key of GET /v1/billing; "user" (get-user's plan badge) changes with it. */
/** GET /v1/billing: plan, period, status in words, dates, entitlements and usage. */
export function getBilling(): Promise<BillingSummary> {
  return api<BillingSummary>("/v1/billing");
}

export const billingQueryOptions = () => queryOptions({ queryKey: queryKeys.billing.current, queryFn: getBilling });

export function useBilling() {
  return useQuery(billingQueryOptions());
}
