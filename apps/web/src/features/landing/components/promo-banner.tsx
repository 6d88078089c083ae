import { Link } from "react-router";

export function PromoBanner() {
  return (
    <section aria-labelledby="promo-title" className="mx-auto max-w-6xl px-5">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-[#5b0a24] px-6 py-12 text-center sm:px-12">
        <div className="absolute -top-24 -right-24 h-64 w-64 rounded-full bg-white/10 blur-2xl" aria-hidden="true" />
        <h2 id="promo-title" className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Your first scan is free
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-white">
          See where your content is leaking before you pay anything. It takes a minute to start, and no credit card.
        </p>
        <Link
          to="/signup"
          className="relative mt-8 inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 font-semibold text-brand-700 shadow-lg hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Start my free scan
        </Link>
      </div>
    </section>
  );
}
