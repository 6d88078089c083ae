import type { Identities, ProfileUpdate } from "@leakwarden/contracts/identities";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The spec's update-profile-all: replaces the creator's profile with what the wizard holds. */
export function updateProfileAll(profile: ProfileUpdate): Promise<Identities> {
  return api<Identities>("/v1/root/update-profile-all", { method: "POST", json: profile });
}

export function useUpdateProfileAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileAll,
    // The identities cache (key "identities") reloads and so does its mirror in the client state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.identities }),
  });
}
