import { z } from "zod";

/** Impersonation monitoring: accounts that pass themselves off as the creator, with why we think so. */

export const impersonatorStatuses = ["open", "reported", "gone", "dismissed"] as const;
export type ImpersonatorStatus = (typeof impersonatorStatuses)[number];

export const evidenceKinds = ["name", "display-name", "avatar", "post-image", "leak-link", "own-link", "payment-link", "new-account"] as const;

export const impersonatorEvidenceSchema = z.object({
  kind: z.enum(evidenceKinds),
  weight: z.number(),
  detail: z.string(),
  url: z.string().optional(),
  /** For "post-image": the account's posts showing her photos, each with the image that matched. */
  posts: z.array(z.object({ url: z.string(), imageUrl: z.string() })).optional(),
});

export const impersonatorSchema = z.object({
  id: z.string(),
  platformId: z.number(),
  platform: z.string(),
  handle: z.string(),
  profileUrl: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  /** Our own copy of the avatar (served by us, never the platform's address); null when there is none. */
  avatarPath: z.string().nullable(),
  links: z.array(z.string()),
  followers: z.number().nullable(),
  accountCreatedAt: z.string().nullable(),
  score: z.number(),
  evidence: z.array(impersonatorEvidenceSchema),
  status: z.enum(impersonatorStatuses),
  firstSeenAt: z.string(),
  lastCheckedAt: z.string(),
  reportedAt: z.string().nullable(),
  goneAt: z.string().nullable(),
});
export type Impersonator = z.infer<typeof impersonatorSchema>;

export const impersonationCheckSchema = z.object({
  status: z.enum(["never", "queued", "running", "done", "failed"]),
  requestedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Platforms that show nothing of a profile without a login. */
  uncheckable: z.array(z.object({ platform: z.string(), reason: z.string() })),
  profilesChecked: z.number(),
});
export type ImpersonationCheck = z.infer<typeof impersonationCheckSchema>;

/** GET /v1/impersonators */
export const impersonatorsResponseSchema = z.object({
  /** Impersonation monitoring is in her plan (Premium and VIP). */
  allowed: z.boolean(),
  /** The plan that adds it, when hers does not. */
  upgradeTo: z.string().nullable(),
  impersonators: z.array(impersonatorSchema),
  check: impersonationCheckSchema,
});
export type ImpersonatorsResponse = z.infer<typeof impersonatorsResponseSchema>;

/** POST /v1/impersonators/:id/report: where and what to report, every field ready to copy. */
export const impersonationReportSchema = z.object({
  impersonator: impersonatorSchema,
  platform: z.string(),
  /** The platform's own page for reporting an impersonating account. */
  reportUrl: z.string(),
  /** What to do there, in the platform's words. */
  steps: z.array(z.string()),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  /**
   * When the account posts her photos: the DMCA takedown of those posts, to the platform, through
   * her takedowns (her ownership proof, agent authorization and plan apply). Null when there are none.
   */
  dmca: z
    .object({
      /** "requested": notices on their way; "open": a takedown of these posts was already open; "not-sent": see `message` and `missing`. */
      status: z.enum(["requested", "open", "not-sent"]),
      urls: z.array(z.string()),
      message: z.string(),
      /** What she must do first when it was not sent. */
      missing: z.enum(["ownership", "authorization", "plan"]).nullable(),
    })
    .nullable(),
});
export type ImpersonationReport = z.infer<typeof impersonationReportSchema>;
