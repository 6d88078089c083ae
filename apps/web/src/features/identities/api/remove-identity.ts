import type { Identities } from "@leakwarden/contracts/identities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { storeIdentities } from "./get-identities";

export type IdentityKind = "stage-names" | "nicknames" | "domains";

export function removeIdentity({ kind, id }: { kind: IdentityKind; id: string }): Promise<Identities> {
  return api<Identities>(`/v1/identities/${kind}/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useRemoveIdentity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeIdentity, onSuccess: (data) => storeIdentities(queryClient, data) });
}
