import { zodResolver } from "@hookform/resolvers/zod";
import { deleteAccountFormSchema, type DeleteAccountFormValues } from "@leakwarden/contracts/account-data";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { paths } from "../../../config/paths";
import { GoogleButton } from "../../../components/google-button";
import { resetAnalytics } from "../../../lib/analytics";
import { ApiError, describeError } from "../../../lib/api-client";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { useClientState } from "../../../lib/client-state";
import { clearSession } from "../../../lib/session";
import { FormBanner, PasswordField } from "./form-fields";
import { requestDeletion, useDeletionStatus } from "../api/account-data";

const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-400 disabled:cursor-wait disabled:opacity-80";

/** Where she lands once the deletion is asked for: signed out, with the date it happens and how to cancel. */
export interface DeletionScheduledState {
  deletionScheduledFor: string;
}

/** What happens after the request: every session is gone, so this browser forgets hers and shows the sign-in page. */
function useSignedOutAfterRequest() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (eraseAfter: string) => {
    useClientState.getState().reset();
    resetAnalytics();
    queryClient.clear();
    clearSession();
    const state: DeletionScheduledState = { deletionScheduledFor: eraseAfter };
    navigate(paths.signin, { replace: true, state });
  };
}

function PasswordConfirmation({ onDone }: { onDone: (eraseAfter: string) => void }) {
  const id = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountFormValues>({ resolver: zodResolver(deleteAccountFormSchema), mode: "onSubmit", defaultValues: { password: "" } });
  const onSubmit = handleSubmit(async ({ password }) => {
    setBanner(null);
    try {
      const { eraseAfter } = await requestDeletion(password);
      onDone(eraseAfter);
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, ["password"])) setBanner(describeError(e));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Delete my account">
      <FormBanner message={banner} />
      <PasswordField id={`${id}-password`} label="Your password" autoComplete="current-password" error={errors.password?.message} {...register("password")} />
      <div className="mt-6">
        <button type="submit" className={dangerButton} disabled={isSubmitting}>
          {isSubmitting ? "Deleting..." : "Delete my account"}
        </button>
      </div>
    </form>
  );
}

function RecentSignInConfirmation({ onDone }: { onDone: (eraseAfter: string) => void }) {
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reauth, setReauth] = useState(false);
  async function confirm() {
    setBanner(null);
    setBusy(true);
    try {
      const { eraseAfter } = await requestDeletion(undefined);
      onDone(eraseAfter);
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) setReauth(true);
      setBanner(describeError(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <FormBanner message={banner} />
      <p className="mb-4 text-sm text-slate-300">Your account signs in with Google. If you signed in more than 10 minutes ago, Google asks you again first.</p>
      {reauth && (
        <div className="mb-4 max-w-sm">
          <GoogleButton label="Sign in again with Google" />
        </div>
      )}
      <button type="button" className={dangerButton} onClick={() => void confirm()} disabled={busy}>
        {busy ? "Deleting..." : "Delete my account"}
      </button>
    </div>
  );
}

/** "Delete my account": confirmed, then 7 days in which signing in cancels it, then erased. */
export function DeleteAccount() {
  const status = useDeletionStatus();
  const [open, setOpen] = useState(false);
  const signedOut = useSignedOutAfterRequest();
  return (
    <div>
      <p className="text-sm text-slate-300">
        Every device is signed out at once. For 7 days you can change your mind: signing in cancels the deletion. Then we erase your account and
        everything kept about you, except the minimal record the law requires of takedown notices sent in your name (date, recipient, link and
        statement), kept apart from any account. We email you when you ask and when it is done.
      </p>
      {!open ? (
        <button type="button" className={`${dangerButton} mt-4`} onClick={() => setOpen(true)}>
          Delete my account...
        </button>
      ) : (
        <div className="mt-5 rounded-xl border border-red-500/30 bg-red-950/30 p-4">
          <h3 className="mb-3 font-semibold text-white">Confirm the deletion</h3>
          {status.isPending ? (
            <p className="text-sm text-slate-400">Loading…</p>
          ) : status.isError ? (
            <FormBanner message={describeError(status.error)} />
          ) : status.data.confirmWith === "password" ? (
            <PasswordConfirmation onDone={signedOut} />
          ) : (
            <RecentSignInConfirmation onDone={signedOut} />
          )}
        </div>
      )}
    </div>
  );
}
