import type { BillingOptions } from "@leakwarden/contracts/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/billing/options (public): whether this server takes payments, and for which plans. */
export function getBillingOptions(): Promise<BillingOptions> {
  return api<BillingOptions>("/v1/billing/options");
}

export const billingOptionsQueryOptions = () => queryOptions({ queryKey: queryKeys.billing.options, queryFn: getBillingOptions, staleTime: 5 * 60_000 });

export function useBillingOptions() {
  return useQuery(billingOptionsQueryOptions());
}
