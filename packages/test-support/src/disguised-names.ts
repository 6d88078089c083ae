import fc from "fast-check";
import { parseHtmlDocument } from "../../../apps/server/src/scanner/html-document";
import { buildMultiNameMatcher } from "../../../apps/server/src/scanner/name-match";

/**
 * Generated disguised names and traps for the name matcher's sweep
 * (apps/server/src/scanner/name-sweep.test.ts, bench/name-match-bench.ts).
 *
 * A case is a creator's names, one of them written in disguise inside a
 * realistic text, and what the matcher must say: found, quoting exactly what
 * the page wrote, with the disguises it undid ("positive"), or not found at
 * all ("trap"). Random choices below the case level come from a seeded
 * generator so that fast-check's seed fixes the whole case.
 *
 * The disguise kinds are the ones pages use: leetspeak (several maps), look-alike
 * letters of other scripts, full-width / mathematical / circled / squared /
 * small-capital letters, zero-width characters and soft hyphens between
 * letters, combining marks (one, or stacked "zalgo"), symbols and emoji
 * between words or letters (single or repeated), letters spread out or
 * dotted, case games, hashtags and CamelCase, and Cyrillic romanisation on a
 * Russian page.
 */

export type DisguiseKind = "leet" | "lookalike" | "styled" | "zeroWidth" | "combining" | "separators" | "spread" | "caseGame" | "camel" | "translit";
export const DISGUISE_KINDS: readonly DisguiseKind[] = ["leet", "lookalike", "styled", "zeroWidth", "combining", "separators", "spread", "caseGame", "camel", "translit"];

/** The evidence form each kind must leave in a match (none for case games and CamelCase: plain spellings). */
export const FORM_OF_KIND: Readonly<Record<DisguiseKind, string | null>> = {
  leet: "leetspeak",
  lookalike: "lookalike",
  styled: "styled",
  zeroWidth: "zero-width",
  combining: "combining",
  separators: "decorated",
  spread: null, // "spaced" or "dotted", checked apart
  caseGame: null,
  camel: null,
  translit: "transliterated",
};

export type SweepName = { name: string; kind: "stage" | "nickname"; words: string[] };
export type SweepCase = {
  label: string;
  /** Her names (the first is the one written). */
  names: SweepName[];
  /** Another creator's names, for the shared-word traps (matched in the same pass). */
  others: SweepName[];
  /** The page text, or an HTML body when `html`. */
  text: string;
  html: boolean;
  lang: string | null;
  /** Positive: exactly what the page wrote for her name (in the page's text), and the forms the match must carry. */
  expect: { seen: string; forms: string[]; spread: boolean } | null;
};

// ---------------------------------------------------------------------------
// Seeded choices.

export type Rng = { int(n: number): number; chance(p: number): boolean; pick<T>(xs: readonly T[]): T };

export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r: Rng = {
    int: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick: (xs) => xs[r.int(xs.length)]!,
  };
  return r;
}

// ---------------------------------------------------------------------------
// Names.

const ONSETS = ["l", "m", "n", "r", "s", "t", "k", "b", "d", "v", "j", "z", "c", "p", "g", "h", "f", "w", "br", "st", "tr", "kr", "sh", "ch", "gr", "bl", "cl", "fl", "pr", "sk"];
const NUCLEI = ["a", "e", "i", "o", "u", "y", "ia", "ie", "ea", "ou", "ai", "ee"];
const CODAS = ["", "", "", "n", "r", "s", "l", "x", "y", "ss", "tt", "nn", "lle", "rs", "ne", "na", "la", "ra"];

function word(r: Rng, minLen: number): string {
  for (;;) {
    let w = "";
    const syl = 1 + r.int(3);
    for (let i = 0; i < syl; i++) w += (i === 0 && r.chance(0.25) ? "" : r.pick(ONSETS)) + r.pick(NUCLEI);
    w += r.pick(CODAS);
    if (w.length >= minLen && w.length <= 10) return w;
  }
}

