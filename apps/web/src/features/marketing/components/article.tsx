import type { ReactNode } from "react";

/** Typography of a page of text (about, platform pages, blog posts): the legal pages' look. */
export const proseClass =
  "leading-relaxed text-slate-300 [&_a]:text-brand-300 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-white [&_blockquote]:mt-4 [&_blockquote]:border-l-2 [&_blockquote]:border-white/20 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-white/10 [&_code]:px-1 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-white [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white [&_li]:mt-2 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_strong]:text-white [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

/** A page of text: eyebrow, title, lead paragraph, then its sections. */
export function Article({ eyebrow, title, lead, meta, children }: { eyebrow?: string; title: string; lead?: ReactNode; meta?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-5 pt-10 pb-16 md:pt-16 md:pb-20">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-400">{eyebrow}</p>}
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance break-words text-white sm:text-5xl">{title}</h1>
      {meta && <div className="mt-3 text-sm text-slate-400">{meta}</div>}
      {lead && <div className="mt-6 text-lg leading-relaxed text-slate-300">{lead}</div>}
      <div className={`mt-6 ${proseClass}`}>{children}</div>
    </article>
  );
}
