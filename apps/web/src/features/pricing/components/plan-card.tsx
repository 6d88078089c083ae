import { formatUsd, planFeatures, planPrice, type BillingPeriod, type Plan } from "@leakwarden/contracts/plans";
import { Link } from "react-router";
import { CheckIcon, CrossIcon } from "../../../components/icons";

export function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const price = planPrice(plan, period);
  const features = planFeatures(plan.id);
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-3xl border p-7 ${
        plan.mostPopular ? "border-brand-500/60 bg-gradient-to-b from-brand-950/60 to-ink-900 shadow-2xl shadow-brand-900/30" : "border-white/10 bg-ink-900"
      }`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold text-white">
          {plan.name}
        </h2>
        {plan.mostPopular && <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">Most Popular</span>}
      </div>
      <p className="mt-3 text-sm leading-relaxed text-slate-400 lg:min-h-[4.5rem]">{plan.description}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="text-4xl font-bold tracking-tight text-white" data-testid="plan-price">
          {formatUsd(price.perMonthCents)}
        </span>
        <span className="text-slate-400">/month</span>
        <s className="ml-1 text-lg text-slate-400" aria-label={`was ${formatUsd(price.strikeCents)}`}>
          {formatUsd(price.strikeCents)}
        </s>
      </p>
      <p className="mt-2 text-sm text-slate-400">
        {period === "yearly" ? (
          <>
            Billed yearly <span className="text-slate-500" aria-hidden="true">·</span> {formatUsd(price.billedCents)} a year
          </>
        ) : (
          "Billed monthly"
        )}
      </p>
      <Link
        to="/signin"
        className={`mt-7 inline-flex items-center justify-center rounded-lg px-5 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 ${
          plan.mostPopular ? "bg-brand-600 text-white hover:bg-brand-700" : "bg-white/10 text-white hover:bg-white/15"
        }`}
        aria-describedby={titleId}
      >
        Select Plan
      </Link>
      <ul className="mt-8 space-y-3 text-sm">
        {features.map((f) => (
          <li key={f.label} className={`flex items-start gap-3 ${f.allowed ? "text-slate-200" : "text-slate-400"}`}>
            {f.allowed ? <CheckIcon className="mt-px h-5 w-5 shrink-0 text-emerald-400" /> : <CrossIcon className="mt-px h-5 w-5 shrink-0 text-slate-500" />}
            <span>
              <span className="sr-only">{f.allowed ? "Included: " : "Not included: "}</span>
              <span className={f.allowed ? "" : "line-through decoration-slate-600"}>{f.label}</span>
              {f.comingSoon && f.allowed && <span className="ml-2 inline-block rounded-full bg-white/10 px-2 py-0.5 text-xs whitespace-nowrap text-slate-300">coming soon</span>}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}
