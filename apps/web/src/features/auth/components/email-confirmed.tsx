import { messages } from "@leakwarden/contracts/validation-messages";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageFallback } from "../../../components/page-fallback";
import { usePageView } from "../../../lib/analytics";
import { refreshSession, type SessionState } from "../../../lib/session";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { cardButton, cardSecondaryButton, StatusCard } from "./status-card";

/** How long the confirmation stays on screen before the dashboard. */
export const CONFIRMED_REDIRECT_MS = 2000;

/**
 * /auth/confirmed: the auth server's verify link sets the session cookie and lands here, with
 * ?error=… when the token was invalid or expired. No session and no error: the page was not reached
 * through a confirmation link.
 */
export function EmailConfirmed() {
  usePageView("confirmed");
  const [params] = useSearchParams();
  const error = params.get("error");
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [session, setSession] = useState<SessionState>({ status: "loading" });

  useEffect(() => {
    if (error) return;
    let active = true;
    void refreshSession().then((s) => {
      if (active) setSession(s);
    });
    return () => {
      active = false;
    };
  }, [error]);

  useEffect(() => {
    if (session.status !== "signed-in") return;
    void completeSignIn(session.user);
    const timer = window.setTimeout(() => navigate("/dashboard", { replace: true }), CONFIRMED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [session, completeSignIn, navigate]);

  if (error) {
    return (
      <StatusCard tone="error" title="We could not confirm your email">
        <p role="alert">{messages.confirmError}</p>
        <p className="mt-3 text-sm text-slate-400">Confirmation links work once and expire after a day. Ask for a new one below.</p>
        <div className="mt-7 space-y-3">
          <Link to="/confirm" className={cardButton}>
            Send a new link
          </Link>
          <Link to="/signin" className={cardSecondaryButton}>
            Go to sign in
          </Link>
        </div>
      </StatusCard>
    );
  }
  if (session.status === "loading") return <PageFallback />;
  if (session.status === "signed-out") {
    return (
      <StatusCard tone="error" title="This link does not work">
        <p role="alert">{messages.confirmInvalidLink}</p>
        <p className="mt-3 text-sm text-slate-400">Open the link from your confirmation mail, or ask for a new one.</p>
        <div className="mt-7 space-y-3">
          <Link to="/confirm" className={cardButton}>
            Send a new link
          </Link>
          <Link to="/signin" className={cardSecondaryButton}>
            Go to sign in
          </Link>
        </div>
      </StatusCard>
    );
  }
  return (
    <StatusCard tone="success" title="Welcome to Leakwarden">
      <p role="status">{messages.emailConfirmed}</p>
      <p className="mt-3 text-sm text-slate-400">Taking you to your dashboard…</p>
      <div className="mt-7">
        <Link to="/onboarding" className={cardButton}>
          Go to dashboard
        </Link>
      </div>
    </StatusCard>
  );
}
