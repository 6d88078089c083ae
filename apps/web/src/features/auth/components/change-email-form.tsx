import { zodResolver } from "@hookform/resolvers/zod";
import { changeEmailSchema, type ChangeEmailValues } from "@leakwarden/contracts/account-security";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormBanner, SubmitButton, TextField } from "./form-fields";
import { changeEmail } from "../api/account-security";
import { StatusNote } from "./settings-card";

/** A new address: it changes once she confirms it from that mailbox. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const id = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailValues>({ resolver: zodResolver(changeEmailSchema), mode: "onChange", defaultValues: { newEmail: "" } });

  const onSubmit = handleSubmit(async ({ newEmail }) => {
    setBanner(null);
    setSentTo(null);
    if (newEmail.trim().toLowerCase() === currentEmail.toLowerCase()) {
      setBanner("This is already your email.");
      return;
    }
    const result = await changeEmail(newEmail.trim());
    if (!result.ok) {
      setBanner(result.message);
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
      <div className="mt-6 sm:w-56">
        <SubmitButton busy={isSubmitting} label="Change email" busyLabel="Sending..." />
      </div>
    </form>
  );
}
