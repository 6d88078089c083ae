import { useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { PlanAction } from "../../../components/plan-card";
import { ApiError } from "../../../lib/api-client";
import { useClientState } from "../../../lib/client-state";
import { useCompleteOnboarding } from "../api/complete-onboarding";
import { useStartOnboardingScan } from "../api/start-scan";
import { useUpdateProfileAll } from "../api/update-profile-all";
import { useDelayPassed } from "../hooks/use-delay-passed";
import { canGoBack, clampStep, finalStep, footerState, PLAN_STEP, SEARCHING_FOOTER_DELAY_MS, SEARCHING_STEP, stepAt } from "../wizard-steps";
import { NicknamesStep } from "./nicknames-step";
import { PlanStep } from "./plan-step";
import { SearchingStep } from "./searching-step";
import { SpecificStep } from "./specific-step";
import { UsernamesStep } from "./usernames-step";
import { WizardFooter } from "./wizard-footer";
import { WizardHeader } from "./wizard-header";

interface OnboardingWizardProps {
  userName: string | null;
  /** The stage-name editor (list + username row) of step 0. */
  stageNamesEditor: ReactNode;
  /** The nickname editor of step 1. */
  nicknamesEditor: ReactNode;
  /** The creator's identities have been loaded from the server (the client state mirrors them). */
  profileReady: boolean;
  /** Each plan card's 'Select Plan' on the plan screen. */
  planAction?: PlanAction;
  /** The account has a plan already: the wizard ends after Searching, without the plan screen. */
  hasPlan?: boolean;
  /** Shown under the last step, whichever it is (the autopilot's offer, composed by the page). */
  finalExtra?: ReactNode;
}

interface SaveError {
  message: string;
  quota: boolean;
}

function saveErrorOf(error: unknown): SaveError {
  if (error instanceof ApiError) {
    const field = error.fields ? Object.values(error.fields)[0] : undefined;
    return { message: error.code === "VALIDATION" && field ? `${error.message} ${field}` : error.message, quota: error.code === "QUOTA_EXCEEDED" };
  }
  return { message: "Something went wrong. Please try again.", quota: false };
}

/**
 * The onboarding wizard: accounts, other names, content to find, Searching (entering it saves the
 * whole profile), then the plans. The step index lives in the persisted client state.
 */
export function OnboardingWizard({ userName, stageNamesEditor, nicknamesEditor, profileReady, planAction, hasPlan = false, finalExtra }: OnboardingWizardProps) {
  const navigate = useNavigate();
  const storedIndex = useClientState((s) => s.onboardingIndex);
  const usernames = useClientState((s) => s.usernames);
  const specific = useClientState((s) => s.specific);
  const billingChange = useClientState((s) => s.billingChange);
  const setOnboardingIndex = useClientState((s) => s.setOnboardingIndex);
  const setSpecific = useClientState((s) => s.setSpecific);
  const setBillingChange = useClientState((s) => s.setBillingChange);
  const setOnboardingComplete = useClientState((s) => s.setOnboardingComplete);
  const saveProfile = useUpdateProfileAll();
  const complete = useCompleteOnboarding();
  const startScan = useStartOnboardingScan();
  const [draft, setDraft] = useState(specific);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const mountIndex = useRef(clampStep(storedIndex));

  const index = clampStep(storedIndex);
  const step = stepAt(index);
  const delayPassed = useDelayPassed(SEARCHING_FOOTER_DELAY_MS, index === SEARCHING_STEP);
  const footer = footerState(index, { stageNameCount: usernames.length, searchingDelayPassed: delayPassed, hasPlan });
  const isFinal = index >= finalStep(hasPlan);
  const busy = saveProfile.isPending || complete.isPending || (step === "specific" && !profileReady);
  const focusHeading = index !== mountIndex.current;

  function goTo(next: number) {
    setSaveError(null);
    mountIndex.current = -1;
    setOnboardingIndex(clampStep(next));
    window.scrollTo({ top: 0 });
  }

  /** Entering Searching saves the whole profile; a refusal is shown and the wizard stays. */
  async function enterSearching() {
    setSaveError(null);
    const state = useClientState.getState();
    try {
      await saveProfile.mutateAsync({
        stageNames: state.usernames.map((u) => ({ platform: u.platform, username: u.username })),
        nicknames: state.nicknames,
        allowlist: state.allowlist,
        specific: state.specific,
      });
      goTo(SEARCHING_STEP);
      // The first scan starts with the saved profile. One already running, or this month's free
      // scan already used (she came back to this step), is fine: Searching shows the latest scan.
      startScan.mutate(undefined, { onError: () => undefined });
    } catch (error) {
      setSaveError(saveErrorOf(error));
    }
  }

  async function finish() {
    setSaveError(null);
    try {
      await complete.mutateAsync();
      setOnboardingComplete(true);
      navigate("/dashboard");
    } catch (error) {
      setSaveError(saveErrorOf(error));
    }
  }

  function next() {
    if (!footer.nextEnabled || busy) return;
    if (step === "specific") {
      setSpecific(draft.trim());
      void enterSearching();
    } else if (isFinal) void finish();
    else goTo(index + 1);
  }

  function skip() {
    if (busy) return;
    if (step === "specific") void enterSearching();
    else if (isFinal) void finish();
    else goTo(index + 1);
  }

  const back = canGoBack(index) ? () => goTo(index - 1) : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <div className="pointer-events-none fixed inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(ellipse_at_top,rgba(225,29,72,0.16),transparent_65%)]" aria-hidden="true" />
      <WizardHeader index={index} total={Math.max(finalStep(hasPlan), index) + 1} onBack={back} />
      <main id="main" className={`mx-auto w-full flex-1 px-5 pt-8 pb-10 sm:pt-12 ${step === "plan" ? "max-w-6xl" : "max-w-2xl"}`}>
        {step === "usernames" && <UsernamesStep userName={userName} editor={stageNamesEditor} focusHeading={focusHeading} />}
        {step === "nicknames" && <NicknamesStep editor={nicknamesEditor} focusHeading={focusHeading} />}
        {step === "specific" && <SpecificStep value={draft} onChange={setDraft} onSubmit={next} focusHeading={focusHeading} />}
        {step === "searching" && <SearchingStep stageNames={usernames} focusHeading={focusHeading} />}
        {step === "plan" && <PlanStep period={billingChange} onPeriodChange={setBillingChange} focusHeading={focusHeading} action={planAction} />}
        {isFinal && finalExtra && <div className="mt-8">{finalExtra}</div>}
        {saveError && (
          <div role="alert" className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
            <p>{saveError.message}</p>
            {saveError.quota && (
              <button
                type="button"
                onClick={() => goTo(PLAN_STEP)}
                className="shrink-0 rounded-md bg-amber-300/15 px-3 py-1.5 font-semibold text-amber-100 hover:bg-amber-300/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
              >
                See plans
              </button>
            )}
          </div>
        )}
      </main>
      <WizardFooter state={footer} busy={busy} onPrevious={() => back?.()} onSkip={skip} onNext={next} />
    </div>
  );
}
