import { entitlements, plans, type EntitlementTier } from "@leakwarden/contracts/plans";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import { useDocumentTitle } from "../../components/document-title";
import { PageFallback } from "../../components/page-fallback";
import { paths } from "../../config/paths";
import { AlertRulesPanel } from "../../features/alerts/components/alert-rules-panel";
import { signOut } from "../../features/auth/api/sign-out";
import { BillingPanel } from "../../features/billing/components/billing-panel";
import { useUser } from "../../features/dashboard/api/get-user";
import { DashboardShell } from "../../features/dashboard/components/dashboard-shell";
import { LeaksOverTime } from "../../features/dashboard/components/leaks-over-time";
import { ScanCard } from "../../features/dashboard/components/scan-card";
import { StatCards } from "../../features/dashboard/components/stat-cards";
import { dashboardSections, sectionFromPath, sectionHref, type ProfileSteps } from "../../features/dashboard/dashboard-sections";
import { useIdentities } from "../../features/identities/api/get-identities";
import { CopySnippet } from "../../features/identities/components/copy-snippet";
import { AllowListSection, NicknamesSection, SpecificContentSection, StageNamesSection } from "../../features/identities/components/identity-sections";
import { OwnershipProof, OwnershipProofDialog } from "../../features/identities/components/ownership-proof";
import { ImpersonatorsPanel } from "../../features/impersonation/components/impersonators-panel";
import { LatestFindings } from "../../features/leaks/components/latest-findings";
import { LeaksPanel } from "../../features/leaks/components/leaks-panel";
import { ReferenceImagesPanel } from "../../features/reference-images/components/reference-images-panel";
import { TakedownAction } from "../../features/takedowns/components/takedown-action";
import { BulkTakedown } from "../../features/takedowns/components/bulk-takedown";
import { TakedownsPanel } from "../../features/takedowns/components/takedowns-panel";
import { resetAnalytics, usePageView } from "../../lib/analytics";
import { useClientState } from "../../lib/client-state";
import { clearSession, useSession } from "../../lib/session";

const upgradeHref = sectionHref("upgrade");
const plansTarget = { plansHref: upgradeHref };

/** The dashboard: every section in the URL (/dashboard/…), composed from the features. */
export function DashboardRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const section = sectionFromPath(location.pathname);
  useDocumentTitle(section ? `${dashboardSections[section].label} — Leakwarden` : "Dashboard — Leakwarden");
  usePageView("dashboard");
  const session = useSession();
  const identities = useIdentities();
  const user = useUser();
  const [proofOpen, setProofOpen] = useState(false);

  if (section === null) return <Navigate to={paths.dashboard} replace />;

  // The server decides whether onboarding is complete (a stage name saved and the wizard finished).
  const data = identities.data;
  if (data) {
    if (!data.onboardingComplete) return <Navigate to={paths.onboardings} replace />;
  } else if (identities.isPending) {
    return <PageFallback />;
  }

  const verified = data ? data.stageNames.some((s) => s.verifiedAt) : undefined;
  const steps: ProfileSteps | null =
    data && user.data !== undefined
      ? { stageNameAdded: data.stageNames.length > 0, nicknameAdded: data.nicknames.length > 0, stageNameVerified: Boolean(verified), planChosen: Boolean(user.data.subscription_name) }
      : null;
  const sessionUser = session.status === "signed-in" ? session.user : null;
  const userLabel = user.data?.name || sessionUser?.name || user.data?.email || sessionUser?.email || "Account";
  const planName = user.isError ? null : user.data?.subscription_name;
  const tier: EntitlementTier = plans.find((p) => p.name.toLowerCase() === planName?.toLowerCase())?.id ?? "free";

  async function logOut() {
    await signOut();
    useClientState.getState().reset();
    resetAnalytics();
    clearSession();
    queryClient.clear();
    navigate(paths.home, { replace: true });
  }

  const leaksAction = (leak: Parameters<typeof TakedownAction>[0]["leak"]) => (
    <TakedownAction leak={leak} ownershipVerified={verified} onProveOwnership={() => setProofOpen(true)} takedownsHref={sectionHref("takedowns")} upgradeHref={upgradeHref} />
  );

  const bulkAction = (selected: Parameters<typeof BulkTakedown>[0]["leaks"], clear: () => void) => (
    <BulkTakedown leaks={selected} onSent={clear} onProveOwnership={() => setProofOpen(true)} upgradeHref={upgradeHref} />
  );

  return (
    <DashboardShell
      section={section}
      userLabel={userLabel}
      planName={planName}
      steps={steps}
      onLogOut={logOut}
    >
      <div className="flex flex-col gap-5">
        <Routes>
          <Route
            index
            element={
              <>
                <ScanCard snippet={data ? <CopySnippet snippet={data.snippet} /> : undefined} editProfileHref={sectionHref("account")} upgradeHref={upgradeHref} leaksHref={sectionHref("leaks")} />
                <StatCards />
                <div className="grid grid-cols-1 gap-5 lg:grid-cols-2 [&>*]:min-w-0">
                  <LeaksOverTime />
                  <LatestFindings allHref={sectionHref("leaks")} />
                </div>
              </>
            }
          />
          <Route
            path="account"
            element={
              <>
                <StageNamesSection {...plansTarget} />
                <NicknamesSection {...plansTarget} />
                <SpecificContentSection />
                <AllowListSection {...plansTarget} />
                <section id="ownership" aria-label="Ownership proof" className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
                  <OwnershipProof headingLevel="h2" />
                </section>
                <ReferenceImagesPanel upgradeHref={upgradeHref} />
              </>
            }
          />
          <Route path="billing" element={<BillingPanel />} />
          <Route path="leaks" element={<LeaksPanel title="All leaks" renderAction={leaksAction} bulkAction={bulkAction} />} />
          <Route path="takedowns" element={<TakedownsPanel onProveOwnership={() => setProofOpen(true)} delistingIncluded={entitlements[tier].searchDelisting} upgradeHref={upgradeHref} />} />
          <Route path="alerts" element={<AlertRulesPanel />} />
          <Route
            path="social"
            element={<LeaksPanel title="Social media" category="social_media" renderAction={leaksAction} bulkAction={bulkAction} emptyText="No leaks found on social media yet." />}
          />
          <Route
            path="impersonator"
            element={
              <>
                <ImpersonatorsPanel upgradeHref={upgradeHref} />
                <StageNamesSection {...plansTarget} />
                <NicknamesSection {...plansTarget} />
              </>
            }
          />
          <Route path="upgrade" element={<BillingPanel view="upgrade" />} />
          <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
        </Routes>
      </div>
      <OwnershipProofDialog open={proofOpen} onClose={() => setProofOpen(false)} />
    </DashboardShell>
  );
}
