import type { BillingChangeResponse, BillingSummary } from "@leakwarden/contracts/billing";
import { findPlan, formatUsd, planPrice, plans, type BillingPeriod, type Plan } from "@leakwarden/contracts/plans";
import { useId, useState } from "react";
import { BillingToggle } from "../../../components/billing-toggle";
import { DialogActions, ModalDialog, dialogPrimaryButton, dialogSecondaryButton } from "../../../components/modal-dialog";
import { PlanCard, type PlanAction } from "../../../components/plan-card";
import { ApiError } from "../../../lib/api-client";
import { useClientState } from "../../../lib/client-state";
import { useCancelSubscription, useChangePlan, useResumeSubscription } from "../api/change-plan";
import { useBilling } from "../api/get-billing";
import { useInvoices } from "../api/get-invoices";
import { useOpenPortal } from "../api/open-portal";
import { NOT_CONFIGURED_TEXT } from "../lib/pending-checkout";
import { SelectPlanButton } from "./select-plan-button";
import { onMutationError } from "../../../lib/mutation-toast";
import { formatCount, formatUtcShortDate } from "../../../lib/format";

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

const day = formatUtcShortDate;

function errorText(error: unknown) {
  return error instanceof ApiError ? error.message : "Please try again.";
}

const buttonClass =
  "inline-flex h-11 items-center justify-center rounded-lg px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-70";

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
          onError: onMutationError("Could not open billing"),
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
              {formatCount(r.use)} of {formatCount(r.limit)}
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

/** What the last switch, cancel or resume answered: shown on the page until the next one. */
type Outcome = Pick<BillingChangeResponse, "message" | "proration">;

/**
 * The question before a payment change (switch plan, cancel): what happens, in sentences, the
 * server's refusal if it made one, and two buttons. The buttons stack on a phone, the way out below.
 */
