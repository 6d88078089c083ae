import type { Identities } from "@leakwarden/contracts/identities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { storeIdentities } from "./get-identities";

/** PUT /v1/identities/specific: the content she wants found first (empty clears it). */
export function setSpecific(specific: string): Promise<Identities> {
  return api<Identities>("/v1/identities/specific", { method: "PUT", json: { specific } });
}

export function useSetSpecific() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSpecific, onSuccess: (data) => storeIdentities(queryClient, data) });
}
