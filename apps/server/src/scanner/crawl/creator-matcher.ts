import { buildExclusions, type Exclusions } from "../exclusions";
import { buildMultiNameMatcher, buildNameMatchers, type NameMatch, type NameMatcher } from "../name-match";
import type { ScanIdentity } from "../scan-types";

/**
 * Every creator's names at once, for crawled pages: a page read once is checked for all of
 * them. `matchAllCreators(text)` gives the hits per creator; the analyser then judges the
 * page for each creator it names (her leak-context rules, her allow-list, her profiles).
 *
 * One automaton over every creator's normalised names (buildMultiNameMatcher) reads the
 * text once, in each reading the page calls for (plain, leetspeak, romanised Cyrillic).
 */

export type CrawlCreator = { userId: string; identity: ScanIdentity };

export type CreatorProfile = { userId: string; matchers: NameMatcher[]; exclusions: Exclusions };

export interface CreatorMatcher {
  readonly creators: ReadonlyMap<string, CreatorProfile>;
  /** Creators the text names (as whole tokens, plainly or in disguise), with where. `lang`: the page's language. */
  matchAllCreators(text: string, opts?: { lang?: string | null }): Map<string, NameMatch[]>;
}

export function buildCreatorMatcher(creators: readonly CrawlCreator[]): CreatorMatcher {
  const profiles = new Map<string, CreatorProfile>();
  for (const c of creators) {
    const matchers = buildNameMatchers(c.identity);
    if (matchers.length === 0) continue;
    profiles.set(c.userId, { userId: c.userId, matchers, exclusions: buildExclusions(c.identity.allowlist, c.identity.stageNames) });
  }
  const multi = buildMultiNameMatcher([...profiles.values()].flatMap((p) => p.matchers.map((m) => ({ creatorId: p.userId, name: m.name, kind: m.kind }))));
  return {
    creators: profiles,
    matchAllCreators(text, opts = {}) {
      if (profiles.size === 0 || text.length === 0) return new Map();
      return multi.match(text, opts);
    },
  };
}
