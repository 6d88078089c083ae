import { LEET } from "../name-normaliser";

/**
 * The handles an impersonator would pick from a creator's names: her name
 * with its separators changed or dropped, a letter doubled or dropped, a
 * digit or look-alike letter in place of one, and the usual additions
 * ("official", "real", "vip", "backup", "leaks", underscores at either end).
 *
 * Bounded and ranked: every variant has a cost (how far it strays from what
 * she is called), and the cheapest come first, so a check that can only look
 * at a few handles per platform looks at the likeliest.
 */

export type HandleCandidate = {
  /** The handle, lower-case, as it would appear in a profile address. */
  handle: string;
  /** Which of her names it comes from. */
  base: string;
  /** How it was made from the name ("separator", "prefix official", "look-alike 0 for o"...). */
  variant: string;
  /** Lower is likelier; candidates are sorted by it. */
  cost: number;
};

export type CandidateOptions = {
  /** At most this many handles (default 80). */
  limit?: number;
  /** Handles longer than this are left out (default 30). */
  maxLength?: number;
  /** A platform's rule for handles: those it refuses are left out. */
  accept?: (handle: string) => boolean;
};

export const PREFIXES = ["official", "real", "the", "its", "iam"] as const;
export const SUFFIXES = ["official", "real", "vip", "backup", "free", "leaks", "2", "x", "xo", "of", "fans"] as const;
const SEPARATORS = ["", "_", ".", "-"] as const;
const MAX_NAME_LENGTH = 64;
const MAX_WORDS = 4;

/** Letters and the digits or symbols that stand for them, from the normaliser's table read backwards. */
const LOOKALIKES: ReadonlyMap<string, readonly string[]> = (() => {
  const m = new Map<string, string[]>();
  for (const [glyph, letter] of Object.entries(LEET)) {
    // Handles take letters, digits, "_", "." and "-": symbols ($, @, !) cannot be in one.
    if (!/^[0-9]$/.test(glyph)) continue;
    const list = m.get(letter) ?? [];
    list.push(glyph);
    m.set(letter, list);
  }
  // "l" and "i" are one letter to the eye ("Iuna"): the normaliser folds them together.
  m.set("l", [...(m.get("l") ?? []), "1", "i"]);
  m.set("i", [...(m.get("i") ?? []), "l"]);
  return m;
})();

