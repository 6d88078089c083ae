import { GAP, FLAG, nameWork, formsOfFlags, isCyrillicLanguage, nameKey, normaliseText, type EvasionForm, type NormalisedText, type Reading } from "./name-normaliser";
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
 * digits and is not her. Words of the text may only be split where her name
 * has its own word breaks ("moon light luna" is not "moonlight luna"), unless
 * every letter stands apart (l u n a r i v e r s).
 *
 * Disguised spellings are read by the normaliser (name-normaliser.ts):
 * leetspeak, look-alike letters of other scripts, full-width and styled
 * letters, zero-width characters and stray combining marks, letters spaced
 * out or dotted, and on Cyrillic-language pages her name romanised back from
 * Cyrillic. A match that needed one of them carries the forms in `forms`;
 * the whole-token rule holds after normalisation (lun4_r1verside is not her).
 *
 * Matching is one Aho–Corasick pass per reading of the text over the keys of
 * every name, so one pass serves any number of creators
 * (buildMultiNameMatcher); each hit is then checked against the rules above
 * in time bounded by the name's length.
 */

export type NameMatcher = {
  /** The name as the creator entered it. */
  name: string;
  kind: "stage" | "nickname";
  /** Letters and digits only, folded: what a match must spell. */
  key: string;
};

export type NameKind = NameMatcher["kind"];

export type NameMatch = {
  name: string;
  kind: NameKind;
  /** Where the name was seen in the text: text.slice(start, end) === found. */
  start: number;
  end: number;
  found: string;
  /** The disguises that had to be undone to read her name; empty when written plainly. */
  forms: EvasionForm[];
};

export type { EvasionForm };

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


/** Letters run together (no break between them), for the old token-based readers. */
export type Token = { start: number; end: number; key: string };

const TOKEN = /[\p{L}\p{N}]+/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    tokens.push({ start, end: start + m[0].length, key: foldName(m[0]) });
  }
  return tokens;
}

// ---------------------------------------------------------------------------
// Aho–Corasick over the folded name keys.

class Automaton {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly out: number[][] = [[]];
  private fail: Int32Array = new Int32Array(1);
  /** Nearest node on the failure chain that has outputs (-1: none). */
  private dict: Int32Array = new Int32Array(1);

  constructor(keys: readonly string[]) {
    keys.forEach((key, id) => {
      let node = 0;
      for (let q = 0; q < key.length; q++) {
        const ch = key.charCodeAt(q);
        let child = this.next[node]!.get(ch);
        if (child === undefined) {
          child = this.next.length;
          this.next.push(new Map());
          this.out.push([]);
          this.next[node]!.set(ch, child);
        }
        node = child;
      }
      this.out[node]!.push(id);
    });
    const n = this.next.length;
    this.fail = new Int32Array(n);
    this.dict = new Int32Array(n).fill(-1);
    const queue: number[] = [];
    for (const child of this.next[0]!.values()) queue.push(child);
    for (let q = 0; q < queue.length; q++) {
      const node = queue[q]!;
      for (const [ch, child] of this.next[node]!) {
        let f = this.fail[node]!;
        while (f !== 0 && !this.next[f]!.has(ch)) f = this.fail[f]!;
        const g = this.next[f]!.get(ch);
        this.fail[child] = g !== undefined && g !== child ? g : 0;
        const fc = this.fail[child]!;
        this.dict[child] = this.out[fc]!.length > 0 ? fc : this.dict[fc]!;
        queue.push(child);
      }
    }
  }

  /** Calls `hit(id, end)` for every key occurrence ending at unit `end` (inclusive). */
  scan(chars: string, hit: (id: number, end: number) => void): void {
    let node = 0;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars.charCodeAt(i);
      let child = this.next[node]!.get(ch);
      while (child === undefined && node !== 0) {
        nameWork.steps++;
        node = this.fail[node]!;
        child = this.next[node]!.get(ch);
      }
      node = child ?? 0;
      nameWork.steps++;
      for (let o = node; o !== -1; o = this.dict[o]!) for (const id of this.out[o]!) hit(id, i);
    }
  }
}

