import { hostMatchesDomain, normalizeDomainInput } from "./canonical-url";

/**
 * The platforms a creator can name a stage name on (product spec §3), with
 * where her public profile lives. Used to exclude her own profiles from
 * findings, to build queries ("name" onlyfans) and to verify ownership.
 *
 * Path templates: "{username}" is her name, "{*}" any one segment (ManyVids
 * puts a numeric id first). A URL is her profile when its host is the
 * platform's (or a subdomain: www., m., app.) and its path starts with a
 * template's segments, case-insensitively; anything after belongs to the
 * profile too (/media, /posts).
 */

export type PlatformId =
  | "onlyfans"
  | "patreon"
  | "loyalfans"
  | "fanfix"
  | "fansly"
  | "manyvids"
  | "mymfans"
  | "slushy"
  | "fanvue"
  | "justforfans"
  | "4based"
  | "sunroom"
  | "chaturbate"
  | "cam4"
  | "instagram"
  | "tiktok"
  | "website"
  | "reddit-user"
  | "reddit-subreddit"
  | "snapchat"
  | "other";

export type PlatformProfile = {
  id: PlatformId;
  /** The id in the product spec's platform list. */
  specId: number;
  name: string;
  /** Other spellings a creator or the client may send. */
  aliases: readonly string[];
  hosts: readonly string[];
  profilePaths: readonly string[];
  /** A paid-content platform: worth a `"name" <platform>` query. */
  paid: boolean;
  /** Word used in search queries. */
  queryWord: string | null;
};

export const PLATFORM_PROFILES: readonly PlatformProfile[] = [
  { id: "onlyfans", specId: 1, name: "OnlyFans", aliases: ["of", "only fans"], hosts: ["onlyfans.com"], profilePaths: ["/{username}"], paid: true, queryWord: "onlyfans" },
  { id: "patreon", specId: 2, name: "Patreon", aliases: [], hosts: ["patreon.com"], profilePaths: ["/{username}", "/c/{username}"], paid: true, queryWord: "patreon" },
  { id: "loyalfans", specId: 4, name: "LoyalFans", aliases: ["loyal fans"], hosts: ["loyalfans.com"], profilePaths: ["/{username}"], paid: true, queryWord: "loyalfans" },
  { id: "fanfix", specId: 5, name: "Fanfix", aliases: [], hosts: ["fanfix.io"], profilePaths: ["/@{username}", "/{username}"], paid: true, queryWord: "fanfix" },
  { id: "fansly", specId: 6, name: "Fansly", aliases: [], hosts: ["fansly.com"], profilePaths: ["/{username}"], paid: true, queryWord: "fansly" },
  { id: "manyvids", specId: 7, name: "ManyVids", aliases: ["many vids"], hosts: ["manyvids.com"], profilePaths: ["/Profile/{*}/{username}", "/{username}"], paid: true, queryWord: "manyvids" },
  { id: "mymfans", specId: 8, name: "Mym.fans", aliases: ["mym", "mymfans", "mym fans"], hosts: ["mym.fans"], profilePaths: ["/{username}"], paid: true, queryWord: "mym" },
  { id: "slushy", specId: 9, name: "Slushy", aliases: [], hosts: ["slushy.com"], profilePaths: ["/@{username}", "/{username}"], paid: true, queryWord: "slushy" },
  { id: "fanvue", specId: 10, name: "Fanvue", aliases: [], hosts: ["fanvue.com"], profilePaths: ["/{username}"], paid: true, queryWord: "fanvue" },
  { id: "justforfans", specId: 11, name: "JustForFans", aliases: ["justfor.fans", "just for fans", "jff"], hosts: ["justfor.fans", "justforfans.com"], profilePaths: ["/{username}"], paid: true, queryWord: "justforfans" },
  { id: "4based", specId: 12, name: "4Based", aliases: ["fourbased"], hosts: ["4based.com"], profilePaths: ["/{username}", "/profile/{username}"], paid: true, queryWord: "4based" },
  { id: "sunroom", specId: 13, name: "Sunroom", aliases: [], hosts: ["sunroom.so"], profilePaths: ["/{username}", "/@{username}"], paid: true, queryWord: "sunroom" },
  { id: "chaturbate", specId: 14, name: "Chaturbate", aliases: ["cb"], hosts: ["chaturbate.com"], profilePaths: ["/{username}"], paid: true, queryWord: "chaturbate" },
  { id: "cam4", specId: 15, name: "Cam4", aliases: [], hosts: ["cam4.com"], profilePaths: ["/{username}"], paid: true, queryWord: "cam4" },
  { id: "instagram", specId: 16, name: "Instagram", aliases: ["ig", "insta"], hosts: ["instagram.com"], profilePaths: ["/{username}"], paid: false, queryWord: null },
  { id: "tiktok", specId: 17, name: "TikTok", aliases: ["tik tok"], hosts: ["tiktok.com"], profilePaths: ["/@{username}"], paid: false, queryWord: null },
  // Her own website: the username is its domain; the whole domain is hers.
  { id: "website", specId: 18, name: "{host}", aliases: ["host", "website", "own website", "my website", "site", "domain"], hosts: [], profilePaths: [], paid: false, queryWord: null },
  { id: "reddit-user", specId: 19, name: "Reddit (u/username)", aliases: ["reddit", "reddit u/", "reddit user", "u/"], hosts: ["reddit.com"], profilePaths: ["/user/{username}", "/u/{username}"], paid: false, queryWord: null },
  { id: "reddit-subreddit", specId: 20, name: "Reddit (r/subreddit)", aliases: ["reddit r/", "subreddit", "r/"], hosts: ["reddit.com"], profilePaths: ["/r/{username}"], paid: false, queryWord: null },
  { id: "snapchat", specId: 21, name: "Snapchat", aliases: ["snap"], hosts: ["snapchat.com"], profilePaths: ["/add/{username}", "/@{username}"], paid: false, queryWord: null },
  // "Other": when she enters a URL or domain, that address (and below it) is hers.
  { id: "other", specId: 22, name: "Other", aliases: [], hosts: [], profilePaths: [], paid: false, queryWord: null },
];

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9/]+/g, "");

