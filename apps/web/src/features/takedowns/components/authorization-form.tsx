import type { AuthorizationView } from "@leakwarden/contracts/takedowns";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { usePutAuthorization } from "../api/put-authorization";
import { toastMutationError } from "../../../lib/mutation-toast";

const input =
  "h-11 w-full rounded-lg border border-white/10 bg-ink-800 px-3 text-sm text-white placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-400 aria-[invalid=true]:border-brand-400";
const NAME_PLACEHOLDER = "[your full legal name]";

/**
 * The authorization she signs once: the statement (with her name as she types it), her full
 * legal name, the same name typed again as her signature, and the name notices show as the
 * copyright owner (a verified stage name unless she chooses her legal name).
 */
export function AuthorizationForm({ view, onSigned, submitLabel = "Sign the authorization" }: { view: AuthorizationView; onSigned?: (view: AuthorizationView) => void; submitLabel?: string }) {
  const put = usePutAuthorization();
  const ids = useId();
  const current = view.authorization;
  const [fullName, setFullName] = useState(current?.fullName ?? "");
  const [fields, setFields] = useState<Record<string, string>>({});
  // "stage": her stage name, the first verified one (none is verified yet, or she has not picked one).
  const initialChoice = current?.ownerName === "legal_name" ? "legal" : (current?.stageNameId ?? view.verifiedStageNames[0]?.id ?? "stage");
  const [choice, setChoice] = useState(initialChoice);

  const template = current ? view.statement.replaceAll(current.fullName, NAME_PLACEHOLDER) : view.statement;
  const statement = template.replaceAll(NAME_PLACEHOLDER, fullName.trim() || NAME_PLACEHOLDER);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const agree = form.get("agree") === "on";
    put.mutate(
      {
        fullName: String(form.get("fullName") ?? ""),
        signature: String(form.get("signature") ?? ""),
        // The server answers an unchecked box with its own message.
        agree: agree as true,
        ownerName: choice === "legal" ? "legal_name" : "stage_name",
        stageNameId: choice === "legal" || choice === "stage" ? null : choice,
      },
      {
        onSuccess: (data) => {
          setFields({});
          toast.success("Authorization signed");
          onSigned?.(data);
        },
        onError: (error) => {
          setFields(error instanceof ApiError ? (error.fields ?? {}) : {});
          toastMutationError(error);
        },
      },
    );
  };

  const error = (name: string) =>
    fields[name] ? (
      <span id={`${ids}-${name}-error`} className="mt-1 block text-sm text-brand-300">
        {fields[name]}
      </span>
    ) : null;
  const describedBy = (name: string) => (fields[name] ? `${ids}-${name}-error` : undefined);

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="Agent authorization">
      <p className="rounded-lg border border-white/10 bg-black/30 p-3 text-sm leading-relaxed text-slate-200" data-testid="authorization-statement">
        {statement}
      </p>
      <label className="text-sm text-slate-200">
        Full legal name <span className="text-slate-400">(kept private unless you choose it below)</span>
        <input
          name="fullName"
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          className={`${input} mt-1`}
          aria-invalid={Boolean(fields.fullName)}
          aria-describedby={describedBy("fullName")}
        />
        {error("fullName")}
      </label>
      <label className="text-sm text-slate-200">
        Signature <span className="text-slate-400">(type your full legal name again)</span>
        <input name="signature" autoComplete="off" className={`${input} mt-1 italic`} aria-invalid={Boolean(fields.signature)} aria-describedby={describedBy("signature")} />
        {error("signature")}
      </label>
      <fieldset className="text-sm text-slate-200">
        <legend className="mb-1">Name the notices show as the copyright owner</legend>
        <div className="flex flex-col gap-2">
          {view.verifiedStageNames.length === 0 && (
            <label className="flex items-start gap-2">
              <input type="radio" name="ownerChoice" value="stage" checked={choice === "stage"} onChange={() => setChoice("stage")} className="mt-0.5 h-4 w-4 accent-brand-600" />
              <span>
                My stage name <span className="text-slate-400">(the one you verify)</span>
              </span>
            </label>
          )}
          {view.verifiedStageNames.map((s) => (
            <label key={s.id} className="flex items-start gap-2">
              <input type="radio" name="ownerChoice" value={s.id} checked={choice === s.id} onChange={() => setChoice(s.id)} className="mt-0.5 h-4 w-4 accent-brand-600" />
              <span>
                {s.username} <span className="text-slate-400">({s.platform}, verified)</span>
              </span>
            </label>
          ))}
          <label className="flex items-start gap-2">
            <input type="radio" name="ownerChoice" value="legal" checked={choice === "legal"} onChange={() => setChoice("legal")} className="mt-0.5 h-4 w-4 accent-brand-600" />
            <span>
              My legal name <span className="text-slate-400">(the sites and hosts who receive the notices will see it)</span>
            </span>
          </label>
        </div>
        {error("stageNameId")}
        {error("ownerName")}
      </fieldset>
      <label className="flex items-start gap-2 text-sm text-slate-200">
        <input type="checkbox" name="agree" className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" aria-invalid={Boolean(fields.agree)} aria-describedby={describedBy("agree")} />I
        have read the statement above and sign it: Leakwarden may send takedown notices as my agent.
      </label>
      {error("agree")}
      <button
        type="submit"
        disabled={put.isPending}
        className="h-11 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-70 sm:self-start"
      >
        {put.isPending ? "Signing..." : submitLabel}
      </button>
    </form>
  );
}