// ---------------------------------------------------------------------------
// Many names (of many creators) at once.

export type NameEntry = { creatorId: string; name: string; kind: NameKind };
export type CreatorNameMatch = NameMatch & { creatorId: string };

/** A text read once, in the readings a page calls for; shared by every matcher. */
export type PreparedText = {
  text: string;
  readings: NormalisedText[];
};

/**
 * A digit or symbol beside a letter, or a few marks, invisible characters or separators away
 * (l̶3, 7*u*n*a): the only places leetspeak can be. Bounded repetitions: linear in the text.
 */
const LEET_HINT = /[\p{L}\p{So}][\p{M}\p{Cf}\p{P}\p{S}\s]{0,3}[0-9@$!|+\uff10-\uff19\u{1d7ce}-\u{1d7ff}]|[0-9@$!|+\uff10-\uff19\u{1d7ce}-\u{1d7ff}][\p{M}\p{Cf}\p{P}\p{S}\s]{0,3}[\p{L}\p{So}]/u;
const CYRILLIC_HINT = /\p{Script=Cyrillic}/u;

/**
 * Reads a text for matching: always plainly, as leetspeak when it has digits
 * or symbols beside letters, and romanised when the page's language is written in Cyrillic
 * (html lang / Content-Language) and the text has Cyrillic letters.
 */
export function prepareText(text: string, opts: { lang?: string | null } = {}): PreparedText {
  const readings = [normaliseText(text, "plain")];
  if (LEET_HINT.test(text)) readings.push(normaliseText(text, "leet"));
  if (isCyrillicLanguage(opts.lang) && CYRILLIC_HINT.test(text)) readings.push(normaliseText(text, "translit"));
  return { text, readings };
}

/** A name's key in one reading; `letters`: how many letters and digits the name has as written. */
type Pattern = { entry: number; key: string; wordStarts: ReadonlySet<number>; letters: number };

export type MultiNameMatcher = {
  readonly entries: readonly NameEntry[];
  /** Every creator's names found in the text, by creator. */
  match(text: string | PreparedText, opts?: { lang?: string | null }): Map<string, NameMatch[]>;
  /** The same, as one list in text order. */
  matchAll(text: string | PreparedText, opts?: { lang?: string | null }): CreatorNameMatch[];
};

const READINGS: readonly Reading[] = ["plain", "leet", "translit"];

export function buildMultiNameMatcher(entries: readonly NameEntry[]): MultiNameMatcher {
  const kept = entries.filter((e) => foldName(e.name).length >= MIN_NAME_KEY_LENGTH);
  const byReading = new Map<Reading, { patterns: Pattern[]; automaton: Automaton }>();
  for (const reading of READINGS) {
    const patterns: Pattern[] = [];
    kept.forEach((e, entry) => {
      const k = nameKey(e.name, reading);
      if (k.key.length > 0) patterns.push({ entry, key: k.key, wordStarts: k.wordStarts, letters: foldName(e.name).length });
    });
    byReading.set(reading, { patterns, automaton: new Automaton(patterns.map((p) => p.key)) });
  }

  const matchAll = (input: string | PreparedText, opts: { lang?: string | null } = {}): CreatorNameMatch[] => {
    const prepared = typeof input === "string" ? prepareText(input, opts) : input;
    const best = new Map<string, CreatorNameMatch>();
    for (const nt of prepared.readings) {
      const { patterns, automaton } = byReading.get(nt.reading)!;
      automaton.scan(nt.chars, (id, end) => {
        const p = patterns[id]!;
        const found = verify(prepared.text, nt, p, end);
        if (!found) return;
        const e = kept[p.entry]!;
        const m: CreatorNameMatch = { creatorId: e.creatorId, name: e.name, kind: e.kind, ...found };
        const slot = `${p.entry}:${m.start}`;
        const prev = best.get(slot);
        if (!prev || m.forms.length < prev.forms.length) best.set(slot, m);
      });
    }
    return [...best.values()].sort((a, b) => a.start - b.start || b.end - a.end);
  };

  return {
    entries: kept,
    matchAll,
    match(input, opts) {
      const out = new Map<string, NameMatch[]>();
      for (const { creatorId, ...m } of matchAll(input, opts)) {
        const list = out.get(creatorId);
        if (list) list.push(m);
        else out.set(creatorId, [m]);
      }
      return out;
    },
  };
}

