import { z } from "zod";

export const MAX_SPECIFIC_LENGTH = 500;
export const MAX_NICKNAME_LENGTH = 64;

const platformRef = z.union([z.string().trim().min(1, "Choose a platform.").max(64, "Choose a platform."), z.number().int()]);

export const stageNameInputSchema = z.object({
  platform: platformRef,
  username: z.string({ error: "Enter a username." }).max(300, "Too long."),
});

export const nicknameInputSchema = z.object({
  value: z.string({ error: "Enter a nickname." }).trim().min(1, "Enter a nickname.").max(MAX_NICKNAME_LENGTH, `A nickname has at most ${MAX_NICKNAME_LENGTH} characters.`),
  /** She states that the nickname is hers: a notice may then rest on a page that names her by it. */
  attested: z.boolean().optional(),
});

/** PUT /v1/identities/nicknames/:id/attestation: she states (or takes back) that the nickname is hers. */
export const nicknameAttestationSchema = z.object({ attested: z.boolean({ error: "Say whether this nickname is yours." }) }).strict();
export type NicknameAttestation = z.infer<typeof nicknameAttestationSchema>;

/** The statement she makes by attesting a nickname (shown beside the switch, kept with the record). */
export const NICKNAME_ATTESTATION =
  "This nickname is mine: pages that name me by it may show my work, and Leakwarden may send takedown notices for them in my name once one of my profiles is verified.";

export const domainInputSchema = z.object({
  domain: z.string({ error: "Enter a domain." }).trim().min(1, "Enter a domain.").max(300, "Too long."),
});

export const specificInputSchema = z.object({
  specific: z.string().max(MAX_SPECIFIC_LENGTH, `At most ${MAX_SPECIFIC_LENGTH} characters.`),
});

/** The spec's profile payload (update-profile / update-profile-all), plus a list form for several accounts on one platform. */
export const profileUpdateSchema = z
  .object({
    platforms: z.record(z.string().max(64, "Choose a platform."), z.string().max(300, "Too long.")).optional(),
    stageNames: z.array(stageNameInputSchema).max(200).optional(),
    specific: z.string().max(MAX_SPECIFIC_LENGTH, `At most ${MAX_SPECIFIC_LENGTH} characters.`).optional(),
    nicknames: z.array(z.string().max(300)).max(200).optional(),
    allowlist: z.array(z.string().max(300)).max(500).optional(),
  })
  .strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const stageNameSchema = z.object({
  id: z.string(),
  platformId: z.number(),
  platform: z.string(),
  username: z.string(),
  profileUrl: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  lastCheck: z
    .object({ at: z.string(), status: z.enum(["verified", "not-found", "snippet-missing", "unreachable", "unsupported"]), reason: z.string() })
    .nullable(),
  /**
   * Set while another account has proved the same handle too: notices citing it are held for both
   * until our team confirms who owns it.
   */
  dispute: z.object({ openedAt: z.string(), reason: z.string() }).nullable().optional(),
});

export const identityLimitsSchema = z.object({ stageNames: z.number(), nicknames: z.number(), allowlist: z.number() });

export const identitiesSchema = z.object({
  stageNames: z.array(stageNameSchema),
  /** attestedAt: when she stated that the nickname is hers (null: not stated; a notice cannot rest on it). */
  nicknames: z.array(z.object({ id: z.string(), value: z.string(), attestedAt: z.string().nullable().optional() })),
  allowlist: z.array(z.object({ id: z.string(), domain: z.string() })),
  specific: z.string(),
  verificationCode: z.string(),
  snippet: z.string(),
  limits: identityLimitsSchema,
  /** A stage name saved and the wizard finished: where a signed-in creator lands depends on it. */
  onboardingComplete: z.boolean(),
});

export type Identities = z.infer<typeof identitiesSchema>;
export type StageNameView = z.infer<typeof stageNameSchema>;

/** GET /v1/root/get-bio */
export const getBioResponseSchema = z.object({
  isverified: z.boolean(),
  stageNames: z.array(
    z.object({
      platform: z.string(),
      username: z.string(),
      verifiedAt: z.string().nullable(),
      status: z.enum(["verified", "not-found", "snippet-missing", "unreachable", "unsupported"]),
      reason: z.string(),
    }),
  ),
});

export type GetBioResponse = z.infer<typeof getBioResponseSchema>;

/** The public page behind the snippet's link: who the code belongs to, nothing private. */
export const publicCodeSchema = z.object({
  code: z.string(),
  verifiedProfiles: z.array(z.object({ platform: z.string(), username: z.string(), profileUrl: z.string().nullable() })),
  since: z.string(),
});

export function ownershipSnippet(publicUrl: string, code: string): string {
  return `All content is under copyright. Enforced by ${new URL(publicUrl).host}/v/${code}`;
}
