import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useDocumentTitle } from "../../../components/document-title";
import { describeError } from "../../../lib/api-client";
import { resetAnalytics } from "../../../lib/analytics";
import { useClientState } from "../../../lib/client-state";
import { clearSession, refreshSession } from "../../../lib/session";
import { confirmAge } from "../api/confirm-age";
import { signOut } from "../api/sign-out";
import { AGE_CONFIRMATION_MESSAGE, AgeConfirmationText } from "./age-confirmation-text";
import { AuthShell } from "./auth-shell";
import { FormBanner, SubmitButton } from "./form-fields";

export const CONFIRM_AGE_TITLE = "Confirm your age";

/**
 * Shown in place of any signed-in page while the account has no 18+ confirmation (a Google
 * sign-up cannot carry it). Once confirmed, the session is read again and the page asked for opens.
 */
export function ConfirmAgeScreen({ email }: { email: string }) {
  useDocumentTitle(`${CONFIRM_AGE_TITLE} — Leakwarden`);
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    if (!checked) {
      setError(AGE_CONFIRMATION_MESSAGE);
      return;
    }
    setBusy(true);
    try {
      await confirmAge();
      // Anything asked before the confirmation was refused: ask again.
      await queryClient.invalidateQueries();
      await refreshSession();
    } catch (e) {
      setBanner(describeError(e));
      setBusy(false);
    }
  }

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
      <form onSubmit={submit} noValidate aria-label="Confirm your age">
        <FormBanner message={banner} />
        <div>
          <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-300">
            <input
              type="checkbox"
              checked={checked}
              onChange={(e) => {
                setChecked(e.target.checked);
                setError(e.target.checked ? null : AGE_CONFIRMATION_MESSAGE);
              }}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-white/20 bg-ink-950 accent-brand-600"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <AgeConfirmationText />
          </label>
          {error && (
            <p id={errorId} className="mt-2 text-sm text-red-300">
              {error}
            </p>
          )}
        </div>
        <div className="mt-7">
          <SubmitButton busy={busy} label="Continue" busyLabel="Saving..." />
        </div>
      </form>
    </AuthShell>
  );
}
