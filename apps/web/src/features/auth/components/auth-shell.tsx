import type { ReactNode } from "react";
import { Link } from "react-router";
import { CheckIcon } from "../../../components/icons";
import { Logo } from "../../../components/logo";

const points = [
  "Leaks found across leak sites, forums and search engines",
  "DMCA notices sent in our name, not yours",
  "Every link re-checked until it is gone",
];

/** The sign-in and sign-up pages' frame: the form on the right, what Leakwarden does on the left. */
export function AuthShell({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-5 py-5">
        <Logo />
        <Link to="/pricing" className="rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400">
          Pricing
        </Link>
      </header>
      {/* Top-aligned on phones: the card never moves while the rest of the page is still arriving. */}
      <main className="mx-auto grid w-full max-w-6xl flex-1 items-start gap-12 px-5 pt-4 pb-16 lg:grid-cols-2 lg:items-center lg:gap-20">
        <section aria-label="Why Leakwarden" className="hidden lg:block">
          <p className="text-sm font-semibold tracking-wide text-brand-400">Advanced DMCA Takedowns</p>
          <p className="mt-4 text-4xl leading-tight font-bold tracking-tight text-white">Your content, back under your control.</p>
          <ul className="mt-8 space-y-4">
            {points.map((p) => (
              <li key={p} className="flex items-start gap-3 text-slate-300">
                <span className="mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-500/15 text-brand-400">
                  <CheckIcon className="h-4 w-4" />
                </span>
                {p}
              </li>
            ))}
          </ul>
        </section>
        <div className="mx-auto w-full max-w-md">
          <div className="rounded-3xl border border-white/10 bg-ink-900 p-6 shadow-2xl shadow-black/40 sm:p-8">
            <h1 className="text-2xl font-bold text-white">{title}</h1>
            <p className="mt-2 text-slate-400">{subtitle}</p>
            <div className="mt-7">{children}</div>
          </div>
          <div className="mt-6 text-center text-sm text-slate-400">{footer}</div>
        </div>
      </main>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-4 text-xs tracking-wide text-slate-400 uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-white/10" />
      or
      <span className="h-px flex-1 bg-white/10" />
    </div>
  );
}
