import { createRequire } from "node:module";
import type { EvasionForm } from "@leakwarden/contracts/scans";
import transliterate from "@sindresorhus/transliterate";

/**
 * The normaliser behind name matching: it reads a text as the sequence of
 * letters a person sees, whatever characters were used to write them, and
 * remembers where each letter came from in the original text.
 *
 * One letter is one "unit": a folded character (one UTF-16 code unit), the
 * range of the original text it was read from, what lies between it and the
 * previous letter (nothing, spaces, one joiner such as "_" "-" ".", or a
 * break), and how it was read (flags). A name is compared with the units'
 * characters; the flags say which disguise, if any, made it match.
 *
 * Three readings of a text, each linear in its length:
 * - "plain": letters and digits as written, lower-cased, accents removed;
 *   letters of other scripts that look like Latin ones (Cyrillic "а", Greek
 *   "ο", UTS #39 confusables) read as those, full-width and styled letters
 *   (NFKC compatibility forms) as plain ones; zero-width characters and
 *   stray combining marks are skipped.
 * - "leet": as plain, and digits and symbols next to letters read as the
 *   letters they stand for (lun4_r1vers, luna_riv3r$, @ for a); "i", "l", "1",
 *   "!" and "|" are one letter here, since a page may write either.
 * - "translit": as plain, and Cyrillic letters romanised (for pages whose
 *   language is Russian, Ukrainian...): "Луна Риверс" reads "luna rivers";
 *   a few spellings that romanisation varies on (c/k, y/i, w/v, doubled
 *   letters, dzh/j) are folded on both sides.
 *
 * Data: the confusables are Unicode's confusables.txt (UTS #39) as published
 * by the `unhomoglyph` package (data.json, Unicode 13.0.0); the romanisation
 * is the `@sindresorhus/transliterate` table.
 */

export type Reading = "plain" | "leet" | "translit";

/** How a letter was read, when not as written. */
export const FLAG = {
  LEET: 1,
  LOOKALIKE: 2,
  STYLED: 4,
  ZERO_WIDTH: 8,
  COMBINING: 16,
  TRANSLIT: 32,
} as const;

/** What lies before a unit. */
export const GAP = {
  /** Within one word (also across skipped zero-width characters and marks). */
  NONE: 0,
  /** A run of spaces or tabs. */
  SPACE: 1,
  /** One "_", "-", ".", "·" (with nothing else). */
  JOINER: 2,
  /** Anything else: a line break, other punctuation, several joiners, the start of the text. */
  BREAK: 3,
} as const;

export type NormalisedText = {
  reading: Reading;
  /** The folded letters, one UTF-16 code unit each. */
  chars: string;
  /** Where unit i was read from: original[start[i], end[i]). */
  start: Int32Array;
  end: Int32Array;
  gap: Uint8Array;
  flags: Uint8Array;
  /** The unit begins a capitalised word inside a run of letters (CamelCase). */
  camel: Uint8Array;
  /** The unit was read from an upper-case letter. */
  upper: Uint8Array;
};

const require = createRequire(import.meta.url);
const CONFUSABLES = require("unhomoglyph/data.json") as Record<string, string>;

/**
 * Digits and symbols that stand for letters. Exported for the reverse use:
 * generating the disguised spellings of a handle.
 */
export const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "2": "z",
  "3": "e",
  "4": "a",
  "5": "s",
  "6": "g",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "i",
  "+": "t",
  "€": "e",
};
const LEET_SYMBOL = /^[@$!|+€]$/;

/** Letters a disguise makes indistinguishable, folded to one in the leet reading. */
const LEET_CLASS: Readonly<Record<string, string>> = { l: "i" };

const CYRILLIC = /\p{Script=Cyrillic}/u;
/** Languages written in Cyrillic, whose pages get the transliterated reading. */
const CYRILLIC_LANGS = new Set(["ru", "uk", "be", "bg", "sr", "mk", "kk", "ky", "tg", "mn", "ba", "tt", "cv", "ce", "os", "sah", "rue"]);

export function isCyrillicLanguage(lang: string | null | undefined): boolean {
  if (!lang) return false;
  return CYRILLIC_LANGS.has(lang.trim().toLowerCase().split(/[-_]/)[0] ?? "");
}

