import { z } from "zod";

/** POST /v1/account/deletion: her password confirms it (an account without one confirms with a recent sign-in). */
export const deleteAccountSchema = z.object({
  password: z.string().max(128, "That password is too long.").optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The form the settings show: the password is asked for only when the account has one. */
export const deleteAccountFormSchema = z.object({
  password: z.string().min(1, "Enter your password to confirm.").max(128, "That password is too long."),
});
export type DeleteAccountFormValues = z.infer<typeof deleteAccountFormSchema>;

export const accountDeletionStatusSchema = z.object({
  /** password: she types it; recent-sign-in: an account without a password signs in again with Google. */
  confirmWith: z.enum(["password", "recent-sign-in"]),
  scheduled: z.object({ requestedAt: z.string(), eraseAfter: z.string() }).nullable(),
  /** A sign-in cancelled her deletion and she has not yet been told. */
  cancelledBySignIn: z.object({ at: z.string() }).nullable(),
});
export type AccountDeletionStatus = z.infer<typeof accountDeletionStatusSchema>;

export const deleteAccountResponseSchema = z.object({ eraseAfter: z.string() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;
