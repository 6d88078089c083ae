import { Outlet } from "react-router";
import { PageFallback } from "../../components/page-fallback";
import { ConfirmAgeScreen } from "../../features/auth/components/confirm-age-screen";
import { SignInScreen } from "../../features/auth/components/sign-in-screen";
import { useSession } from "../../lib/session";

/**
 * The session guard: without a session the sign-in screen shows in place of the page; an account
 * without the 18+ confirmation (Google sign-up) gives it first, then the page asked for opens.
 */
export function RequireSession() {
  const session = useSession();
  if (session.status === "loading") return <PageFallback />;
  if (session.status === "signed-out") return <SignInScreen />;
  if (session.user.ageConfirmed === false) return <ConfirmAgeScreen email={session.user.email} />;
  return <Outlet />;
}
