import { describe, expect, it } from "vitest";
import { canGoBack, clampStep, finalStep, footerState, LAST_STEP, PLAN_STEP, SEARCHING_FOOTER_DELAY_MS, SEARCHING_STEP } from "./wizard-steps";

const ready = { stageNameCount: 1, searchingDelayPassed: true };

describe("the wizard's footer rules", () => {
  it("step 0 cannot be skipped, has no Previous, and needs a stage name for Next", () => {
    expect(footerState(0, { stageNameCount: 0, searchingDelayPassed: false })).toEqual({
      visible: true,
      previous: false,
      skip: false,
      nextLabel: "Next",
      nextEnabled: false,
      nextHint: "Add at least one account to continue.",
    });
    expect(footerState(0, ready)).toMatchObject({ skip: false, previous: false, nextEnabled: true, nextHint: null });
  });

  it("steps 1 and 2 can be skipped and gone back from", () => {
    for (const step of [1, 2]) expect(footerState(step, ready)).toMatchObject({ visible: true, previous: true, skip: true, nextLabel: "Next", nextEnabled: true });
  });

  it("Searching hides its footer until the delay has passed and never shows Skip", () => {
    expect(SEARCHING_FOOTER_DELAY_MS).toBe(5000);
    expect(footerState(SEARCHING_STEP, { stageNameCount: 1, searchingDelayPassed: false }).visible).toBe(false);
    expect(footerState(SEARCHING_STEP, ready)).toMatchObject({ visible: true, skip: false, previous: true, nextLabel: "Next" });
  });

  it("for an account that has a plan already, Searching is the last step: its Next reads 'Show Full Report'", () => {
    expect(finalStep(true)).toBe(SEARCHING_STEP);
    expect(finalStep(false)).toBe(PLAN_STEP);
    expect(footerState(SEARCHING_STEP, { ...ready, hasPlan: true })).toMatchObject({ visible: true, skip: false, nextLabel: "Show Full Report" });
    expect(footerState(SEARCHING_STEP, { ...ready, hasPlan: false }).nextLabel).toBe("Next");
  });

  it("the plan screen is the last step: its Next reads 'Show Full Report'", () => {
    expect(PLAN_STEP).toBe(LAST_STEP);
    expect(footerState(PLAN_STEP, ready)).toMatchObject({ visible: true, nextLabel: "Show Full Report", previous: true });
  });

  it("the header goes back everywhere but on step 0", () => {
    expect([0, 1, 2, 3, 4].map(canGoBack)).toEqual([false, true, true, true, true]);
  });

  it("keeps a stored step index in range", () => {
    expect([-1, 0, 3, 4, 9, 1.5, Number.NaN].map(clampStep)).toEqual([0, 0, 3, 4, 4, 0, 0]);
  });
});
