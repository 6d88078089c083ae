import type { GetUserResponse } from "@leakwarden/contracts/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /v1/root/get-user: the spec's user record (subscription_name for the plan badge). */
export function getUser(): Promise<GetUserResponse> {
  return api<GetUserResponse>("/v1/root/get-user");
}

export const userQueryOptions = () => queryOptions({ queryKey: queryKeys.user, queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions());
}
