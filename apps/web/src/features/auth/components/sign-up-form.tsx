import { zodResolver } from "@hookform/resolvers/zod";
import { credentialsSchema } from "@leakwarden/contracts/auth";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import * as z from "zod/mini";
import { useHydrated } from "../../../components/use-hydrated";
import { useClientState } from "../../../lib/client-state";
import { signUpWithPassword } from "../api/sign-up";
import { AGE_CONFIRMATION_MESSAGE, AgeConfirmationText, ageConfirmedField } from "./age-confirmation-text";
import { FormBanner, PasswordField, SubmitButton, TextField } from "./form-fields";

export { AGE_CONFIRMATION_MESSAGE };

export const signUpSchema = z.extend(credentialsSchema, {
  ageConfirmed: ageConfirmedField,
});

type SignUpValues = z.infer<typeof signUpSchema>;

export function SignUpForm() {
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<string | null>(null);
  const setPendingEmail = useClientState((s) => s.setPendingEmail);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    mode: "onChange",
    defaultValues: { email: "", password: "", ageConfirmed: false },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setBanner(null);
    const result = await signUpWithPassword({ email, password });
    if (!result.ok) {
      setBanner(result.message);
      return;
    }
    setPendingEmail(email);
    navigate("/confirm");
  });

  const ageErrorId = `${id}-age-error`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up">
      <FormBanner message={banner} />
      <fieldset disabled={!hydrated} className="contents">
        <div className="space-y-5">
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
          <PasswordField
            id={`${id}-password`}
            label="Password"
            autoComplete="new-password"
            placeholder="At least 6 characters"
            error={errors.password?.message}
            {...register("password")}
          />
          <div>
            <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-300">
              <input
                type="checkbox"
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-white/20 bg-ink-950 accent-brand-600"
                aria-invalid={errors.ageConfirmed ? true : undefined}
                aria-describedby={errors.ageConfirmed ? ageErrorId : undefined}
                {...register("ageConfirmed")}
              />
              <AgeConfirmationText />
            </label>
            {errors.ageConfirmed && (
              <p id={ageErrorId} className="mt-2 text-sm text-red-300">
                {errors.ageConfirmed.message}
              </p>
            )}
          </div>
        </div>
        <div className="mt-7">
          <SubmitButton busy={isSubmitting} label="Sign Up" busyLabel="Creating account..." />
        </div>
      </fieldset>
    </form>
  );
}
