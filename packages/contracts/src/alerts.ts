import { z } from "zod";

export const digestFrequencies = ["off", "daily", "weekly"] as const;
export type DigestFrequency = (typeof digestFrequencies)[number];

/** PUT /v1/alerts: the creator's email alert rules. */
export const alertRulesInputSchema = z
  .object({
    /** An email after each scan that found new leaks. */
    newLeak: z.boolean(),
    /** A summary of the leaks found since the last one. */
    digest: z.enum(digestFrequencies),
    /** An email when a takedown succeeded (the link is gone). */
    takedownSucceeded: z.boolean(),
    /** An email when a link re-posts content that was taken down (batched). Left out: unchanged. */
    reupload: z.boolean().optional(),
    /** An email when a new likely impersonator is listed (batched). Left out: unchanged. */
    newImpersonator: z.boolean().optional(),
  })
  .strict();
export type AlertRulesInput = z.infer<typeof alertRulesInputSchema>;

/** GET /v1/alerts */
export const alertRulesSchema = alertRulesInputSchema.extend({
  reupload: z.boolean(),
  newImpersonator: z.boolean(),
  /** Where the alerts go: the account's address. */
  email: z.string(),
  nextDigestAt: z.string().nullable(),
  lastDigestAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AlertRules = z.infer<typeof alertRulesSchema>;