/** Finds a platform by id, spec id, display name or alias, in any case and spacing. */
export function findPlatform(nameOrId: string | number): PlatformProfile | undefined {
  if (typeof nameOrId === "number") return PLATFORM_PROFILES.find((p) => p.specId === nameOrId);
  const key = squash(nameOrId);
  if (!key) return undefined;
  return PLATFORM_PROFILES.find(
    (p) => p.id === nameOrId.trim().toLowerCase() || squash(p.id) === key || squash(p.name) === key || p.aliases.some((a) => squash(a) === key),
  );
}

/** A username as typed ("@luna", "u/luna", "https://onlyfans.com/luna/") reduced to the name itself. */
export function normalizeUsername(platform: PlatformProfile | undefined, raw: string): string {
  let s = raw.trim();
  if (platform?.id === "website" || platform?.id === "other") return s;
  if (/^https?:\/\//i.test(s) || /^[\w.-]+\.[a-z]{2,}\//i.test(s)) {
    const segs = s.replace(/^https?:\/\//i, "").split(/[?#]/)[0]!.split("/").filter(Boolean);
    s = segs[segs.length - 1] ?? s;
  }
  s = s.replace(/^\/?(?:u|user|r)\//i, "").replace(/^@/, "").replace(/(?<!\/)\/+$/, "");
  return s;
}

export type StageName = { platform: string; username: string };

/** Public profile URLs of a stage name (https, canonical host). */
export function profileUrls(stage: StageName): string[] {
  const platform = findPlatform(stage.platform);
  const username = normalizeUsername(platform, stage.username);
  if (!username) return [];
  if (!platform || platform.id === "website" || platform.id === "other") {
    const host = normalizeDomainInput(username);
    return host ? [`https://${host}/`] : [];
  }
  const host = platform.hosts[0]!;
  return platform.profilePaths
    .filter((p) => !p.includes("{*}"))
    .map((p) => `https://${host}${p.replace("{username}", encodeURIComponent(username))}`);
}

/** True when the URL is one of her own profiles (or a page under one), on any scheme, www or case. */
export function isOwnProfileUrl(url: string, stageNames: readonly StageName[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const host = u.hostname.toLowerCase().replace(/\.$/, "");
  const segments = u.pathname
    .split("/")
    .filter(Boolean)
    .map((s) => safeDecode(s).toLowerCase());
  for (const stage of stageNames) {
    const platform = findPlatform(stage.platform);
    const username = normalizeUsername(platform, stage.username).toLowerCase();
    if (!username) continue;
    if (!platform || platform.id === "website" || platform.id === "other") {
      if (ownAddressMatches(username, host, segments)) return true;
      continue;
    }
    if (!platform.hosts.some((h) => hostMatchesDomain(host, h))) continue;
    for (const template of platform.profilePaths) {
      const parts = template.split("/").filter(Boolean);
      if (segments.length < parts.length) continue;
      const ok = parts.every((part, i) => {
        const seg = segments[i]!;
        if (part === "{*}") return true;
        return seg === part.replace("{username}", username).toLowerCase();
      });
      if (ok) return true;
    }
  }
  return false;
}

/** Her own site or a URL she entered under "Other": that host (and subdomains), below that path. */
function ownAddressMatches(entered: string, host: string, segments: string[]): boolean {
  const domain = normalizeDomainInput(entered);
  if (!domain || !hostMatchesDomain(host.replace(/^www\./, ""), domain)) return false;
  let path: string[] = [];
  try {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(entered) ? entered : `http://${entered}`;
    path = new URL(withScheme).pathname.split("/").filter(Boolean).map((s) => safeDecode(s).toLowerCase());
  } catch {
    path = [];
  }
  return path.every((p, i) => segments[i] === p);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
