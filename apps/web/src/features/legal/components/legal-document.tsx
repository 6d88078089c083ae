import type { ReactNode } from "react";

/** When each document last changed, as the pages show it (day/month/year). */
export const LAST_UPDATED = { terms: "13/05/2025", privacy: "25/11/2026" } as const;

export function LegalDocument({ title, updated, intro, children }: { title: string; updated: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-5 pt-10 pb-20 md:pt-16 md:pb-28">
      <h1 className="text-4xl font-bold tracking-tight text-white">{title}</h1>
      <p className="mt-3 text-sm text-slate-400">Last updated: {updated}</p>
      <div className="mt-8 text-lg leading-relaxed text-slate-300">{intro}</div>
      <div className="mt-10 space-y-10 leading-relaxed text-slate-300 [&_a]:text-brand-300 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-white [&_li]:mt-2 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}
