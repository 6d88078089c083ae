import { formatUsd, planFeatures, planPrice, type BillingPeriod, type Plan } from "@leakwarden/contracts/plans";
import { useId, type ReactNode } from "react";
import { CheckIcon, CrossIcon } from "./icons";

/** What the action of a card gets: the card's title (its accessible description) and its look. */
export interface PlanActionProps {
  describedBy: string;
  className: string;
}

/** The button of a plan card: the pages decide what choosing a plan does. */
export type PlanAction = (plan: Plan, period: BillingPeriod, props: PlanActionProps) => ReactNode;

/** The action's look: the most popular plan stands out. */
export function planActionClass(plan: Plan): string {
  return `inline-flex min-h-11 w-full items-center justify-center rounded-lg px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-70 ${
    plan.mostPopular ? "bg-brand-600 text-white hover:bg-brand-700" : "bg-white/10 text-white hover:bg-white/15"
  }`;
}

export interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  action?: PlanAction;
  /** The plan she is on: marked instead of 'Most Popular'. */
  current?: boolean;
  headingLevel?: 2 | 3;
}

/**
 * One plan of the catalog (packages/contracts): the same card on the pricing page, the onboarding
 * plan step and Billing, so prices and features are written in one place.
 */
export function PlanCard({ plan, period, action, current = false, headingLevel = 2 }: PlanCardProps) {
  const price = planPrice(plan, period);
  const features = planFeatures(plan.id);
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const highlighted = current || plan.mostPopular;
  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex min-w-0 flex-col rounded-3xl border p-6 sm:p-7 ${
        highlighted ? "border-brand-500/60 bg-gradient-to-b from-brand-950/60 to-ink-900 shadow-2xl shadow-brand-900/30" : "border-white/10 bg-ink-900"
      }`}
    >
      <div className="flex items-center justify-between gap-3">
        <Heading id={titleId} className="text-xl font-semibold text-white">
          {plan.name}
        </Heading>
        {current ? (
          <span className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold text-white">Your plan</span>
        ) : (
          plan.mostPopular && <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">Most Popular</span>
        )}
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
      {action && <div className="mt-7">{action(plan, period, { describedBy: titleId, className: planActionClass(plan) })}</div>}
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
