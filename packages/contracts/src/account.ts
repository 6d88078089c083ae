import { z } from "zod";

/** GET /v1/root/get-user: the spec's user record. */
export const getUserResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  email_confirmed_at: z.string().nullable(),
  age_confirmed: z.boolean(),
  subscription_name: z.string().nullable(),
});

export type GetUserResponse = z.infer<typeof getUserResponseSchema>;

/** POST /v1/account/confirm-age: the 18+ confirmation an account made without it (Google sign-up) gives once. */
export const confirmAgeSchema = z.object({
  ageConfirmed: z.literal(true, { error: "You must confirm that you are 18 or older." }),
});

export type ConfirmAgeInput = z.infer<typeof confirmAgeSchema>;

export const confirmAgeResponseSchema = z.object({
  ageConfirmed: z.literal(true),
});

export type ConfirmAgeResponse = z.infer<typeof confirmAgeResponseSchema>;
