import type { LinkedFrom, NameEvasion } from "@leakwarden/contracts/scans";
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

export type ImageMatchEvidence = {
  imageUrl: string;
  referenceId: string;
  /** Which dihedral variant of the reference was nearest (mirrored/rotated copies). */
  variant: string;
  distance: number;
  quality: number;
};

export type FindingEvidence = {
  matchedNames: string[];
  /**
   * Her names as the page wrote them when only a disguise hid them (leetspeak, look-alike
   * letters, spaced letters…), e.g. { name: "luna_rivers", seen: "lun4_r1vers", forms: ["leetspeak"] }.
   */
  evasions?: NameEvasion[];
  /** Text around the first name match (or the page's opening text for an image-only match). */
  snippet: string;
  title: string;
  /** Leak-context signals that made this a leak, e.g. "file-host link: mega.nz". */
  signals: string[];
  imageMatches: ImageMatchEvidence[];
  httpStatus: number;
  fetchedAt: string;
  sha256: string;
  finalUrl: string;
  /** Search sources that listed this URL. */
  sources: string[];
  robots: { policy: string; status: string; rule: string | null } | null;
  /** True when the page was larger than the byte limit and only its start was read. */
  truncated: boolean;
  /** Set on a file-host link found in a leak page's matched post: the page that linked it (the link's own page was not read). */
  linkedFrom?: LinkedFrom;
};

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
