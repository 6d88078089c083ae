import { zodResolver } from "@hookform/resolvers/zod";
import { accountSecurityMessages, forgotPasswordSchema, type ForgotPasswordValues } from "@leakwarden/contracts/account-security";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormBanner, SubmitButton, TextField } from "./form-fields";
import { requestPasswordReset } from "../api/account-security";

/** "Forgot password?": the address, then the same answer whether or not it has an account. */
export function ForgotPasswordForm() {
  const id = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), mode: "onChange", defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setBanner(null);
    const result = await requestPasswordReset(email);
    if (!result.ok) {
      setBanner(result.message);
      return;
    }
    setSent(true);
  });

  if (sent) {
    return (
      <p role="status" className="rounded-lg border border-brand-500/40 bg-brand-500/10 px-4 py-3 text-sm text-slate-100">
        {accountSecurityMessages.resetSent}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset your password">
      <FormBanner message={banner} />
      <TextField
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register("email")}
      />
      <div className="mt-7">
        <SubmitButton busy={isSubmitting} label="Email me a link" busyLabel="Sending..." />
      </div>
    </form>
  );
}
