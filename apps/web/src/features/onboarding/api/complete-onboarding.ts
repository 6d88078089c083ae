import type { Identities } from "@leakwarden/contracts/identities";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function completeOnboarding(): Promise<Identities> {
  return api<Identities>("/v1/identities/onboarding-complete", { method: "POST" });
}

export function useCompleteOnboarding() {
  return useMutation({ mutationFn: completeOnboarding });
}
