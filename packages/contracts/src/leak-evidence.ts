import { z } from "zod";

/**
 * A leak's evidence: why a page was listed as a leak of hers. Stored as one JSON record per leak
 * (leak.evidence), each kind of evidence under its own key, written by the scanner
 * (analyze-page), the crawler (crawl-runner), the shared image index and her own reports of an
 * impersonator's posts, and merged on each sighting (record-leak.repository.ts).
 *
 * Adding a kind is one line in `leakEvidenceKinds` below: its key and its schema. Writers then
 * must write that shape (a wrong one fails typecheck) and readers get it typed; rows stored before
 * the kind existed simply lack it, and a stored value that does not fit its schema is left out
 * when read (readLeakEvidence), never an error.
 */

/** Disguises a page may write a creator's name in, which the scanner reads through. */
export const evasionForms = ["leetspeak", "lookalike", "styled", "zero-width", "combining", "transliterated", "spaced", "dotted", "decorated"] as const;
export type EvasionForm = (typeof evasionForms)[number];

/** In a leak's evidence (`evidence.evasions`): her name as the page wrote it, and the disguises read through. */
export const nameEvasionSchema = z.object({
  name: z.string(),
  seen: z.string(),
  forms: z.array(z.enum(evasionForms)),
});
export type NameEvasion = z.infer<typeof nameEvasionSchema>;

/** The same sentence for a person wherever a disguise is shown (e.g. "digits and symbols for letters"). */
export const evasionFormLabels: Record<EvasionForm, string> = {
  leetspeak: "digits and symbols for letters",
  lookalike: "look-alike letters from another alphabet",
  styled: "full-width or styled letters",
  "zero-width": "invisible characters between the letters",
  combining: "marks drawn over the letters",
  transliterated: "Cyrillic letters for the Latin ones",
  spaced: "letters spaced apart",
  dotted: "letters separated by dots or dashes",
  decorated: "symbols or emoji between the letters",
};

/**
 * An image on the page that is a copy of one of her reference photos: which reference, in which
 * orientation (`variant`: the rotation or mirror of the reference, or the crop, that was nearest),
 * at what PDQ distance and hash quality. A post's image she reported herself (an impersonator's
 * post) carries its address alone.
 */
export const imageMatchSchema = z.object({
  imageUrl: z.string(),
  referenceId: z.string().optional(),
  variant: z.string().optional(),
  distance: z.number().optional(),
  quality: z.number().optional(),
});
export type ImageMatch = z.infer<typeof imageMatchSchema>;

/** A crawl of a leak site found the page: "new thread on SiteX" (`text`), and which listing item. */
export const crawlDiscoverySchema = z.object({
  how: z.literal("crawl"),
  site: z.string(),
  siteName: z.string(),
  text: z.string(),
  itemKey: z.string(),
});
export type CrawlDiscovery = z.infer<typeof crawlDiscoverySchema>;

/**
 * Where on the linking page a file-host link was: a post that names her or shows her image, the
 * opening post of a thread whose title names her, a part of the page under a heading that names
 * her, or a page read as one post (a description a source gave).
 */
export const linkedFoundIn = ["post", "thread", "section", "page"] as const;

/**
 * In a leak's evidence (`evidence.linkedFrom`): a file-host link (mega.nz, gofile.io…) found in the
 * post of a leak page that matched her, and so a leak of its own: the page that linked it, what
 * matched there, and the file. A mega.nz link's decryption key is never stored (`keyOnPage` says
 * the page carried one): the id identifies the file to its host. `matchedNames` and
 * `imageMatches` are what matched in the part of the page that holds the link (`foundIn`); rows
 * recorded before `foundIn` existed carry the page's names and no images.
 */
export const linkedFromSchema = z.object({
  pageUrl: z.string(),
  pageTitle: z.string(),
  /** "image" only when an image of hers is recorded in `imageMatches` and no name matched there. */
  matchedBy: z.enum(["name", "image"]),
  matchedNames: z.array(z.string()),
  foundIn: z.enum(linkedFoundIn).optional(),
  imageMatches: z.array(imageMatchSchema).optional(),
  service: z.string(),
  kind: z.enum(["file", "folder", "album"]),
  keyOnPage: z.boolean(),
});
export type LinkedFrom = z.infer<typeof linkedFromSchema>;

