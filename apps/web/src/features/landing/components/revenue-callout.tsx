import type { SiteConfig } from "@leakwarden/contracts/site";
import { Link } from "react-router";

/** Shown only when the operator configured the figure: the product never claims one of its own. */
export function RevenueCallout({ config }: { config: SiteConfig | null }) {
  const figure = config?.landing.revenueIncrease;
  if (!figure) return null;
  return (
    <section aria-labelledby="revenue-title" className="mx-auto max-w-6xl px-5 py-20 md:py-28">
      <div className="grid items-center gap-10 rounded-3xl border border-white/10 bg-ink-900 p-8 sm:p-12 lg:grid-cols-[auto_1fr_auto]">
        <p className="text-6xl font-bold tracking-tight text-brand-400 sm:text-7xl">{figure}</p>
        <div>
          <h2 id="revenue-title" className="text-2xl font-bold text-white sm:text-3xl">
            Revenue increase, up to {figure}
          </h2>
          <p className="mt-3 text-slate-400">
            Every free copy that comes down sends fans back to the page where they pay. Recover the sales leaks cost you.
          </p>
        </div>
        <Link
          to="/signup"
          className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          Get Started
        </Link>
      </div>
    </section>
  );
}
