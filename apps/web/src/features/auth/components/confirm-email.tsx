import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema, type ForgotPasswordValues } from "@leakwarden/contracts/account-security";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate } from "react-router";
import { toast } from "sonner";
import { PageFallback } from "../../../components/page-fallback";
import { usePageView } from "../../../lib/analytics";
import { useClientState } from "../../../lib/client-state";
import { useSession } from "../../../lib/session";
import { resendConfirmation } from "../api/resend-confirmation";
import { FieldError } from "./form-fields";
import { cardButton, StatusCard } from "./status-card";

/** /confirm: a confirmation mail is on its way; 'Resend the mail' sends another to the same address. */
export function ConfirmEmail() {
  usePageView("confirm");
  const session = useSession();
  const pendingEmail = useClientState((s) => s.pendingEmail);
  const inputId = useId();
  const known = pendingEmail ?? (session.status === "signed-in" ? session.user.email : null);
  // The address she signed up with, when this device knows it; otherwise she types it.
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), values: { email: known ?? "" }, resetOptions: { keepDirtyValues: true } });

  if (session.status === "loading") return <PageFallback />;
  // A signed-in creator's address is already confirmed (sign-in requires it): on to sign-in, which moves her on.
  if (session.status === "signed-in" && session.user.emailVerified) return <Navigate to="/signin" replace />;

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await resendConfirmation(email);
    if (result.ok) toast.success(`We sent a new confirmation mail to ${email}.`);
    else {
      console.warn("Resending the confirmation mail failed:", result.message);
      toast.error(result.message);
    }
  });

  return (
    <StatusCard tone="info" title="Confirm your email">
      <p>
        We sent a confirmation mail to {known ? <strong className="break-all text-white">{known}</strong> : "your address"}. Open it and
        follow the link to finish creating your account.
      </p>
      <p className="mt-3 text-sm text-slate-400">Nothing there after a few minutes? Look in your spam folder, or send it again.</p>
      <form onSubmit={onSubmit} className="mt-7 space-y-3 text-left">
        {!known && (
          <div>
            <label htmlFor={inputId} className="mb-2 block text-sm font-medium text-slate-200">
              The email you signed up with
            </label>
            <input
              id={inputId}
              type="email"
              required
              autoComplete="email"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${inputId}-error` : undefined}
              {...register("email", { setValueAs: (v: string) => v.trim() })}
              className="block w-full rounded-lg border border-white/15 bg-ink-950 px-3.5 py-3 text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            />
            <FieldError id={`${inputId}-error`} error={errors.email?.message} />
          </div>
        )}
        <button type="submit" className={cardButton} disabled={isSubmitting}>
          {isSubmitting ? "Sending..." : "Resend the mail"}
        </button>
      </form>
      <p className="mt-6 text-sm text-slate-400">
        Already confirmed?{" "}
        <Link to="/signin" className="font-semibold text-white underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </StatusCard>
  );
}
