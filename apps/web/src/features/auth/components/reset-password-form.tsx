import { zodResolver } from "@hookform/resolvers/zod";
import { accountSecurityMessages, resetPasswordSchema, type ResetPasswordValues } from "@leakwarden/contracts/account-security";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { FormBanner, PasswordField, SubmitButton } from "./form-fields";
import { resetPassword } from "../api/account-security";

/** The emailed link's page: a new password, twice; then sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const id = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), mode: "onChange", defaultValues: { password: "", confirm: "" } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setBanner(null);
    const result = await resetPassword(token, password);
    if (!result.ok) {
      const invalid = result.code === "INVALID_TOKEN";
      setExpired(invalid);
      setBanner(invalid ? accountSecurityMessages.resetInvalidLink : result.message);
      return;
    }
    setDone(true);
  });

  if (done) {
    return (
      <div role="status" className="space-y-5">
        <p className="rounded-lg border border-brand-500/40 bg-brand-500/10 px-4 py-3 text-sm text-slate-100">{accountSecurityMessages.passwordReset}</p>
        <Link to="/signin" className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Set a new password">
      <FormBanner message={banner}>
        {expired && (
          <Link to="/forgot-password" className="mt-2 inline-block font-semibold text-white underline underline-offset-2">
            Ask for a new link
          </Link>
        )}
      </FormBanner>
      <div className="space-y-5">
        <PasswordField id={`${id}-password`} label="New password" autoComplete="new-password" error={errors.password?.message} {...register("password")} />
        <PasswordField id={`${id}-confirm`} label="Repeat the new password" autoComplete="new-password" error={errors.confirm?.message} {...register("confirm", { deps: ["password"] })} />
      </div>
      <div className="mt-7">
        <SubmitButton busy={isSubmitting} label="Set new password" busyLabel="Saving..." />
      </div>
    </form>
  );
}
