import { Link, useLocation } from "react-router";
import { GoogleButton } from "../../../components/google-button";
import { useHydrated } from "../../../components/use-hydrated";
import { usePageView } from "../../../lib/analytics";
import { AuthShell, OrDivider } from "./auth-shell";
import { SignInForm } from "./sign-in-form";
import { TwoFactorChallenge } from "./two-factor-challenge";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
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
  // Google answered for an account with two-factor sign-in on: the server kept the session back until the code is entered.
  const afterGoogle = hydrated && new URLSearchParams(location.search).get("two-factor") === "google";
  const completeSignIn = useCompleteSignIn();
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
      {afterGoogle ? (
        <>
          <StatusNote>Google confirmed your account. Two-factor sign-in is on: one more step to sign in.</StatusNote>
          <TwoFactorChallenge onSignedIn={completeSignIn} />
          <p className="mt-6 text-sm text-slate-400">
            Not you, or took too long?{" "}
            <Link to="/signin" className="font-semibold text-brand-300 underline-offset-4 hover:underline">
              Start again
            </Link>
          </p>
        </>
      ) : (
        <>
          <GoogleButton label="Sign in with Google" />
          <OrDivider />
          <SignInForm />
        </>
      )}
    </AuthShell>
  );
}
