/**
 * Words quoted from a page in a notice. The page is the infringer's: what it writes is never
 * mailed as written, or the service would carry an attacker's links, addresses and numbers in a
 * notice signed in its name. A quote is bounded, on one line, with links, e-mail addresses and
 * phone numbers replaced by a bracketed word, and the template marks it as the page's words.
 * Everything here is one pass over bounded text (no pattern that can backtrack).
 */

/** At most this many characters of a page's title are quoted. */
export const MAX_QUOTED_TITLE = 120;
/** At most this many characters of a page's text are quoted. */
export const MAX_QUOTED_TEXT = 200;
/** What is read of the page's words at all: enough to fill a quote after redaction. */
const MAX_READ = 2_000;

export const LINK_REMOVED = "[link removed]";
export const EMAIL_REMOVED = "[e-mail address removed]";
export const PHONE_REMOVED = "[phone number removed]";

/** Line and paragraph breaks, control and format characters (zero-width, bidi overrides): each a space. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** Quotation marks of every kind: the template's own quotes must stay the only ones. */
const QUOTE_MARKS = /["\u201C-\u201F\u00AB\u00BB\u2039\u203A\u300C-\u300F\uFF02]/gu;
/** "[.]", "(dot)", "{at}"…: the ways a page writes an address so that filters miss it. */
const OBFUSCATED_DOT = /[[({<](?:\.|dot)[\])}>]/giu;
const OBFUSCATED_AT = /[[({<]at[\])}>]/giu;
/** The same, as a word of its own ("name [at] host [dot] com"). */
const AT_WORD = /^(?:@|[[({<]at[\])}>])$/iu;
const DOT_WORD = /^(?:\.|[[({<](?:\.|dot)[\])}>])$/iu;
const PUNCTUATION = /^[\p{P}\p{S}]$/u;
const LABEL = /^[\p{L}\p{N}_-]+$/u;
const TOP_LEVEL = /^\p{L}{2,}$/u;
const DIGIT = /\p{Nd}/u;

/** The word without the punctuation around it ("(evil.example)," → "evil.example"). */
function trimPunctuation(word: string): string {
  const chars = [...word];
  let start = 0;
  let end = chars.length;
  while (start < end && PUNCTUATION.test(chars[start]!)) start++;
  while (end > start && PUNCTUATION.test(chars[end - 1]!)) end--;
  return chars.slice(start, end).join("");
}

/** "evil.example", "t.me/x", "www.x.example/path": a host name with a top-level domain of letters, maybe a port and a path after it. */
function looksLikeHost(token: string): boolean {
  const host = token.split(/[/?#:]/u, 1)[0]!.toLowerCase();
  const trimmed = trimPunctuation(host);
  const labels = trimmed.split(".");
  if (labels.length < 2 || labels.some((l) => !LABEL.test(l))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]!);
}

type Kind = "link" | "email" | null;

function kindOf(token: string): Kind {
  const t = token.replace(OBFUSCATED_DOT, ".").replace(OBFUSCATED_AT, "@");
  const at = t.indexOf("@");
  if (at >= 0) {
    const after = t.slice(at + 1);
    // "@handle" alone is a name, not an address; "name@host.tld" and "name@" before a host are addresses.
    if (at > 0 && (after === "" || after.includes("."))) return "email";
    if (at === 0 && after.includes(".") && looksLikeHost(after)) return "email";
  }
  const lower = t.toLowerCase();
  if (lower.includes("://") || lower.startsWith("www.") || lower.startsWith("//")) return "link";
  if (/^(?:mailto|tel|sms|magnet|data|javascript):/u.test(trimPunctuation(lower))) return "link";
  return looksLikeHost(t) ? "link" : null;
}

/** "name [at] host [dot] com", "name @ host . com": an address written in several words. */
const isJoiner = (token: string) => AT_WORD.test(token) || DOT_WORD.test(token);

function redactWords(text: string): string {
  const tokens = text.split(" ").filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (AT_WORD.test(token) && i > 0 && i + 1 < tokens.length) {
      // The word before is part of the address: take it back, then the words the joiners chain.
      if (out.length > 0 && out[out.length - 1] !== EMAIL_REMOVED && out[out.length - 1] !== LINK_REMOVED) out.pop();
      let j = i + 1;
      while (j + 2 < tokens.length && isJoiner(tokens[j + 1]!)) j += 2;
      out.push(EMAIL_REMOVED);
      i = j;
      continue;
    }
    const kind = kindOf(token);
    out.push(kind === "email" ? EMAIL_REMOVED : kind === "link" ? LINK_REMOVED : token);
  }
  return out.join(" ");
}

/** A run of digits and the marks numbers are written with ("+1 (302) 555-0100", "302.555.0100"), with seven digits or more, is a phone number. */
function redactNumbers(text: string): string {
  const chars = [...text];
  let out = "";
  let i = 0;
  while (i < chars.length) {
    const c = chars[i]!;
    if (!DIGIT.test(c) && c !== "+" && c !== "(") {
      out += c;
      i++;
      continue;
    }
    let j = i;
    let digits = 0;
    while (j < chars.length && (DIGIT.test(chars[j]!) || "+-.()/ ".includes(chars[j]!))) {
      if (DIGIT.test(chars[j]!)) digits++;
      j++;
    }
    const run = chars.slice(i, j).join("");
    if (digits >= 7) {
      const trailing = run.length - run.trimEnd().length;
      out += PHONE_REMOVED + " ".repeat(trailing);
    } else out += run;
    i = Math.max(j, i + 1);
  }
  return out;
}

/** Cut at a word's end before `max` characters, with an ellipsis when something was left out. */
function bounded(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  let kept = space > max / 2 ? cut.slice(0, space) : cut;
  // Never half a mark: "[e-mail…" would read as the page's words.
  const open = kept.lastIndexOf("[");
  if (open > kept.lastIndexOf("]")) kept = kept.slice(0, open);
  return `${kept.trimEnd()}…`;
}

/**
 * A page's words, safe to quote: one line, no quotation marks of its own, links, e-mail addresses
 * and phone numbers replaced by "[link removed]", "[e-mail address removed]", "[phone number
 * removed]", at most `max` characters. Empty when nothing but what was removed is left.
 */
export function quotablePageWords(raw: string, max: number): string {
  const read = raw.slice(0, MAX_READ).normalize("NFKC").replace(INVISIBLE, " ").replace(QUOTE_MARKS, "'").replace(/\s+/gu, " ").trim();
  if (!read) return "";
  const redacted = redactNumbers(redactWords(read))
    .replace(/\s+/gu, " ")
    .trim();
  // The same mark twice in a row says nothing more.
  let collapsed = redacted;
  for (const mark of [LINK_REMOVED, EMAIL_REMOVED, PHONE_REMOVED]) {
    while (collapsed.includes(`${mark} ${mark}`)) collapsed = collapsed.replaceAll(`${mark} ${mark}`, mark);
  }
  const meaningful = collapsed.replaceAll(LINK_REMOVED, "").replaceAll(EMAIL_REMOVED, "").replaceAll(PHONE_REMOVED, "");
  if (!/[\p{L}\p{N}]/u.test(meaningful)) return "";
  return bounded(collapsed, max);
}

/** Any text put in a header or on one line of the notice: line breaks and control characters become spaces. */
export function oneLine(text: string): string {
  return text.replace(INVISIBLE, " ").replace(/\s+/gu, " ").trim();
}
