import { Link } from "react-router";

/** A real screenshot of the dashboard (regenerate with `npm run shot -w @leakwarden/web`, see the script). */
export const PRODUCT_SHOT = { src: "/product-shot.webp", width: 1200, height: 750 } as const;

export function ProductShowcase() {
  return (
    <section id="product" aria-labelledby="product-title" className="border-y border-white/5 bg-ink-900/60">
      <div className="mx-auto max-w-6xl px-5 py-20 md:py-28">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-400">Product</p>
          <h2 id="product-title" className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Every leak and every takedown in one place
          </h2>
          <p className="mt-4 text-lg text-slate-400">
            Your dashboard shows what the latest scan found, how many links came down and when the next scan runs. Every figure comes from your own
            records.
          </p>
        </div>
        <div className="relative mt-12">
          <div className="absolute inset-x-10 -top-6 -z-10 h-40 rounded-full bg-brand-600/20 blur-3xl" aria-hidden="true" />
          <img
            src={PRODUCT_SHOT.src}
            width={PRODUCT_SHOT.width}
            height={PRODUCT_SHOT.height}
            loading="lazy"
            decoding="async"
            alt="The Leakwarden dashboard after a scan: the scan card, the latest scan's figures, a chart of leaks found and removed, and the latest findings."
            className="h-auto w-full rounded-2xl border border-white/10 shadow-2xl shadow-black/50"
          />
        </div>
        <p className="mt-4 text-center text-sm text-slate-400">The dashboard of a fictional creator, after a scan of Leakwarden&rsquo;s demo web.</p>
        <p className="mt-8 text-center">
          <Link to="/pricing" className="font-semibold text-brand-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400">
            Compare the plans
          </Link>
        </p>
      </div>
    </section>
  );
}
