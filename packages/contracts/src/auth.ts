import { z } from "zod";
import { MIN_PASSWORD_LENGTH, messages } from "./validation-messages";

// text @ text . text, as the spec says; checked on every change and on submit.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const credentialsSchema = z.object({
  email: z.string().min(1, messages.emailRequired).regex(emailShape, messages.emailInvalid),
  password: z.string().min(1, messages.passwordRequired).min(MIN_PASSWORD_LENGTH, messages.passwordTooShort),
});

export type Credentials = z.infer<typeof credentialsSchema>;