export function randomName(r: Rng): SweepName {
  const n = 1 + (r.chance(0.45) ? 1 : 0) + (r.chance(0.12) ? 1 : 0);
  const words = Array.from({ length: n }, () => word(r, n === 1 ? 4 : 3));
  if (r.chance(0.5)) {
    // A handle: joined by "_", "." or nothing, sometimes with digits.
    const joiner = r.pick(["_", "", ".", "_"]);
    const digits = r.chance(0.25) ? String(1 + r.int(99)) : "";
    return { name: words.join(joiner) + digits, kind: "stage", words: digits ? [...words.slice(0, -1), words.at(-1)! + digits] : words };
  }
  return { name: words.join(" "), kind: "nickname", words };
}

// ---------------------------------------------------------------------------
// Disguises, one letter (or one gap) at a time.

const LEET_MAPS: ReadonlyArray<Readonly<Record<string, string>>> = [
  { a: "4", e: "3", i: "1", o: "0", s: "5", t: "7" },
  { a: "@", s: "$", i: "!", l: "|", t: "+" },
  { b: "8", g: "9", z: "2", l: "1", o: "0", e: "3" },
  { a: "4", s: "$", i: "1", o: "0", g: "6", l: "1" },
];

/** Look-alike letters of other scripts (Unicode confusables), by script. */
const LOOKALIKE: ReadonlyArray<Readonly<Record<string, string>>> = [
  // Cyrillic
  { a: "а", c: "с", e: "е", i: "і", j: "ј", o: "о", p: "р", s: "ѕ", x: "х", y: "у", h: "һ", d: "ԁ", q: "ԛ", w: "ԝ" },
  // Greek
  { a: "α", i: "ι", o: "ο", p: "ρ", u: "υ", v: "ν", y: "γ" },
  // Armenian, Cherokee and others
  { o: "օ", u: "ս", h: "հ", n: "ռ", q: "զ", g: "ց", d: "Ꮷ", i: "Ꭵ", s: "ꮪ", w: "ꮃ", z: "ꮓ" },
];

const ASCII_LOWER = "abcdefghijklmnopqrstuvwxyz";
const SMALL_CAPS = "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡxʏᴢ";
/** Styled alphabets: full-width, mathematical (bold, italic, script, fraktur, double-struck, sans, monospace), circled, squared, negative circled, small capitals. */
const STYLES: ReadonlyArray<(c: string, upper: boolean) => string> = [
  (c, u) => String.fromCodePoint((u ? 0xff21 : 0xff41) + ASCII_LOWER.indexOf(c)),
  (c, u) => String.fromCodePoint((u ? 0x1d400 : 0x1d41a) + ASCII_LOWER.indexOf(c)),
  (c, u) => String.fromCodePoint((u ? 0x1d468 : 0x1d482) + ASCII_LOWER.indexOf(c)),
  (c, u) => String.fromCodePoint((u ? 0x1d4d0 : 0x1d4ea) + ASCII_LOWER.indexOf(c)),
  (c, u) => String.fromCodePoint((u ? 0x1d56c : 0x1d586) + ASCII_LOWER.indexOf(c)),
  (c, u) => String.fromCodePoint((u ? 0x1d5a0 : 0x1d5ba) + ASCII_LOWER.indexOf(c)),
  (c, u) => String.fromCodePoint((u ? 0x1d670 : 0x1d68a) + ASCII_LOWER.indexOf(c)),
  (c, u) => String.fromCodePoint((u ? 0x24b6 : 0x24d0) + ASCII_LOWER.indexOf(c)),
  (c) => String.fromCodePoint(0x1f130 + ASCII_LOWER.indexOf(c)),
  (c) => String.fromCodePoint(0x1f150 + ASCII_LOWER.indexOf(c)),
  (c) => SMALL_CAPS[ASCII_LOWER.indexOf(c)]!,
];
const DIGIT_STYLES: ReadonlyArray<(d: number) => string> = [(d) => String.fromCodePoint(0xff10 + d), (d) => String.fromCodePoint(0x1d7ce + d), (d) => String.fromCodePoint(0x1d7ec + d)];

const ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\ufeff", "\u00ad", "\u2060"];
/** Marks that never compose with a Latin letter into one letter (an accent is spelling, not a disguise). */
const OVERLAYS = ["\u0336", "\u0335", "\u0332", "\u0333", "\u0338", "\u0337", "\u0489", "\u035c", "\u0361", "\u0316", "\u0317", "\u031f", "\u034e"];
const MARKS = ["\u0336", "\u0335", "\u0332", "\u0333", "\u0338", "\u0337", "\u0301", "\u0308", "\u0303", "\u030a", "\u0327", "\u0489", "\u035c", "\u0361", "\u0316", "\u0317", "\u031f", "\u0324", "\u0330", "\u034e"];
/** Between the words of a name (or between its letters): single or repeated symbols, emoji, with or without spaces. */
const SEPARATORS = ["_", "-", ".", "·", "•", "|", "/", "★", "💋", "❤️", "🔥", "✨", "~", "*", "♡", "🍑"];
const SPREAD_SEPARATORS = [" ", ".", "-", "_", "·", "•", "*", "|", "/", "★", "💋", "🔥", " . ", " • ", "  "];

const CYRILLIC_GROUPS: ReadonlyArray<[string, string]> = [
  ["sh", "ш"],
  ["ch", "ч"],
  ["zh", "ж"],
  ["ts", "ц"],
  ["ya", "я"],
  ["yu", "ю"],
  ["kh", "х"],
];
const CYRILLIC_LETTERS: Readonly<Record<string, string>> = {
  a: "а", b: "б", c: "к", d: "д", e: "е", f: "ф", g: "г", h: "х", i: "и", j: "дж", k: "к", l: "л", m: "м", n: "н", o: "о", p: "п", q: "к", r: "р", s: "с", t: "т", u: "у", v: "в", w: "в", x: "кс", y: "й", z: "з",
};

function toCyrillic(w: string, capital: boolean): string {
  let out = "";
  for (let i = 0; i < w.length; ) {
    const g = CYRILLIC_GROUPS.find(([from]) => w.startsWith(from, i));
    if (g) {
      out += g[1];
      i += g[0].length;
      continue;
    }
    const c = w[i]!;
    // "y" between consonants reads as "и".
    out += c === "y" && i > 0 && !"aeiou".includes(w[i - 1]!) ? "и" : (CYRILLIC_LETTERS[c] ?? c);
    i++;
  }
  return capital ? out[0]!.toUpperCase() + out.slice(1) : out;
}

export type Disguised = { text: string; forms: Set<string>; spread: boolean };

/** Which kinds can apply to a name (the matcher's documented limits: romanised one-word names need 8 letters, spread-out names 4). */
export function kindsFor(n: SweepName, kinds: readonly DisguiseKind[]): DisguiseKind[] {
  const letters = n.words.join("").length;
  // Known limit: romanisation folds doubled letters within a word, so a handle whose joined words
  // meet on the same letter (kiss + sam = "kisssam") is not found when a Russian page splits it.
  const junction = n.name.replace(/[^a-z0-9]/g, "") === n.words.join("") && n.words.some((w, i) => i > 0 && w[0] === n.words[i - 1]!.at(-1));
  let out = kinds.filter((k) => !(k === "translit" && ((n.words.length === 1 && letters < 8) || junction)) && !(k === "spread" && letters < 4));
  if (out.includes("translit")) out = out.filter((k) => k === "translit" || k === "separators" || k === "caseGame" || k === "zeroWidth" || k === "combining");
  if (out.includes("spread")) out = out.filter((k) => k !== "camel" && k !== "separators");
  return out;
}

/**
 * Writes the words of a name with the given disguises. Each kind touches at
 * least one letter or gap, so its form must show in the match.
 */
