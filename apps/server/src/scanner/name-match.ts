import { findPlatform, normalizeUsername } from "./platform-profiles";
import type { ScanIdentity } from "./scan-types";

/**
 * Finding the creator's names in text, as whole tokens.
 *
 * A name is compared by its letters and digits only, lower-cased and without
 * accents: luna_rivers, luna-rivers, luna.rivers, "Luna Rivers", LunaRivers
 * and lunarivers are one name (the same handle spelled on different sites,
 * in slugs, in titles). In the text, the name may span several words joined
 * by a single "_", "-", "." or spaces (not a line or block break).
 *
 * What makes it a whole token: the match starts and ends at the edges of
 * letter/digit runs. A longer name that merely contains hers
 * (luna_riverside, xluna_rivers, lunarivers2) continues with letters or
 * digits and is not her.
 */

export type NameMatcher = {
  /** The name as the creator entered it. */
  name: string;
  kind: "stage" | "nickname";
  /** Letters and digits only, folded: what a match must spell. */
  key: string;
};

export type NameMatch = { name: string; start: number; end: number; found: string };

/** Shorter keys would match ordinary words and initials all over the web. */
export const MIN_NAME_KEY_LENGTH = 3;

const ASCII_WORD = /^[A-Za-z0-9]*$/;

export function foldName(s: string): string {
  // Most tokens are plain ASCII words: skip the Unicode normalisation for them.
  if (ASCII_WORD.test(s)) return s.toLowerCase();
  return s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

export function buildNameMatchers(identity: Pick<ScanIdentity, "stageNames" | "nicknames">): NameMatcher[] {
  const out: NameMatcher[] = [];
  const seen = new Set<string>();
  const add = (name: string, kind: NameMatcher["kind"]) => {
    const key = foldName(name);
    if (key.length < MIN_NAME_KEY_LENGTH || seen.has(key)) return;
    seen.add(key);
    out.push({ name, kind, key });
  };
  for (const s of identity.stageNames) {
    const platform = findPlatform(s.platform);
    // Her own website's domain is not a name people write about her.
    if (platform?.id === "website" || platform?.id === "other") continue;
    add(normalizeUsername(platform, s.username), "stage");
  }
  for (const n of identity.nicknames) add(n.trim(), "nickname");
  return out;
}

type Token = { start: number; end: number; key: string };

const TOKEN = /[\p{L}\p{N}]+/gu;
// What may join the words of one name: one _ - . or a run of spaces/tabs.
// Zero-width characters and soft hyphens (used to dodge filters) join too.
const JOINER = /^[\u00ad\u200b-\u200d\u2060\ufeff]*(?:[_\-.\u00b7\u2010\u2011]|[ \t\u00a0]+)?[\u00ad\u200b-\u200d\u2060\ufeff]*$/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    tokens.push({ start, end: start + m[0].length, key: foldName(m[0]) });
  }
  return tokens;
}

export function findNameMatches(text: string, matchers: readonly NameMatcher[], tokens: Token[] = tokenize(text)): NameMatch[] {
  const matches: NameMatch[] = [];
  if (matchers.length === 0) return matches;
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i]!;
    for (const m of matchers) {
      if (!m.key.startsWith(first.key)) continue;
      let acc = first.key;
      let j = i;
      while (acc.length < m.key.length) {
        const next = tokens[j + 1];
        if (!next) break;
        if (!JOINER.test(text.slice(tokens[j]!.end, next.start))) break;
        const extended = acc + next.key;
        if (!m.key.startsWith(extended)) break;
        acc = extended;
        j++;
      }
      if (acc === m.key) {
        const end = tokens[j]!.end;
        if (longerHandle(text, tokens, i, j)) continue;
        matches.push({ name: m.name, start: first.start, end, found: text.slice(first.start, end) });
      }
    }
  }
  return matches;
}

/**
 * Words that may follow or precede a name in a file name or tag
 * ("luna_rivers_onlyfans_leaked.zip"), where "_" does not make a longer handle.
 */
const DESCRIPTIVE = /^(?:onlyfans|of|fansly|patreon|leak|leaks|leaked|mega|pack|packs|nudes?|naked|videos?|vids?|photos?|pics?|content|free|full|new|zip|rar|7z|part\d*|set|sets|(?:19|20)\d\d)$/;

/**
 * A name glued by "_" to another word is part of a longer handle
 * (luna_rivers_2, real_luna_rivers): someone else's account, not hers.
 */
function longerHandle(text: string, tokens: Token[], first: number, last: number): boolean {
  const after = tokens[last + 1];
  if (after && after.start === tokens[last]!.end + 1 && text[tokens[last]!.end] === "_" && !DESCRIPTIVE.test(after.key)) return true;
  const before = tokens[first - 1];
  if (before && before.end === tokens[first]!.start - 1 && text[before.end] === "_" && !DESCRIPTIVE.test(before.key)) return true;
  return false;
}

/** Text around a match, on one line, about `radius` characters each side. */
export function snippetAround(text: string, start: number, end: number, radius = 120): string {
  const from = Math.max(0, start - radius);
  const to = Math.min(text.length, end + radius);
  const s = text.slice(from, to).replace(/\s+/g, " ").trim();
  return `${from > 0 ? "…" : ""}${s}${to < text.length ? "…" : ""}`;
}