/** Invisible characters: zero-width space/joiners, word joiner, BOM, Mongolian vowel separator, variation selectors. */
function isZeroWidth(c: string): boolean {
  const cp = c.codePointAt(0)!;
  return (cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff || cp === 0x180e || (cp >= 0xfe00 && cp <= 0xfe0f);
}
const SOFT_HYPHEN = "\u00ad";
const MARK = /^\p{M}$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const ASCII_ALNUM = /^[a-z0-9]+$/;
const HSPACE = /^[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]$/;
const JOINERS = new Set(["_", "-", ".", "\u00b7", "\u2010", "\u2011"]);

type Folded = { out: string; flags: number };
const foldCache = new Map<string, Folded>();
const translitCache = new Map<string, string>();

/** One non-ASCII letter or digit: what it reads as, and how. */
function foldChar(c: string): Folded {
  const hit = foldCache.get(c);
  if (hit) return hit;
  let result: Folded;
  const nfkc = c.normalize("NFKC");
  const compat = nfkc !== c.normalize("NFC");
  const base = c.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  if (base && ASCII_ALNUM.test(base)) {
    // Accented letters are plain spelling (Zoë); compatibility forms (ｌｕｎａ, 𝐥𝐮𝐧𝐚) are a disguise.
    result = { out: base, flags: compat ? FLAG.STYLED : 0 };
  } else {
    const skeleton = (CONFUSABLES[c] ?? CONFUSABLES[nfkc] ?? "").normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
    if (skeleton && ASCII_ALNUM.test(skeleton)) result = { out: skeleton, flags: FLAG.LOOKALIKE };
    else {
      const lower = nfkc.toLowerCase();
      // Other letters keep their place as letters; one code unit each (astral ones never match a name).
      const out = [...lower].map((ch) => (ch.length === 1 ? ch : "\ufffd")).join("") || "\ufffd";
      result = { out, flags: 0 };
    }
  }
  foldCache.set(c, result);
  return result;
}

function translitChar(c: string): string {
  let t = translitCache.get(c);
  if (t === undefined) {
    t = transliterate(c).toLowerCase().replace(/[^a-z]/g, "");
    translitCache.set(c, t);
  }
  return t;
}

class Builder {
  chars: string[] = [];
  start: number[] = [];
  end: number[] = [];
  gap: number[] = [];
  flags: number[] = [];
  camel: number[] = [];
  upper: number[] = [];
  push(ch: string, s: number, e: number, gap: number, flags: number, camel: boolean, upper: boolean) {
    this.chars.push(ch);
    this.start.push(s);
    this.end.push(e);
    this.gap.push(gap);
    this.flags.push(flags);
    this.camel.push(camel ? 1 : 0);
    this.upper.push(upper ? 1 : 0);
  }
  finish(reading: Reading): NormalisedText {
    return {
      reading,
      chars: this.chars.join(""),
      start: Int32Array.from(this.start),
      end: Int32Array.from(this.end),
      gap: Uint8Array.from(this.gap),
      flags: Uint8Array.from(this.flags),
      camel: Uint8Array.from(this.camel),
      upper: Uint8Array.from(this.upper),
    };
  }
}

const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();

/**
 * Reads `text` into letters (see the module comment). Linear in the text:
 * each code point is looked at a bounded number of times.
 */
export function normaliseText(text: string, reading: Reading = "plain"): NormalisedText {
  const b = new Builder();
  const cps = Array.from(text);
  const offsets = new Int32Array(cps.length + 1);
  for (let k = 0, o = 0; k < cps.length; k++) {
    offsets[k] = o;
    o += cps[k]!.length;
  }
  offsets[cps.length] = text.length;

  // What has been seen since the last letter.
  let spaces = false;
  let joiners = 0;
  let broken = true;
  let zeroWidth = false;
  let prevLetter: string | null = null;
  // Leet: the current run of digits/symbols (decided as a whole) ends before this index.
  let leetRunEnd = -1;
  let leetRunMapped = false;

  const gapNow = (): number => {
    if (broken) return GAP.BREAK;
    if (joiners === 0) return spaces ? GAP.SPACE : GAP.NONE;
    if (joiners === 1 && !spaces) return GAP.JOINER;
    return GAP.BREAK;
  };
  const emit = (out: string, k: number, flags: number, original: string) => {
    const g = gapNow();
    const upper = isUpper(original);
    const camel = g === GAP.NONE && upper && prevLetter !== null && isLower(prevLetter);
    for (let n = 0; n < out.length; n++) {
      b.push(out[n]!, offsets[k]!, offsets[k + 1]!, n === 0 ? g : GAP.NONE, flags | (zeroWidth ? FLAG.ZERO_WIDTH : 0), n === 0 && camel, upper);
    }
    spaces = false;
    joiners = 0;
    broken = false;
    zeroWidth = false;
    prevLetter = original;
  };

  const isLetterAt = (k: number) => k >= 0 && k < cps.length && /^\p{L}$/u.test(cps[k]!);
  const isLeetCandidate = (c: string) => (c >= "0" && c <= "9") || LEET_SYMBOL.test(c);

  for (let k = 0; k < cps.length; k++) {
    const c = cps[k]!;
    if (c === SOFT_HYPHEN) continue;
    if (isZeroWidth(c)) {
      if (b.chars.length > 0 && !broken && joiners === 0 && !spaces) zeroWidth = true;
      continue;
    }
    if (MARK.test(c)) {
      // Marks after a letter: an accent when they compose with it into one letter, else a disguise.
      let j = k;
      while (j + 1 < cps.length && MARK.test(cps[j + 1]!)) j++;
      const last = b.chars.length - 1;
      if (last >= 0 && gapNow() === GAP.NONE) {
        const baseStart = b.start[last]!;
        const composed = (text.slice(baseStart, offsets[k]!) + text.slice(offsets[k]!, offsets[j + 1]!)).normalize("NFC");
        const disguise = [...composed].length !== 1;
        for (let u = last; u >= 0 && b.start[u] === baseStart; u--) {
          b.end[u] = offsets[j + 1]!;
          if (disguise) b.flags[u]! |= FLAG.COMBINING;
        }
      }
      k = j;
      continue;
    }
    if (c >= "a" && c <= "z") {
      emit(c, k, 0, c);
      continue;
    }
    if (c >= "A" && c <= "Z") {
      emit(c.toLowerCase(), k, 0, c);
      continue;
    }
    if (reading === "leet" && isLeetCandidate(c)) {
      if (k >= leetRunEnd) {
        let j = k;
        while (j < cps.length && isLeetCandidate(cps[j]!)) j++;
        leetRunEnd = j;
        // Digits and symbols stand for letters only in a word that has letters right beside them.
        leetRunMapped = isLetterAt(k - 1) || isLetterAt(j);
      }
      if (leetRunMapped) {
        emit(LEET[c]!, k, FLAG.LEET, c);
        continue;
      }
    }
    if (c >= "0" && c <= "9") {
      emit(c, k, 0, c);
      continue;
    }
    if (LETTER_OR_DIGIT.test(c)) {
      if (reading === "translit" && CYRILLIC.test(c)) {
        const t = translitChar(c);
        // Soft and hard signs read as nothing but still belong to the word.
        if (t) emit(t, k, FLAG.TRANSLIT, c);
        continue;
      }
      const f = foldChar(c);
      emit(f.out, k, f.flags, c);
      continue;
    }
    // Not a letter: what lies between letters (full-width "＿" and "．" join as "_" and "." do).
    const sep = c.charCodeAt(0) >= 0xff00 ? c.normalize("NFKC") : c;
    if (HSPACE.test(sep)) spaces = true;
    else if (JOINERS.has(sep)) joiners++;
    else broken = true;
  }
  const nt = b.finish(reading);
  return reading === "leet" ? foldClasses(nt) : reading === "translit" ? foldRomanisation(nt) : nt;
}

function foldClasses(nt: NormalisedText): NormalisedText {
  let chars = "";
  for (const ch of nt.chars) chars += LEET_CLASS[ch] ?? ch;
  return { ...nt, chars };
}

/** Spellings romanisation varies on, read one way: multi-letter groups first. */
const ROMAN_GROUPS: ReadonlyArray<[string, string]> = [
  ["dzh", "j"],
  ["dj", "j"],
  ["kh", "h"],
  ["ph", "f"],
  ["ck", "k"],
  ["x", "ks"],
  ["c", "k"],
  ["q", "k"],
  ["w", "v"],
  ["y", "i"],
];

/**
 * Folds the romanisation spellings (both the page's transliterated text and
 * the names go through it), merging units of a group and collapsing doubled
 * letters within a word.
 */
function foldRomanisation(nt: NormalisedText): NormalisedText {
  const b = new Builder();
  const n = nt.chars.length;
  let i = 0;
  while (i < n) {
    let out = nt.chars[i]!;
    let len = 1;
    for (const [from, to] of ROMAN_GROUPS) {
      if (from.length > n - i) continue;
      let ok = true;
      for (let q = 0; q < from.length && ok; q++) ok = nt.chars[i + q] === from[q] && (q === 0 || nt.gap[i + q] === GAP.NONE);
      if (ok) {
        out = to;
        len = from.length;
        break;
      }
    }
    let flags = 0;
    for (let q = i; q < i + len; q++) flags |= nt.flags[q]!;
    for (let o = 0; o < out.length; o++) {
      const gap = o === 0 ? nt.gap[i]! : GAP.NONE;
      const prev = b.chars.length - 1;
      // A doubled letter within a word reads as one.
      if (gap === GAP.NONE && prev >= 0 && b.chars[prev] === out[o]) {
        b.end[prev] = nt.end[i + len - 1]!;
        b.flags[prev]! |= flags;
        continue;
      }
      b.push(out[o]!, nt.start[i]!, nt.end[i + len - 1]!, gap, flags, o === 0 && nt.camel[i] === 1, nt.upper[i] === 1);
    }
    i += len;
  }
  return b.finish("translit");
}

export type { EvasionForm };

export function formsOfFlags(flags: number): EvasionForm[] {
  const out: EvasionForm[] = [];
  if (flags & FLAG.LEET) out.push("leetspeak");
  if (flags & FLAG.LOOKALIKE) out.push("lookalike");
  if (flags & FLAG.STYLED) out.push("styled");
  if (flags & FLAG.ZERO_WIDTH) out.push("zero-width");
  if (flags & FLAG.COMBINING) out.push("combining");
  if (flags & FLAG.TRANSLIT) out.push("transliterated");
  return out;
}

/** A name as each reading spells it, with where its own words begin. */
export type NameKey = { key: string; wordStarts: ReadonlySet<number> };

export function nameKey(name: string, reading: Reading): NameKey {
  const nt = normaliseText(name, reading);
  const wordStarts = new Set<number>();
  for (let i = 1; i < nt.chars.length; i++) if (nt.gap[i] !== GAP.NONE || nt.camel[i] === 1) wordStarts.add(i);
  return { key: nt.chars, wordStarts };
}
