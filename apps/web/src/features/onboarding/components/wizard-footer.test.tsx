import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDelayPassed } from "../hooks/use-delay-passed";
import { footerState, PLAN_STEP, SEARCHING_FOOTER_DELAY_MS, SEARCHING_STEP } from "../wizard-steps";
import { WizardFooter } from "./wizard-footer";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Footer({ index, stageNameCount = 1 }: { index: number; stageNameCount?: number }) {
  const searchingDelayPassed = useDelayPassed(SEARCHING_FOOTER_DELAY_MS, index === SEARCHING_STEP);
  return <WizardFooter state={footerState(index, { stageNameCount, searchingDelayPassed })} onPrevious={() => {}} onSkip={() => {}} onNext={() => {}} />;
}

const names = () => screen.queryAllByRole("button").map((b) => b.textContent);

describe("the wizard's footer", () => {
  it("step 0: no Skip, no Previous, Next disabled until a stage name exists", () => {
    const { rerender } = render(<Footer index={0} stageNameCount={0} />);
    expect(names()).toEqual(["Next"]);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Add at least one account to continue.")).toBeTruthy();
    rerender(<Footer index={0} stageNameCount={1} />);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("steps 1 and 2: Previous, Skip and Next", () => {
    for (const index of [1, 2]) {
      const { unmount } = render(<Footer index={index} />);
      expect(names()).toEqual(["Previous", "Skip", "Next"]);
      unmount();
    }
  });

  it("Searching: no footer for 5 seconds, then Previous and Next without Skip", () => {
    vi.useFakeTimers();
    render(<Footer index={SEARCHING_STEP} />);
    expect(names()).toEqual([]);
    act(() => vi.advanceTimersByTime(SEARCHING_FOOTER_DELAY_MS - 1));
    expect(names()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(names()).toEqual(["Previous", "Next"]);
  });

  it("the plan screen: Next reads 'Show Full Report'", () => {
    render(<Footer index={PLAN_STEP} />);
    expect(names()).toContain("Show Full Report");
    expect(names()).not.toContain("Next");
  });
});
