import type { ReactNode } from "react";
import { Logo } from "../../../components/logo";

/** A centred card for one message and its next step (confirmation pages). */
export function StatusCard({ tone, title, children }: { tone: "info" | "success" | "error"; title: string; children: ReactNode }) {
  const ring = { info: "bg-brand-500/15 text-brand-300", success: "bg-emerald-500/15 text-emerald-300", error: "bg-red-500/15 text-red-300" }[tone];
  const icon = {
    info: <path d="M3.5 7.5 12 13l8.5-5.5M4 6h16v12H4z" />,
    success: <path d="m5 12.5 4.5 4.5L19 7.5" />,
    error: <path d="M12 8v5M12 16.5v.5M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />,
  }[tone];
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto w-full max-w-6xl px-5 py-5">
        <Logo />
      </header>
      <main className="flex flex-1 items-start justify-center px-5 pt-10 pb-20 sm:pt-20">
        <div className="w-full max-w-md rounded-3xl border border-white/10 bg-ink-900 p-8 text-center shadow-2xl shadow-black/40">
          <span className={`mx-auto inline-flex h-14 w-14 items-center justify-center rounded-2xl ${ring}`}>
            <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              {icon}
            </svg>
          </span>
          <h1 className="mt-6 text-2xl font-bold text-white">{title}</h1>
          <div className="mt-3 text-slate-300">{children}</div>
        </div>
      </main>
    </div>
  );
}

export const cardButton =
  "inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-wait disabled:opacity-80";
export const cardSecondaryButton =
  "inline-flex w-full items-center justify-center rounded-lg border border-white/15 px-5 py-3 font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";