/** A name's words, lower-case ASCII letters and digits: "Luna Rivers", "luna_rivers", "LunaRivers" → ["luna", "rivers"]. */
export function nameWords(name: string): string[] {
  const folded = name
    .slice(0, MAX_NAME_LENGTH)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    // CamelCase: a capital after a small letter begins a word.
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return folded
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * The ranked handles for her names (stage names first, then nicknames, as
 * given). Her names themselves come first: on a platform where she has no
 * account, her own name is the likeliest impersonator's handle.
 */
export function generateCandidates(names: readonly string[], options: CandidateOptions = {}): HandleCandidate[] {
  const limit = options.limit ?? 80;
  const maxLength = options.maxLength ?? 30;
  const accept = options.accept ?? (() => true);
  const best = new Map<string, HandleCandidate>();
  let order = 0;
  const orderOf = new Map<string, number>();

  const add = (handle: string, base: string, variant: string, cost: number) => {
    if (handle.length < 3 || handle.length > maxLength || !/^[a-z0-9_.-]+$/.test(handle)) return;
    if (!accept(handle)) return;
    const had = best.get(handle);
    if (had && had.cost <= cost) return;
    best.set(handle, { handle, base, variant, cost });
    if (!orderOf.has(handle)) orderOf.set(handle, order++);
  };

  const seenBases = new Set<string>();
  names.forEach((name) => {
    const words = nameWords(name);
    if (words.length === 0) return;
    const key = words.join(" ");
    if (seenBases.has(key)) return;
    // Later names cost more, so her main stage name's variants lead.
    const nameCost = seenBases.size * 0.3;
    seenBases.add(key);
    const joined = words.join("");

    // 1. The name itself with each separator (and as she wrote it, when it differs).
    const forms: Array<{ text: string; sep: string; cost: number }> = [];
    for (const sep of words.length > 1 ? SEPARATORS : [""]) {
      const text = words.join(sep);
      const cost = nameCost + (sep === "" || sep === "_" ? 0 : 0.5);
      forms.push({ text, sep, cost });
      add(text, name, sep === "" ? "name" : `name with "${sep}"`, cost);
    }
    const written = name.trim().toLowerCase();
    add(written, name, "name", nameCost);

    // 2. The usual additions, to the name written without and with "_".
    for (const form of forms.filter((f) => f.sep === "" || f.sep === "_")) {
      const join = form.sep === "" ? ["", "_"] : ["_"];
      // Additions to "luna_rivers" are rarer than to "lunarivers"; "its"/"iam" rarer than "real"/"the".
      const formCost = form.cost + (form.sep === "_" ? 0.4 : 0);
      for (const word of PREFIXES) for (const j of join) add(`${word}${j}${form.text}`, name, `prefix "${word}"`, formCost + 1 + (j === "" ? 0 : 0.1) + (word === "its" || word === "iam" ? 0.5 : 0));
      for (const word of SUFFIXES) for (const j of join) add(`${form.text}${j}${word}`, name, `suffix "${word}"`, formCost + 1 + (j === "" ? 0 : 0.1) + (word === "of" || word === "fans" ? 0.3 : 0));
      add(`_${form.text}`, name, "underscore before", form.cost + 1.2);
      add(`${form.text}_`, name, "underscore after", form.cost + 1.2);
      add(`_${form.text}_`, name, "underscores around", form.cost + 1.4);
      add(`${form.text}__`, name, "underscores after", form.cost + 1.6);
      add(`__${form.text}`, name, "underscores before", form.cost + 1.6);
    }

    // 3. One letter doubled, one dropped (of the name without separators: the commonest spelling).
    for (let i = 0; i < joined.length; i++) {
      const c = joined[i]!;
      if (!/[a-z]/.test(c)) continue;
      const last = i === joined.length - 1;
      add(joined.slice(0, i + 1) + c + joined.slice(i + 1), name, `"${c}" doubled`, nameCost + (last ? 1.6 : 2.3));
      if (joined.length > 4) add(joined.slice(0, i) + joined.slice(i + 1), name, `"${c}" dropped`, nameCost + (joined[i - 1] === c ? 2 : 2.5));
    }

    // 4. A digit or look-alike letter for one letter; then for every such letter at once.
    for (const form of forms.filter((f) => f.sep === "" || f.sep === "_")) {
      let all = "";
      let changed = 0;
      for (let i = 0; i < form.text.length; i++) {
        const c = form.text[i]!;
        const glyphs = LOOKALIKES.get(c);
        all += glyphs ? glyphs[0]! : c;
        if (glyphs) changed++;
        for (const g of glyphs ?? []) {
          add(form.text.slice(0, i) + g + form.text.slice(i + 1), name, `look-alike "${g}" for "${c}"`, form.cost + 2.2 + (/[0-9]/.test(g) ? 0 : 0.2));
        }
      }
      if (changed > 1) add(all, name, "look-alikes for every letter they fit", form.cost + 3);
    }

    // 5. Two steps at once: an addition to a misspelling is as common as either (lunaa_official).
    for (const word of ["official", "vip", "backup", "real"]) {
      add(`${joined}${joined.at(-1)}_${word}`, name, `last letter doubled, suffix "${word}"`, nameCost + 3.2);
    }
  });

  return [...best.values()]
    .sort((a, b) => a.cost - b.cost || orderOf.get(a.handle)! - orderOf.get(b.handle)!)
    .slice(0, Math.max(0, limit));
}
