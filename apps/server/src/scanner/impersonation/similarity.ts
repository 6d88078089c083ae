import { normaliseText } from "../name-normaliser";
import { PREFIXES, SUFFIXES } from "./candidates";

/**
 * How alike a handle or display name is to one of her names, 0..1, read as a
 * person reads it: through the normaliser's leet reading (digits and
 * look-alike letters as the letters they stand for), separators ignored,
 * the usual additions ("official", "vip", "leaks") taken off first.
 */

const MAX = 64;
const AFFIXES = [...new Set([...PREFIXES, ...SUFFIXES, "onlyfans", "leak", "leaked", "page", "account", "acc", "new", "main"])]
  .filter((w) => /^[a-z]+$/.test(w) && w.length >= 2)
  .sort((a, b) => b.length - a.length);
/** The additions as the leet reading spells them ("official" reads "officiai": l and i are one letter there). */
let foldedAffixes: string[] | undefined;

/** The letters of a text in the leet reading, bounded. */
export function foldedLetters(text: string): string {
  return normaliseText(text.slice(0, MAX * 2), "leet").chars.replace(/[^a-z0-9]/g, "").slice(0, MAX);
}

/** Takes the usual additions off either end (as many as are there), never the whole name. */
function stripAffixes(s: string): string {
  let out = s;
  for (let round = 0; round < 3; round++) {
    const before = out;
    for (const w of (foldedAffixes ??= AFFIXES.map((a) => foldedLetters(a)))) {
      if (out.length > w.length + 2 && out.startsWith(w)) out = out.slice(w.length);
      if (out.length > w.length + 2 && out.endsWith(w)) out = out.slice(0, -w.length);
    }
    out = out.replace(/^[0-9]{1,2}(?=[a-z])/, "").replace(/(?<=[a-z])[0-9]{1,4}$/, "");
    if (out === before) break;
  }
  return out;
}

/** Edit distance, O(a·b) with both at most 64 letters. */
function levenshtein(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** Collapses doubled letters ("lunaa" → "luna"): a doubled letter is the commonest disguise. */
const undouble = (s: string) => s.replace(/(.)\1+/g, "$1");

export type NameSimilarity = { score: number; name: string };

/** The best similarity of `text` to any of `names` (0 when there are none or it is empty). */
export function nameSimilarity(text: string, names: readonly string[]): NameSimilarity {
  const t = foldedLetters(text);
  let best: NameSimilarity = { score: 0, name: "" };
  if (t.length < 3) return best;
  const core = stripAffixes(t);
  for (const name of names) {
    const n = foldedLetters(name);
    if (n.length < 3) continue;
    let score: number;
    if (t === n) score = 1;
    else if (core === n) score = 0.95;
    else if (undouble(core) === undouble(n)) score = 0.92;
    else {
      const d = Math.min(levenshtein(core, n), levenshtein(undouble(core), undouble(n)));
      score = Math.max(0, 1 - d / Math.max(core.length, n.length));
      // Her whole name inside a longer handle ("xlunariversx") reads as hers.
      if (n.length >= 5 && t.includes(n)) score = Math.max(score, 0.85);
      score = Math.min(score, 0.9);
    }
    if (score > best.score) best = { score, name };
  }
  return best;
}
