import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import * as z from "zod/mini";
import { useDocumentTitle } from "../../../components/document-title";
import { describeError } from "../../../lib/api-client";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { resetAnalytics } from "../../../lib/analytics";
import { useClientState } from "../../../lib/client-state";
import { clearSession, refreshSession } from "../../../lib/session";
import { confirmAge } from "../api/confirm-age";
import { signOut } from "../api/sign-out";
import { AgeConfirmationText, ageConfirmedField } from "./age-confirmation-text";
import { AuthShell } from "./auth-shell";
import { FieldError, FormBanner, SubmitButton } from "./form-fields";

export const CONFIRM_AGE_TITLE = "Confirm your age";

const confirmAgeFormSchema = z.object({ ageConfirmed: ageConfirmedField });
type ConfirmAgeValues = z.infer<typeof confirmAgeFormSchema>;

/**
 * Shown in place of any signed-in page while the account has no 18+ confirmation (a Google
 * sign-up cannot carry it). Once confirmed, the session is read again and the page asked for opens.
 */
export function ConfirmAgeScreen({ email }: { email: string }) {
  useDocumentTitle(`${CONFIRM_AGE_TITLE} — Leakwarden`);
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmAgeValues>({ resolver: zodResolver(confirmAgeFormSchema), mode: "onChange", defaultValues: { ageConfirmed: false } });

  const onSubmit = handleSubmit(async () => {
    setBanner(null);
    try {
      await confirmAge();
      // Anything asked before the confirmation was refused: ask again.
      await queryClient.invalidateQueries();
      await refreshSession();
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, ["ageConfirmed"])) setBanner(describeError(e));
    }
  });

  async function leave() {
    await signOut();
    useClientState.getState().reset();
    resetAnalytics();
    clearSession();
    queryClient.clear();
    navigate("/", { replace: true });
  }

  const errorId = `${id}-error`;
  return (
    <AuthShell
      title={CONFIRM_AGE_TITLE}
      subtitle="Leakwarden is for creators 18 and older. Confirm it once to continue."
      footer={
        <>
          Signed in as <span className="break-all text-slate-200">{email}</span>.{" "}
          <button type="button" onClick={leave} className="font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400">
            Sign out
          </button>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Confirm your age">
        <FormBanner message={banner} />
        <div>
          <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-300">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-white/20 bg-ink-950 accent-brand-600"
              aria-invalid={errors.ageConfirmed ? true : undefined}
              aria-describedby={errors.ageConfirmed ? errorId : undefined}
              {...register("ageConfirmed")}
            />
            <AgeConfirmationText />
          </label>
          <FieldError id={errorId} error={errors.ageConfirmed?.message} />
        </div>
        <div className="mt-7">
          <SubmitButton busy={isSubmitting} label="Continue" busyLabel="Saving..." />
        </div>
      </form>
    </AuthShell>
  );
}
