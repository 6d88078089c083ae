import { Outlet } from "react-router";
import { PageFallback } from "../../components/page-fallback";
import { SignInScreen } from "../../features/auth/components/sign-in-screen";
import { useSession } from "../../lib/session";

/** The session guard: without a session the sign-in screen shows in place of the page. */
export function RequireSession() {
  const session = useSession();
  if (session.status === "loading") return <PageFallback />;
  if (session.status === "signed-out") return <SignInScreen />;
  return <Outlet />;
}
