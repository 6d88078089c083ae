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
