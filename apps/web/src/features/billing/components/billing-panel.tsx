import type { BillingSummary } from "@leakwarden/contracts/billing";
import { findPlan, formatUsd, planFeatures, planPrice, plans, type BillingPeriod, type Plan } from "@leakwarden/contracts/plans";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { useChangePlan } from "../api/change-plan";
import { useBilling } from "../api/get-billing";
import { useOpenPortal } from "../api/open-portal";
import { NOT_CONFIGURED_TEXT } from "../lib/pending-checkout";
import { SelectPlanButton } from "./select-plan-button";

const statusLabel: Record<NonNullable<BillingSummary["status"]>, string> = {
  on_trial: "Free trial",
  active: "Active",
  past_due: "Payment failed",
  unpaid: "Unpaid",
  paused: "Paused",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** Statuses of a subscription that is still billed: its plan is changed, not bought again. */
const subscribed = new Set(["on_trial", "active", "past_due", "paused", "unpaid"]);

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const buttonClass =
  "inline-flex h-11 items-center justify-center rounded-lg px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-70";

function errorText(error: unknown) {
  return error instanceof ApiError ? error.message : "Please try again.";
}

function ManageBilling() {
  const portal = useOpenPortal();
  const busy = portal.isPending || portal.isSuccess;
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() =>
        portal.mutate(undefined, {
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) => toast.error("Could not open billing", { description: errorText(error) }),
        })
      }
      className={`${buttonClass} bg-white/10 text-white hover:bg-white/15`}
    >
      {busy ? "Opening..." : "Manage billing"}
    </button>
  );
}

function Usage({ summary }: { summary: BillingSummary }) {
  const { usage } = summary;
  const rows = [
    { label: "Stage names", use: usage.stageNames.use, limit: usage.stageNames.limit },
    { label: "Nicknames", use: usage.nicknames.use, limit: usage.nicknames.limit },
    { label: "Reference images", use: usage.referenceImages.use, limit: usage.referenceImages.limit },
    { label: `Manual scans this ${usage.manualScans.per}`, use: usage.manualScans.use, limit: usage.manualScans.limit },
  ];
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold text-slate-200">What you use</h3>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {rows.map((r) => (
          <div key={r.label} className="rounded-xl border border-white/10 bg-white/[0.02] px-4 py-3">
            <dt className="text-xs text-slate-400">{r.label}</dt>
            <dd className="mt-1 text-sm text-white">
              {r.use} of {r.limit}
              <div className="mt-2 h-1.5 rounded-full bg-white/10" aria-hidden="true">
                <div className={`h-1.5 rounded-full ${r.use >= r.limit ? "bg-amber-400" : "bg-brand-500"}`} style={{ width: `${Math.min(100, r.limit > 0 ? (r.use / r.limit) * 100 : 100)}%` }} />
              </div>
            </dd>
          </div>
        ))}
      </dl>
      {usage.manualScans.resetsAt && <p className="mt-2 text-xs text-slate-400">Next manual scan available on {day(usage.manualScans.resetsAt)}.</p>}
    </div>
  );
}

function SwitchPlanButton({ plan, period, describedBy }: { plan: Plan; period: BillingPeriod; describedBy: string }) {
  const change = useChangePlan();
  return (
    <button
      type="button"
      disabled={change.isPending}
      aria-describedby={describedBy}
      onClick={() => {
        if (!window.confirm(`Switch to ${plan.name}, billed ${period}? The difference is prorated on your next bill.`)) return;
        change.mutate(
          { plan: plan.id, period },
          {
            onSuccess: () => toast.success(`You are now on ${plan.name}.`),
            onError: (error) => toast.error("Could not change the plan", { description: errorText(error) }),
          },
        );
      }}
      className={`${buttonClass} bg-brand-600 text-white hover:bg-brand-700`}
    >
      {change.isPending ? "Switching..." : `Switch to ${plan.name}`}
    </button>
  );
}

