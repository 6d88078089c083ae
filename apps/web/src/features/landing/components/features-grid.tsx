import type { ReactNode } from "react";

const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 1.8, strokeLinecap: "round", strokeLinejoin: "round" } as const;

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
  comingSoon?: boolean;
}

const features: Feature[] = [
  {
    title: "Leak scanning",
    text: "We search leak sites, forums, file hosts and search engines for your stage names, nicknames and the content you describe, and check every page we find.",
    icon: (
      <>
        <circle cx="11" cy="11" r="6.5" {...stroke} />
        <path d="m16 16 4.5 4.5" {...stroke} />
      </>
    ),
  },
  {
    title: "DMCA takedowns",
    text: "Notices with every element the law requires, sent as your authorized agent to the site, its host and its registrar, in our name rather than your legal name.",
    icon: (
      <>
        <path d="M6 3.5h8l4 4v13H6z" {...stroke} />
        <path d="M14 3.5v4h4M9 12h6M9 16h4" {...stroke} />
      </>
    ),
  },
  {
    title: "Google delisting",
    text: "Links that stay up are sent for removal from search results, so fans stop finding the free copy before your page.",
    icon: (
      <>
        <path d="M4 12h16M12 4a12 12 0 0 1 0 16M12 4a12 12 0 0 0 0 16" {...stroke} />
        <circle cx="12" cy="12" r="8" {...stroke} />
      </>
    ),
  },
  {
    title: "24/7 monitoring",
    text: "Automatic rescans catch new leaks, and every open takedown is re-checked until the link is gone. You get an email when something new turns up.",
    icon: (
      <>
        <circle cx="12" cy="12" r="8" {...stroke} />
        <path d="M12 7.5V12l3 2" {...stroke} />
      </>
    ),
  },
  {
    title: "Impersonation handling",
    text: "Accounts using your name and photos to catfish your fans, found across platforms and reported for removal.",
    icon: (
      <>
        <circle cx="9" cy="8.5" r="3.5" {...stroke} />
        <path d="M3 19.5c.8-3.2 3.1-5 6-5s5.2 1.8 6 5M16 5.5l4.5 4.5M20.5 5.5 16 10" {...stroke} />
      </>
    ),
  },
  {
    title: "Private by design",
    text: "Reference images are turned into a fingerprint on your own device. Only the fingerprint reaches us, never the picture, and we never sell your data.",
    icon: (
      <>
        <rect x="5" y="10.5" width="14" height="9.5" rx="2" {...stroke} />
        <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" {...stroke} />
      </>
    ),
  },
];

export function FeaturesGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl px-5 py-20 md:py-28">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-400">Features</p>
        <h2 id="features-title" className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Everything it takes to get leaks down, and keep them down
        </h2>
        <p className="mt-4 text-lg text-slate-400">From the first search to the last re-check, the whole process runs online. You stay in control of every notice.</p>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((f) => (
          <li key={f.title} className="rounded-2xl border border-white/10 bg-ink-900 p-6 transition-colors hover:border-white/20">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-500/10 text-brand-400">
              <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
                {f.icon}
              </svg>
            </span>
            <h3 className="mt-5 flex flex-wrap items-center gap-2 text-lg font-semibold text-white">
              {f.title}
              {f.comingSoon && <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-medium text-slate-300">coming soon</span>}
            </h3>
            <p className="mt-2 leading-relaxed text-slate-400">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
