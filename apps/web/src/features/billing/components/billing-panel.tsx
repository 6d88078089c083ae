import type { BillingSummary } from "@leakwarden/contracts/billing";
import { findPlan, plans, type BillingPeriod, type Plan } from "@leakwarden/contracts/plans";
import { useId, useState } from "react";
import { toast } from "sonner";
import { BillingToggle } from "../../../components/billing-toggle";
import { PlanCard, type PlanAction } from "../../../components/plan-card";
import { ApiError } from "../../../lib/api-client";
import { useClientState } from "../../../lib/client-state";
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
    { label: `Manual scans ${usage.manualScans.per === "day" ? "today" : `this ${usage.manualScans.per}`}`, use: usage.manualScans.use, limit: usage.manualScans.limit },
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

function SwitchPlanButton({ plan, period, samePlan, describedBy, className }: { plan: Plan; period: BillingPeriod; samePlan: boolean; describedBy: string; className: string }) {
  const change = useChangePlan();
  const label = samePlan ? `Switch to ${period} billing` : `Switch to ${plan.name}`;
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
            onSuccess: () => toast.success(`You are now on the ${plan.name} Plan, billed ${period}.`),
            onError: (error) => toast.error("Could not change the plan", { description: errorText(error) }),
          },
        );
      }}
      className={className}
    >
      {change.isPending ? "Switching..." : label}
    </button>
  );
}

/** The catalog's cards: a first plan is bought through the checkout; a subscriber's plan is changed in place. */
function PlanChooser({ summary }: { summary: BillingSummary }) {
  const isSubscriber = summary.status !== null && subscribed.has(summary.status);
  const storedPeriod = useClientState((s) => s.billingChange);
  const setStoredPeriod = useClientState((s) => s.setBillingChange);
  const [period, setPeriod] = useState<BillingPeriod>(isSubscriber && summary.period ? summary.period : storedPeriod);
  const titleId = useId();
  const action: PlanAction = (plan, p, props) => {
    if (!isSubscriber) return <SelectPlanButton plan={plan.id} period={p} {...props} />;
    if (summary.plan === plan.id && summary.period === p) return <SelectPlanButton plan={plan.id} period={p} current {...props} />;
    return <SwitchPlanButton plan={plan} period={p} samePlan={summary.plan === plan.id} {...props} />;
  };
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-xl font-semibold text-white">
            {isSubscriber ? "Change plan" : "Choose the right plan for you"}
          </h2>
          <p className="mt-1 text-sm text-slate-400">
            {isSubscriber ? "The difference is prorated on your next bill." : "Cancel any time from your account. No hidden fees."}
          </p>
        </div>
        <BillingToggle
          value={period}
          onChange={(p) => {
            setPeriod(p);
            setStoredPeriod(p);
          }}
        />
      </div>
      {!summary.paymentsConfigured && (
        <p role="status" className="rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm text-amber-100">
          {NOT_CONFIGURED_TEXT}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} action={action} current={isSubscriber && summary.plan === plan.id} headingLevel={3} />
        ))}
      </div>
    </section>
  );
}

/** The plan and period she is on, its status in words, the dates, and 'Manage billing'. */
function CurrentPlan({ summary, showUsage }: { summary: BillingSummary; showUsage: boolean }) {
  const titleId = useId();
  const planName = summary.plan ? findPlan(summary.plan).name : null;
  const date = summary.renewsAt ? `Renews on ${day(summary.renewsAt)}` : summary.endsAt ? `Ends on ${day(summary.endsAt)}` : null;
  // The status in words often carries the date already: said once.
  const dateLine = date && !summary.statusText.includes(day((summary.renewsAt ?? summary.endsAt)!)) ? date : null;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-white">
            {planName ? `${planName} Plan` : "Free scan"}
            {summary.period && (
              <>
                {" "}
                <span className="ml-1 text-sm font-normal text-slate-400">billed {summary.period}</span>
              </>
            )}
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
          {dateLine && <p className="mt-1 text-sm text-slate-400">{dateLine}</p>}
        </div>
        {summary.canManage && <ManageBilling />}
      </div>
      {showUsage && <Usage summary={summary} />}
    </section>
  );
}

/**
 * Billing (and Upgrade Plan, with the plans first): the plan and period she is on, its status in
 * words, the renewal or end date, 'Manage billing', what she uses, and the catalog to change plan.
 */
export function BillingPanel({ view = "billing" }: { view?: "billing" | "upgrade" }) {
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
  return view === "upgrade" ? (
    <div className="flex flex-col gap-5">
      <PlanChooser summary={summary} />
      <CurrentPlan summary={summary} showUsage={false} />
    </div>
  ) : (
    <div className="flex flex-col gap-5">
      <CurrentPlan summary={summary} showUsage />
      <PlanChooser summary={summary} />
    </div>
  );
}
