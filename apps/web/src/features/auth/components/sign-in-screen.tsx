import { Link, useLocation } from "react-router";
import { GoogleButton } from "../../../components/google-button";
import { useHydrated } from "../../../components/use-hydrated";
import { usePageView } from "../../../lib/analytics";
import { AuthShell, OrDivider } from "./auth-shell";
import { SignInForm } from "./sign-in-form";
import { StatusNote } from "./settings-card";
import { formatWeekdayDateTime } from "../../../lib/format";

/** "Tuesday, 1 December 2026 at 23:05": her own time zone, in words. */
function longDate(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "in 7 days";
  return formatWeekdayDateTime(iso);
}

/** The sign-in screen: at /signin, and wherever a page needs a session that is not there. */
export function SignInScreen() {
  usePageView("signin");
  const location = useLocation();
  // The page is prerendered: the note (from the history entry's state, kept on a reload) appears once hydrated.
  const hydrated = useHydrated();
  const deletion = hydrated ? (location.state as { deletionScheduledFor?: unknown } | null)?.deletionScheduledFor : undefined;
  return (
    <AuthShell
      title="Sign in"
      subtitle="Welcome back. Sign in to see your leaks and takedowns."
      footer={
        <>
          New to Leakwarden?{" "}
          <Link to="/signup" className="font-semibold text-white underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {typeof deletion === "string" && (
        <StatusNote>
          Your account will be deleted on {longDate(deletion)}. Every device was signed out and we emailed you. Changed your mind? Sign in
          before then and the deletion is cancelled.
        </StatusNote>
      )}
      <GoogleButton label="Sign in with Google" />
      <OrDivider />
      <SignInForm />
    </AuthShell>
  );
}
