import type { AuthorizationView } from "@leakwarden/contracts/takedowns";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/takedowns/authorization: the agent authorization and whether ownership is proven. */
export function getAuthorization(): Promise<AuthorizationView> {
  return api<AuthorizationView>("/v1/takedowns/authorization");
}

export const authorizationQueryOptions = () => queryOptions({ queryKey: queryKeys.takedowns.authorization, queryFn: getAuthorization });

export function useAuthorization() {
  return useQuery(authorizationQueryOptions());
}
