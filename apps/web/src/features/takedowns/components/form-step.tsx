import type { FormStep } from "@leakwarden/contracts/takedowns";
import { toast } from "sonner";
import { useMarkFormDone } from "../api/mark-form-done";
import { formatWhen } from "../takedown-labels";
import { CopyField } from "../../../components/copy-field";
import { onMutationError } from "../../../lib/mutation-toast";

/** Cloudflare's DMCA form fields, in the form's order, with the label she sees there. */
const FIELDS: [key: string, label: string][] = [
  ["name", "Name (the complainant: Leakwarden, your authorized agent)"],
  ["email", "Email"],
  ["email2", "Confirm email"],
  ["title", "Title"],
  ["company", "Company"],
  ["tele", "Telephone"],
  ["address1", "Address"],
  ["city", "City"],
  ["state", "State"],
  ["country", "Country"],
  ["agent_name", "Name of the copyright holder"],
  ["urls", "Infringing URLs (one a line)"],
  ["original_work", "Original work"],
  ["comments", "Comments"],
  ["signature", "Signature"],
];

const partyLabels: Record<FormStep["party"], string> = { cloudflare: "Cloudflare", reddit: "Reddit", "file-host": "the file host" };
/** The party she files with, by name ("Gofile" for a file host). */
export const formPartyLabel = (step: FormStep) => (step.party === "file-host" && step.partyName) || partyLabels[step.party];
/** What to choose and tick on each party's form. */
const partyHow: Record<FormStep["party"], string> = {
  cloudflare: ", choose the DMCA (copyright) report, copy each field below into it, tick the agreement and leave the notifications to the host and the site owner on.",
  reddit: ", choose that it infringes copyright, copy each field below into it and confirm the statements.",
  "file-host": ", choose a copyright (DMCA) report where it asks, copy each field below into it and confirm the statements.",
};

/** A report on a party's form: what the API answered, or her step with every field ready to copy and a Done button. */
export function FormStepCard({ takedownId, step }: { takedownId: string; step: FormStep }) {
  const done = useMarkFormDone();
  const party = formPartyLabel(step);
  const fail = onMutationError();
  if (step.via === "api") {
    return (
      <section aria-label={`${party} report`} className="rounded-xl border border-white/10 p-3" data-testid="form-step">
        <h4 className="font-semibold text-slate-200">{party} report</h4>
        <p className="mt-1 text-slate-300">
          {step.status === "submitted" ? `Sent through ${party}'s Abuse Reports API on ${formatWhen(step.submittedAt)}. Answer: ${step.answer ?? "none"}.` : `Being sent through ${party}'s Abuse Reports API.`}
        </p>
      </section>
    );
  }
  const lines = (s: string) => Math.min(6, Math.max(1, s.split("\n").length));
  return (
    <section aria-label={`Your step: the ${party} report`} className="rounded-xl border border-amber-300/30 bg-amber-300/[0.04] p-3" data-testid="form-step">
      <h4 className="font-semibold text-amber-100">{step.status === "done" ? `${party} report: submitted by you` : `Your step: report it to ${party}`}</h4>
      {step.status === "done" ? (
        <p className="mt-1 text-slate-300" data-testid="form-step-done">
          You told us you submitted it on {formatWhen(step.submittedAt)}.
        </p>
      ) : (
        <>
          {step.reason && <p className="mt-1 text-slate-300">{step.reason}</p>}
          <p className="mt-2 text-slate-300">
            <a href={step.formUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-300 underline">
              Open {party}&apos;s form
            </a>
            {partyHow[step.party]}
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {FIELDS.filter(([key]) => step.fields[key]).map(([key, label]) => (
              <div key={key} className={key === "urls" || key === "comments" || key === "original_work" ? "sm:col-span-2" : ""}>
                <CopyField label={label} value={step.fields[key]!} rows={lines(step.fields[key]!)} />
              </div>
            ))}
          </div>
          <button
            type="button"
            disabled={done.isPending}
            onClick={() => done.mutate(takedownId, { onSuccess: () => toast.success(`Recorded: you submitted the ${party} report`), onError: fail })}
            className="mt-3 h-9 rounded-lg bg-brand-500 px-3 text-sm font-semibold text-white hover:bg-brand-400 focus-visible:outline-2 focus-visible:outline-brand-300 disabled:opacity-50"
          >
            {done.isPending ? "Saving..." : `Done: I submitted it to ${party}`}
          </button>
        </>
      )}
    </section>
  );
}
