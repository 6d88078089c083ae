/**
 * robots.txt (RFC 9309): groups of user-agent lines with allow/disallow
 * rules; the most specific (longest) matching rule wins, allow wins a tie;
 * `*` matches any run of characters and a trailing `$` anchors the end.
 */

/** A rule's pattern as the literal runs between its `*`s; `anchored` when it ends in `$`. */
export type RobotsRule = { allow: boolean; pattern: string; segments: string[]; anchored: boolean; length: number };
/** crawlDelayMs: the group's Crawl-delay (not in RFC 9309, but widely honoured), in ms. */
export type RobotsGroup = { agents: string[]; rules: RobotsRule[]; crawlDelayMs?: number };
export type RobotsFile = { groups: RobotsGroup[] };

export type RobotsVerdict = { allowed: boolean; rule: string | null };

export function parseRobotsTxt(text: string): RobotsFile {
  const groups: RobotsGroup[] = [];
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const hash = rawLine.indexOf("#");
    const line = (hash >= 0 ? rawLine.slice(0, hash) : rawLine).trim();
    const m = /^([A-Za-z-]+)\s*:(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (key === "user-agent") {
      // Consecutive user-agent lines share one group.
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (key === "allow" || key === "disallow") {
      // An empty Disallow allows everything: it adds no rule.
      if (value === "") continue;
      current.rules.push(compileRule(key === "allow", value));
    } else if (key === "crawl-delay" && current.crawlDelayMs === undefined) {
      // Seconds, possibly with a fraction ("10", "0.5"); anything else is ignored.
      if (/^\d{1,9}(?:\.\d{1,6})?$/.test(value)) current.crawlDelayMs = Math.round(Number(value) * 1000);
    }
  }
  return { groups };
}

function compileRule(allow: boolean, pattern: string): RobotsRule {
  const anchored = pattern.endsWith("$");
  const body = anchored ? pattern.slice(0, -1) : pattern;
  return { allow, pattern, segments: body.split("*").map(normalisePath), anchored, length: body.length };
}

/**
 * Whether a rule matches a path. No regular expression: a robots.txt is text from the web, and
 * `*` compiled to `.*` backtracks without bound on a rule with many of them. Each run between
 * the `*`s is found at its earliest place after the one before (the earliest end leaves the
 * most room for the rest, so this finds a match whenever there is one); a `$` rule's last run
 * must end the path. Linear in the path and the rule, but for indexOf's search.
 */
export function ruleMatches(rule: Pick<RobotsRule, "segments" | "anchored">, path: string): boolean {
  const { segments, anchored } = rule;
  const first = segments[0]!;
  if (!path.startsWith(first)) return false;
  if (segments.length === 1) return !anchored || path.length === first.length;
  const last = segments[segments.length - 1]!;
  // Where the runs between the first and the last must fit.
  const end = anchored ? path.length - last.length : path.length;
  if (end < first.length || (anchored && !path.endsWith(last))) return false;
  let at = first.length;
  for (let i = 1; i < segments.length - 1; i++) {
    const seg = segments[i]!;
    const found = path.indexOf(seg, at);
    if (found < 0 || found + seg.length > end) return false;
    at = found + seg.length;
  }
  return anchored || path.indexOf(last, at) >= 0;
}

/** Percent-encoding is compared in one canonical form (upper-case hex, UTF-8). */
function normalisePath(p: string): string {
  try {
    return encodeURI(decodeURI(p));
  } catch {
    return p;
  }
}

/** The product token of a User-Agent ("…LeakwardenBot/1.0…" → "leakwardenbot"). */
export function productToken(userAgent: string): string {
  const m = /(?<![\w-])([A-Za-z][\w-]*bot)\b/i.exec(userAgent) ?? /^([A-Za-z][\w-]*)/.exec(userAgent);
  return (m?.[1] ?? "*").toLowerCase();
}

/** The groups that speak to this user agent: those naming its product token, else the `*` groups. */
function groupsFor(file: RobotsFile, userAgent: string): RobotsGroup[] {
  const token = productToken(userAgent);
  const named = file.groups.filter((g) => g.agents.some((a) => a !== "*" && token.includes(a)));
  return named.length > 0 ? named : file.groups.filter((g) => g.agents.includes("*"));
}

/** The Crawl-delay the groups for this user agent ask for (the longest, when several do), in ms; null when none. */
export function robotsCrawlDelayMs(file: RobotsFile, userAgent: string): number | null {
  const delays = groupsFor(file, userAgent)
    .map((g) => g.crawlDelayMs)
    .filter((d): d is number => d !== undefined);
  return delays.length > 0 ? Math.max(...delays) : null;
}

export function robotsVerdict(file: RobotsFile, userAgent: string, pathAndQuery: string): RobotsVerdict {
  const groups = groupsFor(file, userAgent);
  const path = normalisePath(pathAndQuery || "/");
  if (path === "/robots.txt") return { allowed: true, rule: null };
  let best: RobotsRule | null = null;
  for (const g of groups) {
    for (const r of g.rules) {
      if (!ruleMatches(r, path)) continue;
      if (!best || r.length > best.length || (r.length === best.length && r.allow && !best.allow)) best = r;
    }
  }
  if (!best) return { allowed: true, rule: null };
  return { allowed: best.allow, rule: `${best.allow ? "Allow" : "Disallow"}: ${best.pattern}` };
}
