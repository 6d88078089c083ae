// zod/mini, like the sign-in schema: these forms sit next to it.
import * as z from "zod/mini";
import { credentialsSchema } from "./auth";
import { MIN_PASSWORD_LENGTH, messages } from "./validation-messages";

export const accountSecurityMessages = {
  passwordsDiffer: "The passwords do not match",
  currentPasswordRequired: "Your current password is required",
  codeInvalid: "Enter the 6-digit code from your authenticator app",
  backupCodeRequired: "Enter one of your backup codes",
  codeOrBackupRequired: "Enter the 6-digit code from your authenticator app, or one of your backup codes",
  emailChangePasswordRequired: "Enter your current password to change your email",
  resetSent: "If an account uses this address, we have emailed it a link to set a new password. The link works once, for one hour.",
  resetInvalidLink: "This link has expired or was already used. Ask for a new one.",
  passwordReset: "Your password was changed and every other device was signed out. Sign in with your new password.",
} as const;

const email = credentialsSchema.shape.email;
const newPassword = z.string().check(z.minLength(1, messages.passwordRequired), z.minLength(MIN_PASSWORD_LENGTH, messages.passwordTooShort), z.maxLength(128, "Password must be at most 128 characters"));

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string().check(z.maxLength(128, accountSecurityMessages.passwordsDiffer)) })
  .check(z.refine((v) => v.password === v.confirm, { error: accountSecurityMessages.passwordsDiffer, path: ["confirm"] }));
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, accountSecurityMessages.currentPasswordRequired), z.maxLength(128, "Password must be at most 128 characters")),
  newPassword,
});
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/**
 * A new address, confirmed as a password change is: her current password (an account without one
 * signs in again with Google instead) and, with two-factor sign-in on, an authenticator or backup
 * code. Which of them her account needs is the form's to ask (the server insists either way).
 */
export const changeEmailSchema = z.object({
  newEmail: email,
  currentPassword: z.optional(z.string().check(z.maxLength(128, "Password must be at most 128 characters"))),
  code: z.optional(z.string().check(z.trim(), z.maxLength(64, accountSecurityMessages.codeOrBackupRequired))),
});
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;

/** The password that confirms turning two-factor sign-in on or off. */
export const confirmPasswordSchema = z.object({ password: z.string().check(z.minLength(1, messages.passwordRequired), z.maxLength(128, "Password must be at most 128 characters")) });
export type ConfirmPasswordValues = z.infer<typeof confirmPasswordSchema>;

export const totpCodeSchema = z.object({ code: z.string().check(z.maxLength(64, accountSecurityMessages.codeInvalid), z.trim(), z.regex(/^\d{6}$/, accountSecurityMessages.codeInvalid)) });
export type TotpCodeValues = z.infer<typeof totpCodeSchema>;

export const backupCodeSchema = z.object({ code: z.string().check(z.trim(), z.minLength(1, accountSecurityMessages.backupCodeRequired), z.maxLength(64, accountSecurityMessages.backupCodeRequired)) });
export type BackupCodeValues = z.infer<typeof backupCodeSchema>;