/** What robots.txt said about the page when it was read. */
export const robotsRecordSchema = z.object({
  policy: z.enum(["respect", "record"]),
  status: z.enum(["allowed", "disallowed", "no-robots", "unreachable"]),
  rule: z.string().nullable(),
});

/**
 * Where on the page her names or photos were found (`evidence.matchedIn`): the page's own title, its body,
 * its tags or categories, its media (an image's caption or alt text, an image that matched). Only the page's
 * own item counts; furniture and blocks listing other pages never do. Rows stored before this was recorded lack it.
 */
export const matchPlaces = ["title", "body", "tags", "media"] as const;
export type MatchPlace = (typeof matchPlaces)[number];

/** Who found a leak other than the scanner or a crawl. */
export const evidenceFinders = ["image-index"] as const;
/** Where a leak she reported herself came from. */
export const evidenceReportSources = ["impersonator"] as const;

/** Each kind of evidence, by its key in the stored record: one line a kind. */
export const leakEvidenceKinds = {
  /** Her names (stage names, nicknames) the page names. */
  matchedNames: z.array(z.string()),
  /** Her names as the page disguised them, and the disguises read through. */
  evasions: z.array(nameEvasionSchema),
  /** Where on the page she was found: title, body, tags, media. */
  matchedIn: z.array(z.enum(matchPlaces)),
  /** Text around the first name match (or the page's opening text for an image-only match). */
  snippet: z.string(),
  /** The page's title when read. */
  title: z.string(),
  /** Leak context, as "kind: detail" lines ("file-host-link: mega.nz", "crawl: new thread on SiteX", "image matched your reference …"). */
  signals: z.array(z.string()),
  /** Images on the page that are copies of her reference photos, or the post's image she reported. */
  imageMatches: z.array(imageMatchSchema),
  /** Search sources that listed the page ("image index", "crawl:<site>", a search engine). */
  sources: z.array(z.string()),
  /** A file-host link found in the matched post of a leak page: the page that linked it ("linked from <page>"). */
  linkedFrom: linkedFromSchema,
  /** How a crawl found the page (the first finding's, kept). */
  discovery: crawlDiscoverySchema,
  /** Found by the shared image index: one of her photos was seen on the page (the first finding's, kept). */
  foundBy: z.enum(evidenceFinders),
  /** Reported by her (a post of an impersonator's reposting her photos). */
  source: z.enum(evidenceReportSources),
  /** The page as read: HTTP status, when, its SHA-256, where it ended, robots.txt, cut at the byte limit. */
  httpStatus: z.number(),
  fetchedAt: z.string(),
  sha256: z.string(),
  finalUrl: z.string(),
  robots: robotsRecordSchema.nullable(),
  truncated: z.boolean(),
} satisfies Record<string, z.ZodType>;

export type LeakEvidenceKind = keyof typeof leakEvidenceKinds;

/** The evidence record: every kind optional (a finder writes those it has; rows stored earlier lack later kinds). */
export const leakEvidenceSchema = z.object(leakEvidenceKinds).partial();
export type LeakEvidence = z.infer<typeof leakEvidenceSchema>;

/** Bound on the items read from one stored list (writers cap theirs at 50). */
const MAX_LIST_ITEMS = 200;

/**
 * Stored evidence (any JSON) read through the schema, tolerantly: each known kind kept when it fits
 * its schema (a list keeps the items that fit), a kind that does not fit left out, unknown keys
 * (a kind this build does not know, legacy fields) ignored. Never throws.
 */
export function readLeakEvidence(stored: unknown): LeakEvidence {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return {};
  const out: Record<string, unknown> = {};
  for (const [kind, schema] of Object.entries(leakEvidenceKinds)) {
    const value: unknown = Reflect.get(stored, kind);
    if (value === undefined) continue;
    if (schema instanceof z.ZodArray) {
      if (!Array.isArray(value)) continue;
      out[kind] = value.slice(0, MAX_LIST_ITEMS).flatMap((item: unknown) => {
        const read = schema.element.safeParse(item);
        return read.success ? [read.data] : [];
      });
      continue;
    }
    const read = schema.safeParse(value);
    if (read.success) out[kind] = read.data;
  }
  const parsed = leakEvidenceSchema.safeParse(out);
  return parsed.success ? parsed.data : {};
}
