import { useQuery } from "@tanstack/react-query";
import { paths } from "../config/paths";
import { identitiesQueryOptions } from "../features/identities/api/get-identities";
import { useSession } from "../lib/session";

/**
 * Where a signed-in creator belongs, as the server decides it: onboarding until it is complete,
 * then the dashboard. Null while that is not known yet.
 */
export function useSignedInHome(): string | null {
  const session = useSession();
  const signedIn = session.status === "signed-in";
  // Without the 18+ confirmation the server answers nothing about her profile: the dashboard asks
  // for the confirmation first, then sends her on to onboarding if it is not complete.
  const ageConfirmed = signedIn && session.user.ageConfirmed !== false;
  const identities = useQuery({ ...identitiesQueryOptions(), enabled: ageConfirmed });
  if (!signedIn) return null;
  if (!ageConfirmed) return paths.dashboard;
  if (identities.data) return identities.data.onboardingComplete ? paths.dashboard : paths.onboardings;
  // Her profile cannot be read now: the dashboard shows why, or sends her on.
  if (identities.isError) return paths.dashboard;
  return null;
}
