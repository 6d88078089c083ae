import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordSchema, type ChangePasswordValues } from "@leakwarden/contracts/account-security";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormBanner, PasswordField, SubmitButton } from "./form-fields";
import { changePassword } from "../api/account-security";
import { StatusNote } from "./settings-card";

/** The current password, then the new one; every other session is signed out. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const id = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), mode: "onChange", defaultValues: { currentPassword: "", newPassword: "" } });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setBanner(null);
    setDone(false);
    const result = await changePassword(currentPassword, newPassword);
    if (!result.ok) {
      setBanner(result.message);
      return;
    }
    reset();
    setDone(true);
    onChanged?.();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <FormBanner message={banner} />
      {done && <StatusNote>Your password was changed. Every other device was signed out.</StatusNote>}
      <div className="grid gap-5 sm:grid-cols-2">
        <PasswordField id={`${id}-current`} label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...register("currentPassword")} />
        <PasswordField id={`${id}-new`} label="New password" autoComplete="new-password" error={errors.newPassword?.message} {...register("newPassword")} />
      </div>
      <div className="mt-6 sm:w-56">
        <SubmitButton busy={isSubmitting} label="Change password" busyLabel="Saving..." />
      </div>
    </form>
  );
}
