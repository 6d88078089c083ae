import type { AuthorizationInput, AuthorizationView } from "@leakwarden/contracts/takedowns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** PUT /v1/takedowns/authorization: she signs the authorization of the service as her agent. */
export function putAuthorization(input: AuthorizationInput): Promise<AuthorizationView> {
  return api<AuthorizationView>("/v1/takedowns/authorization", { method: "PUT", json: input });
}

export function usePutAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: putAuthorization, onSuccess: (data) => queryClient.setQueryData(queryKeys.takedowns.authorization, data) });
}
