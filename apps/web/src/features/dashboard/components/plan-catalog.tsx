import { formatUsd, planFeatures, planPrice, plans, type BillingPeriod, type Plan } from "@leakwarden/contracts/plans";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { useClientState } from "../../../lib/client-state";
import { useStartCheckout } from "../api/start-checkout";

function SelectPlan({ plan, period, current }: { plan: Plan; period: BillingPeriod; current: boolean }) {
  const checkout = useStartCheckout();
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <button
      type="button"
      disabled={busy || current}
      aria-describedby={`dash-plan-${plan.id}`}
      onClick={() =>
        checkout.mutate(
          { plan: plan.id, period },
          {
            onSuccess: ({ url }) => window.location.assign(url),
            onError: (error) => toast.error("Checkout is not available", { description: error instanceof ApiError ? error.message : "Please try again." }),
          },
        )
      }
      className={`mt-6 inline-flex h-11 items-center justify-center rounded-lg px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-70 ${
        plan.mostPopular ? "bg-brand-600 text-white hover:bg-brand-700" : "bg-white/10 text-white hover:bg-white/15"
      }`}
    >
      {current ? "Current plan" : busy ? "Redirecting..." : "Select Plan"}
    </button>
  );
}

/** The in-app plan chooser: the one catalog, with the features each plan really has. */
export function PlanCatalog({ currentPlanName }: { currentPlanName: string | null }) {
  const period = useClientState((s) => s.billingChange);
  const setPeriod = useClientState((s) => s.setBillingChange);
  return (
    <section aria-labelledby="plans-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="plans-title" className="text-xl font-semibold text-white">
            Choose the right plan for you
          </h2>
          <p className="mt-1 text-sm text-slate-400">Cancel any time from your account. No hidden fees.</p>
        </div>
        <div role="group" aria-label="Billing period" className="inline-flex rounded-full border border-white/10 bg-white/[0.03] p-1 text-sm">
          {(["monthly", "yearly"] as const).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
              className={`rounded-full px-4 py-1.5 font-semibold focus-visible:outline-2 focus-visible:outline-brand-400 ${period === p ? "bg-white text-ink-950" : "text-slate-300 hover:text-white"}`}
            >
              {p === "monthly" ? "Monthly" : "Yearly (3 Month Free)"}
            </button>
          ))}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {plans.map((plan) => {
          const price = planPrice(plan, period);
          const current = currentPlanName?.toLowerCase() === plan.name.toLowerCase();
          return (
            <article
              key={plan.id}
              aria-labelledby={`dash-plan-${plan.id}`}
              className={`flex flex-col rounded-2xl border p-5 sm:p-6 ${plan.mostPopular ? "border-brand-500/60 bg-gradient-to-b from-brand-950/50 to-ink-900" : "border-white/10 bg-ink-900"}`}
            >
              <div className="flex items-center justify-between gap-3">
                <h3 id={`dash-plan-${plan.id}`} className="text-lg font-semibold text-white">
                  {plan.name}
                </h3>
                {plan.mostPopular && <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">Most Popular</span>}
              </div>
              <p className="mt-2 text-sm text-slate-400">{plan.description}</p>
              <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
                <span className="text-3xl font-bold text-white">{formatUsd(price.perMonthCents)}</span>
                <span className="text-slate-400">/month</span>
                <s className="text-slate-400" aria-label={`was ${formatUsd(price.strikeCents)}`}>
                  {formatUsd(price.strikeCents)}
                </s>
              </p>
              <p className="mt-1 text-xs text-slate-400">{period === "yearly" ? `Billed yearly · ${formatUsd(price.billedCents)} a year` : "Billed monthly"}</p>
              <SelectPlan plan={plan} period={period} current={current} />
              <ul className="mt-5 space-y-2 text-sm">
                {planFeatures(plan.id).map((f) => (
                  <li key={f.label} className={`flex items-start gap-2 ${f.allowed ? "text-slate-200" : "text-slate-400"}`}>
                    <span aria-hidden="true" className={f.allowed ? "text-emerald-400" : "text-slate-500"}>
                      {f.allowed ? "✓" : "✕"}
                    </span>
                    <span>
                      <span className="sr-only">{f.allowed ? "Included: " : "Not included: "}</span>
                      <span className={f.allowed ? "" : "line-through decoration-slate-600"}>{f.label}</span>
                      {f.comingSoon && f.allowed && <span className="ml-2 rounded-full bg-white/10 px-2 py-0.5 text-xs whitespace-nowrap text-slate-300">coming soon</span>}
                    </span>
                  </li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
    </section>
  );
}

/** Billing: the plan she is on, in words. */
export function CurrentPlan({ planName, loading }: { planName: string | null; loading: boolean }) {
  return (
    <section aria-labelledby="current-plan-title" className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <h2 id="current-plan-title" className="text-lg font-semibold text-white">
        Your plan
      </h2>
      {loading ? (
        <div className="mt-3 h-6 w-40 animate-pulse rounded bg-white/[0.06]" aria-hidden="true" />
      ) : planName ? (
        <p className="mt-2 text-slate-300">
          You are on the <strong className="text-white">{planName} Plan</strong>.
        </p>
      ) : (
        <p className="mt-2 text-slate-300">
          You are on the <strong className="text-white">free scan</strong>: one manual scan a month, results only. Choose a plan to send takedown notices and keep
          watching automatically.
        </p>
      )}
    </section>
  );
}
