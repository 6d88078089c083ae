import { useDocumentTitle } from "../../components/document-title";
import { PublicLayout } from "../../components/public-layout";
import { selectPlanAction } from "../../features/billing/components/select-plan-button";
import { PricingPlans } from "../../features/pricing/components/pricing-plans";
import { usePageView } from "../../lib/analytics";
import { pageTitles } from "../page-titles";

export function PricingRoute() {
  usePageView("pricing");
  useDocumentTitle(pageTitles["/pricing"]);
  return (
    <PublicLayout>
      <section className="relative mx-auto max-w-6xl px-5 pt-10 pb-20 md:pt-16 md:pb-28">
        <div
          className="pointer-events-none absolute inset-x-0 -top-32 -z-10 h-96 bg-[radial-gradient(ellipse_at_top,rgba(225,29,72,0.22),transparent_65%)]"
          aria-hidden="true"
        />
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl">Pricing that pays for itself</h1>
          <p className="mt-4 text-lg text-slate-400">
            Start with a free scan. Pick a plan when you want takedowns and monitoring. No hidden fees; cancel from your account at any time.
          </p>
        </div>
        <div className="mt-10">
          <PricingPlans action={selectPlanAction} />
        </div>
        <p className="mt-10 text-center text-sm text-slate-400">Prices in US dollars. Yearly plans are billed once a year: 12 months for the price of 9.</p>
      </section>
    </PublicLayout>
  );
}
