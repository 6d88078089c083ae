/**
 * robots.txt (RFC 9309): groups of user-agent lines with allow/disallow
 * rules; the most specific (longest) matching rule wins, allow wins a tie;
 * `*` matches any run of characters and a trailing `$` anchors the end.
 */

export type RobotsRule = { allow: boolean; pattern: string; regex: RegExp; length: number };
export type RobotsGroup = { agents: string[]; rules: RobotsRule[] };
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
    }
  }
  return { groups };
}

function compileRule(allow: boolean, pattern: string): RobotsRule {
  const anchored = pattern.endsWith("$");
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split("*")
    .map((part) => normalisePath(part).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return { allow, pattern, regex: new RegExp(`^${source}${anchored ? "$" : ""}`), length: body.length };
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

export function robotsVerdict(file: RobotsFile, userAgent: string, pathAndQuery: string): RobotsVerdict {
  const token = productToken(userAgent);
  const named = file.groups.filter((g) => g.agents.some((a) => a !== "*" && token.includes(a)));
  const groups = named.length > 0 ? named : file.groups.filter((g) => g.agents.includes("*"));
  const path = normalisePath(pathAndQuery || "/");
  if (path === "/robots.txt") return { allowed: true, rule: null };
  let best: RobotsRule | null = null;
  for (const g of groups) {
    for (const r of g.rules) {
      if (!r.regex.test(path)) continue;
      if (!best || r.length > best.length || (r.length === best.length && r.allow && !best.allow)) best = r;
    }
  }
  if (!best) return { allowed: true, rule: null };
  return { allowed: best.allow, rule: `${best.allow ? "Allow" : "Disallow"}: ${best.pattern}` };
}