export function disguise(words: readonly string[], kinds: readonly DisguiseKind[], r: Rng): Disguised {
  const has = (k: DisguiseKind) => kinds.includes(k);
  const forms = new Set<string>();
  for (const k of kinds) if (FORM_OF_KIND[k]) forms.add(FORM_OF_KIND[k]);
  const leetMap = r.pick(LEET_MAPS);
  const lookMap = r.pick(LOOKALIKE);
  const style = r.pick(STYLES);
  const digitStyle = r.pick(DIGIT_STYLES);
  // Known limit: one word in capitals with digits for letters reads as a product code (SKU 5ABLE), by design.
  const caseGame = r.pick(words.length === 1 && has("leet") ? (["alternate", "random", "title"] as const) : (["upper", "alternate", "random", "title"] as const));

  // Words in Cyrillic first: the rest works on what is written.
  let ws = has("translit") ? words.map((w, i) => toCyrillic(w, i === 0 || r.chance(0.7))) : words.map((w) => w);
  if (has("camel") || (has("caseGame") && caseGame === "title")) ws = ws.map((w) => w[0]!.toUpperCase() + w.slice(1));

  // Letters, as units; which ones carry each per-letter disguise (at least one each).
  type Unit = { ch: string; word: number };
  const units: Unit[] = [];
  ws.forEach((w, wi) => {
    for (const ch of w) units.push({ ch, word: wi });
  });
  const choose = (ok: (u: Unit, i: number) => boolean, p: number): Set<number> => {
    const idx = units.map((u, i) => (ok(u, i) ? i : -1)).filter((i) => i >= 0);
    const s = new Set<number>();
    if (idx.length === 0) return s;
    for (const i of idx) if (r.chance(p)) s.add(i);
    if (s.size === 0) s.add(r.pick(idx));
    return s;
  };
  const taken = new Set<number>();
  const pickFor = (k: DisguiseKind, ok: (u: Unit) => boolean, p: number) => {
    if (!has(k)) return new Set<number>();
    const s = choose((u, i) => !taken.has(i) && ok(u), p);
    if (s.size === 0) forms.delete(FORM_OF_KIND[k] ?? "");
    for (const i of s) taken.add(i);
    return s;
  };
  const lower = (c: string) => c.toLowerCase();
  // Known limit: a bar ending a word before a space reads as a rule (| luna |), not as an "l".
  const wordEnd = (u: Unit) => units[units.indexOf(u) + 1]?.word !== u.word;
  const leet = pickFor("leet", (u) => lower(u.ch) in leetMap && !(leetMap[lower(u.ch)] === "|" && wordEnd(u)), 0.5);
  const look = pickFor("lookalike", (u) => lower(u.ch) in lookMap, 0.5);
  const styled = pickFor("styled", (u) => ASCII_LOWER.includes(lower(u.ch)) || /[0-9]/.test(u.ch), 0.7);
  const marks = has("combining") ? choose(() => true, 0.5) : new Set<number>();
  // Zero-width characters go between letters of one word.
  const zw = has("zeroWidth") ? choose((u, i) => i > 0 && units[i - 1]!.word === u.word, 0.4) : new Set<number>();
  if (has("zeroWidth") && zw.size === 0) forms.delete("zero-width");
  const zalgo = r.chance(0.4);
  // "|" and "!" stand for letters themselves: not a separator in a leetspeak spelling.
  const spreadSep = r.pick(has("leet") ? SPREAD_SEPARATORS.filter((x) => x !== "|") : SPREAD_SEPARATORS);
  const wordSep = has("separators") ? r.pick(SEPARATORS).repeat(r.chance(0.3) ? 2 + r.int(2) : 1) : null;
  const spacedSep = wordSep !== null && r.chance(0.3);
  // One "_", "-" or "." between words (or a dash between spaces) is how names are written, not a disguise.
  if (wordSep !== null && (ws.length < 2 || (["_", "-", ".", "·"].includes(wordSep) && (!spacedSep || wordSep === "-")))) forms.delete("decorated");

  let out = "";
  units.forEach((u, i) => {
    // The gap before this unit.
    if (i > 0) {
      const newWord = units[i - 1]!.word !== u.word;
      if (has("spread")) out += newWord && spreadSep === " " ? "  " : spreadSep;
      else if (newWord) out += wordSep !== null ? (spacedSep ? ` ${wordSep} ` : wordSep) : has("camel") ? "" : " ";
      if (zw.has(i)) out += r.pick(ZERO_WIDTH).repeat(1 + r.int(2));
    }
    let ch = u.ch;
    const upper = ch !== ch.toLowerCase();
    if (has("caseGame") && caseGame !== "title") ch = caseGame === "upper" ? ch.toUpperCase() : caseGame === "alternate" ? (i % 2 ? ch.toUpperCase() : ch.toLowerCase()) : r.chance(0.5) ? ch.toUpperCase() : ch.toLowerCase();
    if (leet.has(i)) ch = leetMap[lower(ch)]!;
    else if (look.has(i)) ch = lookMap[lower(ch)]!;
    else if (styled.has(i)) ch = /[0-9]/.test(ch) ? digitStyle(Number(ch)) : style(lower(ch), ch !== ch.toLowerCase() || upper);
    out += ch;
    if (marks.has(i)) {
      const n = zalgo ? 2 + r.int(6) : 1;
      out += r.pick(OVERLAYS);
      for (let q = 1; q < n; q++) out += r.pick(MARKS);
    }
  });
  return { text: out, forms, spread: has("spread") };
}

