import type { ImageMatch, LeakEvidence } from "@leakwarden/contracts/leak-evidence";
import type { PdqDihedralHashes } from "@leakwarden/pdq/pdq-hash";
import type { StageName } from "./platform-profiles";

/** Who we are looking for: what the creator entered on her identity page. */
export type ScanIdentity = {
  stageNames: StageName[];
  nicknames: string[];
  /** Domains she allows (affiliates, her own sites): never findings. */
  allowlist: string[];
  /** "Specific content to find": free text, used for queries. */
  specific: string;
};

/**
 * A reference image's PDQ hashes: its eight orientation hashes (matching = min distance over them),
 * or for a crop of it, one hash of the crop as it stands, which the found image meets in each of
 * its eight orientations.
 */
export type ReferenceHash = {
  id: string;
  quality: number;
  /** Set when these are the hashes of a crop of the reference (e.g. "crop l5% t0% r2.5% b0%"). */
  transform?: string;
} & ({ hashes: PdqDihedralHashes } | { hash: string });

export type LeakCategory = "leak_site" | "social_media" | "search_result";
export type Confidence = "high" | "medium";

/** An image on the page matched to one of her references: every field set (the contract's, leak-evidence.ts). */
export type ImageMatchEvidence = Required<ImageMatch>;

/** What a reading of a page records: the contract's evidence kinds (leak-evidence.ts) a page reading always has. */
export type FindingEvidence = Required<
  Pick<LeakEvidence, "matchedNames" | "snippet" | "title" | "signals" | "httpStatus" | "fetchedAt" | "sha256" | "finalUrl" | "sources" | "robots" | "truncated">
> &
  /** Set on a file-host link found in a leak page's matched post: the page that linked it (the link's own page was not read). */
  Pick<LeakEvidence, "evasions" | "linkedFrom" | "matchedIn"> & { imageMatches: ImageMatchEvidence[] };

export type Finding = {
  /** Canonical URL: the key of the one-row-per-(creator, URL) store. */
  url: string;
  domain: string;
  category: LeakCategory;
  confidence: Confidence;
  evidence: FindingEvidence;
};

export type SourceError = {
  source: string;
  query?: string;
  code: string;
  message: string;
};
