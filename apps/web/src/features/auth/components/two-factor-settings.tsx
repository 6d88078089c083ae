import { zodResolver } from "@hookform/resolvers/zod";
import { confirmPasswordSchema, totpCodeSchema, type ConfirmPasswordValues, type TotpCodeValues } from "@leakwarden/contracts/account-security";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { renderSVG } from "uqr";
import { FormBanner, PasswordField, SubmitButton, TextField } from "./form-fields";
import { disableTwoFactor, enableTwoFactor, verifyTotp, type TwoFactorSetup } from "../api/account-security";
import { StatusNote } from "./settings-card";
import { queryKeys } from "../../../lib/query-keys";

/** The otpauth:// URI's secret, for typing into an app by hand. */
function secretOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}

function PasswordStep({ label, busyLabel, onPassword }: { label: string; busyLabel: string; onPassword: (password: string) => Promise<string | null> }) {
  const id = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmPasswordValues>({ resolver: zodResolver(confirmPasswordSchema), mode: "onSubmit", defaultValues: { password: "" } });
  const onSubmit = handleSubmit(async ({ password }) => setBanner(await onPassword(password)));
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <FormBanner message={banner} />
      <PasswordField id={`${id}-password`} label="Your password" autoComplete="current-password" error={errors.password?.message} {...register("password")} />
      <div className="mt-6 sm:w-56">
        <SubmitButton busy={isSubmitting} label={label} busyLabel={busyLabel} />
      </div>
    </form>
  );
}

function ConfirmSetup({ setup, onConfirmed }: { setup: TwoFactorSetup; onConfirmed: () => void }) {
  const id = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const qr = useMemo(() => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(setup.totpURI, { border: 2 }))}`, [setup.totpURI]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TotpCodeValues>({ resolver: zodResolver(totpCodeSchema), mode: "onSubmit", defaultValues: { code: "" } });
  const onSubmit = handleSubmit(async ({ code }) => {
    setBanner(null);
    const result = await verifyTotp(code);
    if (!result.ok) {
      setBanner(result.message);
      return;
    }
    onConfirmed();
  });
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-300">
        <li>Scan this code with your authenticator app (or type the key below into it).</li>
        <li>Save the backup codes somewhere safe: each signs you in once if you lose your phone.</li>
        <li>Enter the 6-digit code the app shows to turn two-factor sign-in on.</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <img src={qr} alt="QR code for your authenticator app" width={176} height={176} className="h-44 w-44 rounded-lg bg-white p-1" />
        <div className="min-w-0 flex-1 space-y-3 text-sm">
          <p className="text-slate-300">
            Key: <code className="font-mono break-all text-white" data-testid="totp-secret">{secretOf(setup.totpURI)}</code>
          </p>
          <p className="text-slate-300">Backup codes:</p>
          <ul className="grid grid-cols-2 gap-1 font-mono text-white" aria-label="Backup codes">
            {setup.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Confirm two-factor sign-in">
        <FormBanner message={banner} />
        <TextField id={`${id}-code`} label="Code from the app" autoComplete="one-time-code" inputMode="numeric" error={errors.code?.message} {...register("code")} />
        <div className="mt-6 sm:w-56">
          <SubmitButton busy={isSubmitting} label="Turn on" busyLabel="Checking..." />
        </div>
      </form>
    </div>
  );
}

/** Two-factor sign-in with an authenticator app: off, being set up, or on. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });

  if (enabled) {
    return (
      <div>
        {note && <StatusNote>{note}</StatusNote>}
        <p className="mb-5 text-sm text-slate-300">
          <span className="font-semibold text-white">On.</span> Signing in asks for a code from your authenticator app or one of your backup codes.
        </p>
        <PasswordStep
          label="Turn off"
          busyLabel="Turning off..."
          onPassword={async (password) => {
            const result = await disableTwoFactor(password);
            if (!result.ok) return result.message;
            setNote("Two-factor sign-in is off.");
            await refresh();
            return null;
          }}
        />
      </div>
    );
  }
  if (setup) {
    return (
      <ConfirmSetup
        setup={setup}
        onConfirmed={() => {
          setSetup(null);
          setNote("Two-factor sign-in is on.");
          void refresh();
        }}
      />
    );
  }
  return (
    <div>
      {note && <StatusNote>{note}</StatusNote>}
      <p className="mb-5 text-sm text-slate-300">
        <span className="font-semibold text-white">Off.</span> Turn it on to ask for a code from an authenticator app after your password.
      </p>
      <PasswordStep
        label="Set up"
        busyLabel="Setting up..."
        onPassword={async (password) => {
          const result = await enableTwoFactor(password);
          if (!result.ok) return result.message;
          setNote(null);
          setSetup(result.data);
          return null;
        }}
      />
    </div>
  );
}
