import type { DelistingResponse } from "@leakwarden/contracts/takedowns";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/takedowns/delisting: search-engine delisting packages for links that stay up. */
export function getDelisting(): Promise<DelistingResponse> {
  return api<DelistingResponse>("/v1/takedowns/delisting");
}

export const delistingQueryOptions = () => queryOptions({ queryKey: queryKeys.takedowns.delisting, queryFn: getDelisting });

/** Only asked on plans that include delisting (others would be refused). */
export function useDelisting(enabled = true) {
  return useQuery({ ...delistingQueryOptions(), enabled });
}
