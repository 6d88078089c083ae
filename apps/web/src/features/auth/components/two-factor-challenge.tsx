import { zodResolver } from "@hookform/resolvers/zod";
import { backupCodeSchema, totpCodeSchema, type TotpCodeValues } from "@leakwarden/contracts/account-security";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormBanner, SubmitButton, TextField } from "./form-fields";
import { verifyBackupCode, verifyTotp, type SignedInAfterCode } from "../api/account-security";

/** The auth server's refusals of a sign-in whose first step is too old or was used up, in words. */
const EXPIRED_SIGN_IN = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);
export const SIGN_IN_EXPIRED = "This sign-in has expired. Sign in again, then enter a new code.";

/** Sign-in's second step when two-factor sign-in is on: the app's code, or one backup code. */
export function TwoFactorChallenge({ onSignedIn }: { onSignedIn: (user: SignedInAfterCode["user"]) => Promise<void> }) {
  const id = useId();
  const [useBackup, setUseBackup] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TotpCodeValues>({ resolver: zodResolver(useBackup ? backupCodeSchema : totpCodeSchema), mode: "onSubmit", defaultValues: { code: "" } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setBanner(null);
    const result = await (useBackup ? verifyBackupCode(code) : verifyTotp(code));
    if (!result.ok) {
      setBanner(result.code && EXPIRED_SIGN_IN.has(result.code) ? SIGN_IN_EXPIRED : result.message);
      return;
    }
    await onSignedIn(result.data.user);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      <FormBanner message={banner} />
      <p className="mb-5 text-sm text-slate-300">
        {useBackup ? "Enter one of the backup codes you saved. Each works once." : "Open your authenticator app and enter the 6-digit code for Leakwarden."}
      </p>
      <TextField
        key={useBackup ? "backup" : "totp"}
        id={`${id}-code`}
        label={useBackup ? "Backup code" : "Authentication code"}
        autoComplete="one-time-code"
        inputMode={useBackup ? "text" : "numeric"}
        autoFocus
        error={errors.code?.message}
        {...register("code")}
      />
      <div className="mt-7">
        <SubmitButton busy={isSubmitting} label="Verify" busyLabel="Verifying..." />
      </div>
      <button
        type="button"
        className="mt-4 text-sm font-semibold text-brand-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
        onClick={() => {
          setUseBackup((b) => !b);
          setBanner(null);
          reset({ code: "" });
        }}
      >
        {useBackup ? "Use the authenticator app instead" : "Use a backup code instead"}
      </button>
    </form>
  );
}
