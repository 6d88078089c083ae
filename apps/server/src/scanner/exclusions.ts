import { hostMatchesDomain, normalizeDomainInput } from "./canonical-url";
import { isOwnProfileUrl, type StageName } from "./platform-profiles";

/**
 * Pages that are never findings, whatever they contain: her allow-listed
 * domains (affiliates, marketing sites) with their subdomains, and her own
 * profiles on her platforms. A notice against those would hurt her.
 */
export type Exclusions = {
  allowedDomains: string[];
  stageNames: readonly StageName[];
};

export function buildExclusions(allowlist: readonly string[], stageNames: readonly StageName[]): Exclusions {
  const allowedDomains = [...new Set(allowlist.map(normalizeDomainInput).filter((d): d is string => !!d))];
  return { allowedDomains, stageNames };
}

export type ExclusionReason = "allow-list" | "own-profile";

export function exclusionReason(url: string, ex: Exclusions): ExclusionReason | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return null;
  }
  if (ex.allowedDomains.some((d) => hostMatchesDomain(host, d))) return "allow-list";
  if (isOwnProfileUrl(url, ex.stageNames)) return "own-profile";
  return null;
}