function PlanCards({ summary }: { summary: BillingSummary }) {
  const [period, setPeriod] = useState<BillingPeriod>(summary.period ?? "yearly");
  const isSubscriber = summary.status !== null && subscribed.has(summary.status);
  return (
    <section aria-labelledby="billing-plans-title" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h3 id="billing-plans-title" className="text-base font-semibold text-white">
          {isSubscriber ? "Change plan" : "Choose a plan"}
        </h3>
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
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        {plans.map((plan) => {
          const price = planPrice(plan, period);
          const titleId = `billing-plan-${plan.id}`;
          const current = summary.plan === plan.id && summary.period === period && isSubscriber;
          return (
            <article key={plan.id} aria-labelledby={titleId} className={`flex flex-col rounded-2xl border p-5 ${current ? "border-brand-500/60 bg-brand-950/30" : "border-white/10 bg-ink-900"}`}>
              <div className="flex items-center justify-between gap-3">
                <h4 id={titleId} className="text-lg font-semibold text-white">
                  {plan.name}
                </h4>
                {current ? (
                  <span className="rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-white">Your plan</span>
                ) : (
                  plan.mostPopular && <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">Most Popular</span>
                )}
              </div>
              <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
                <span className="text-2xl font-bold text-white">{formatUsd(price.perMonthCents)}</span>
                <span className="text-slate-400">/month</span>
              </p>
              <p className="mt-1 text-xs text-slate-400">{period === "yearly" ? `Billed yearly · ${formatUsd(price.billedCents)} a year` : "Billed monthly"}</p>
              <ul className="mt-4 flex-1 space-y-1.5 text-sm">
                {planFeatures(plan.id).map((f) => (
                  <li key={f.label} className={f.allowed ? "text-slate-200" : "text-slate-500 line-through decoration-slate-600"}>
                    <span className="sr-only">{f.allowed ? "Included: " : "Not included: "}</span>
                    {f.label}
                    {f.comingSoon && f.allowed && <span className="ml-2 rounded-full bg-white/10 px-2 py-0.5 text-xs text-slate-300 no-underline">coming soon</span>}
                  </li>
                ))}
              </ul>
              <div className="mt-5">
                {current ? (
                  <button type="button" disabled className={`${buttonClass} w-full bg-white/10 text-white`}>
                    Current plan
                  </button>
                ) : isSubscriber ? (
                  <SwitchPlanButton plan={plan} period={period} describedBy={titleId} />
                ) : (
                  <SelectPlanButton plan={plan.id} period={period} describedBy={titleId} className={`${buttonClass} w-full bg-brand-600 text-white hover:bg-brand-700`} />
                )}
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}

/** Billing: the plan and period she is on, its status in words, the dates, 'Manage billing' and the plans to change to. */
export function BillingPanel() {
  const billing = useBilling();
  if (billing.isPending) {
    return <section aria-busy="true" aria-label="Billing" className="h-48 animate-pulse rounded-2xl border border-white/10 bg-ink-900" />;
  }
  if (billing.isError) {
    return (
      <section role="alert" className="rounded-2xl border border-brand-500/30 bg-brand-950/40 p-5 text-sm text-brand-50">
        Could not load billing. {errorText(billing.error)}{" "}
        <button type="button" onClick={() => void billing.refetch()} className="ml-2 rounded-md bg-white/10 px-3 py-1.5 font-semibold text-white hover:bg-white/15">
          Retry
        </button>
      </section>
    );
  }
  const summary = billing.data;
  const planName = summary.plan ? findPlan(summary.plan).name : null;
  return (
    <section aria-labelledby="billing-title" className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="billing-title" className="text-lg font-semibold text-white">
            {planName ? `${planName} Plan` : "Free scan"}
            {summary.period && <span className="ml-2 text-sm font-normal text-slate-400">billed {summary.period}</span>}
          </h2>
          {summary.status && (
            <span
              className={`mt-2 inline-block rounded-full px-3 py-0.5 text-xs font-semibold ${
                summary.tier !== "free" ? "bg-emerald-400/15 text-emerald-200" : "bg-amber-300/15 text-amber-100"
              }`}
            >
              {statusLabel[summary.status]}
            </span>
          )}
          <p className="mt-2 text-sm text-slate-300">{summary.statusText}</p>
          {summary.renewsAt && <p className="mt-1 text-xs text-slate-400">Renews on {day(summary.renewsAt)}</p>}
          {!summary.renewsAt && summary.endsAt && <p className="mt-1 text-xs text-slate-400">Ends on {day(summary.endsAt)}</p>}
        </div>
        {summary.canManage && <ManageBilling />}
      </div>
      {!summary.paymentsConfigured && (
        <p role="status" className="mt-4 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
          {NOT_CONFIGURED_TEXT}
        </p>
      )}
      <Usage summary={summary} />
      <PlanCards summary={summary} />
    </section>
  );
}
