import { useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { Logo } from "../../../components/logo";
import { DataExport } from "./data-export";
import { DeleteAccount } from "./delete-account";
import { useDeletionStatus } from "../api/account-data";
import { sessionsQueryOptions, useTwoFactorEnabled } from "../api/account-security";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordForm } from "./change-password-form";
import { SessionsList } from "./sessions-list";
import { SettingsCard, StatusNote } from "./settings-card";
import { TwoFactorSettings } from "./two-factor-settings";

/** Her account settings: password, email, two-factor sign-in, signed-in devices, her data. */
export function AccountSettings({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const twoFactor = useTwoFactorEnabled();
  // How her account confirms sensitive changes (the deletion's answer): a password, or a fresh Google sign-in.
  const confirmation = useDeletionStatus();
  const [params] = useSearchParams();
  const emailChanged = params.get("email") === "changed" && !params.get("error");
  const emailError = params.get("email") === "changed" && params.get("error");
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex w-full max-w-3xl items-center justify-between px-5 py-5">
        <Logo />
        <Link to="/dashboard" className="rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400">
          Back to dashboard
        </Link>
      </header>
      <main className="mx-auto w-full max-w-3xl space-y-6 px-5 pb-16">
        <div>
          <h1 className="text-2xl font-bold text-white">Settings</h1>
          <p className="mt-1 text-slate-400">Signed in as {email}</p>
        </div>
        {emailChanged && <StatusNote>Your new email is confirmed: you now sign in with {email}.</StatusNote>}
        {emailError && <StatusNote>That confirmation link has expired or was already used. Ask for the change again below.</StatusNote>}
        <SettingsCard id="settings-password" title="Password" description="Changing it signs out every other device.">
          <ChangePasswordForm onChanged={() => void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey })} />
        </SettingsCard>
        <SettingsCard id="settings-email" title="Email" description={`Your sign-in and alerts go to ${email}. A new address is confirmed from its own mailbox, and this one is told.`}>
          {twoFactor.isPending || confirmation.isPending ? (
            <p className="text-sm text-slate-400">Loading…</p>
          ) : (
            <ChangeEmailForm currentEmail={email} confirmWith={confirmation.data?.confirmWith ?? "password"} twoFactor={twoFactor.data === true} />
          )}
        </SettingsCard>
        <SettingsCard id="settings-two-factor" title="Two-factor sign-in" description="A code from an authenticator app after your password, so that a stolen password is not enough.">
          {twoFactor.isPending ? <p className="text-sm text-slate-400">Loading…</p> : <TwoFactorSettings enabled={twoFactor.data === true} />}
        </SettingsCard>
        <SettingsCard id="settings-sessions" title="Where you are signed in" description="Sign out a device you do not recognise, or every device but this one.">
          <SessionsList />
        </SettingsCard>
        <SettingsCard id="settings-data" title="Your data" description="Download a copy of everything Leakwarden keeps about you.">
          <DataExport />
        </SettingsCard>
        <SettingsCard id="settings-delete" title="Delete your account" description="Close your account and erase your data.">
          <DeleteAccount />
        </SettingsCard>
      </main>
    </div>
  );
}
