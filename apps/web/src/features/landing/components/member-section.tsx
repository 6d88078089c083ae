import { Link } from "react-router";
import type { SessionState } from "../../../lib/session";

const button =
  "inline-flex items-center justify-center rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";

/** The one section that depends on who is there; until the session is known it holds its place. */
export function MemberSection({ session }: { session: SessionState }) {
  return (
    <section aria-label="Your account" aria-busy={session.status === "loading" || undefined} className="mx-auto max-w-6xl px-5 pb-20 md:pb-28">
      <div className="flex min-h-44 flex-col items-start justify-center gap-5 rounded-3xl border border-white/10 bg-gradient-to-r from-ink-900 to-ink-800 p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10">
        {session.status === "loading" && <div className="h-16 w-full max-w-md animate-pulse rounded-xl bg-white/5" aria-hidden="true" />}
        {session.status === "signed-in" && (
          <>
            <div>
              <h2 className="text-2xl font-bold text-white">Welcome back</h2>
              <p className="mt-2 break-all text-slate-400">Signed in as {session.user.email}. Your leaks, takedowns and scans are waiting.</p>
            </div>
            <Link to="/dashboard" className={button}>
              Go to your dashboard
            </Link>
          </>
        )}
        {session.status === "signed-out" && (
          <>
            <div>
              <h2 className="text-2xl font-bold text-white">Already protecting your content?</h2>
              <p className="mt-2 text-slate-400">Sign in to see your leaks, your takedowns and your next scan.</p>
            </div>
            <Link to="/signin" className={button}>
              Sign In
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
