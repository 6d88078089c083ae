import type { LandingFigureKind, SiteConfig } from "@leakwarden/contracts/site";
import { formatCompact } from "../../../lib/format";

const labels: Record<LandingFigureKind, string> = {
  creatorsProtected: "Creators protected",
  leaksFound: "Leaks found",
  noticesSent: "Takedown notices sent",
  linksRemoved: "Links removed",
};

/**
 * Figures measured from the service's records (or set by the operator): nothing invented. The
 * section is not shown when no figure qualifies; a removal rate is never claimed here.
 */
export function Numbers({ config }: { config: SiteConfig | null }) {
  const figures = config?.landing.figures ?? [];
  if (figures.length === 0) return null;
  return (
    <section aria-labelledby="numbers-title" className="mx-auto max-w-6xl px-5 pb-20 md:pb-28">
      <h2 id="numbers-title" className="sr-only">
        Leakwarden in numbers
      </h2>
      <dl className={`grid gap-3 sm:gap-5 ${figures.length >= 4 ? "grid-cols-2 md:grid-cols-4" : figures.length === 3 ? "grid-cols-3" : figures.length === 2 ? "grid-cols-2" : "grid-cols-1"}`}>
        {figures.map((figure) => (
          <div key={figure.kind} className="flex flex-col-reverse rounded-2xl border border-white/10 bg-gradient-to-b from-ink-800 to-ink-900 px-2 py-6 text-center sm:p-8">
            <dt className="mt-2 text-xs font-medium text-slate-400 sm:text-sm">{labels[figure.kind]}</dt>
            <dd className="text-3xl font-bold tracking-tight text-white sm:text-5xl">{typeof figure.value === "number" ? formatCompact(figure.value) : figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
