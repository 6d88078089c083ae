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
 *   stray combining marks are skipped; one symbol or emoji between letters
 *   (luna💋rivers, l*u*n*a) joins them as "_" does.
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

/**
 * Steps of work done reading texts and matching names (characters looked at, automaton moves,
 * units checked): tests read it to show the work stays linear in the text on hostile input.
 */
export const nameWork = { steps: 0 };

/** How a letter was read, when not as written. */
export const FLAG = {
  LEET: 1,
  LOOKALIKE: 2,
  STYLED: 4,
  ZERO_WIDTH: 8,
  COMBINING: 16,
  TRANSLIT: 32,
  /** A symbol or emoji stood between this letter and the previous one (luna💋rivers). */
  DECOR: 64,
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
};
const LEET_SYMBOL = /^[@$!|+]$/;

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

type Folded = { out: string; flags: number; upper: boolean; lower: boolean };

/** Small capitals (ᴀ ʙ ᴄ...): Unicode gives them no compatibility decomposition, and confusables only some. */
const SMALL_CAPS: Readonly<Record<string, string>> = Object.fromEntries([..."ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ"].map((c, i) => [c, "abcdefghijklmnopqrstuvwyz"[i]!]));

/**
 * Letters drawn in a circle or square (ⓐ 🄰 🅐 🅰): symbols to Unicode, letters to a reader. The
 * outlined ones decompose (NFKC) to their letter; the negative (filled) ones do not, and are
 * read from their code point.
 */
function enclosedLetter(c: string): string | null {
  const cp = c.codePointAt(0)!;
  if (cp >= 0x1f150 && cp <= 0x1f169) return String.fromCharCode(97 + cp - 0x1f150);
  if (cp >= 0x1f170 && cp <= 0x1f189) return String.fromCharCode(97 + cp - 0x1f170);
  const nfkc = c.normalize("NFKC");
  return /^[A-Za-z0-9]$/.test(nfkc) ? nfkc.toLowerCase() : null;
}
const foldCache = new Map<string, Folded>();
const translitCache = new Map<string, string>();

