import { formatUsd, planFeatures, planPrice, plans, type BillingPeriod, type Plan } from "@leakwarden/contracts/plans";
import { useId } from "react";
import { CheckIcon, CrossIcon } from "../../../components/icons";
import { StepHeading } from "./step-heading";

const periods: { value: BillingPeriod; label: string }[] = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly (3 Month Free)" },
];

function PeriodToggle({ value, onChange }: { value: BillingPeriod; onChange: (p: BillingPeriod) => void }) {
  const name = useId();
  return (
    <fieldset className="inline-flex self-center rounded-full border border-white/10 bg-ink-900 p-1">
      <legend className="sr-only">Billing period</legend>
      {periods.map((o) => (
        <label
          key={o.value}
          className={`cursor-pointer rounded-full px-4 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400 ${
            value === o.value ? "bg-brand-600 text-white" : "text-slate-300 hover:text-white"
          }`}
        >
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="sr-only" />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

function PlanSummary({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const price = planPrice(plan, period);
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-2xl border p-6 ${
        plan.mostPopular ? "border-brand-500/60 bg-gradient-to-b from-brand-950/60 to-ink-900 shadow-2xl shadow-brand-900/30" : "border-white/10 bg-ink-900"
      }`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-white">
          {plan.name}
        </h2>
        {plan.mostPopular && <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">Most Popular</span>}
      </div>
      <p className="mt-2 text-sm leading-relaxed text-slate-400">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight text-white">{formatUsd(price.perMonthCents)}</span>
        <span className="text-slate-400">/month</span>
        <s className="ml-1 text-slate-400" aria-label={`was ${formatUsd(price.strikeCents)}`}>
          {formatUsd(price.strikeCents)}
        </s>
      </p>
      <p className="mt-1 text-sm text-slate-400">{period === "yearly" ? `Billed yearly · ${formatUsd(price.billedCents)} a year` : "Billed monthly"}</p>
      <ul className="mt-5 space-y-2.5 text-sm">
        {planFeatures(plan.id).map((f) => (
          <li key={f.label} className={`flex items-start gap-2.5 ${f.allowed ? "text-slate-200" : "text-slate-400"}`}>
            {f.allowed ? <CheckIcon className="mt-px h-5 w-5 shrink-0 text-emerald-400" /> : <CrossIcon className="mt-px h-5 w-5 shrink-0 text-slate-500" />}
            <span>
              <span className="sr-only">{f.allowed ? "Included: " : "Not included: "}</span>
              <span className={f.allowed ? "" : "line-through decoration-slate-600"}>{f.label}</span>
              {f.comingSoon && f.allowed && <span className="ml-2 rounded-full bg-white/10 px-2 py-0.5 text-xs text-slate-300">coming soon</span>}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The plan screen after Searching: the plan catalog, monthly or yearly. */
export function PlanStep({ period, onPeriodChange, focusHeading }: { period: BillingPeriod; onPeriodChange: (p: BillingPeriod) => void; focusHeading: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="text-center">
        <StepHeading focusOnMount={focusHeading}>Choose the right plan for you</StepHeading>
        <p className="mx-auto mt-3 max-w-xl text-slate-400">
          Your free scan is included. A plan adds takedowns and monitoring; you can choose one now or later from your dashboard.
        </p>
      </div>
      <PeriodToggle value={period} onChange={onPeriodChange} />
      <div className="grid gap-5 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanSummary key={plan.id} plan={plan} period={period} />
        ))}
      </div>
    </div>
  );
}
