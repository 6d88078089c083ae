import type { GetBioResponse } from "@leakwarden/contracts/identities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The spec's ownership check: the server reads the creator's profiles now and answers per stage name. */
export function getBio(): Promise<GetBioResponse> {
  return api<GetBioResponse>("/v1/root/get-bio");
}

/** A check is an action the creator starts (it fetches her profiles), so it is a mutation, not a cached query. */
export function useVerifyOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getBio,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.identities }),
  });
}