/** One non-ASCII letter or digit: what it reads as, and how. */
function foldChar(c: string): Folded {
  const hit = foldCache.get(c);
  if (hit) return hit;
  const upper = c !== c.toLowerCase() && c === c.toUpperCase();
  const lower = c !== c.toUpperCase() && c === c.toLowerCase();
  let result: Folded;
  const nfkc = c.normalize("NFKC");
  const compat = nfkc !== c.normalize("NFC");
  const base = c.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  const small = SMALL_CAPS[c];
  if (small) result = { out: small, flags: FLAG.STYLED, upper: false, lower: true };
  else if (base && ASCII_ALNUM.test(base)) {
    // Accented letters are plain spelling (Zoë); compatibility forms (ｌｕｎａ, 𝐥𝐮𝐧𝐚) are a disguise.
    result = { out: base, flags: compat ? FLAG.STYLED : 0, upper, lower };
  } else {
    const skeleton = (CONFUSABLES[c] ?? CONFUSABLES[nfkc] ?? "").normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
    if (skeleton && ASCII_ALNUM.test(skeleton)) result = { out: skeleton, flags: FLAG.LOOKALIKE, upper, lower };
    else {
      const folded = nfkc.toLowerCase();
      // Other letters keep their place as letters; one code unit each (astral ones never match a name).
      const out = [...folded].map((ch) => (ch.length === 1 ? ch : "\ufffd")).join("") || "\ufffd";
      result = { out, flags: 0, upper, lower };
    }
  }
  if (foldCache.size < 50_000) foldCache.set(c, result);
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

const K_OTHER = 0;
const K_IGNORE = 1;
const K_ZERO_WIDTH = 2;
const K_MARK = 3;
const K_LETTER = 4;
const K_SPACE = 5;
const K_JOINER = 6;
const K_DECOR = 7;
/** The most separator characters a run between two letters may have and still join them. */
const MAX_SEPARATOR_RUN = 4;
/** How far the leet reading looks past marks and invisible characters for a letter beside a digit. */
const NEIGHBOUR_SKIP = 32;
/** How many characters of a spelled-out word the leet reading walks to find a letter among them. */
const SPELLED_STEPS = 24;
/** Symbols and emoji written between the words (or letters) of a name to break it up. */
const DECOR = /^[\p{Extended_Pictographic}\p{So}\u2022\u2605\u2606\u2661\u2665\u2764\u273f\u2740\u2728\u2666\u25c6\u25cf\u25cb\u2727\u2726]$/u;
/** A non-ASCII character: what kind it is and, for a letter, how it reads (romanised when Cyrillic). */
type CharInfo = { kind: number; folded: Folded | null; translit: string | null };
const charCache = new Map<string, CharInfo>();

function describeChar(c: string): CharInfo {
  const hit = charCache.get(c);
  if (hit) return hit;
  let info: CharInfo;
  if (c === SOFT_HYPHEN) info = { kind: K_IGNORE, folded: null, translit: null };
  else if (isZeroWidth(c)) info = { kind: K_ZERO_WIDTH, folded: null, translit: null };
  else if (MARK.test(c)) info = { kind: K_MARK, folded: null, translit: null };
  else if (LETTER_OR_DIGIT.test(c)) info = { kind: K_LETTER, folded: foldChar(c), translit: CYRILLIC.test(c) ? translitChar(c) : null };
  else if (enclosedLetter(c) !== null) info = { kind: K_LETTER, folded: { out: enclosedLetter(c)!, flags: FLAG.STYLED, upper: false, lower: false }, translit: null };
  else {
    // Full-width "＿" and "．" join as "_" and "." do.
    const sep = c.normalize("NFKC");
    info = { kind: HSPACE.test(sep) ? K_SPACE : JOINERS.has(sep) ? K_JOINER : DECOR.test(c) ? K_DECOR : K_OTHER, folded: null, translit: null };
  }
  // Bounded: a page of random code points must not grow it without end.
  if (charCache.size < 50_000) charCache.set(c, info);
  return info;
}

class Builder {
  n = 0;
  private codes: Uint16Array;
  start: Int32Array;
  end: Int32Array;
  gap: Uint8Array;
  flags: Uint8Array;
  private camel: Uint8Array;
  private upper: Uint8Array;
  constructor(capacity: number) {
    const c = Math.max(16, capacity);
    this.codes = new Uint16Array(c);
    this.start = new Int32Array(c);
    this.end = new Int32Array(c);
    this.gap = new Uint8Array(c);
    this.flags = new Uint8Array(c);
    this.camel = new Uint8Array(c);
    this.upper = new Uint8Array(c);
  }
  private grow() {
    const c = this.codes.length * 2;
    const g = <T extends Uint16Array | Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(c);
      b.set(a);
      return b;
    };
    this.codes = g(this.codes, (n) => new Uint16Array(n));
    this.start = g(this.start, (n) => new Int32Array(n));
    this.end = g(this.end, (n) => new Int32Array(n));
    this.gap = g(this.gap, (n) => new Uint8Array(n));
    this.flags = g(this.flags, (n) => new Uint8Array(n));
    this.camel = g(this.camel, (n) => new Uint8Array(n));
    this.upper = g(this.upper, (n) => new Uint8Array(n));
  }
  push(code: number, s: number, e: number, gap: number, flags: number, camel: number, upper: number) {
    if (this.n === this.codes.length) this.grow();
    const i = this.n++;
    this.codes[i] = code;
    this.start[i] = s;
    this.end[i] = e;
    this.gap[i] = gap;
    this.flags[i] = flags;
    this.camel[i] = camel;
    this.upper[i] = upper;
  }
  lastCode(): number {
    return this.n > 0 ? this.codes[this.n - 1]! : -1;
  }
  finish(reading: Reading): NormalisedText {
    const n = this.n;
    return {
      reading,
      chars: UTF16.decode(this.codes.subarray(0, n)),
      start: this.start.slice(0, n),
      end: this.end.slice(0, n),
      gap: this.gap.slice(0, n),
      flags: this.flags.slice(0, n),
      camel: this.camel.slice(0, n),
      upper: this.upper.slice(0, n),
    };
  }
}

