import type { ReactNode } from "react";
import { StepHeading } from "./step-heading";

/** Step 1: other names the creator goes by (skippable). */
export function NicknamesStep({ editor, focusHeading }: { editor: ReactNode; focusHeading: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <StepHeading focusOnMount={focusHeading}>Other names you go by</StepHeading>
      <p className="-mt-3 text-slate-400">Add any other unique names people may use to refer to you.</p>
      {editor}
    </div>
  );
}
