// The live wizard (DESIGN.md §2): usernames, nicknames, content text, searching, then the plan screen.

export const ONBOARDING_STEPS = ["usernames", "nicknames", "specific", "searching", "plan"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const USERNAMES_STEP = 0;
export const SEARCHING_STEP = 3;
export const PLAN_STEP = 4;
export const LAST_STEP = ONBOARDING_STEPS.length - 1;

/** The Searching step shows its footer only after this long (spec §9). */
export const SEARCHING_FOOTER_DELAY_MS = 5000;

interface StepRule {
  canSkip: boolean;
  canGoBack: boolean;
}

const rules: Record<OnboardingStep, StepRule> = {
  // Required: the creator's accounts are what the scan looks for.
  usernames: { canSkip: false, canGoBack: false },
  nicknames: { canSkip: true, canGoBack: true },
  specific: { canSkip: true, canGoBack: true },
  searching: { canSkip: true, canGoBack: true },
  plan: { canSkip: true, canGoBack: true },
};

export function clampStep(index: number): number {
  return Number.isInteger(index) ? Math.min(LAST_STEP, Math.max(0, index)) : 0;
}

export function stepAt(index: number): OnboardingStep {
  return ONBOARDING_STEPS[clampStep(index)]!;
}

export interface FooterState {
  /** The whole footer (hidden on Searching until its delay has passed). */
  visible: boolean;
  previous: boolean;
  skip: boolean;
  nextLabel: "Next" | "Show Full Report";
  nextEnabled: boolean;
  /** Why Next is not available yet. */
  nextHint: string | null;
}

export interface FooterInput {
  stageNameCount: number;
  searchingDelayPassed: boolean;
  /** The account has a plan already: the plan screen is skipped and Searching is the last step. */
  hasPlan?: boolean;
}

/** The step the wizard ends on: Searching for an account that has a plan already, else the plan screen. */
export function finalStep(hasPlan: boolean): number {
  return hasPlan ? SEARCHING_STEP : LAST_STEP;
}

/**
 * The footer's rules: Previous only where going back is allowed, Skip where skipping is allowed
 * except on Searching, step 0 needs at least one stage name, the last step's Next reads
 * 'Show Full Report', and Searching shows its footer only after its delay.
 */
export function footerState(index: number, { stageNameCount, searchingDelayPassed, hasPlan = false }: FooterInput): FooterState {
  const step = stepAt(index);
  const rule = rules[step];
  const needsStageName = step === "usernames" && stageNameCount === 0;
  return {
    visible: step !== "searching" || searchingDelayPassed,
    previous: rule.canGoBack,
    skip: rule.canSkip && step !== "searching",
    nextLabel: clampStep(index) >= finalStep(hasPlan) ? "Show Full Report" : "Next",
    nextEnabled: !needsStageName,
    nextHint: needsStageName ? "Add at least one account to continue." : null,
  };
}

/** The header's 'Step N / total' goes back one step where going back is allowed. */
export function canGoBack(index: number): boolean {
  return rules[stepAt(index)].canGoBack;
}
