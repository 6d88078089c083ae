import { zodResolver } from "@hookform/resolvers/zod";
import type { CreateTakedowns } from "@leakwarden/contracts/takedowns";
import { useId, useRef } from "react";
import { useForm, type Path } from "react-hook-form";
import * as z from "zod/mini";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { toastMutationError } from "../../../lib/mutation-toast";
import { useAttestation } from "../api/get-attestation";
import { FieldError } from "./field-error";

export const ATTEST_FIRST_MESSAGE = "Confirm the statement: nothing is sent under the TAKE IT DOWN Act without it.";

/** What she chooses here: the basis (a forgery allows only the Act), whether it is a forgery, and her confirmation of the statement. */
const takeItDownFormSchema = z.object({
  basis: z.enum(["both", "takeitdown"]),
  forgery: z.boolean(),
  attest: z.boolean().check(z.refine((v) => v, ATTEST_FIRST_MESSAGE)),
});
type TakeItDownValues = z.infer<typeof takeItDownFormSchema>;
const serverFields = ["basis", "forgery", "attest"] as const satisfies readonly Path<TakeItDownValues>[];

/**
 * The TAKE IT DOWN Act request for an intimate image published without her consent, alone or
 * beside the DMCA notice; a forgery of her (AI or edited) offers only the Act. Nothing is sent
 * before she confirms the statement. Product copy, not legal advice. A refusal of `onSend` with
 * the server's field errors shows each under its field.
 */
export function TakeItDownChoice({
  onSend,
  onCancel,
  pending,
  forgeryMarked = false,
  onForgeryChange,
}: {
  onSend: (input: Omit<CreateTakedowns, "leakIds">) => void | Promise<void>;
  onCancel: () => void;
  pending: boolean;
  /** The leak is marked a forgery or AI image of her. */
  forgeryMarked?: boolean;
  /** Keeps her answer on the leak (the leaks list shows it; a DMCA notice is no longer offered for it). */
  onForgeryChange?: (forgery: boolean) => void;
}) {
  const attestation = useAttestation(true);
  const name = useId();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TakeItDownValues>({
    resolver: zodResolver(takeItDownFormSchema),
    defaultValues: { basis: forgeryMarked ? "takeitdown" : "both", forgery: forgeryMarked, attest: false },
  });
  const forgery = watch("forgery");
  // The basis she had chosen before she said it is a forgery, given back if she takes that back.
  const basisBefore = useRef<TakeItDownValues["basis"]>("both");
  const text = attestation.data ? (forgery ? attestation.data.forgery : attestation.data.intimate) : null;
  const errorId = (field: (typeof serverFields)[number]) => `${name}-${field}-error`;

  const submit = handleSubmit(async (values) => {
    try {
      await onSend({ basis: values.forgery ? "takeitdown" : values.basis, forgery: values.forgery, attest: true });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, serverFields)) toastMutationError(error);
    }
  });

  return (
    <form className="mt-3 flex flex-col gap-4 text-sm text-slate-300" noValidate onSubmit={(e) => void submit(e)}>
      <p>
        Since 19 May 2026, sites that host what their users post must remove an intimate image published without the consent of the person shown within{" "}
        {attestation.data?.deadlineHours ?? 48} hours of a valid request, and remove identical copies. We track the deadline and tell you if the site misses it.
      </p>
      <div>
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            {...register("forgery", {
              onChange: (e: { target: { checked: boolean } }) => {
                // Copyright does not reach a forgery: only the Act's request is offered.
                if (e.target.checked) basisBefore.current = getValues("basis");
                setValue("basis", e.target.checked ? "takeitdown" : basisBefore.current);
                onForgeryChange?.(e.target.checked);
              },
            })}
            aria-invalid={errors.forgery ? true : undefined}
            aria-describedby={errors.forgery ? errorId("forgery") : undefined}
            className="mt-1"
          />
          <span>It is a forgery or AI image of me (copyright does not reach it: only the TAKE IT DOWN request is sent{onForgeryChange ? "; the link stays marked so" : ""})</span>
        </label>
        <FieldError id={errorId("forgery")} message={errors.forgery?.message} />
      </div>
      <fieldset disabled={forgery} className="flex flex-col gap-1 disabled:opacity-60" aria-describedby={errors.basis ? errorId("basis") : undefined}>
        <legend className="mb-1 font-semibold text-white">What to send</legend>
        <label className="flex items-center gap-2">
          <input type="radio" value="both" {...register("basis")} />
          A TAKE IT DOWN request and a DMCA notice
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="takeitdown" {...register("basis")} />
          Only a TAKE IT DOWN request
        </label>
        <FieldError id={errorId("basis")} message={errors.basis?.message} />
      </fieldset>
      <div>
        <label className="flex items-start gap-2 rounded-lg border border-white/10 p-3">
          <input
            type="checkbox"
            {...register("attest")}
            className="mt-1"
            aria-invalid={errors.attest ? true : undefined}
            aria-describedby={errors.attest ? errorId("attest") : undefined}
          />
          <span data-testid="attestation-text">{text ?? "Loading the statement..."}</span>
        </label>
        <FieldError id={errorId("attest")} message={errors.attest?.message} />
      </div>
      <p className="text-xs text-slate-400">This wording helps you use the law; it is not legal advice.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className="h-11 rounded-lg border border-white/15 px-4 text-sm font-semibold text-white hover:bg-white/5">
          Not now
        </button>
        <button type="submit" disabled={pending || isSubmitting || !text} className="h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
          Send the request
        </button>
      </div>
    </form>
  );
}
