import { z } from "zod";
import { leakEvidenceSchema } from "./leak-evidence";

export const scanStatuses = ["queued", "running", "completed", "failed", "cancelled"] as const;
export const leakStatuses = ["new", "confirmed", "takedown_sent", "removed", "dismissed"] as const;
export const leakCategories = ["leak_site", "social_media", "search_result", "impersonator"] as const;
export const leakConfidences = ["high", "medium"] as const;
export type ScanStatus = (typeof scanStatuses)[number];
export type LeakStatus = (typeof leakStatuses)[number];
export type LeakCategory = (typeof leakCategories)[number];
export type LeakConfidence = (typeof leakConfidences)[number];

export const scanSchema = z.object({
  id: z.string(),
  status: z.enum(scanStatuses),
  trigger: z.enum(["manual", "onboarding", "monitoring"]),
  phase: z.string(),
  progress: z.object({
    queriesPlanned: z.number(),
    queriesDone: z.number(),
    pagesPlanned: z.number(),
    pagesDone: z.number(),
    /** 0–100, from real work done (queries and pages). */
    percent: z.number(),
  }),
  stats: z.object({
    sitesAnalyzed: z.number(),
    linksChecked: z.number(),
    leaksFound: z.number(),
    newLeaks: z.number(),
    imagesMatched: z.number(),
    durationMs: z.number().nullable(),
  }),
  outcome: z.string().nullable(),
  error: z.string().nullable(),
  sourceErrors: z.array(z.object({ source: z.string(), code: z.string(), message: z.string() })),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ScanView = z.infer<typeof scanSchema>;

export const scanQuotaSchema = z.object({
  limit: z.number(),
  used: z.number(),
  per: z.enum(["hour", "day", "week", "month"]),
  /** When the next manual scan may start; null when one may start now. */
  nextAvailableAt: z.string().nullable(),
  /** The plan that allows more manual scans; null on the top plan. */
  upgradeTo: z.string().nullable(),
});
export type ScanQuota = z.infer<typeof scanQuotaSchema>;

/** The latest scan (perhaps running), the last completed one (whose figures the stat cards keep while a new one runs), and the quota. */
export const latestScanResponseSchema = z.object({ scan: scanSchema.nullable(), lastCompleted: scanSchema.nullable(), quota: scanQuotaSchema });
export type LatestScanResponse = z.infer<typeof latestScanResponseSchema>;

export const startScanSchema = z.object({ trigger: z.enum(["manual", "onboarding"]).default("manual") }).strict();

export { evasionFormLabels, evasionForms, linkedFromSchema, nameEvasionSchema, type EvasionForm, type LinkedFrom, type NameEvasion } from "./leak-evidence";

/**
 * A re-upload: the earlier leak of hers, taken down (the link removed), whose content this link
 * posts again, and how it was recognised (an image copy, the same path at another host, the same
 * title at another path).
 */
export const reuploadSchema = z.object({
  leakId: z.string(),
  number: z.number(),
  url: z.string(),
  domain: z.string(),
  takedownId: z.string(),
  removedAt: z.string(),
  noticeSentAt: z.string().nullable(),
  sameSite: z.boolean(),
  signals: z.array(z.enum(["image", "path", "title"])),
  markedAt: z.string().optional(),
});
export type ReuploadView = z.infer<typeof reuploadSchema>;

export const leakSchema = z.object({
  id: z.string(),
  number: z.number(),
  url: z.string(),
  domain: z.string(),
  title: z.string(),
  category: z.enum(leakCategories),
  confidence: z.enum(leakConfidences),
  status: z.enum(leakStatuses),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** Why it was listed: the stored evidence read through its schema (leak-evidence.ts). */
  evidence: leakEvidenceSchema,
  /** Set when this link re-posts a leak of hers that was taken down. */
  reuploadOf: reuploadSchema.nullable().optional(),
  /** When she marked it a forgery or AI image of her (only a TAKE IT DOWN request is offered for it); null: not marked. */
  forgeryMarkedAt: z.string().nullable().optional(),
});
export type LeakView = z.infer<typeof leakSchema>;

/** She marks a leak a forgery or AI image of her, or takes the mark back. */
export const markForgerySchema = z.object({ forgery: z.boolean() }).strict();
export type MarkForgery = z.infer<typeof markForgerySchema>;

export const leakListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(18),
  q: z.string().trim().max(200).optional(),
  status: z.enum(leakStatuses).optional(),
  category: z.enum(leakCategories).optional(),
});
export type LeakListQuery = z.infer<typeof leakListQuerySchema>;

