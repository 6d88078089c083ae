import type { SiteConfig } from "@leakwarden/contracts/site";

/** Figures from the deployment's settings. A removal rate is shown only once one has been measured. */
export function Numbers({ config }: { config: SiteConfig | null }) {
  const items = [
    { value: config?.landing.users, label: "Creators protected" },
    { value: config?.landing.takedowns, label: "Takedowns sent" },
    { value: config?.landing.revenueIncrease, label: "More revenue", prefix: "up to " },
  ];
  return (
    <section aria-labelledby="numbers-title" className="mx-auto max-w-6xl px-5 pb-20 md:pb-28">
      <h2 id="numbers-title" className="sr-only">
        Leakwarden in numbers
      </h2>
      <dl className="grid grid-cols-3 gap-3 sm:gap-5">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse rounded-2xl border border-white/10 bg-gradient-to-b from-ink-800 to-ink-900 px-2 py-6 text-center sm:p-8">
            <dt className="mt-2 text-xs font-medium text-slate-400 sm:text-sm">{item.label}</dt>
            <dd className="relative flex h-10 items-baseline justify-center text-3xl font-bold tracking-tight text-white sm:h-14 sm:text-5xl" aria-busy={item.value === undefined || undefined}>
              {item.value === undefined ? (
                <span className="inline-block h-8 w-16 animate-pulse self-center rounded-lg bg-white/5 sm:h-12 sm:w-24" aria-hidden="true" />
              ) : (
                <>
                  {/* On a phone the prefix sits above the figure: beside it, it would wrap in the narrow card. */}
                  {item.prefix && (
                    <span className="absolute inset-x-0 -top-5 text-xs font-medium whitespace-nowrap text-slate-400 sm:static sm:mr-1 sm:text-lg">{item.prefix}</span>
                  )}
                  {item.value}
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
