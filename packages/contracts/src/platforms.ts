/**
 * The spec's platform list (product-spec §3): ids as given (3 is absent), the names the
 * client shows, the lower-cased key of the spec's `platforms` map, the username rules, where
 * the public profile lives and how ownership can be checked there.
 */
export interface Platform {
  id: number;
  name: string;
  /** Key of the spec's `platforms` map: the lower-cased name. */
  key: string;
  aliases: readonly string[];
  /** Hosts of the platform (subdomains included when matching). */
  hosts: readonly string[];
  /** Public profile URL; `{username}` is the stage name. Empty when there is none. */
  profileUrl: string;
  usernamePattern: RegExp;
  usernameHint: string;
  maxLength: number;
  /** How the server can read the profile's bio to find the ownership code. */
  verification: "html" | "reddit-about" | "none";
  /** A paid-content platform, worth a `"name" <platform>` search. */
  paid: boolean;
}

const handle = (max: number, extra = ""): RegExp => new RegExp(`^[A-Za-z0-9_${extra}]{1,${max}}$`);

export const WEBSITE_PLATFORM_ID = 18;
export const OTHER_PLATFORM_ID = 22;

export const platforms: readonly Platform[] = [
  { id: 1, name: "OnlyFans", key: "onlyfans", aliases: ["of", "only fans"], hosts: ["onlyfans.com"], profileUrl: "https://onlyfans.com/{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 2, name: "Patreon", key: "patreon", aliases: [], hosts: ["patreon.com"], profileUrl: "https://www.patreon.com/{username}", usernamePattern: handle(64, "\\-"), usernameHint: "letters, digits, '_' and '-'", maxLength: 64, verification: "html", paid: true },
  { id: 4, name: "LoyalFans", key: "loyalfans", aliases: ["loyal fans"], hosts: ["loyalfans.com"], profileUrl: "https://www.loyalfans.com/{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 5, name: "Fanfix", key: "fanfix", aliases: [], hosts: ["fanfix.io"], profileUrl: "https://app.fanfix.io/@{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 6, name: "Fansly", key: "fansly", aliases: [], hosts: ["fansly.com"], profileUrl: "https://fansly.com/{username}", usernamePattern: handle(50, "\\-"), usernameHint: "letters, digits, '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 7, name: "ManyVids", key: "manyvids", aliases: ["many vids"], hosts: ["manyvids.com"], profileUrl: "https://www.manyvids.com/{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 8, name: "Mym.fans", key: "mym.fans", aliases: ["mym", "mymfans", "mym fans"], hosts: ["mym.fans"], profileUrl: "https://mym.fans/{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 9, name: "Slushy", key: "slushy", aliases: [], hosts: ["slushy.com"], profileUrl: "https://slushy.com/@{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 10, name: "Fanvue", key: "fanvue", aliases: [], hosts: ["fanvue.com"], profileUrl: "https://www.fanvue.com/{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 11, name: "JustForFans", key: "justforfans", aliases: ["justfor.fans", "just for fans", "jff"], hosts: ["justfor.fans", "justforfans.com"], profileUrl: "https://justfor.fans/{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 12, name: "4Based", key: "4based", aliases: ["fourbased"], hosts: ["4based.com"], profileUrl: "https://4based.com/profile/{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 13, name: "Sunroom", key: "sunroom", aliases: [], hosts: ["sunroom.so"], profileUrl: "https://www.sunroom.so/{username}", usernamePattern: handle(50, ".\\-"), usernameHint: "letters, digits, '.', '_' and '-'", maxLength: 50, verification: "html", paid: true },
  { id: 14, name: "Chaturbate", key: "chaturbate", aliases: ["cb"], hosts: ["chaturbate.com"], profileUrl: "https://chaturbate.com/{username}/", usernamePattern: handle(64), usernameHint: "letters, digits and '_'", maxLength: 64, verification: "html", paid: true },
  { id: 15, name: "Cam4", key: "cam4", aliases: [], hosts: ["cam4.com"], profileUrl: "https://www.cam4.com/{username}", usernamePattern: handle(64, "\\-"), usernameHint: "letters, digits, '_' and '-'", maxLength: 64, verification: "html", paid: true },
  { id: 16, name: "Instagram", key: "instagram", aliases: ["ig", "insta"], hosts: ["instagram.com"], profileUrl: "https://www.instagram.com/{username}/", usernamePattern: handle(30, "."), usernameHint: "letters, digits, '.' and '_' (30 at most)", maxLength: 30, verification: "html", paid: false },
  { id: 17, name: "TikTok", key: "tiktok", aliases: ["tik tok"], hosts: ["tiktok.com"], profileUrl: "https://www.tiktok.com/@{username}", usernamePattern: /^[A-Za-z0-9_.]{2,24}$/, usernameHint: "2 to 24 letters, digits, '.' and '_'", maxLength: 24, verification: "html", paid: false },
  // The creator's own website: the "username" is its domain, proven by the snippet on its home page.
  { id: 18, name: "{host}", key: "{host}", aliases: ["host", "website", "own website", "my website", "site", "domain"], hosts: [], profileUrl: "https://{username}/", usernamePattern: /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, usernameHint: "a domain such as yoursite.com", maxLength: 253, verification: "html", paid: false },
  { id: 19, name: "Reddit (u/username)", key: "reddit (u/username)", aliases: ["reddit", "reddit u/", "reddit user", "u/"], hosts: ["reddit.com"], profileUrl: "https://www.reddit.com/user/{username}/", usernamePattern: /^[A-Za-z0-9_-]{3,20}$/, usernameHint: "3 to 20 letters, digits, '_' and '-' (without u/)", maxLength: 20, verification: "reddit-about", paid: false },
  { id: 20, name: "Reddit (r/subreddit)", key: "reddit (r/subreddit)", aliases: ["reddit r/", "subreddit", "r/"], hosts: ["reddit.com"], profileUrl: "https://www.reddit.com/r/{username}/", usernamePattern: /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/, usernameHint: "2 to 21 letters, digits and '_' (without r/)", maxLength: 21, verification: "none", paid: false },
  { id: 21, name: "Snapchat", key: "snapchat", aliases: ["snap"], hosts: ["snapchat.com"], profileUrl: "https://www.snapchat.com/add/{username}", usernamePattern: /^[A-Za-z][A-Za-z0-9._-]{2,14}$/, usernameHint: "3 to 15 characters starting with a letter", maxLength: 15, verification: "html", paid: false },
  { id: 22, name: "Other", key: "other", aliases: [], hosts: [], profileUrl: "", usernamePattern: /^\S{1,100}$/, usernameHint: "a username or a profile address without spaces", maxLength: 100, verification: "none", paid: false },
];

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9{}/]+/g, "");

