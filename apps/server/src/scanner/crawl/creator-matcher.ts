import { buildExclusions, type Exclusions } from "../exclusions";
import { buildNameMatchers, findNameMatches, tokenize, type NameMatch, type NameMatcher } from "../name-match";
import type { ScanIdentity } from "../scan-types";

/**
 * Every creator's names at once, for crawled pages: a page read once is checked for all of
 * them. `matchAllCreators(text)` gives the hits per creator; the analyser then judges the
 * page for each creator it names (her leak-context rules, her allow-list, her profiles).
 *
 * Today the text is tokenised once and each creator's matchers run over the tokens; a
 * single automaton over all creators' normalised names can replace `buildCreatorMatcher`
 * without changing its callers.
 */

export type CrawlCreator = { userId: string; identity: ScanIdentity };

export type CreatorProfile = { userId: string; matchers: NameMatcher[]; exclusions: Exclusions };

export interface CreatorMatcher {
  readonly creators: ReadonlyMap<string, CreatorProfile>;
  /** Creators the text names (as whole tokens), with where. */
  matchAllCreators(text: string): Map<string, NameMatch[]>;
}

export function buildCreatorMatcher(creators: readonly CrawlCreator[]): CreatorMatcher {
  const profiles = new Map<string, CreatorProfile>();
  for (const c of creators) {
    const matchers = buildNameMatchers(c.identity);
    if (matchers.length === 0) continue;
    profiles.set(c.userId, { userId: c.userId, matchers, exclusions: buildExclusions(c.identity.allowlist, c.identity.stageNames) });
  }
  // A token can only start a name whose key starts with it: index the profiles by their keys' first letters.
  const byFirstChar = new Map<string, CreatorProfile[]>();
  for (const p of profiles.values()) {
    const firsts = new Set(p.matchers.map((m) => m.key[0]!));
    for (const ch of firsts) {
      let list = byFirstChar.get(ch);
      if (!list) byFirstChar.set(ch, (list = []));
      list.push(p);
    }
  }
  return {
    creators: profiles,
    matchAllCreators(text) {
      const out = new Map<string, NameMatch[]>();
      if (profiles.size === 0 || text.length === 0) return out;
      const tokens = tokenize(text);
      const candidates = new Set<CreatorProfile>();
      for (const t of tokens) {
        const list = t.key.length > 0 ? byFirstChar.get(t.key[0]!) : undefined;
        if (list) for (const p of list) candidates.add(p);
      }
      for (const p of candidates) {
        const hits = findNameMatches(text, p.matchers, tokens);
        if (hits.length > 0) out.set(p.userId, hits);
      }
      return out;
    },
  };
}