// ---------------------------------------------------------------------------
// Where the name stands in a page.

type Embed = { html: boolean; make: (d: string) => string };
const EMBEDS: readonly Embed[] = [
  { html: false, make: (d) => `${d} leaked videos, all sets inside` },
  { html: false, make: (d) => `New today from ${d}.` },
  { html: false, make: (d) => `Who is ${d}? Full pack below` },
  { html: false, make: (d) => `"${d}" – every photo, free` },
  { html: false, make: (d) => `(${d}) onlyfans` },
  { html: false, make: (d) => `[${d}] mega folder` },
  { html: false, make: (d) => `wow ${d}!! so hot` },
  { html: false, make: (d) => `download: https://leaks.example/${d}-onlyfans-leak/ now` },
  { html: false, make: (d) => `file ${d}_set3.zip (1.2 GB)` },
  { html: false, make: (d) => `#${d} #leaks` },
  { html: false, make: (d) => `Posted by admin\n${d}\nMore below` },
  { html: true, make: (d) => `<html><body><h2>Leaks</h2><p>New from ${d} today, 300 photos</p></body></html>` },
];

/** Splits a disguised name inside HTML with inline tags (<b>lu</b>na rivers); only between code points, never inside a cluster of marks. */
function splitByTags(d: string, r: Rng): string {
  const cps = [...d];
  const cuts: number[] = [];
  for (let i = 1; i < cps.length; i++) if (!/^(?:\p{M}|[\u200b-\u200d\u2060\ufeff\u00ad]|\ufe0f)/u.test(cps[i]!) && cps[i - 1] !== "\u200d") cuts.push(i);
  if (cuts.length === 0) return d;
  const c = r.pick(cuts);
  const tag = r.pick(["b", "i", "span", "em", "strong"]);
  return `<${tag}>${cps.slice(0, c).join("")}</${tag}>${cps.slice(c).join("")}`;
}

const descriptiveEmbed = (e: Embed) => e.make("X").includes("#X") || e.make("X").includes("X_set3") || e.make("X").includes("X-onlyfans");

function positive(r: Rng, kinds: readonly DisguiseKind[]): SweepCase {
  const her = randomName(r);
  const nick = randomName(r);
  const ks = kindsFor(her, kinds);
  const d = disguise(her.words, ks, r);
  let embed = r.pick(EMBEDS);
  // A spread-out or spaced name in a slug, a file name or a hashtag is not how pages write it.
  if (d.spread || /\s/.test(d.text)) while (descriptiveEmbed(embed)) embed = r.pick(EMBEDS);
  const inner = embed.html ? splitByTags(d.text, r) : d.text;
  return {
    label: `positive [${ks.join(", ") || "plain"}]`,
    names: [her, { ...nick, kind: "nickname", name: nick.words.join(" ") }],
    others: [],
    // A Russian page says so in its markup (html lang), as the romanised reading requires.
    text: ks.includes("translit") ? embed.make(inner).replace("<html>", '<html lang="ru">') : embed.make(inner),
    html: embed.html,
    lang: ks.includes("translit") ? "ru" : null,
    expect: { seen: d.text, forms: [...d.forms], spread: d.spread },
  };
}

const GLUE_WORDS = ["xo", "official", "fan", "real", "vip", "the", "miss", "babe", "tv", "girl", "x", "club"];

