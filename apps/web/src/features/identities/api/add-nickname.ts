import type { Identities } from "@leakwarden/contracts/identities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { storeIdentities } from "./get-identities";

export function addNickname(value: string): Promise<Identities> {
  return api<Identities>("/v1/identities/nicknames", { method: "POST", json: { value } });
}

export function useAddNickname() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addNickname, onSuccess: (data) => storeIdentities(queryClient, data) });
}
