import type { Platform } from "@leakwarden/contracts/platforms";

/**
 * A second source of candidates: a web search restricted to each platform (`site:instagram.com
 * "Luna Rivers"`) finds accounts whose handles no look-alike rule would produce (a fan page, a
 * "backup" under an unrelated name). The result addresses are read back into handles with the
 * platform's own profile address; posts, tags and the platform's own pages are not profiles.
 */

/** First path segments that are a platform's own pages, never a handle. */
const NOT_HANDLES = new Set([
  "p",
  "reel",
  "reels",
  "tv",
  "stories",
  "explore",
  "tags",
  "tag",
  "hashtag",
  "search",
  "discover",
  "about",
  "login",
  "signup",
  "help",
  "legal",
  "privacy",
  "terms",
  "settings",
  "home",
  "i",
  "r",
  "video",
  "videos",
  "music",
  "share",
  "intent",
  "accounts",
]);

/** The search queries for her names on each platform, at most `limit`, each name on every platform before the next name. */
export function siteQueries(platforms: readonly Platform[], names: readonly string[], limit: number): Array<{ platformId: number; query: string }> {
  const byKey = new Map<string, string>();
  for (const n of names) if (!byKey.has(n.trim().toLowerCase())) byKey.set(n.trim().toLowerCase(), n.trim());
  const distinct = [...byKey.values()].filter((n) => n.length >= 3);
  const out: Array<{ platformId: number; query: string }> = [];
  for (const name of distinct) {
    for (const p of platforms) {
      const host = p.hosts[0];
      if (!host || out.length >= limit) continue;
      out.push({ platformId: p.id, query: `site:${host} "${name.replace(/"/g, "")}"` });
    }
  }
  return out;
}

const hostMatches = (host: string, hosts: readonly string[]) => hosts.some((h) => host === h || host.endsWith(`.${h}`));

/** The handle a result address names on the platform, or null when it is not one of its profiles. */
export function handleFromProfileUrl(platform: Platform, raw: string): string | null {
  let url: URL;
  let template: URL;
  try {
    url = new URL(raw);
    template = new URL(platform.profileUrl.replace("{username}", "HANDLE"));
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !hostMatches(url.hostname.toLowerCase(), platform.hosts)) return null;
  // The profile's path before the handle ("/", "/user/", "/@"), and the other forms the platforms write
  // a profile's address in: "/@name" (Snapchat's /add/name canonical, 4Based's and the like), "/u/name" (Reddit's /user/name).
  const at = template.pathname.indexOf("HANDLE");
  if (at < 0) return null;
  const own = template.pathname.slice(0, at).toLowerCase();
  const prefixes = [own, ...(own !== "/@" && own !== "/" ? ["/@"] : []), ...(own === "/user/" ? ["/u/"] : [])];
  const path = url.pathname;
  const prefix = prefixes.find((p) => path.toLowerCase().startsWith(p) && path.length > p.length);
  if (prefix === undefined) return null;
  const rest = path.slice(prefix.length);
  const end = rest.indexOf("/");
  let handle: string;
  try {
    handle = decodeURIComponent(end < 0 ? rest : rest.slice(0, end));
  } catch {
    return null;
  }
  if (!handle || handle.length > platform.maxLength || NOT_HANDLES.has(handle.toLowerCase())) return null;
  return platform.usernamePattern.test(handle) ? handle : null;
}

/** The distinct handles (per platform, as first written) that result addresses name. */
export function handlesFromResults(platform: Platform, urls: readonly string[]): string[] {
  const found = new Map<string, string>();
  for (const u of urls) {
    const h = handleFromProfileUrl(platform, u);
    if (h && !found.has(h.toLowerCase())) found.set(h.toLowerCase(), h);
  }
  return [...found.values()];
}
