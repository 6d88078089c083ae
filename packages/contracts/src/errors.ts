import { z } from "zod";

export const errorCodes = [
  "VALIDATION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "QUOTA_EXCEEDED",
  "AGE_CONFIRMATION_REQUIRED",
  "INTERNAL",
  "UPSTREAM",
  "UNAVAILABLE",
] as const;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
