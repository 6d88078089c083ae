import { zodResolver } from "@hookform/resolvers/zod";
import { alertRulesInputSchema, digestFrequencies, type AlertRules, type DigestFrequency } from "@leakwarden/contracts/alerts";
import { useId } from "react";
import { useForm, type Path, type UseFormRegisterReturn } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { useAlerts } from "../api/get-alerts";
import { usePutAlerts } from "../api/put-alerts";
import { QueryError, Skeleton } from "../../../components/query-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { formatDateTime } from "../../../lib/format";
import { toastMutationError } from "../../../lib/mutation-toast";

const digestLabels: Record<DigestFrequency, { title: string; hint: string }> = {
  off: { title: "No summary", hint: "Only the alerts you switch on above." },
  daily: { title: "Daily summary", hint: "Once a day: what was found, sent, removed and is still up." },
  weekly: { title: "Weekly summary", hint: "Once a week: what was found, sent, removed and is still up." },
};


/** The form's values: every rule, each one said (the API lets a client leave the newer ones out). */
const rulesFormSchema = alertRulesInputSchema.required();
type RulesFormValues = z.infer<typeof rulesFormSchema>;
const ruleFields = ["newLeak", "digest", "takedownSucceeded", "reupload", "newImpersonator"] as const satisfies readonly Path<RulesFormValues>[];

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="mt-2 text-sm text-red-300">
      {message}
    </p>
  ) : null;
}

function Toggle({ label, hint, field, error }: { label: string; hint: string; field: UseFormRegisterReturn; error: string | undefined }) {
  const id = useId();
  return (
    <div className="rounded-xl border border-white/10 bg-white/[0.02] p-4">
      <div className="flex items-start justify-between gap-4">
        <label htmlFor={id} className="min-w-0">
          <span className="block font-medium text-white">{label}</span>
          <span className="mt-0.5 block text-sm text-slate-400">{hint}</span>
        </label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          {...field}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 h-5 w-9 shrink-0 cursor-pointer accent-brand-600"
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function RulesForm({ rules }: { rules: AlertRules }) {
  const put = usePutAlerts();
  const digestErrorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<RulesFormValues>({
    resolver: zodResolver(rulesFormSchema),
    defaultValues: { newLeak: rules.newLeak, digest: rules.digest, takedownSucceeded: rules.takedownSucceeded, reupload: rules.reupload, newImpersonator: rules.newImpersonator },
  });
  const digest = watch("digest");
  const submit = handleSubmit(async (values) => {
    try {
      await put.mutateAsync(values);
      toast.success("Alert settings saved");
    } catch (error) {
      // A sentence about one rule goes under it; any other failure is a toast.
      if (!applyServerFieldErrors(error, setError, ruleFields)) toastMutationError(error, "Could not save your alerts");
    }
  });
  const busy = isSubmitting || put.isPending;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <Toggle
        label="Every new leak"
        hint="An email when new links to your content are found: at most one an hour, covering everything found since the last."
        field={register("newLeak")}
        error={errors.newLeak?.message}
      />
      <Toggle label="A takedown succeeded" hint="An email when a link we sent a notice for is gone." field={register("takedownSucceeded")} error={errors.takedownSucceeded?.message} />
      <Toggle
        label="A removed leak is back"
        hint="An email when content taken down is posted again at a new address (a re-upload): at most one an hour."
        field={register("reupload")}
        error={errors.reupload?.message}
      />
      <Toggle
        label="A new impersonator"
        hint="An email when an account that passes itself off as you is found: at most one an hour."
        field={register("newImpersonator")}
        error={errors.newImpersonator?.message}
      />
      <fieldset className="rounded-xl border border-white/10 bg-white/[0.02] p-4" aria-describedby={errors.digest ? digestErrorId : undefined}>
        <legend className="px-1 font-medium text-white">Summary email</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-3">
          {digestFrequencies.map((f) => (
            <label key={f} className={`flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm ${digest === f ? "border-brand-500/60 bg-brand-600/10" : "border-white/10"}`}>
              <input type="radio" value={f} {...register("digest")} className="mt-0.5 accent-brand-600" />
              <span>
                <span className="block font-medium text-white">{digestLabels[f].title}</span>
                <span className="block text-slate-400">{digestLabels[f].hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={digestErrorId} message={errors.digest?.message} />
        {rules.digest !== "off" && rules.nextDigestAt && <p className="mt-2 text-xs text-slate-400">Next summary: {formatDateTime(rules.nextDigestAt)}.</p>}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={!isDirty || busy}
          className="h-11 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-50"
        >
          {busy ? "Saving..." : "Save alerts"}
        </button>
        {!isDirty && rules.updatedAt && <span className="text-sm text-slate-400">Saved.</span>}
      </div>
    </form>
  );
}

/** Custom Alert: what she wants to hear about, by email. Every email carries a link to stop them. */
export function AlertRulesPanel() {
  const alerts = useAlerts();
  return (
    <section aria-labelledby="alerts-title" className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <h2 id="alerts-title" className="text-lg font-semibold text-white">
        Email alerts
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-400">
        {alerts.data ? (
          <>
            Alerts go to <strong className="text-slate-200">{alerts.data.email}</strong>. Each email has a link to stop them.
          </>
        ) : (
          "Choose what you want to hear about."
        )}
      </p>
      {alerts.isError ? (
        <QueryError error={alerts.error} onRetry={() => void alerts.refetch()} what="your alert settings" />
      ) : !alerts.data ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-28" />
        </div>
      ) : (
        <RulesForm key={alerts.data.updatedAt ?? "new"} rules={alerts.data} />
      )}
    </section>
  );
}
