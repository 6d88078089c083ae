import type { ReactNode } from "react";
import { StepHeading } from "./step-heading";

/** Step 0: the creator's accounts (required). */
export function UsernamesStep({ userName, editor, focusHeading }: { userName: string | null; editor: ReactNode; focusHeading: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <StepHeading focusOnMount={focusHeading} eyebrow={userName ? `Hi ${userName}, welcome to Leakwarden` : "Welcome to Leakwarden"}>
        Which accounts should we protect?
      </StepHeading>
      <p className="-mt-3 text-slate-400">
        Please add your main accounts on all platforms you use. We search for leaks of your content under these names, and your own profiles are never
        reported.
      </p>
      {editor}
    </div>
  );
}