/** Traps: longer names containing hers, other creators sharing a word, ordinary text that reads as a short nickname. */
function trap(r: Rng, kinds: readonly DisguiseKind[]): SweepCase {
  const her = randomName(r);
  const shape = r.int(4);
  const ks = kindsFor(her, kinds).filter((k) => k !== "camel" || shape !== 0);
  if (shape === 0 || shape === 1) {
    // Her name with letters or a word glued on, disguised the same way.
    const words = [...her.words];
    const glued = r.chance(0.5) ? word(r, 1).slice(0, 1 + r.int(3)) : r.pick(GLUE_WORDS);
    const how = shape === 0 ? "letters" : r.pick(["underscore", "camel"] as const);
    let text: string;
    if (how === "letters") {
      if (r.chance(0.5)) words[words.length - 1] += glued;
      else words[0] = glued + words[0];
      text = disguise(words, ks, r).text;
    } else {
      const d = disguise(words, ks.filter((k) => k !== "spread" && k !== "translit"), r).text;
      const g = how === "camel" ? glued[0]!.toUpperCase() + glued.slice(1) : `_${glued}`;
      text = r.chance(0.5) ? d + g : how === "camel" ? glued + d[0]!.toUpperCase() + d.slice(1) : `${glued}_${d}`;
    }
    const embed = r.pick(EMBEDS.filter((e) => !e.html));
    return { label: `trap longer name [${ks.join(", ")}]`, names: [her], others: [], text: embed.make(text), html: false, lang: ks.includes("translit") ? "ru" : null, expect: null };
  }
  if (shape === 2) {
    // Another creator who shares one of her words.
    const words = her.words.length > 1 ? [...her.words] : [...her.words, word(r, 3)];
    const keep = r.int(words.length);
    const other = words.map((w, i) => (i === keep ? w : word(r, 3)));
    if (other.join("") === her.words.join("")) return trap(r, kinds);
    const herName: SweepName = { name: words.join(" "), kind: "nickname", words };
    const otherName: SweepName = { name: other.join("_"), kind: "stage", words: other };
    const oks = kindsFor(otherName, kinds);
    const d = disguise(other, oks, r);
    const embed = r.pick(EMBEDS.filter((e) => !e.html && !(d.spread && descriptiveEmbed(e))));
    return { label: `trap shared word [${oks.join(", ")}]`, names: [herName], others: [otherName], text: embed.make(d.text), html: false, lang: oks.includes("translit") ? "ru" : null, expect: null };
  }
  if (r.chance(0.25)) {
    // A word of another script that looks Latin, among words of its language (Сара, сор, рое on a Russian page).
    const look = r.pick([
      { latin: "acepoxy", to: { a: "а", c: "с", e: "е", p: "р", o: "о", x: "х", y: "у" } as Record<string, string>, page: ["Вчера", "пришла домой,", "и мы пили чай."] },
      { latin: "aiopuv", to: { a: "α", i: "ι", o: "ο", p: "ρ", u: "υ", v: "ν" } as Record<string, string>, page: ["Χθες", "ήρθε σπίτι", "και ήπιαμε τσάι."] },
    ]);
    let nick = "";
    while (nick.length < 3 + r.int(3)) nick += r.pick([...look.latin]);
    const foreign = [...nick].map((c) => look.to[c]!).join("");
    const w = r.chance(0.5) ? foreign[0]!.toUpperCase() + foreign.slice(1) : foreign;
    return {
      label: "trap word of another script",
      names: [{ name: nick, kind: "nickname", words: [nick] }],
      others: [],
      text: `${look.page[0]} ${w} ${look.page[1]} ${look.page[2]}`,
      html: false,
      lang: null,
      expect: null,
    };
  }
  // Ordinary text that reads as a short nickname: codes, glued words, letters of other words.
  const nick = word(r, 3).slice(0, 3 + r.int(3));
  const name: SweepName = { name: nick, kind: "nickname", words: [nick] };
  // Codes and references are written with digits.
  const leetMap = Object.fromEntries(Object.entries(r.pick(LEET_MAPS)).filter(([, v]) => /[0-9]/.test(v)));
  let leeted = [...nick].map((c) => leetMap[c] ?? c).join("");
  if (leeted === nick) leeted = nick.slice(0, -1) + "0";
  const filler = word(r, 3);
  const text = r.pick([
    () => `order code ${leeted.toUpperCase()}-${1000 + r.int(9000)} ships today`,
    () => `SKU ${leeted.toUpperCase()} in stock`,
    () => `please ${filler}${leeted} the alarm`,
    () => `the ${filler}${nick} tour and ${nick}${filler}s`,
    () => `I ${[...nick].join(" ")}${filler} said`,
    () => `ref ${leeted}-${r.int(99)}/${r.int(99)}`,
    () => `${[...nick].slice(0, -1).join(" ")} ${nick.at(-1)}${filler} park`,
  ])();
  return { label: "trap ordinary text", names: [name], others: [], text, html: false, lang: null, expect: null };
}

