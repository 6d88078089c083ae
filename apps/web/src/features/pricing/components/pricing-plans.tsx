import { plans, type BillingPeriod } from "@leakwarden/contracts/plans";
import { useState } from "react";
import { BillingToggle } from "../../../components/billing-toggle";
import { PlanCard, type PlanAction } from "../../../components/plan-card";

/** The pricing page's plans: default yearly, as the spec says. `action` is each card's 'Select Plan'. */
export function PricingPlans({ initialPeriod = "yearly", action }: { initialPeriod?: BillingPeriod; action?: PlanAction }) {
  const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);
  return (
    <div>
      <div className="flex justify-center">
        <BillingToggle value={period} onChange={setPeriod} />
      </div>
      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} action={action} />
        ))}
      </div>
    </div>
  );
}
