// zod/mini: the sign-in and sign-up pages load this schema first thing, and mini is a fraction of the size.
import * as z from "zod/mini";
import { MIN_PASSWORD_LENGTH, messages } from "./validation-messages";

// text @ text . text, as the spec says; checked on every change and on submit.
const emailShape = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const credentialsSchema = z.object({
  email: z.string().check(z.minLength(1, messages.emailRequired), z.maxLength(254, messages.emailInvalid), z.regex(emailShape, messages.emailInvalid)),
  password: z.string().check(z.minLength(1, messages.passwordRequired), z.minLength(MIN_PASSWORD_LENGTH, messages.passwordTooShort), z.maxLength(128, "Password must be at most 128 characters")),
});

export type Credentials = z.infer<typeof credentialsSchema>;
