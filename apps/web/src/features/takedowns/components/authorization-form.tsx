import { zodResolver } from "@hookform/resolvers/zod";
import { authorizationInputSchema, type AuthorizationView } from "@leakwarden/contracts/takedowns";
import { useId } from "react";
import { useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import * as z from "zod/mini";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { toastMutationError } from "../../../lib/mutation-toast";
import { usePutAuthorization } from "../api/put-authorization";
import { FieldError } from "./field-error";

const input =
  "h-11 w-full rounded-lg border border-white/10 bg-ink-800 px-3 text-sm text-white placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-400 aria-[invalid=true]:border-brand-400";
const NAME_PLACEHOLDER = "[your full legal name]";

/**
 * The form's values, checked by the contract's own rules: her name, her signature, the box (a
 * boolean here, which must be true), and the owner name as one choice, "legal", "stage" (none
 * verified yet) or a verified stage name's id. The choice is named after the server's field for
 * it, so that the server's sentence about it lands under the choice.
 */
const authorizationFormSchema = z.object({
  fullName: authorizationInputSchema.shape.fullName,
  signature: authorizationInputSchema.shape.signature,
  agree: z.pipe(z.boolean(), authorizationInputSchema.shape.agree),
  stageNameId: z.string(),
});
type AuthorizationFormInput = z.input<typeof authorizationFormSchema>;
type AuthorizationFormValues = z.output<typeof authorizationFormSchema>;
const serverFields = ["fullName", "signature", "agree", "stageNameId"] as const satisfies readonly Path<AuthorizationFormInput>[];

/**
 * The authorization she signs once: the statement (with her name as she types it), her full
 * legal name, the same name typed again as her signature, and the name notices show as the
 * copyright owner (a verified stage name unless she chooses her legal name).
 */
export function AuthorizationForm({ view, onSigned, submitLabel = "Sign the authorization" }: { view: AuthorizationView; onSigned?: (view: AuthorizationView) => void; submitLabel?: string }) {
  const put = usePutAuthorization();
  const ids = useId();
  const current = view.authorization;
  // "stage": her stage name, the first verified one (none is verified yet, or she has not picked one).
  const initialChoice = current?.ownerName === "legal_name" ? "legal" : (current?.stageNameId ?? view.verifiedStageNames[0]?.id ?? "stage");
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AuthorizationFormInput, unknown, AuthorizationFormValues>({
    resolver: zodResolver(authorizationFormSchema),
    defaultValues: { fullName: current?.fullName ?? "", signature: "", agree: false, stageNameId: initialChoice },
  });
  const fullName = watch("fullName");

  const template = current ? view.statement.replaceAll(current.fullName, NAME_PLACEHOLDER) : view.statement;
  const statement = template.replaceAll(NAME_PLACEHOLDER, fullName.trim() || NAME_PLACEHOLDER);

  const submit = handleSubmit(async (values) => {
    const choice = values.stageNameId;
    try {
      const data = await put.mutateAsync({
        fullName: values.fullName,
        signature: values.signature,
        agree: values.agree,
        ownerName: choice === "legal" ? "legal_name" : "stage_name",
        stageNameId: choice === "legal" || choice === "stage" ? null : choice,
      });
      toast.success("Authorization signed");
      onSigned?.(data);
    } catch (error) {
      // A sentence about one field goes under it; any other failure is a toast.
      if (!applyServerFieldErrors(error, setError, serverFields)) toastMutationError(error);
    }
  });

  const errorId = (name: (typeof serverFields)[number]) => `${ids}-${name}-error`;
  const describedBy = (name: (typeof serverFields)[number]) => (errors[name] ? errorId(name) : undefined);
  const busy = isSubmitting || put.isPending;

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate aria-label="Agent authorization">
      <p className="rounded-lg border border-white/10 bg-black/30 p-3 text-sm leading-relaxed text-slate-200" data-testid="authorization-statement">
        {statement}
      </p>
      <label className="text-sm text-slate-200">
        Full legal name <span className="text-slate-400">(kept private unless you choose it below)</span>
        <input {...register("fullName")} autoComplete="name" className={`${input} mt-1`} aria-invalid={Boolean(errors.fullName)} aria-describedby={describedBy("fullName")} />
        <FieldError id={errorId("fullName")} message={errors.fullName?.message} />
      </label>
      <label className="text-sm text-slate-200">
        Signature <span className="text-slate-400">(type your full legal name again)</span>
        <input {...register("signature")} autoComplete="off" className={`${input} mt-1 italic`} aria-invalid={Boolean(errors.signature)} aria-describedby={describedBy("signature")} />
        <FieldError id={errorId("signature")} message={errors.signature?.message} />
      </label>
      <fieldset className="text-sm text-slate-200" aria-describedby={describedBy("stageNameId")}>
        <legend className="mb-1">Name the notices show as the copyright owner</legend>
        <div className="flex flex-col gap-2">
          {view.verifiedStageNames.length === 0 && (
            <label className="flex items-start gap-2">
              <input type="radio" value="stage" {...register("stageNameId")} className="mt-0.5 h-4 w-4 accent-brand-600" />
              <span>
                My stage name <span className="text-slate-400">(the one you verify)</span>
              </span>
            </label>
          )}
          {view.verifiedStageNames.map((s) => (
            <label key={s.id} className="flex items-start gap-2">
              <input type="radio" value={s.id} {...register("stageNameId")} className="mt-0.5 h-4 w-4 accent-brand-600" />
              <span>
                {s.username} <span className="text-slate-400">({s.platform}, verified)</span>
              </span>
            </label>
          ))}
          <label className="flex items-start gap-2">
            <input type="radio" value="legal" {...register("stageNameId")} className="mt-0.5 h-4 w-4 accent-brand-600" />
            <span>
              My legal name <span className="text-slate-400">(the sites and hosts who receive the notices will see it)</span>
            </span>
          </label>
        </div>
        <FieldError id={errorId("stageNameId")} message={errors.stageNameId?.message} />
      </fieldset>
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-200">
          <input type="checkbox" {...register("agree")} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" aria-invalid={Boolean(errors.agree)} aria-describedby={describedBy("agree")} />I
          have read the statement above and sign it: Leakwarden may send takedown notices as my agent.
        </label>
        <FieldError id={errorId("agree")} message={errors.agree?.message} />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="h-11 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-70 sm:self-start"
      >
        {busy ? "Signing..." : submitLabel}
      </button>
    </form>
  );
}