const kindsArb = fc.subarray([...DISGUISE_KINDS], { minLength: 0, maxLength: 4 });

/** A disguised name in a page: must be found, with its disguises recorded. */
export const positiveCase: fc.Arbitrary<SweepCase> = fc.tuple(fc.integer({ min: 0, max: 2 ** 31 - 1 }), kindsArb).map(([seed, kinds]) => positive(rng(seed), kinds));

/** A longer name, another creator's name or ordinary text: must not be taken for her. */
export const trapCase: fc.Arbitrary<SweepCase> = fc.tuple(fc.integer({ min: 0, max: 2 ** 31 - 1 }), kindsArb).map(([seed, kinds]) => trap(rng(seed), kinds));

export const SWEEP_SEED = 20261125;

export type SweepHit = { creator: "her" | "other"; found: string; forms: readonly string[] };

/** What the matcher must say on a case: null when right, else why not. */
export function judgeCase(c: SweepCase, hits: readonly SweepHit[]): string | null {
  const hers = hits.filter((h) => h.creator === "her");
  if (!c.expect) return hers.length === 0 ? null : `took ${JSON.stringify(hers.map((h) => h.found))} for her`;
  const e = c.expect;
  // An HTML page's text has its runs of spaces collapsed.
  const seen = c.html ? e.seen.replace(/[^\S\ufeff]+/g, " ") : e.seen;
  const hit = hers.find((h) => h.found === seen);
  if (!hit) return `did not find ${JSON.stringify(seen)} (found ${JSON.stringify(hers.map((h) => [h.found, h.forms]))})`;
  const missing = e.forms.filter((f) => !hit.forms.includes(f));
  if (e.spread && !hit.forms.some((f) => f === "spaced" || f === "dotted")) missing.push("spaced/dotted");
  return missing.length ? `found ${JSON.stringify(e.seen)} without saying ${missing.join(", ")} (said ${hit.forms.join(", ") || "nothing"})` : null;
}

/** Runs a generated case through the matcher as the scanner does (an HTML body read into its text first). */
export function runCase(c: SweepCase): SweepHit[] {
  const matcher = buildMultiNameMatcher([
    ...c.names.map((n) => ({ creatorId: "her", name: n.name, kind: n.kind })),
    ...c.others.map((n) => ({ creatorId: "other", name: n.name, kind: n.kind })),
  ]);
  let text = c.text;
  let lang = c.lang;
  if (c.html) {
    const doc = parseHtmlDocument(c.text, "https://leaks.example/page");
    text = doc.text;
    lang = doc.lang || lang;
  }
  return matcher.matchAll(text, { lang }).map((m) => ({ creator: m.creatorId === "her" ? "her" : "other", found: m.found, forms: m.forms }));
}

/** Recall and precision over `n` generated positives and `n` traps (fast-check's sample with a fixed seed). */
export function measureSweep(n: number, seed = SWEEP_SEED) {
  const positives = fc.sample(positiveCase, { seed, numRuns: n });
  const traps = fc.sample(trapCase, { seed, numRuns: n });
  let found = 0;
  let recorded = 0;
  let falsePositives = 0;
  const failures: string[] = [];
  for (const c of positives) {
    const hits = runCase(c);
    const why = judgeCase(c, hits);
    if (!why || !why.startsWith("did not find")) found++;
    if (!why) recorded++;
    else failures.push(`${c.label}: ${why} in ${JSON.stringify(c.text)}`);
  }
  for (const c of traps) {
    const why = judgeCase(c, runCase(c));
    if (why) {
      falsePositives++;
      failures.push(`${c.label}: ${why} in ${JSON.stringify(c.text)}`);
    }
  }
  return {
    seed,
    positives: n,
    traps: n,
    found,
    recorded,
    falsePositives,
    recall: found / n,
    /** Of the matches made (a positive found, or a trap taken for her). */
    precision: found / Math.max(1, found + falsePositives),
    failures,
  };
}