/** Symbols that stand for letters when glued to a word (not "!" and "|", which also end sentences and rule tables; "@" also opens a mention). */
const LEET_AFTER = /^[@$+]$/;
const LEET_BEFORE = /^[$+]$/;

/** Least letters of a one-word name found romanised from Cyrillic (a two-word name needs no more). */
export const MIN_TRANSLIT_ONE_WORD = 8;

/** Least letters a spaced or dotted spelling must have: "a b a" in prose is not a name. */
export const MIN_SPACED_KEY_LENGTH = 4;

/**
 * Whether the key occurrence ending at unit `last` is her name written as a
 * whole (the rules in the module comment), and with which disguises.
 */
function verify(text: string, nt: NormalisedText, p: Pattern, last: number): Omit<NameMatch, "name" | "kind"> | null {
  const n = nt.chars.length;
  const first = last - p.key.length + 1;
  if (first < 0) return null;

  // The edges: the text's word must begin and end with the name.
  if (nt.gap[first] === GAP.NONE && !(nt.camel[first] === 1 && descriptiveWords(nt, wordStartOf(nt, first), first))) return null;
  if (last + 1 < n && nt.gap[last + 1] === GAP.NONE && !(nt.camel[last + 1] === 1 && descriptiveWords(nt, last + 1, wordEndOf(nt, last + 1)))) return null;

  // Inside: only single joiners or spaces, and only where her name breaks, unless spelled letter by letter.
  let flags = 0;
  let inner = 0;
  let spacesOnly = true;
  let everyLetterApart = true;
  let pieceStart = first;
  let shortPiece = false;
  nameWork.steps += p.key.length;
  for (let u = first; u <= last; u++) {
    // A symbol before the name is decoration around it, not inside it.
    flags |= u === first ? nt.flags[u]! & ~FLAG.DECOR : nt.flags[u]!;
    if (u === first) continue;
    const g = nt.gap[u]!;
    if (g === GAP.BREAK) return null;
    if (g === GAP.NONE) {
      everyLetterApart = false;
      continue;
    }
    inner++;
    if (g !== GAP.SPACE) spacesOnly = false;
    if (u - pieceStart < 2) shortPiece = true;
    pieceStart = u;
  }
  if (last + 1 - pieceStart < 2 && inner > 0) shortPiece = true;
  let spelled: EvasionForm | null = null;
  if (inner > 0) {
    if (everyLetterApart && p.key.length >= MIN_SPACED_KEY_LENGTH) {
      // The letters stand apart from the words around them too ("I l u n a" is not spelled for her).
      const before = first - 1;
      if (before >= 0 && nt.gap[first] !== GAP.BREAK && (before === 0 || nt.gap[before] !== GAP.NONE)) return null;
      const after = last + 1;
      if (after < n && nt.gap[after] !== GAP.BREAK && (after + 1 >= n || nt.gap[after + 1] !== GAP.NONE)) return null;
      spelled = spacesOnly ? "spaced" : "dotted";
    } else {
      for (let u = first + 1; u <= last; u++) {
        if (nt.gap[u] === GAP.NONE) continue;
        if (p.wordStarts.size > 0 ? !p.wordStarts.has(u - first) : shortPiece) return null;
      }
    }
  }

  // A name glued by "_" to another word is part of a longer handle (luna_rivers_2, real_luna_rivers).
  if (gluedHandle(text, nt, first, last)) return null;

  // Read plainly, a symbol glued to the name that stands for a letter ("jucee+", "$luna")
  // makes a longer word in leetspeak: someone else's name, not hers.
  if (nt.reading === "plain" && (LEET_AFTER.test(text.slice(nt.end[last]!, nt.end[last]! + 1)) || LEET_BEFORE.test(text.slice(Math.max(0, nt.start[first]! - 1), nt.start[first]!)))) return null;
  if (nt.reading !== "plain") {
    // This reading adds only what the plain one cannot read.
    if ((flags & (nt.reading === "leet" ? FLAG.LEET : FLAG.TRANSLIT)) === 0) return null;
    if (nt.reading === "leet" && codeLike(text, nt, first, last, inner)) return null;
    // A one-word name romanised from Cyrillic is too often a Russian word ("луна" is the moon).
    if (nt.reading === "translit" && p.wordStarts.size === 0 && p.letters < MIN_TRANSLIT_ONE_WORD) return null;
  }

  const start = nt.start[first]!;
  const end = nt.end[last]!;
  if (flags & FLAG.LOOKALIKE && ordinaryWordOfItsScript(text, start, end)) return null;
  const forms = formsOfFlags(flags);
  if (spelled) forms.push(spelled);
  return { start, end, found: text.slice(start, end), forms };
}

