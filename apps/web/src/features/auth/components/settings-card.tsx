import type { ReactNode } from "react";

/** One section of the account settings. */
export function SettingsCard({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function StatusNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-5 rounded-lg border border-brand-500/40 bg-brand-500/10 px-4 py-3 text-sm text-slate-100">
      {children}
    </p>
  );
}

export const secondaryButton =
  "inline-flex items-center justify-center rounded-lg border border-white/15 px-4 py-2 text-sm font-semibold text-white hover:border-white/30 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-wait disabled:opacity-70";