/** A platform by spec id, name, map key or alias, in any case. */
export function findPlatform(ref: string | number): Platform | undefined {
  if (typeof ref === "number" || /^\d+$/.test(String(ref).trim())) {
    const id = Number(ref);
    return platforms.find((p) => p.id === id);
  }
  const wanted = squash(String(ref));
  if (!wanted) return undefined;
  return platforms.find((p) => squash(p.name) === wanted || squash(p.key) === wanted || p.aliases.some((a) => squash(a) === wanted));
}

/** The creator's public profile URL for a stage name, or null when the platform has none. */
export function profileUrlOf(platform: Platform, username: string): string | null {
  return platform.profileUrl ? platform.profileUrl.replace("{username}", encodeURIComponent(username).replace(/%40/g, "@")) : null;
}

/** What a creator types, as the stage name to store: no '@', no u/ or r/ prefix, no pasted profile URL. */
export function normalizeUsername(platform: Platform, raw: string): string {
  let s = raw.trim();
  if (platform.id === WEBSITE_PLATFORM_ID) return normalizeDomain(s) ?? s.toLowerCase();
  if (platform.id === OTHER_PLATFORM_ID) return s;
  // A pasted profile address on the platform's own host: keep its last meaningful path segment.
  if (/^https?:\/\//i.test(s) || platform.hosts.some((h) => s.toLowerCase().startsWith(h) || s.toLowerCase().startsWith(`www.${h}`))) {
    try {
      const url = new URL(/^https?:\/\//i.test(s) ? s : `https://${s}`);
      const segments = url.pathname.split("/").filter(Boolean);
      const last = segments.filter((seg) => !["user", "u", "r", "add", "profile", "c"].includes(seg.toLowerCase())).at(-1);
      if (last) s = decodeURIComponent(last);
    } catch {
      // not a URL after all: validated below
    }
  }
  s = s.replace(/^@/, "");
  if (platform.id === 19) s = s.replace(/^\/?u(ser)?\//i, "");
  if (platform.id === 20) s = s.replace(/^\/?r\//i, "");
  return s;
}

/** Why a username cannot be used on the platform, or null when it can. */
export function usernameProblem(platform: Platform, username: string): string | null {
  if (username === "") return "Enter a username.";
  if (username.length > platform.maxLength) return `Too long: ${platform.name} usernames have at most ${platform.maxLength} characters.`;
  if (!platform.usernamePattern.test(username)) return `Not a valid ${platform.name === "{host}" ? "domain" : `${platform.name} username`}: use ${platform.usernameHint}.`;
  return null;
}

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * A domain as the allow list stores it: `https://www.Example.com/path` → `example.com`.
 * Null for anything that is not a public host name (IP addresses, localhost, single labels).
 */
export function normalizeDomain(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (!s || /\s/.test(s)) return null;
  s = s.replace(/^\*\./, "");
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(s)) s = `http://${s}`;
  let host: string;
  try {
    host = new URL(s).hostname.replace(/\.$/, "");
  } catch {
    return null;
  }
  host = host.replace(/^www\./, "");
  if (host.startsWith("[") || ipv4.test(host)) return null;
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) return null;
  if (!/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(host) || host.length > 253) return null;
  return host;
}