/** Scripts with letters that look like Latin ones (UTS #39 whole-script confusables). */
const LOOKALIKE_SCRIPTS = [/\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u, /\p{Script=Cherokee}/u, /\p{Script=Georgian}/u];
const LATIN_LETTER = /\p{Script=Latin}/u;
/** How far around a look-alike match to look for other words of its script. */
const SCRIPT_CONTEXT = 64;

/**
 * A word written wholly in another script (no Latin letter) among other words of that script
 * is a word of that language that happens to look Latin ("Сара", "сор" on a Russian page), not
 * her name disguised; alone among Latin text it is a disguise. Mixed-script words always are.
 */
function ordinaryWordOfItsScript(text: string, start: number, end: number): boolean {
  const seen = text.slice(start, end);
  if (LATIN_LETTER.test(seen)) return false;
  const script = LOOKALIKE_SCRIPTS.find((re) => re.test(seen));
  if (!script) return false;
  return script.test(text.slice(Math.max(0, start - SCRIPT_CONTEXT), start)) || script.test(text.slice(end, end + SCRIPT_CONTEXT));
}

/**
 * Where the word around unit u begins / ends, looking at most NEIGHBOUR_UNITS
 * away: the checks on a neighbouring word (descriptive? digits?) need no more,
 * and bounding them keeps a page of one endless word linear.
 */
const NEIGHBOUR_UNITS = 64;

function wordStartOf(nt: NormalisedText, u: number): number {
  let s = u;
  while (s > 0 && nt.gap[s] === GAP.NONE && u - s < NEIGHBOUR_UNITS) s--;
  return s;
}

function wordEndOf(nt: NormalisedText, u: number): number {
  let e = u;
  while (e + 1 < nt.chars.length && nt.gap[e + 1] === GAP.NONE && e - u < NEIGHBOUR_UNITS) e++;
  return e + 1;
}

/** Original text of units [from, to), letters and digits only, lower-cased. */
function originalWord(text: string, nt: NormalisedText, from: number, to: number): string {
  return text.slice(nt.start[from]!, nt.end[to - 1]!).normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/**
 * Words that may follow or precede a name in a file name or tag
 * ("luna_rivers_onlyfans_leaked.zip", "#LunaRiversLeaked"), where "_" or a
 * capital does not make a longer handle.
 */
const DESCRIPTIVE = /^(?:onlyfans|of|fansly|patreon|leak|leaks|leaked|mega|pack|packs|nudes?|naked|videos?|vids?|photos?|pics?|content|free|full|new|zip|rar|7z|part|set|sets|vol|(?:19|20)\d\d)\d*$/;
const DESCRIPTIVE_WORDS = ["onlyfans", "of", "fansly", "patreon", "leaks", "leaked", "leak", "mega", "packs", "pack", "nudes", "nude", "naked", "videos", "video", "vids", "vid", "photos", "photo", "pics", "pic", "content", "free", "full", "new", "sets", "set"];
const MAX_DESCRIPTIVE_CHARS = 40;

/** Whether units [from, to) of one word spell only descriptive words (OnlyFansLeaked). */
function descriptiveWords(nt: NormalisedText, from: number, to: number): boolean {
  if (to <= from || to - from > MAX_DESCRIPTIVE_CHARS || nt.reading !== "plain") return false;
  const s = nt.chars.slice(from, to);
  // ok[i]: s[0, i) splits into descriptive words.
  const ok = new Uint8Array(s.length + 1);
  ok[0] = 1;
  for (let i = 0; i < s.length; i++) {
    if (!ok[i]) continue;
    for (const w of DESCRIPTIVE_WORDS) if (s.startsWith(w, i)) ok[i + w.length] = 1;
  }
  return ok[s.length] === 1;
}

/**
 * The name (units first..last) is glued by one "_" to a neighbouring word that
 * is not a descriptive one: part of a longer handle.
 */
function gluedHandle(text: string, nt: NormalisedText, first: number, last: number): boolean {
  const underscore = (a: number, b: number) =>
    nt.gap[b] === GAP.JOINER && text.slice(nt.end[a]!, nt.start[b]!).replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, "") === "_";
  if (first > 0 && underscore(first - 1, first) && !DESCRIPTIVE.test(originalWord(text, nt, wordStartOf(nt, first - 1), first))) return true;
  const after = last + 1;
  if (after < nt.chars.length && underscore(last, after) && !DESCRIPTIVE.test(originalWord(text, nt, after, wordEndOf(nt, after)))) return true;
  return false;
}

