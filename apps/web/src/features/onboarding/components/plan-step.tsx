import { plans, type BillingPeriod } from "@leakwarden/contracts/plans";
import { BillingToggle } from "../../../components/billing-toggle";
import { PlanCard, type PlanAction } from "../../../components/plan-card";
import { StepHeading } from "./step-heading";

/** The plan screen after Searching: the plan catalog, monthly or yearly; `action` is each card's 'Select Plan'. */
export function PlanStep({
  period,
  onPeriodChange,
  focusHeading,
  action,
}: {
  period: BillingPeriod;
  onPeriodChange: (p: BillingPeriod) => void;
  focusHeading: boolean;
  action?: PlanAction;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="text-center">
        <StepHeading focusOnMount={focusHeading}>Choose the right plan for you</StepHeading>
        <p className="mx-auto mt-3 max-w-xl text-slate-400">
          Your free scan is included. A plan adds takedowns and monitoring; you can choose one now or later from your dashboard.
        </p>
      </div>
      <div className="flex justify-center">
        <BillingToggle value={period} onChange={onPeriodChange} />
      </div>
      <div className="grid gap-5 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} action={action} />
        ))}
      </div>
    </div>
  );
}