const UTF16 = new TextDecoder("utf-16le");

// Classes of ASCII characters.
const C_OTHER = 0;
const C_LOWER = 1;
const C_UPPER = 2;
const C_DIGIT = 3;
const C_SPACE = 4;
const C_JOINER = 5;
const C_LEET = 6;
const C_DECOR = 7;
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII_CLASS[c] =
    c >= 97 && c <= 122 ? C_LOWER
    : c >= 65 && c <= 90 ? C_UPPER
    : c >= 48 && c <= 57 ? C_DIGIT
    : ch === " " || ch === "\t" ? C_SPACE
    : JOINERS.has(ch) ? C_JOINER
    : LEET_SYMBOL.test(ch) ? C_LEET
    : ch === "*" || ch === "~" || ch === "^" || ch === "/" ? C_DECOR
    : C_OTHER;
}

/**
 * Reads `text` into letters (see the module comment). Linear in the text:
 * each character is looked at a bounded number of times.
 */
export function normaliseText(text: string, reading: Reading = "plain"): NormalisedText {
  const len = text.length;
  const b = new Builder(len + 16);

  // What has been seen since the last letter.
  let spaces = false;
  let joiners = 0;
  let broken = true;
  let zeroWidth = false;
  // A symbol or emoji since the last letter (a run of them counts as one joiner).
  let decor = false;
  let decorEnd = -1;
  // Separator characters (joiners, symbols, emoji) since the last letter, the last of them, and
  // whether a "." came right after the letter (with spaces after it, a sentence ends there).
  let sepChars = 0;
  let lastSep = 0;
  let dotAfterLetter = false;
  /** Case of the last letter: 0 none/other, 1 lower, 2 upper. */
  let prevCase = 0;
  // Leet: the current run of digits/symbols (decided as a whole) ends before this index.
  let leetRunEnd = -1;
  let leetRunMapped = false;

  const gapNow = (): number => {
    if (broken) return GAP.BREAK;
    if (joiners === 0) return spaces ? GAP.SPACE : GAP.NONE;
    if (joiners === 1 && !spaces) return GAP.JOINER;
    // A short run of separators, with or without spaces around it (luna • rivers, luna__rivers,
    // l . u . n . a, luna 💋💋 rivers) joins as one, unless a sentence ends there ("Luna. Rivers").
    if (sepChars <= MAX_SEPARATOR_RUN && !(dotAfterLetter && spaces)) return GAP.JOINER;
    return GAP.BREAK;
  };
  /** A separator run other than one joiner or a spaced dash ("Luna - Rivers") is decoration. */
  const heavySeparators = (): boolean => joiners > 1 || sepChars > 1 || (spaces && joiners > 0 && !(sepChars === 1 && lastSep === 0x2d));
  /** One letter read from text[s, e) as `out` (char codes), upper-case or not. */
  const emitCode = (code: number, s: number, e: number, flags: number, upper: boolean, lower: boolean) => {
    const g = gapNow();
    const camel = g === GAP.NONE && upper && prevCase === 1 ? 1 : 0;
    const decorated = decor || (g === GAP.JOINER && heavySeparators());
    b.push(code, s, e, g, flags | (zeroWidth ? FLAG.ZERO_WIDTH : 0) | (decorated ? FLAG.DECOR : 0), camel, upper ? 1 : 0);
    spaces = false;
    joiners = 0;
    sepChars = 0;
    lastSep = 0;
    dotAfterLetter = false;
    broken = false;
    zeroWidth = false;
    decor = false;
    prevCase = upper ? 2 : lower ? 1 : 0;
  };
  const emitString = (out: string, s: number, e: number, flags: number, upper: boolean, lower: boolean) => {
    emitCode(out.charCodeAt(0), s, e, flags, upper, lower);
    for (let q = 1; q < out.length; q++) b.push(out.charCodeAt(q), s, e, GAP.NONE, b.flags[b.n - 1]!, 0, upper ? 1 : 0);
  };
  /** The kind of the code point at k (ASCII letters, digits, leet symbols as K_LETTER / K_OTHER). */
  const kindAt = (k: number): number => {
    nameWork.steps++;
    const c = text.charCodeAt(k);
    if (c < 128) {
      const cls = ASCII_CLASS[c]!;
      return cls === C_LOWER || cls === C_UPPER ? K_LETTER : cls === C_SPACE ? K_SPACE : cls === C_JOINER ? K_JOINER : cls === C_DECOR ? K_DECOR : K_OTHER;
    }
    const e = (c & 0xfc00) === 0xd800 && k + 1 < len ? k + 2 : k + 1;
    return describeChar(text.slice(k, e)).kind;
  };
  const cpStart = (k: number): number => (k > 0 && (text.charCodeAt(k) & 0xfc00) === 0xdc00 ? k - 1 : k);
  const cpEnd = (k: number): number => ((text.charCodeAt(k) & 0xfc00) === 0xd800 && k + 1 < len ? k + 2 : k + 1);
  /** Skips marks and invisible characters from k in direction dir (at most NEIGHBOUR_SKIP code units). */
  const skipInvisible = (k: number, dir: 1 | -1): number => {
    let q = k;
    for (let steps = 0; q >= 0 && q < len && steps < NEIGHBOUR_SKIP; steps++) {
      const kind = kindAt(dir < 0 ? cpStart(q) : q);
      if (kind !== K_MARK && kind !== K_ZERO_WIDTH && kind !== K_IGNORE) break;
      q = dir < 0 ? cpStart(q) - 1 : cpEnd(q);
    }
    return q;
  };
  /**
   * Whether a letter stands beside the leet run text[from, to): right next to it (past marks and
   * invisible characters), or, for a single character, across one separator of a spread-out
   * spelling (7*u*n*a, e★$★h).
   */
  const letterBeside = (from: number, to: number): boolean => {
    const single = to - from === 1;
    // "!" closing a word is punctuation (wow!!), and "|" at either edge a rule (| luna |): "!" stands for
    // a letter only before one (!ris), "|" only between two.
    let punctuation = true;
    let bar = false;
    for (let q = from; q < to && punctuation; q++) {
      const c = text.charCodeAt(q);
      punctuation = c === 0x21 || c === 0x7c;
      bar ||= c === 0x7c;
    }
    // Per side (0 before, 1 after): a letter; a digit or symbol across separators, and whether across spaces.
    const letter = [false, false];
    const leet = [false, false];
    const spacedLeet = [false, false];
    for (const dir of [-1, 1] as const) {
      const side = dir < 0 ? 0 : 1;
      let q = skipInvisible(dir < 0 ? from - 1 : to, dir);
      if (q < 0 || q >= len) continue;
      let kind = kindAt(dir < 0 ? cpStart(q) : q);
      if (kind === K_LETTER) {
        letter[side] = true;
        continue;
      }
      if (single && (kind === K_JOINER || kind === K_DECOR || kind === K_SPACE)) {
        // Across a short run of separators (l . 0 . v . e, 7*u*n*a, e★$★h).
        let seps = 0;
        let spaced = false;
        while (q >= 0 && q < len && seps < MAX_SEPARATOR_RUN + 2 && (kind === K_JOINER || kind === K_DECOR || kind === K_SPACE)) {
          if (kind === K_SPACE) spaced = true;
          seps++;
          q = skipInvisible(dir < 0 ? cpStart(q) - 1 : cpEnd(q), dir);
          if (q >= 0 && q < len) kind = kindAt(dir < 0 ? cpStart(q) : q);
        }
        if (q < 0 || q >= len) continue;
        if (kind === K_LETTER) letter[side] = true;
        else if (leetCharEnd(dir < 0 ? cpStart(q) : q) >= 0) {
          leet[side] = true;
          spacedLeet[side] = spaced;
        }
      }
    }
    // Another digit or symbol over there counts when spelled between symbols (m.0.$.$.d), or across
    // spaces when a letter stands on this one's other side (p ! @ b): "1 2 3" stays numbers.
    const beside = (side: number) => letter[side]! || (leet[side]! && (!spacedLeet[side] || letter[1 - side]!));
    if (punctuation) {
      if (!bar) return beside(1);
      // A bar glued to a word and closed by other punctuation (lu|!!) is a letter; standing apart, a rule.
      const closed = (side: number) => {
        const q = skipInvisible(side === 0 ? from - 1 : to, side === 0 ? -1 : 1);
        if (q < 0 || q >= len) return false;
        const kind = kindAt(side === 0 ? cpStart(q) : q);
        const at = side === 0 ? cpStart(q) : q;
        return kind === K_OTHER && (text.charCodeAt(at) === 0x21 || leetCharEnd(at) < 0);
      };
      return (beside(0) && beside(1)) || (letter[0]! && closed(1)) || (letter[1]! && closed(0));
    }
    return beside(0) || beside(1) || (single && spelledOut(from, to));
  };
  /**
   * Whether the single character text[from, to) is one of a word spelled out character by
   * character (3 . 4 . r . 3, l 0 v e): walking the chain of single characters and separators
   * each way (at most SPELLED_STEPS), a letter is found and nothing longer than one character.
   */
  const spelledOut = (from: number, to: number): boolean => {
    for (const dir of [-1, 1] as const) {
      let q = dir < 0 ? from - 1 : to;
      for (let step = 0; step < SPELLED_STEPS; step++) {
        // A separator run.
        let seps = 0;
        q = skipInvisible(q, dir);
        while (q >= 0 && q < len && seps <= MAX_SEPARATOR_RUN + 2) {
          const kind = kindAt(dir < 0 ? cpStart(q) : q);
          if (kind !== K_JOINER && kind !== K_DECOR && kind !== K_SPACE) break;
          seps++;
          q = skipInvisible(dir < 0 ? cpStart(q) - 1 : cpEnd(q), dir);
        }
        if (seps === 0 || q < 0 || q >= len) break;
        // One character, standing alone.
        const at = dir < 0 ? cpStart(q) : q;
        const isLetter = kindAt(at) === K_LETTER;
        if (!isLetter && leetCharEnd(at) < 0) break;
        const next = skipInvisible(dir < 0 ? at - 1 : cpEnd(at), dir);
        if (next >= 0 && next < len) {
          const nk = kindAt(dir < 0 ? cpStart(next) : next);
          if (nk === K_LETTER || leetCharEnd(dir < 0 ? cpStart(next) : next) >= 0) break;
        }
        if (isLetter) return true;
        q = next;
      }
    }
    return false;
  };
  /** A digit (also a styled one: ９ 𝟵) or a leet symbol at k: its end, else -1. */
  const leetCharEnd = (k: number): number => {
    nameWork.steps++;
    const c = text.charCodeAt(k);
    if (c < 128) return ASCII_CLASS[c] === C_DIGIT || ASCII_CLASS[c] === C_LEET ? k + 1 : -1;
    const e = cpEnd(k);
    const f = describeChar(text.slice(k, e)).folded;
    return f && f.out.length === 1 && f.out >= "0" && f.out <= "9" ? e : -1;
  };
  /** Decides, once per run of digits and symbols, whether the run stands for letters. */
  const startLeetRun = (k: number) => {
    if (k < leetRunEnd) return;
    let j = k;
    while (j < len && j - k < 64) {
      const ej = leetCharEnd(j);
      if (ej < 0) break;
      j = ej;
      // Marks and invisible characters inside a run do not end it (7̗0).
      const after = skipInvisible(j, 1);
      if (after > j && after < len && leetCharEnd(after) >= 0) j = after;
    }
    // Exclamation marks and bars closing a word are punctuation, not letters (lun4!!).
    while (j - k > 1 && (text.charCodeAt(j - 1) === 0x21 || text.charCodeAt(j - 1) === 0x7c) && !(j < len && kindAt(j) === K_LETTER)) j--;
    leetRunEnd = j;
    // Digits and symbols stand for letters only in a word that has letters right beside them.
    leetRunMapped = letterBeside(k, j);
  };
  const addSep = (code: number) => {
    if (sepChars === 0 && joiners === 0 && !spaces && code === 0x2e) dotAfterLetter = true;
    sepChars++;
    lastSep = code;
  };
  const addJoiner = (code: number) => {
    addSep(code);
    joiners++;
  };
  const addDecor = (k: number, e: number) => {
    if (decorEnd !== k) joiners++;
    decor = true;
    decorEnd = e;
    addSep(text.charCodeAt(k));
  };

  let k = 0;
  while (k < len) {
    nameWork.steps++;
    const code = text.charCodeAt(k);
    if (code < 128) {
      const cls = ASCII_CLASS[code]!;
      const e = k + 1;
      if (cls === C_LOWER) emitCode(code, k, e, 0, false, true);
      else if (cls === C_UPPER) emitCode(code + 32, k, e, 0, true, false);
      else if (reading === "leet" && (cls === C_DIGIT || cls === C_LEET)) {
        startLeetRun(k);
        if (leetRunMapped) emitCode(LEET[text[k]!]!.charCodeAt(0), k, e, FLAG.LEET, false, true);
        else if (cls === C_DIGIT) emitCode(code, k, e, 0, false, false);
        else if (code === 0x7c) addDecor(k, e);
        else broken = true;
      } else if (cls === C_DIGIT) emitCode(code, k, e, 0, false, false);
      else if (cls === C_SPACE) spaces = true;
      else if (cls === C_JOINER) addJoiner(code);
      else if (cls === C_DECOR || code === 0x7c) addDecor(k, e);
      else broken = true;
      k = e;
      continue;
    }
    // Outside ASCII: one code point.
    const e = code >= 0xd800 && code <= 0xdbff && k + 1 < len && (text.charCodeAt(k + 1) & 0xfc00) === 0xdc00 ? k + 2 : k + 1;
    const info = describeChar(text.slice(k, e));
    switch (info.kind) {
      case K_IGNORE:
      case K_ZERO_WIDTH:
        if (decorEnd === k && ((code >= 0xfe00 && code <= 0xfe0f) || (code === 0x200d && e < len && kindAt(e) === K_DECOR))) {
          // Part of an emoji sequence (a variation selector, a joiner between emoji).
          decorEnd = e;
          break;
        }
        // Between letters, an invisible character (or a soft hyphen) is a disguise; a variation selector never is.
        if (b.n > 0 && !broken && !(code >= 0xfe00 && code <= 0xfe0f)) zeroWidth = true;
        break;
      case K_MARK: {
        // Marks after a letter: an accent when they compose with it into one letter, else a disguise.
        let j = e;
        while (j < len) {
          nameWork.steps++;
          const cj = text.charCodeAt(j);
          if (cj < 0x300) break;
          const ej = (cj & 0xfc00) === 0xd800 && j + 1 < len ? j + 2 : j + 1;
          if (describeChar(text.slice(j, ej)).kind !== K_MARK) break;
          j = ej;
        }
        const last = b.n - 1;
        if (last >= 0 && gapNow() === GAP.NONE) {
          const baseStart = b.start[last]!;
          const disguise = [...text.slice(baseStart, j).normalize("NFC")].length !== 1;
          for (let u = last; u >= 0 && b.start[u] === baseStart; u--) {
            b.end[u] = j;
            if (disguise) b.flags[u]! |= FLAG.COMBINING;
          }
        }
        k = j;
        continue;
      }
      case K_LETTER: {
        const f = info.folded!;
        if (reading === "leet" && f.out.length === 1 && f.out >= "0" && f.out <= "9") {
          // A styled digit in a word reads as the letter it stands for, as a plain one does.
          startLeetRun(k);
          if (leetRunMapped) emitCode(LEET[f.out]!.charCodeAt(0), k, e, f.flags | FLAG.LEET, false, true);
          else emitString(f.out, k, e, f.flags, f.upper, f.lower);
        } else if (reading === "translit" && info.translit !== null) {
          // Soft and hard signs read as nothing but still belong to the word.
          if (info.translit) emitString(info.translit, k, e, FLAG.TRANSLIT, f.upper, f.lower);
        } else emitString(f.out, k, e, f.flags, f.upper, f.lower);
        break;
      }
      case K_SPACE:
        spaces = true;
        break;
      case K_JOINER:
        addJoiner(code);
        break;
      case K_DECOR:
        addDecor(k, e);
        break;
      default:
        broken = true;
    }
    k = e;
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
  const n = nt.chars.length;
  const b = new Builder(n + 16);
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
      const prev = b.n - 1;
      // A doubled letter within a word reads as one.
      if (gap === GAP.NONE && prev >= 0 && b.lastCode() === out.charCodeAt(o)) {
        b.end[prev] = nt.end[i + len - 1]!;
        b.flags[prev]! |= flags;
        continue;
      }
      b.push(out.charCodeAt(o), nt.start[i]!, nt.end[i + len - 1]!, gap, flags, o === 0 ? nt.camel[i]! : 0, nt.upper[i]!);
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
  if (flags & FLAG.DECOR) out.push("decorated");
  return out;
}

let reverseConfusables: Map<string, string[]> | null = null;

/**
 * The reverse of the readings, for generating the disguised spellings of a
 * handle: the digits and symbols that stand for a letter, and the letters of
 * other scripts that look like it (from the same confusables data).
 */
export function disguisesOf(letter: string): { leet: string[]; lookalike: string[] } {
  const l = letter.toLowerCase();
  const leet = Object.keys(LEET).filter((k) => LEET[k] === l || (l === "l" && LEET[k] === "i"));
  if (!reverseConfusables) {
    reverseConfusables = new Map();
    for (const [from, to] of Object.entries(CONFUSABLES)) {
      if ([...from].length !== 1 || from.charCodeAt(0) < 0x80) continue;
      const target = to.toLowerCase();
      // Only what the reading itself reads back as that letter.
      if (!/^[a-z]$/.test(target) || !LETTER_OR_DIGIT.test(from) || foldChar(from).out !== target) continue;
      const list = reverseConfusables.get(target) ?? [];
      list.push(from);
      reverseConfusables.set(target, list);
    }
  }
  return { leet, lookalike: [...(reverseConfusables.get(l) ?? [])] };
}

/** A name as each reading spells it, with where its own words begin. */
export type NameKey = { key: string; wordStarts: ReadonlySet<number> };

export function nameKey(name: string, reading: Reading): NameKey {
  const nt = normaliseText(name, reading);
  const wordStarts = new Set<number>();
  for (let i = 1; i < nt.chars.length; i++) if (nt.gap[i] !== GAP.NONE || nt.camel[i] === 1) wordStarts.add(i);
  return { key: nt.chars, wordStarts };
}
