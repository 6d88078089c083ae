import type { ReactNode } from "react";
import { Logo } from "./logo";

/** A whole-screen page with one message and its next step (not found, could not load). */
export function MessagePage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="mx-auto w-full max-w-6xl px-5 py-5">
        <Logo />
      </div>
      <main className="flex flex-1 flex-col items-center justify-center gap-6 px-6 pb-24 text-center">{children}</main>
    </div>
  );
}

export const messagePageAction =
  "rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";
