import type { Identities } from "@leakwarden/contracts/identities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { storeIdentities } from "./get-identities";

export function addDomain(domain: string): Promise<Identities> {
  return api<Identities>("/v1/identities/domains", { method: "POST", json: { domain } });
}

export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDomain, onSuccess: (data) => storeIdentities(queryClient, data) });
}
