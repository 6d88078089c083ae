import { zodResolver } from "@hookform/resolvers/zod";
import { credentialsSchema, type Credentials } from "@leakwarden/contracts/auth";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { useHydrated } from "../../../components/use-hydrated";
import { useClientState } from "../../../lib/client-state";
import { TwoFactorChallenge } from "./two-factor-challenge";
import { signInWithPassword } from "../api/sign-in";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { FormBanner, PasswordField, SubmitButton, TextField } from "./form-fields";

export function SignInForm() {
  const id = useId();
  const hydrated = useHydrated();
  const [banner, setBanner] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [askCode, setAskCode] = useState(false);
  const setPendingEmail = useClientState((s) => s.setPendingEmail);
  const completeSignIn = useCompleteSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ resolver: zodResolver(credentialsSchema), mode: "onChange", defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    setUnconfirmed(false);
    const result = await signInWithPassword(values);
    if (!result.ok) {
      setBanner(result.message);
      if (result.code === "EMAIL_NOT_VERIFIED") {
        setPendingEmail(values.email);
        setUnconfirmed(true);
      }
      return;
    }
    // Two-factor sign-in is on: the password was right, the app's code comes next.
    if ("twoFactorRedirect" in result.data && result.data.twoFactorRedirect) {
      setAskCode(true);
      return;
    }
    if ("user" in result.data) await completeSignIn(result.data.user);
  });

  if (askCode) return <TwoFactorChallenge onSignedIn={completeSignIn} />;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <FormBanner message={banner}>
        {unconfirmed && (
          <Link to="/confirm" className="mt-2 inline-block font-semibold text-white underline underline-offset-2">
            Resend the confirmation mail
          </Link>
        )}
      </FormBanner>
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
            autoComplete="current-password"
            placeholder="Your password"
            error={errors.password?.message}
            {...register("password")}
          />
          <p className="-mt-2 text-right text-sm">
            <Link to="/forgot-password" className="font-semibold text-brand-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400">
              Forgot password?
            </Link>
          </p>
        </div>
        <div className="mt-7">
          <SubmitButton busy={isSubmitting} label="Sign In" busyLabel="Signing in..." />
        </div>
      </fieldset>
    </form>
  );
}
