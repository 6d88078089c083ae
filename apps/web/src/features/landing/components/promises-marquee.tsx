export const promises = ["Fully online process", "Unlimited support", "Affordable pricing with no hidden fees", "GDPR compliance"];

function Row({ hidden }: { hidden?: boolean }) {
  return (
    <ul className="flex shrink-0 items-center" aria-hidden={hidden || undefined}>
      {[...promises, ...promises].map((p, i) => (
        <li key={`${p}-${i}`} className="flex items-center gap-8 pr-8 text-lg font-semibold whitespace-nowrap text-white sm:text-xl">
          {p}
          <span className="h-2 w-2 rotate-45 bg-brand-500" aria-hidden="true" />
        </li>
      ))}
    </ul>
  );
}

/** The four promises, scrolling (still when the visitor prefers reduced motion). */
export function PromisesMarquee() {
  return (
    <section aria-label="Our promises" className="mt-20 overflow-hidden border-y border-white/10 bg-ink-900 py-6 md:mt-28">
      <div className="flex w-max animate-marquee">
        <Row />
        <Row hidden />
      </div>
    </section>
  );
}
