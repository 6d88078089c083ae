import { plans, type BillingPeriod } from "@leakwarden/contracts/plans";
import { useState } from "react";
import { BillingToggle } from "./billing-toggle";
import { PlanCard } from "./plan-card";

/** The pricing page's plans: default yearly, as the spec says. */
export function PricingPlans({ initialPeriod = "yearly" }: { initialPeriod?: BillingPeriod }) {
  const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);
  return (
    <div>
      <div className="flex justify-center">
        <BillingToggle value={period} onChange={setPeriod} />
      </div>
      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} />
        ))}
      </div>
    </div>
  );
}
