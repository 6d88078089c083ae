import { useMemo } from "react";
import { Navigate } from "react-router";
import { useDocumentTitle } from "../../components/document-title";
import { PageFallback } from "../../components/page-fallback";
import { useBilling } from "../../features/billing/api/get-billing";
import { selectPlanActionWith } from "../../features/billing/components/select-plan-button";
import { useIdentities } from "../../features/identities/api/get-identities";
import { NicknamesEditor } from "../../features/identities/components/nicknames-editor";
import { StageNamesEditor } from "../../features/identities/components/stage-names-editor";
import { useClaimClientState } from "../../features/identities/hooks/use-claim-client-state";
import { useCompleteOnboarding } from "../../features/onboarding/api/complete-onboarding";
import { OnboardingWizard } from "../../features/onboarding/components/onboarding-wizard";
import { AutopilotPanel } from "../../features/takedowns/components/autopilot-panel";
import { PLAN_STEP } from "../../features/onboarding/wizard-steps";
import { usePageView } from "../../lib/analytics";
import { useClientState } from "../../lib/client-state";
import { useSession, type SessionUser } from "../../lib/session";
import { pageTitles } from "../page-titles";
import { ServiceUnavailable } from "../../components/service-unavailable";

function Onboarding({ user }: { user: SessionUser }) {
  const owned = useClaimClientState(user);
  const identities = useIdentities();
  // A plan that applies now (bought before onboarding, or the demo's): no plan screen to end on.
  const tier = useBilling().data?.tier;
  const hasPlan = tier !== undefined && tier !== "free";
  const setOnboardingIndex = useClientState((s) => s.setOnboardingIndex);
  const { mutateAsync: completeOnboarding } = useCompleteOnboarding();
  // Choosing a plan finishes the wizard first: back from the checkout, she belongs on the dashboard.
  const planAction = useMemo(
    () =>
      selectPlanActionWith(async () => {
        await completeOnboarding();
        useClientState.getState().setOnboardingComplete(true);
      }),
    [completeOnboarding],
  );
  if (!owned) return <PageFallback />;
  const showPlans = () => {
    setOnboardingIndex(PLAN_STEP);
    window.scrollTo({ top: 0 });
  };
  return (
    <OnboardingWizard
      userName={user.name || null}
      stageNamesEditor={<StageNamesEditor onShowPlans={showPlans} />}
      nicknamesEditor={<NicknamesEditor onShowPlans={showPlans} />}
      profileReady={identities.data !== undefined}
      planAction={planAction}
      hasPlan={hasPlan}
      // Her last step offers the autopilot: the same panel as on the Takedown Requests page.
      finalExtra={<AutopilotPanel upgradeHref="/dashboard/upgrade" />}
    />
  );
}

/** /onboardings (and /onboarding): the wizard, for a signed-in creator. */
export function OnboardingRoute() {
  useDocumentTitle(pageTitles["/onboardings"]);
  usePageView("onboardings");
  const session = useSession();
  if (session.status === "loading") return <PageFallback />;
  if (session.status === "signed-out") return <Navigate to="/signin" replace />;
  if (session.status === "unavailable") return <ServiceUnavailable message={session.message} />;
  return <Onboarding user={session.user} />;
}
