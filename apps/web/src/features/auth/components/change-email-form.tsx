import { zodResolver } from "@hookform/resolvers/zod";
import { accountSecurityMessages, changeEmailSchema, type ChangeEmailValues } from "@leakwarden/contracts/account-security";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { GoogleButton } from "../../../components/google-button";
import { FormBanner, PasswordField, SubmitButton, TextField } from "./form-fields";
import { changeEmail } from "../api/account-security";
import { StatusNote } from "./settings-card";

/** How her account proves it is her: its password, or (an account without one) a recent Google sign-in. */
export type EmailChangeConfirmWith = "password" | "recent-sign-in";

/**
 * A new address: it changes once she confirms it from that mailbox. Asked as a password change is:
 * her current password (or a Google sign-in of the last minutes) and, with two-factor sign-in on,
 * a code from her authenticator app or a backup code.
 */
export function ChangeEmailForm({ currentEmail, confirmWith = "password", twoFactor = false }: { currentEmail: string; confirmWith?: EmailChangeConfirmWith; twoFactor?: boolean }) {
  const id = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [reauth, setReauth] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailValues>({ resolver: zodResolver(changeEmailSchema), mode: "onChange", defaultValues: { newEmail: "", currentPassword: "", code: "" } });

  const onSubmit = handleSubmit(async ({ newEmail, currentPassword, code }) => {
    setBanner(null);
    setSentTo(null);
    if (newEmail.trim().toLowerCase() === currentEmail.toLowerCase()) {
      setBanner("This is already your email.");
      return;
    }
    let missing = false;
    if (confirmWith === "password" && !currentPassword) {
      setError("currentPassword", { message: accountSecurityMessages.emailChangePasswordRequired });
      missing = true;
    }
    if (twoFactor && !code?.trim()) {
      setError("code", { message: accountSecurityMessages.codeOrBackupRequired });
      missing = true;
    }
    if (missing) return;
    const result = await changeEmail(newEmail.trim(), {
      ...(confirmWith === "password" ? { currentPassword } : {}),
      ...(twoFactor ? { code: code?.trim() } : {}),
    });
    if (!result.ok) {
      const fields = result.fields ?? {};
      if (fields.currentPassword) setError("currentPassword", { message: fields.currentPassword });
      if (fields.code) setError("code", { message: fields.code });
      if (fields.newEmail) setError("newEmail", { message: fields.newEmail });
      // A Google account whose sign-in is too old: Google asks her again.
      if (result.status === 403 && confirmWith === "recent-sign-in") setReauth(true);
      if (!fields.currentPassword && !fields.code && !fields.newEmail) setBanner(result.message);
      return;
    }
    reset();
    setSentTo(newEmail.trim());
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change email">
      <FormBanner message={banner} />
      {sentTo && (
        <StatusNote>
          We sent a confirmation link to {sentTo}. Your email changes when you open it; until then you keep using {currentEmail}.
        </StatusNote>
      )}
      <TextField
        id={`${id}-email`}
        label="New email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.newEmail?.message}
        {...register("newEmail")}
      />
      {confirmWith === "password" ? (
        <PasswordField
          id={`${id}-password`}
          label="Current password"
          autoComplete="current-password"
          className="mt-4"
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
      ) : (
        <p className="mt-4 text-sm text-slate-300">Your account signs in with Google. If you signed in more than 10 minutes ago, Google asks you again first.</p>
      )}
      {reauth && (
        <div className="mt-4 max-w-sm">
          <GoogleButton label="Sign in again with Google" />
        </div>
      )}
      {twoFactor && (
        <TextField
          id={`${id}-code`}
          label="Authenticator or backup code"
          autoComplete="one-time-code"
          className="mt-4"
          error={errors.code?.message}
          {...register("code")}
        />
      )}
      <div className="mt-6 sm:w-56">
        <SubmitButton busy={isSubmitting} label="Change email" busyLabel="Sending..." />
      </div>
    </form>
  );
}
