import { paths } from "../config/paths";
import { useClientState } from "../lib/client-state";

/** Where a signed-in creator belongs: onboarding until it is complete, then the dashboard. */
export function useSignedInHome(): string {
  const complete = useClientState((s) => s.onboardingComplete);
  return complete ? paths.dashboard : paths.onboardings;
}
