import { Link, Navigate } from "react-router";
import { useDocumentTitle } from "../../components/document-title";
import { Logo } from "../../components/logo";
import { PageFallback } from "../../components/page-fallback";
import { OwnershipProof } from "../../features/identities/components/ownership-proof";
import { useClaimClientState } from "../../features/identities/hooks/use-claim-client-state";
import { usePageView } from "../../lib/analytics";
import { useSession, type SessionUser } from "../../lib/session";
import { ServiceUnavailable } from "../../components/service-unavailable";

function VerifyPage({ user }: { user: SessionUser }) {
  const owned = useClaimClientState(user);
  if (!owned) return <PageFallback />;
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="pointer-events-none fixed inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(ellipse_at_top,rgba(225,29,72,0.16),transparent_65%)]" aria-hidden="true" />
      <header className="border-b border-white/10">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-5 py-3">
          <Logo />
          <Link
            to="/dashboard"
            className="rounded-md px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
          >
            Dashboard
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-5 pt-8 pb-16 sm:pt-12">
        <OwnershipProof />
      </main>
    </div>
  );
}

/** /verify: the ownership proof panel, for a signed-in creator. */
export function VerifyRoute() {
  useDocumentTitle("Prove ownership — Leakwarden");
  usePageView("verify");
  const session = useSession();
  if (session.status === "loading") return <PageFallback />;
  if (session.status === "signed-out") return <Navigate to="/signin" replace />;
  if (session.status === "unavailable") return <ServiceUnavailable message={session.message} />;
  return <VerifyPage user={session.user} />;
}