export const leakListSchema = z.object({ items: z.array(leakSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type LeakList = z.infer<typeof leakListSchema>;

/** GET /v1/root/multi-search: the spec's stored-whole results. */
export const multiSearchSchema = z.object({
  date: z.string().nullable(),
  scanResults: z.array(
    z.object({
      id: z.number(),
      link: z.string(),
      date: z.string(),
      domain: z.string(),
      title: z.string(),
      category: z.enum(leakCategories),
      status: z.enum(leakStatuses),
      confidence: z.enum(leakConfidences),
    }),
  ),
});
export type MultiSearchResponse = z.infer<typeof multiSearchSchema>;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/i, "A PDQ hash is 64 hexadecimal characters.");

/** The eight dihedral PDQ hashes of one image (rotations and flips). */
const dihedralHashesSchema = z
  .object({
    original: hex64,
    rotate90: hex64,
    rotate180: hex64,
    rotate270: hex64,
    flipX: hex64,
    flipY: hex64,
    flipPlus1: hex64,
    flipMinus1: hex64,
  })
  .strict();

/** Most crops a reference image may carry (the web client sends 331). */
export const MAX_REFERENCE_CROPS = 400;

const cropPercent = String.raw`\d{1,2}(?:\.\d{1,2})?%`;
const cropTransform = new RegExp(`^crop l${cropPercent} t${cropPercent} r${cropPercent} b${cropPercent}$`);

/**
 * The hash of the photo with its sides trimmed, so that cropped copies match too. Clients
 * before crops carried one hash sent the crop's eight orientations (`hashes`): still accepted.
 */
export const referenceCropSchema = z
  .object({
    transform: z.string().max(64).regex(cropTransform, 'A crop is named like "crop l5% t0% r2.5% b0%".'),
    hash: hex64.optional(),
    hashes: dihedralHashesSchema.optional(),
    /**
     * The crop turned a quarter, a half and three quarters, with `hash`: so that a turned (or
     * turned and mirrored) copy of the crop seen before the photo was added is found in the index.
     */
    turns: z.object({ rotate90: hex64, rotate180: hex64, rotate270: hex64 }).strict().optional(),
    quality: z.number().int().min(0).max(100),
  })
  .strict()
  .refine((c) => c.turns === undefined || c.hash !== undefined, { message: "A crop's turns go with its one hash.", path: ["turns"] })
  .refine((c) => (c.hash === undefined) !== (c.hashes === undefined), { message: "A crop has one hash.", path: ["hash"] });
export type ReferenceCrop = z.infer<typeof referenceCropSchema>;

export const referenceImageInputSchema = z
  .object({
    label: z.string().trim().max(120).default(""),
    hashes: dihedralHashesSchema,
    quality: z.number().int().min(0).max(100),
    /** Hashes of crops of the photo (computed on the device like the rest). */
    crops: z
      .array(referenceCropSchema)
      .max(MAX_REFERENCE_CROPS, `At most ${MAX_REFERENCE_CROPS} crops per reference image.`)
      .refine((crops) => new Set(crops.map((c) => c.transform)).size === crops.length, "Each crop may appear only once.")
      .optional(),
    /** Optional tiny blurred preview, a data URL of at most 8 KB. */
    thumbnail: z
      .string()
      .max(8 * 1024)
      .regex(/^data:image\/(webp|jpeg|png);base64,[A-Za-z0-9+/=]+$/, "The thumbnail must be a small image data URL.")
      .nullable()
      .optional(),
  })
  .strict();
export type ReferenceImageInput = z.infer<typeof referenceImageInputSchema>;

export const referenceImageSchema = z.object({ id: z.string(), label: z.string(), quality: z.number(), thumbnail: z.string().nullable(), createdAt: z.string() });

/** GET /v1/leaks/timeline: per day (UTC), leaks first seen and leaks removed. */
export const leakTimelineQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const leakTimelineSchema = z.object({
  days: z.array(z.object({ date: z.string(), found: z.number(), removed: z.number() })),
});
export type LeakTimeline = z.infer<typeof leakTimelineSchema>;
