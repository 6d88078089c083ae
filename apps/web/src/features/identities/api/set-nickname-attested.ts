import type { Identities } from "@leakwarden/contracts/identities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { storeIdentities } from "./get-identities";

/** PUT /v1/identities/nicknames/:id/attestation: she states (or takes back) that the nickname is hers. */
export function setNicknameAttested(input: { id: string; attested: boolean }): Promise<Identities> {
  return api<Identities>(`/v1/identities/nicknames/${encodeURIComponent(input.id)}/attestation`, { method: "PUT", json: { attested: input.attested } });
}

export function useSetNicknameAttested() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setNicknameAttested, onSuccess: (data) => storeIdentities(queryClient, data) });
}