/**
 * A leetspeak reading of a product or order code, not a name: glued by a
 * joiner to a word with digits (5able-200), or a single word in capitals
 * with digits (5ABLE).
 */
function codeLike(text: string, nt: NormalisedText, first: number, last: number, inner: number): boolean {
  const n = nt.chars.length;
  // A descriptive word with a number (set3, part2, 2024) is a file name's, not a code's.
  const codeWord = (w: string) => /\d/.test(w) && !(/[a-z]/.test(w) && DESCRIPTIVE.test(w));
  if (first > 0 && nt.gap[first] === GAP.JOINER && codeWord(originalWord(text, nt, wordStartOf(nt, first - 1), first))) return true;
  if (last + 1 < n && nt.gap[last + 1] === GAP.JOINER && codeWord(originalWord(text, nt, last + 1, wordEndOf(nt, last + 1)))) return true;
  // A hashtag is a name or a word, never a product code.
  if (inner === 0 && text[nt.start[first]! - 1] !== "#") {
    let letters = 0;
    let upper = 0;
    for (let u = first; u <= last; u++) {
      if (nt.flags[u]! & FLAG.LEET) {
        // Codes are written with digits; $, @ and ! in a word are a disguise ($ODY$).
        if (!/[0-9]/.test(text.slice(nt.start[u]!, nt.end[u]!).normalize("NFKC"))) return false;
        continue;
      }
      letters++;
      upper += nt.upper[u]!;
    }
    if (letters > 0 && upper === letters) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------
// One creator's names.

const compiled = new WeakMap<readonly NameMatcher[], MultiNameMatcher>();

function compile(matchers: readonly NameMatcher[]): MultiNameMatcher {
  let m = compiled.get(matchers);
  if (!m) {
    m = buildMultiNameMatcher(matchers.map((x) => ({ creatorId: "", name: x.name, kind: x.kind })));
    compiled.set(matchers, m);
  }
  return m;
}

/**
 * Her names in a text, in text order. `lang` is the page's language (the
 * romanised reading of Cyrillic is used only for Cyrillic-language pages).
 */
export function findNameMatches(text: string | PreparedText, matchers: readonly NameMatcher[], _tokens?: Token[], opts: { lang?: string | null } = {}): NameMatch[] {
  if (matchers.length === 0) return [];
  return compile(matchers)
    .matchAll(text, opts)
    .map(({ creatorId: _id, ...m }) => m);
}

/** Text around a match, on one line, about `radius` characters each side. */
export function snippetAround(text: string, start: number, end: number, radius = 120): string {
  const from = Math.max(0, start - radius);
  const to = Math.min(text.length, end + radius);
  const s = text.slice(from, to).replace(/\s+/g, " ").trim();
  return `${from > 0 ? "…" : ""}${s}${to < text.length ? "…" : ""}`;
}
