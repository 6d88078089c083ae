/**
 * Text built against the scanner's patterns: long runs a backtracking pattern
 * re-reads from every start position (hyphenated and dotted names, digits,
 * spaces, tag openers, repeated words), each followed by a character that
 * makes the match fail at the end.
 */
export const HOSTILE_RUNS: Record<string, (n: number) => string> = {
  "hyphenated labels": (n) => "a-".repeat(n / 2) + "!",
  "dotted labels": (n) => "a.".repeat(n / 2) + "!",
  "digits and dots": (n) => "1.".repeat(n / 2) + "x",
  "digit run": (n) => "1".repeat(n) + "x",
  dots: (n) => ".".repeat(n) + "/",
  spaces: (n) => "onlyfans" + " ".repeat(n) + "x",
  "mixed whitespace": (n) => "leaked" + " \t\u00a0".repeat(n / 3) + "!",
  "tag openers": (n) => "<".repeat(n),
  "url openers": (n) => "url(".repeat(n / 4),
  "at signs": (n) => "a@".repeat(n / 2),
  "slashes": (n) => "a" + "/".repeat(n) + " ",
  "word run": (n) => "a".repeat(n) + "!",
  "repeated platform words": (n) => "onlyfans ".repeat(n / 9) + "!",
  "repeated leak words": (n) => "leaked ".repeat(n / 7),
  "name and joiners": (n) => "luna" + "\u200b".repeat(n) + "x",
  "underscores": (n) => "luna" + "_".repeat(n) + "!",
  "hyphenated words": (n) => "luna-".repeat(n / 5),
};

/**
 * A page naming the creator whose every part carries each hostile run, about `size` characters in
 * all, with a file-host link in her post (so the file links of the block that matched her are read too).
 */
export function hostilePage(name: string, size: number): string {
  const kinds = Object.values(HOSTILE_RUNS);
  const each = Math.floor((size * 0.8) / kinds.length);
  const title = `${name} onlyfans leaked ${kinds.map((k) => k(40)).join(" ")}`;
  const text = kinds.map((k) => `<p>${name} ${k(each)}</p>`).join("\n");
  const attrs = kinds.map((k, i) => `<img src="/i/${i}.jpg" alt="${escapeAttr(k(each / 8))}" style="background:${escapeAttr(k(each / 8))}">`).join("");
  const download = `<p>${name} full pack: <a href="https://gofile.io/d/Hostile01">gofile</a></p>`;
  return `<!doctype html><html><head><title>${escapeText(title)}</title><meta name="description" content="${escapeAttr(kinds.map((k) => k(200)).join(" "))}"></head><body><h1>${name} leaks</h1>${download}${text}${attrs}</body></html>`;
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");
