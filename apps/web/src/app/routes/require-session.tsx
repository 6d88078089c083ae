import { useEffect } from "react";
import { Outlet } from "react-router";
import { PageFallback } from "../../components/page-fallback";
import { DeletionCancelledNotice } from "../../features/auth/components/deletion-cancelled-notice";
import { ConfirmAgeScreen } from "../../features/auth/components/confirm-age-screen";
import { SignInScreen } from "../../features/auth/components/sign-in-screen";
import { identify } from "../../lib/analytics";
import { useSession } from "../../lib/session";
import { ServiceUnavailable } from "../../components/service-unavailable";

/**
 * The session guard: without a session the sign-in screen shows in place of the page; an account
 * without the 18+ confirmation (Google sign-up) gives it first, then the page asked for opens.
 */
export function RequireSession() {
  const session = useSession();
  const user = session.status === "signed-in" ? session.user : null;
  // A creator back from Google sign-in (or with a session from an earlier visit) is identified here.
  useEffect(() => {
    if (user) identify(user);
  }, [user]);
  if (session.status === "loading") return <PageFallback />;
  if (session.status === "signed-out") return <SignInScreen />;
  // An outage is not a sign-out: she is told the service is unavailable, and stays signed in.
  if (session.status === "unavailable") return <ServiceUnavailable message={session.message} />;
  if (session.user.ageConfirmed === false) return <ConfirmAgeScreen email={session.user.email} />;
  return (
    <>
      <DeletionCancelledNotice />
      <Outlet />
    </>
  );
}