function ConfirmChangeDialog({
  title,
  testId,
  paragraphs,
  error,
  busy,
  keepLabel,
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  testId: string;
  paragraphs: string[];
  error: unknown;
  busy: boolean;
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const bodyId = useId();
  return (
    <ModalDialog title={title} describedBy={bodyId} busy={busy} onClose={onClose} data-testid={testId}>
      {(close) => (
        <>
          <div id={bodyId} className="mt-2 flex flex-col gap-2 text-sm text-slate-300">
            {paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          {error !== null && error !== undefined && (
            <p role="alert" className="mt-3 text-sm text-amber-200">
              {errorText(error)}
            </p>
          )}
          <DialogActions>
            <button type="button" onClick={close} disabled={busy} className={dialogSecondaryButton}>
              {keepLabel}
            </button>
            <button type="button" disabled={busy} onClick={onConfirm} className={dialogPrimaryButton}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </DialogActions>
        </>
      )}
    </ModalDialog>
  );
}

function SwitchPlanButton({
  plan,
  period,
  samePlan,
  summary,
  describedBy,
  className,
  onDone,
}: {
  plan: Plan;
  period: BillingPeriod;
  samePlan: boolean;
  summary: BillingSummary;
  describedBy: string;
  className: string;
  onDone: (outcome: Outcome) => void;
}) {
  const change = useChangePlan();
  const [asking, setAsking] = useState(false);
  const label = samePlan ? `Switch to ${period} billing` : `Switch to ${plan.name}`;
  const price = planPrice(plan, period);
  const currentPlan = summary.plan ? findPlan(summary.plan) : null;
  const currentCents = currentPlan && summary.period ? planPrice(currentPlan, summary.period).billedCents : null;
  const costsMore = currentCents === null || summary.period !== period || price.billedCents > currentCents;
  return (
    <>
      <button type="button" disabled={change.isPending} aria-describedby={describedBy} onClick={() => setAsking(true)} className={className}>
        {change.isPending ? "Switching..." : label}
      </button>
      {asking && (
        <ConfirmChangeDialog
          title={`Switch to the ${plan.name} Plan, billed ${period}?`}
          testId="confirm-switch"
          paragraphs={[
            `You move to the ${plan.name} Plan now, and its limits apply at once. It costs ${formatUsd(price.billedCents)} a ${period === "yearly" ? "year" : "month"}.`,
            costsMore
              ? `Lemon Squeezy prorates the change: it charges the difference for the rest of this period now${period !== summary.period ? ", and a new billing period starts today" : ""}.`
              : `Lemon Squeezy prorates the change: nothing is charged now, and the lower price applies from your next bill${summary.renewsAt ? `, on ${day(summary.renewsAt)}` : ""}.`,
          ]}
          error={change.error}
          busy={change.isPending}
          keepLabel="Keep my plan"
          confirmLabel={`Switch to ${plan.name}`}
          busyLabel="Switching..."
          onConfirm={() =>
            change.mutate(
              { plan: plan.id, period },
              {
                onSuccess: (data) => {
                  setAsking(false);
                  onDone({ message: data.message, proration: data.proration });
                },
              },
            )
          }
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** The answer to her last change, as a sentence, with the prorated invoice's link when there is one. */
function OutcomeNotice({ outcome }: { outcome: Outcome | null }) {
  return (
    // Empty, it is taken out of the column's flow (no gap above the plan), yet stays in the page to announce what comes.
    <div role="status" aria-live="polite" className={outcome ? undefined : "absolute"}>
      {outcome && (
        <div data-testid="billing-outcome" className="rounded-xl border border-emerald-300/30 bg-emerald-400/10 px-4 py-3 text-sm text-emerald-50">
          <p>{outcome.message}</p>
          {outcome.proration?.invoiceUrl && (
            <a href={outcome.proration.invoiceUrl} target="_blank" rel="noreferrer" className="mt-1 inline-block font-semibold text-white underline underline-offset-2">
              View the prorated invoice ({outcome.proration.total})
            </a>
          )}
        </div>
      )}
    </div>
  );
}

/** The catalog's cards: a first plan is bought through the checkout; a subscriber's plan is changed in place. */
function PlanChooser({ summary, onDone }: { summary: BillingSummary; onDone: (outcome: Outcome) => void }) {
  const isSubscriber = summary.status !== null && subscribed.has(summary.status);
  const storedPeriod = useClientState((s) => s.billingChange);
  const setStoredPeriod = useClientState((s) => s.setBillingChange);
  const [period, setPeriod] = useState<BillingPeriod>(isSubscriber && summary.period ? summary.period : storedPeriod);
  const titleId = useId();
  const action: PlanAction = (plan, p, props) => {
    if (!isSubscriber) return <SelectPlanButton plan={plan.id} period={p} {...props} />;
    if (summary.plan === plan.id && summary.period === p) return <SelectPlanButton plan={plan.id} period={p} current {...props} />;
    return <SwitchPlanButton plan={plan} period={p} samePlan={summary.plan === plan.id} summary={summary} onDone={onDone} {...props} />;
  };
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-xl font-semibold text-white">
            {isSubscriber ? "Change plan" : "Choose the right plan for you"}
          </h2>
          <p className="mt-1 text-sm text-slate-400">
            {isSubscriber ? "Lemon Squeezy prorates a change: you pay only the difference for the rest of this period." : "Cancel any time from your account. No hidden fees."}
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

function CancelResume({ summary, onDone }: { summary: BillingSummary; onDone: (outcome: Outcome) => void }) {
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [asking, setAsking] = useState(false);
  const done = (data: BillingChangeResponse) => onDone({ message: data.message, proration: data.proration });
  if (summary.canResume) {
    return (
      <button
        type="button"
        disabled={resume.isPending}
        onClick={() => resume.mutate(undefined, { onSuccess: done, onError: onMutationError("Could not resume the subscription") })}
        className={`${buttonClass} bg-brand-600 text-white hover:bg-brand-700`}
      >
        {resume.isPending ? "Resuming..." : "Resume subscription"}
      </button>
    );
  }
  if (!summary.canCancel) return null;
  return (
    <>
      <button type="button" disabled={cancel.isPending} onClick={() => setAsking(true)} className={`${buttonClass} border border-white/15 bg-transparent text-slate-200 hover:bg-white/5`}>
        {cancel.isPending ? "Cancelling..." : "Cancel subscription"}
      </button>
      {asking && (
        <ConfirmChangeDialog
          title="Cancel your subscription?"
          testId="confirm-cancel"
          paragraphs={[
            "Nothing more is billed after this.",
            summary.renewsAt
              ? `Your plan and its monitoring stay until ${day(summary.renewsAt)}, the end of the period you paid for, and you can resume it until then.`
              : "Your plan stays until the end of the period you paid for, and you can resume it until then.",
          ]}
          error={cancel.error}
          busy={cancel.isPending}
          keepLabel="Keep my subscription"
          confirmLabel="Cancel subscription"
          busyLabel="Cancelling..."
          onConfirm={() =>
            cancel.mutate(undefined, {
              // Unmounted at once: the button that asked becomes Resume, and a later Cancel asks afresh.
              onSuccess: (data) => {
                setAsking(false);
                done(data);
              },
            })
          }
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** Her subscription's invoices, as Lemon Squeezy lists them, each with its link. */
function Invoices({ summary }: { summary: BillingSummary }) {
  const titleId = useId();
  const hasSubscription = summary.status !== null && !summary.demo;
  const invoices = useInvoices(hasSubscription);
  if (!hasSubscription) return null;
  return (
    <section aria-labelledby={titleId} className="mt-6">
      <h3 id={titleId} className="text-sm font-semibold text-slate-200">
        Invoices
      </h3>
      {invoices.isPending && <p className="mt-2 text-sm text-slate-400">Loading invoices...</p>}
      {invoices.isError && <p className="mt-2 text-sm text-amber-100">Could not load invoices. {errorText(invoices.error)}</p>}
      {invoices.data && invoices.data.invoices.length === 0 && <p className="mt-2 text-sm text-slate-400">{invoices.data.note ?? "No invoices yet."}</p>}
      {invoices.data && invoices.data.invoices.length > 0 && (
        <ul className="mt-3 divide-y divide-white/10 rounded-xl border border-white/10" data-testid="invoices">
          {invoices.data.invoices.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="text-white">
                  {day(i.date)} <span className="text-slate-400">· {i.reason}</span>
                </p>
                <p className="text-xs text-slate-400">
                  {i.total} · {i.status}
                </p>
              </div>
              {i.url && (
                <a href={i.url} target="_blank" rel="noreferrer" className="font-semibold text-brand-200 underline underline-offset-2 hover:text-white">
                  View invoice<span className="sr-only"> of {day(i.date)}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The plan and period she is on, its status in words, the dates, and 'Manage billing'. */
function CurrentPlan({ summary, showUsage, onDone }: { summary: BillingSummary; showUsage: boolean; onDone: (outcome: Outcome) => void }) {
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
            {summary.period && !summary.demo && (
              <>
                {" "}
                <span className="ml-1 text-sm font-normal text-slate-400">billed {summary.period}</span>
              </>
            )}
          </h2>
          {summary.status && (
            <span
              className={`mt-2 inline-block rounded-full px-3 py-0.5 text-xs font-semibold ${
                summary.demo ? "bg-sky-400/15 text-sky-100" : summary.tier !== "free" ? "bg-emerald-400/15 text-emerald-200" : "bg-amber-300/15 text-amber-100"
              }`}
            >
              {summary.demo ? "Demo plan" : statusLabel[summary.status]}
            </span>
          )}
          <p className="mt-2 text-sm text-slate-300">{summary.statusText}</p>
          {dateLine && <p className="mt-1 text-sm text-slate-400">{dateLine}</p>}
        </div>
        {/* On a phone the buttons take the card's width, one under the other, rather than two ragged rows. */}
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:flex-wrap" data-testid="billing-actions">
          <CancelResume summary={summary} onDone={onDone} />
          {summary.canManage && <ManageBilling />}
        </div>
      </div>
      {showUsage && <Usage summary={summary} />}
      {showUsage && <Invoices summary={summary} />}
    </section>
  );
}

/** The demo's plan is given, not bought: no catalog to switch in, said once. */
function DemoPlanNote() {
  return (
    <p className="rounded-2xl border border-white/10 bg-ink-900 px-5 py-4 text-sm text-slate-300">
      This demo gives every account the VIP plan, with no payment: plans are bought, switched and cancelled on a live deployment, through Lemon Squeezy.
    </p>
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
  return <BillingSections summary={billing.data} view={view} />;
}

function BillingSections({ summary, view }: { summary: BillingSummary; view: "billing" | "upgrade" }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const chooser = summary.demo ? <DemoPlanNote /> : <PlanChooser summary={summary} onDone={setOutcome} />;
  return view === "upgrade" ? (
    <div className="flex flex-col gap-5">
      <OutcomeNotice outcome={outcome} />
      {chooser}
      <CurrentPlan summary={summary} showUsage={false} onDone={setOutcome} />
    </div>
  ) : (
    <div className="flex flex-col gap-5">
      <OutcomeNotice outcome={outcome} />
      <CurrentPlan summary={summary} showUsage onDone={setOutcome} />
      {chooser}
    </div>
  );
}
