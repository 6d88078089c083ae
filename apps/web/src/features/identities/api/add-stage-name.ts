import type { Identities } from "@leakwarden/contracts/identities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { storeIdentities } from "./get-identities";

export interface AddStageNameInput {
  platform: number;
  username: string;
}

export function addStageName(input: AddStageNameInput): Promise<Identities> {
  return api<Identities>("/v1/identities/stage-names", { method: "POST", json: input });
}

export function useAddStageName() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addStageName, onSuccess: (data) => storeIdentities(queryClient, data) });
}
