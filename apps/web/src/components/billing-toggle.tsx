import type { BillingPeriod } from "@leakwarden/contracts/plans";
import { useId } from "react";

const options: { value: BillingPeriod; label: string }[] = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly (3 Month Free)" },
];

/** Monthly / Yearly as a radio group: arrow keys move between the two. */
export function BillingToggle({ value, onChange }: { value: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const name = useId();
  return (
    <fieldset className="inline-flex rounded-full border border-white/10 bg-ink-900 p-1">
      <legend className="sr-only">Billing period</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className={`cursor-pointer rounded-full px-4 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400 sm:px-5 ${
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
