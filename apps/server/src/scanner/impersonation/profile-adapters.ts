import { platforms, type Platform } from "@leakwarden/contracts/platforms";
import * as cheerio from "cheerio";
import { FetchError, type FetchResult } from "../guarded-fetch";

/**
 * Reads what a platform shows publicly about one handle, without a login:
 * Reddit's public about.json, and for the other platforms the server-rendered
 * meta tags and JSON (JSON-LD ProfilePage/Person, TikTok's rehydration data)
 * of the profile page. A platform that renders nothing of a profile without a
 * login is reported as such ("cannot be checked automatically"), never
 * guessed at. Everything read is page text: bounded, validated, trimmed.
 *
 * The images of its public posts, to compare with her photos (when she has any):
 * - Reddit: /user/NAME/submitted.json (one more request, paced like the first);
 * - pages with JSON-LD: the SocialMediaPosting (and the like) and lone ImageObject items;
 * - other pages: every og:image but the profile's picture (a gallery, where that is all there is).
 * Instagram's and TikTok's logged-out pages carry no posts (their grids load after a login or
 * from private APIs): none are read there. Pages that render posts as HTML: each <article>'s images.
 *
 * A page with no profile data of its own is one of:
 * - missing: it says so (404/410, or the words in one of many languages), or it is the very page the
 *   platform answers for a made-up handle (its `signature`, compared in check.ts), in any language;
 * - a wall: a login form, a bot check, a sign-in prompt with nothing of a profile, an empty app
 *   shell, a redirect to a login page or to a home page that asks to log in: "cannot be checked
 *   automatically", never "missing" (a reported account behind a wall is not taken for gone);
 * - found, from its meta, when its title, heading, og:url or canonical names the handle.
 */

export type ProfileStatus =
  /** The profile exists and we read what it shows. */
  | "found"
  /** The platform says there is no such profile (404/410, Reddit's "not found" or suspended). */
  | "absent"
  /** The page answered but shows nothing of a profile without a login. */
  | "unreadable"
  /** It could not be fetched this time (timeout, 5xx, blocked address...). */
  | "unreachable";

export type PublicProfile = {
  platformId: number;
  platformName: string;
  handle: string;
  url: string;
  status: ProfileStatus;
  reason: string;
  displayName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  links: string[];
  followers: number | null;
  createdAt: Date | null;
  /** Images in the posts the profile shows without a login, newest first, at most MAX_POST_IMAGES. */
  posts: PostImage[];
  /**
   * For a page with no profile data of its own (nothing but its text names the handle, or nothing
   * does): what it says, the handle masked and digits folded. Two handles answered with the same
   * signature got the same page, whoever they are: see `sameAsMissing` in check.ts.
   */
  signature?: string;
};

/** One image of one public post: the post's address (what a notice cites) and the image's. */
export type PostImage = { postUrl: string; imageUrl: string };

export type ProfileFetcher = (url: string) => Promise<FetchResult>;

export type AdapterOptions = {
  fetchPage: ProfileFetcher;
  /** Reddit's origin (REDDIT_URL). */
  redditUrl: string;
  /** "http" only in tests, where the fake platforms sit behind a forward proxy. */
  scheme?: "https" | "http";
  /** false: the profile's posts are not read (no extra request; nothing to compare them with). */
  posts?: boolean;
  /** Awaited before a further request to the platform for the same profile (its posts): the platform's pacing. */
  pace?: () => Promise<void>;
};

const MAX_TEXT = 2_000;
const MAX_NAME = 200;
const MAX_LINKS = 20;
const MAX_URL = 2_000;
/** Post images read from one profile (the check fetches fewer). */
export const MAX_POST_IMAGES = 24;
/** Reddit posts asked for at once (one page of the listing). */
const REDDIT_POSTS = 25;
/** A link as bios write it: with a scheme, or a bare host with a path ("simpcity.su/threads/…"), or a bare host on a common ending. */
const URL_IN_TEXT =
  /\bhttps?:\/\/[^\s<>"'()]{1,300}|\b(?:[a-z0-9-]{1,63}\.){1,4}[a-z]{2,24}\/[^\s<>"'()]{0,200}|\b(?:[a-z0-9-]{1,63}\.){1,4}(?:com|net|org|me|io|fans|so|app|link|ly|to|gg|co|tv|xyz|club|site|page|bio|ee|su|cr|cc)\b/gi;

/** `s` without any of `chars` at its end (no pattern: a long run of them costs one pass). */
function trimEnd(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return s.slice(0, end);
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", hellip: "…", ndash: "–", mdash: "—", bull: "•", middot: "·", laquo: "«", raquo: "»", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“" };
const ENTITY = /&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|([a-z]{2,8}));/gi;

/**
 * HTML entities left in a text, decoded once ("&amp;" → "&", "&#x1F48B;" → "💋"): embedded JSON
 * and doubly escaped meta carry them. One pass, so "&amp;amp;" is read as "&amp;" and no more.
 */
export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(ENTITY, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** `s` cut to at most `max` UTF-16 units, never in the middle of a character. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

const clean = (s: unknown, max: number): string | null => {
  if (typeof s !== "string") return null;
  // Bounded first (a page's megabyte-long bio costs no more than its first few thousand characters),
  // entities decoded once, control characters out, whitespace folded.
  const t = cut(decodeEntities(cut(s, max * 4 + 64)).replace(/[\p{Cc}\p{Cf}]/gu, " ").replace(/\s+/g, " ").trim(), max).trim();
  return t || null;
};

/** An absolute http(s) URL, or null. */
export function safeUrl(raw: unknown, base?: string): string | null {
  if (typeof raw !== "string" || !raw.trim() || raw.length > MAX_URL) return null;
  try {
    const u = new URL(raw.trim().replace(/&amp;/g, "&"), base);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    if (u.username || u.password) return null;
    return u.href;
  } catch {
    return null;
  }
}

/** The links written in a text ("linktr.ee/x", "https://leaks.example/..."), as absolute URLs. */
export function linksInText(text: string | null): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const m of text.slice(0, MAX_TEXT).matchAll(URL_IN_TEXT)) {
    const raw = trimEnd(m[0], ".,;:!?");
    const url = safeUrl(/^https?:/i.test(raw) ? raw : `https://${raw}`);
    if (url) out.push(url);
    if (out.length >= MAX_LINKS) break;
  }
  return out;
}

const uniq = (urls: (string | null)[]) => [...new Set(urls.filter((u): u is string => !!u))].slice(0, MAX_LINKS);

const count = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,12}$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

/** The words for "thousand", "million"... after a count, as the platforms' locales abbreviate them ("12,5 Tsd.", "1,2 Mio.", "12,5 mil", "1.2M"). */
const MULTIPLIERS: ReadonlyArray<[RegExp, number]> = [
  [/^(?:k|tsd\.?|mil|tys\.?|тыс\.?|천)$/iu, 1e3],
  [/^(?:m|mio\.?|mln\.?|mi|млн\.?|mn)$/iu, 1e6],
  [/^(?:b|bn|mrd\.?|md|mld\.?|млрд\.?)$/iu, 1e9],
  [/^[万만]$/u, 1e4],
  [/^[億亿]$/u, 1e8],
];

/**
 * A follower count as a page writes it, in any locale: "1,234", "1.234", "1 234" (any space),
 * "12.5K", "12,5 Tsd.", "1,2 Mio.", "1.2M", "12,5 mil" → a number. Without a multiplier, separators
 * must group thousands ("1,5" is no count); with one, the last separator is the decimal point.
 */
export function parseCount(raw: string, unit?: string | null): number | null {
  const digits = raw.replace(/[\s\u00a0\u202f\u2009']/g, "");
  if (!/^\d[\d.,]{0,14}$/.test(digits)) return null;
  let n: number;
  let mult = 1;
  if (unit) {
    const m = MULTIPLIERS.find(([re]) => re.test(unit.trim()));
    if (!m) return null;
    mult = m[1];
    const last = Math.max(digits.lastIndexOf("."), digits.lastIndexOf(","));
    n = last < 0 ? Number(digits) : Number(`${digits.slice(0, last).replace(/[.,]/g, "")}.${digits.slice(last + 1)}`);
  } else if (/^\d+$/.test(digits)) n = Number(digits);
  else if (/^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(digits)) n = Number(digits.replace(/[.,]/g, ""));
  else return null;
  return Number.isFinite(n) && n >= 0 && n * mult < 1e12 ? Math.round(n * mult) : null;
}

const date = (raw: unknown): Date | null => {
  // A timestamp wrapped as protobuf JSON writes it ({"value":"1558548110393"}).
  const v = raw && typeof raw === "object" && !Array.isArray(raw) && "value" in raw ? (raw as { value: unknown }).value : raw;
  let d: Date | null = null;
  if (typeof v === "number" && Number.isFinite(v)) d = new Date(v < 1e11 ? v * 1000 : v);
  else if (typeof v === "string" && v.length <= 40) d = /^\d{9,13}$/.test(v) ? new Date(Number(v) * (v.length <= 10 ? 1000 : 1)) : new Date(v);
  if (!d || Number.isNaN(d.getTime())) return null;
  // Nothing before the web had profiles, nothing in the future.
  if (d.getFullYear() < 2000 || d.getTime() > Date.now() + 86_400_000) return null;
  return d;
};

/** Platforms whose profiles can be looked up by handle: the ones with a public profile address. */
export function checkablePlatforms(): Platform[] {
  return platforms.filter((p) => p.profileUrl && p.profileUrl.includes("{username}") && p.verification !== "none" && !p.profileUrl.startsWith("https://{username}"));
}

export function profileUrlFor(platform: Platform, handle: string, scheme: "https" | "http" = "https"): string {
  const url = platform.profileUrl.replace("{username}", encodeURIComponent(handle).replace(/%40/g, "@"));
  return scheme === "http" ? url.replace(/^https:/, "http:") : url;
}

const base = (platform: Platform, handle: string, url: string): PublicProfile => ({
  platformId: platform.id,
  platformName: platform.name,
  handle,
  url,
  status: "unreachable",
  reason: "",
  displayName: null,
  bio: null,
  avatarUrl: null,
  links: [],
  followers: null,
  createdAt: null,
  posts: [],
});

function failure(profile: PublicProfile, error: unknown): PublicProfile {
  const why = error instanceof FetchError ? error.reason : "error";
  return { ...profile, status: "unreachable", reason: `${profile.platformName} could not be reached (${why}).` };
}

/** Looks one handle up on one platform. */
export async function readPublicProfile(platform: Platform, handle: string, options: AdapterOptions): Promise<PublicProfile> {
  const scheme = options.scheme ?? "https";
  if (platform.verification === "reddit-about") {
    const profileUrl = profileUrlFor(platform, handle, scheme);
    const api = `${trimEnd(options.redditUrl, "/")}/user/${encodeURIComponent(handle)}/about.json?raw_json=1`;
    const profile = base(platform, handle, profileUrl);
    let page: FetchResult;
    try {
      page = await options.fetchPage(api);
    } catch (error) {
      return failure(profile, error);
    }
    const about = readRedditAbout(profile, page);
    if (about.status !== "found" || options.posts === false) return about;
    // Her public posts: the user's submitted listing, read the same way (a failure leaves no posts).
    const listing = `${trimEnd(options.redditUrl, "/")}/user/${encodeURIComponent(about.handle)}/submitted.json?raw_json=1&sort=new&limit=${REDDIT_POSTS}`;
    try {
      await options.pace?.();
      return { ...about, posts: readRedditPosts(await options.fetchPage(listing), options.redditUrl) };
    } catch {
      return about;
    }
  }
  const url = profileUrlFor(platform, handle, scheme);
  const profile = base(platform, handle, url);
  let page: FetchResult;
  try {
    page = await options.fetchPage(url);
  } catch (error) {
    return failure(profile, error);
  }
  return readProfilePage(profile, page);
}

type RedditAbout = {
  kind?: string;
  data?: {
    name?: string;
    is_suspended?: boolean;
    created_utc?: number;
    icon_img?: string;
    snoovatar_img?: string;
    total_karma?: number;
    subreddit?: { title?: string; public_description?: string; description?: string; icon_img?: string; subscribers?: number; display_name_prefixed?: string };
  };
};

export function readRedditAbout(profile: PublicProfile, page: FetchResult): PublicProfile {
  if (page.status === 404 || page.status === 410) return { ...profile, status: "absent", reason: "Reddit has no such user." };
  if (page.status === 403) return { ...profile, status: "absent", reason: "Reddit shows this user as suspended or banned." };
  if (page.status < 200 || page.status >= 300) return { ...profile, status: "unreachable", reason: `Reddit answered HTTP ${page.status}.` };
  if (page.truncated) return { ...profile, status: "unreadable", reason: "Reddit's answer was larger than we read." };
  let about: RedditAbout;
  try {
    about = JSON.parse(page.body.toString("utf8")) as RedditAbout;
  } catch {
    return { ...profile, status: "unreadable", reason: "Reddit did not answer with the profile's details." };
  }
  const error = (about as { error?: unknown } | null)?.error;
  if (about && typeof about === "object" && about.kind === undefined && (error === 404 || error === 410)) return { ...profile, status: "absent", reason: "Reddit has no such user." };
  const d = about?.data;
  if (!d || typeof d !== "object" || about.kind !== "t2") return { ...profile, status: "unreadable", reason: "Reddit did not answer with the profile's details." };
  if (d.is_suspended === true) return { ...profile, status: "absent", reason: "Reddit shows this user as suspended." };
  const sub = d.subreddit && typeof d.subreddit === "object" ? d.subreddit : {};
  const bio = clean(sub.public_description, MAX_TEXT) ?? clean(sub.description, MAX_TEXT);
  const avatar = safeUrl(sub.icon_img) ?? safeUrl(d.icon_img) ?? safeUrl(d.snoovatar_img);
  return {
    ...profile,
    handle: clean(d.name, 64) ?? profile.handle,
    status: "found",
    reason: "Read from Reddit's public profile details.",
    displayName: clean(sub.title, MAX_NAME),
    bio,
    avatarUrl: avatar,
    links: uniq(linksInText(bio)),
    followers: count(sub.subscribers),
    createdAt: date(d.created_utc),
  };
}


type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => !!v && typeof v === "object" && !Array.isArray(v);

/** Image addresses as Reddit's listing writes them: direct images (i.redd.it and the like) by their ending. */
const IMAGE_PATH = /\.(?:jpe?g|png|webp|gif)$/i;
const isImageUrl = (u: string) => {
  try {
    return IMAGE_PATH.test(new URL(u).pathname);
  } catch {
    return false;
  }
};

/** Adds post images, each image once, up to MAX_POST_IMAGES. */
function collect(out: PostImage[], seen: Set<string>, postUrl: string | null, imageUrl: string | null) {
  if (!postUrl || !imageUrl || out.length >= MAX_POST_IMAGES || seen.has(imageUrl)) return;
  seen.add(imageUrl);
  out.push({ postUrl, imageUrl });
}

/**
 * The images of a Reddit user's submitted posts (/user/NAME/submitted.json, a Listing of t3
 * things): a gallery's images in its order (gallery_data.items → media_metadata[id].s.u), else
 * the preview's full-size images (preview.images[].source.url), else the post's link when it is
 * an image itself (url_overridden_by_dest / url). Each post's address is its permalink on Reddit.
 */
export function readRedditPosts(page: FetchResult, redditUrl: string): PostImage[] {
  if (page.status !== 200 || page.truncated) return [];
  let listing: unknown;
  try {
    listing = JSON.parse(page.body.toString("utf8"));
  } catch {
    return [];
  }
  if (!isObject(listing) || listing.kind !== "Listing" || !isObject(listing.data) || !Array.isArray(listing.data.children)) return [];
  const origin = `${trimEnd(redditUrl, "/")}/`;
  const out: PostImage[] = [];
  const seen = new Set<string>();
  for (const child of (listing.data.children as unknown[]).slice(0, REDDIT_POSTS)) {
    if (!isObject(child) || child.kind !== "t3" || !isObject(child.data)) continue;
    const d = child.data;
    const permalink = typeof d.permalink === "string" && d.permalink.startsWith("/") ? d.permalink : null;
    const postUrl = permalink ? safeUrl(permalink.slice(1), origin) : null;
    if (!postUrl) continue;
    const images: (string | null)[] = [];
    if (isObject(d.media_metadata)) {
      const meta = d.media_metadata;
      const order = isObject(d.gallery_data) && Array.isArray(d.gallery_data.items) ? (d.gallery_data.items as unknown[]).slice(0, 50).map((i) => (isObject(i) && typeof i.media_id === "string" ? i.media_id : null)) : Object.keys(meta).slice(0, 50);
      for (const id of order) {
        const m = id ? meta[id] : null;
        if (!isObject(m) || m.status !== "valid" || (m.e !== undefined && m.e !== "Image") || !isObject(m.s)) continue;
        images.push(safeUrl(m.s.u));
      }
    }
    if (images.length === 0 && isObject(d.preview) && Array.isArray(d.preview.images)) {
      for (const img of (d.preview.images as unknown[]).slice(0, 10)) if (isObject(img) && isObject(img.source)) images.push(safeUrl(img.source.url));
    }
    if (images.length === 0) {
      const direct = safeUrl(d.url_overridden_by_dest) ?? safeUrl(d.url);
      if (direct && isImageUrl(direct)) images.push(direct);
    }
    for (const image of images) collect(out, seen, postUrl, image);
    if (out.length >= MAX_POST_IMAGES) break;
  }
  return out;
}

const POSTING_TYPES = ["SocialMediaPosting", "BlogPosting", "DiscussionForumPosting", "Article", "CreativeWork", "VideoObject", "Photograph", "ImageGallery", "MediaGallery"];

/** The addresses of a JSON-LD `image` value: a URL, an ImageObject (contentUrl or url), or a list of them. */
function jsonLdImages(v: unknown, base: string): string[] {
  const out: string[] = [];
  for (const item of ([] as unknown[]).concat(v ?? []).slice(0, 20)) {
    const url = isObject(item) ? safeUrl(item.contentUrl, base) ?? safeUrl(item.url, base) : safeUrl(item, base);
    if (url) out.push(url);
  }
  return out;
}

/**
 * The post images a profile page's JSON-LD describes: SocialMediaPosting (and the like) with an
 * `image`, `sharedContent` or `associatedMedia`, anywhere in the blocks (a ProfilePage's
 * `hasPart`, a `@graph`, an ItemList's `itemListElement`); a lone ImageObject counts as a post at
 * its `mainEntityOfPage` or `url` (else the profile's address). The profile's own picture is not a post.
 */
function postsFromJsonLd(blocks: unknown[], profileUrl: string, base: string, avatar: string | null): PostImage[] {
  const out: PostImage[] = [];
  const seen = new Set<string>(avatar ? [avatar] : []);
  const queue: Array<{ item: unknown; inPost: boolean }> = blocks.map((item) => ({ item, inPost: false }));
  for (let steps = 0; queue.length && steps < 500 && out.length < MAX_POST_IMAGES; steps++) {
    const { item, inPost } = queue.shift()!;
    if (Array.isArray(item)) {
      queue.push(...item.slice(0, 50).map((i) => ({ item: i, inPost })));
      continue;
    }
    if (!isObject(item)) continue;
    const type = ([] as unknown[]).concat(item["@type"]).map(String);
    if (type.some((t) => POSTING_TYPES.includes(t))) {
      const postUrl = safeUrl(item.url, base) ?? safeUrl(item["@id"], base) ?? profileUrl;
      for (const image of [...jsonLdImages(item.image, base), ...jsonLdImages(item.sharedContent, base), ...jsonLdImages(item.associatedMedia, base), ...jsonLdImages(item.thumbnailUrl, base)]) collect(out, seen, postUrl, image);
      continue;
    }
    if (type.includes("ImageObject") && !inPost) {
      const image = safeUrl(item.contentUrl, base) ?? safeUrl(item.url, base);
      const page = isObject(item.mainEntityOfPage) ? safeUrl(item.mainEntityOfPage["@id"] ?? item.mainEntityOfPage.url, base) : safeUrl(item.mainEntityOfPage, base);
      const own = safeUrl(item.url, base);
      collect(out, seen, page ?? (own && own !== image ? own : profileUrl), image);
      continue;
    }
    // A Person's own `image` is the avatar: not walked. Containers are.
    for (const key of ["@graph", "hasPart", "mainEntity", "itemListElement", "item", "subjectOf", "workExample", "blogPost"]) {
      if (item[key] !== undefined) queue.push({ item: item[key], inPost: false });
    }
  }
  return out;
}

/**
 * The Person (or Organization) a profile page's JSON-LD describes. An Organization counts only as
 * a ProfilePage's subject: alone, it is the site itself (the publisher every page of it names, a
 * "no such account" page included).
 */
function personFromJsonLd(blocks: unknown[]): { person: JsonObject | null; page: JsonObject | null } {
  const queue: Array<{ item: unknown; ofPage: boolean }> = blocks.map((item) => ({ item, ofPage: false }));
  let person: JsonObject | null = null;
  let page: JsonObject | null = null;
  for (let steps = 0; queue.length && steps < 200; steps++) {
    const { item, ofPage } = queue.shift()!;
    if (Array.isArray(item)) {
      queue.push(...item.slice(0, 50).map((i) => ({ item: i, ofPage })));
      continue;
    }
    if (!isObject(item)) continue;
    const type = ([] as unknown[]).concat(item["@type"]).map(String);
    const isPage = type.includes("ProfilePage");
    if (isPage) page ??= item;
    if ((type.includes("Person") || (type.includes("Organization") && ofPage)) && !person) person = item;
    if (Array.isArray(item["@graph"])) queue.push(...(item["@graph"] as unknown[]).slice(0, 50).map((i) => ({ item: i, ofPage: false })));
    // The Person is the page's mainEntity (X's and most pages'), or its author or about (X's older pages).
    for (const key of ["mainEntity", "author", "about"]) if (isObject(item[key])) queue.push({ item: item[key], ofPage: isPage });
  }
  return { person, page };
}

function followersFromStats(stats: unknown): number | null {
  for (const s of ([] as unknown[]).concat(stats ?? []).slice(0, 10)) {
    if (!isObject(s)) continue;
    // schema.org's FollowAction, or a counter named "Follows" / "Followers" (X); never "Following".
    const type = `${JSON.stringify(s.interactionType ?? "")} ${typeof s.name === "string" ? s.name.slice(0, 40) : ""}`;
    if (/Follow(?!ing)|Subscribe/i.test(type)) return count(s.userInteractionCount);
  }
  return null;
}

type TikTokState = { user: JsonObject; stats: JsonObject | null; statusCode: number | null };

/** TikTok's server-rendered state: __UNIVERSAL_DATA_FOR_REHYDRATION__ → webapp.user-detail.userInfo. */
function tiktokUser(json: unknown): TikTokState | null {
  if (!isObject(json)) return null;
  const scope = isObject(json.__DEFAULT_SCOPE__) ? json.__DEFAULT_SCOPE__ : null;
  const detail = scope && isObject(scope["webapp.user-detail"]) ? scope["webapp.user-detail"] : null;
  if (!detail) return null;
  const info = isObject(detail.userInfo) ? detail.userInfo : null;
  const statusCode = typeof detail.statusCode === "number" ? detail.statusCode : null;
  if (!info || !isObject(info.user)) return { user: {}, stats: null, statusCode };
  return { user: info.user, stats: isObject(info.stats) ? info.stats : null, statusCode };
}

/**
 * TikTok's older state, SIGI_STATE (a `<script id="SIGI_STATE">` or `window['SIGI_STATE']=…`):
 * UserModule.users[handle] and UserModule.stats[handle]; UserPage.statusCode not 0 when there is no such user.
 */
function sigiUser(json: unknown, handle: string): TikTokState | null {
  if (!isObject(json)) return null;
  const mod = isObject(json.UserModule) ? json.UserModule : null;
  const page = isObject(json.UserPage) ? json.UserPage : null;
  if (!mod && !page) return null;
  const statusCode = page && typeof page.statusCode === "number" ? page.statusCode : null;
  const users = mod && isObject(mod.users) ? mod.users : {};
  const keys = Object.keys(users).slice(0, 50);
  const key = keys.find((k) => k.toLowerCase() === handle.toLowerCase()) ?? (keys.length === 1 ? keys[0] : undefined);
  const user = key !== undefined && isObject(users[key]) ? users[key] : null;
  const stats = key !== undefined && mod && isObject(mod.stats) && isObject(mod.stats[key]) ? mod.stats[key] : null;
  return { user: user ?? {}, stats, statusCode };
}

/**
 * Where the JSON value starting at `start` ("{" or "[") ends, reading strings and escapes,
 * at most `max` characters: one pass, -1 when it does not end in time.
 */
function jsonEnd(text: string, start: number, max: number): number {
  let depth = 0;
  let inString = false;
  const stop = Math.min(text.length, start + max);
  for (let i = start; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Names pages give the state they hand their app in an inline script. */
const STATE_NAMES = ["__INITIAL_STATE__", "__PRELOADED_STATE__", "__APOLLO_STATE__", "__INITIAL_DATA__", "__INITIAL_PROPS__", "initialRoomDossier"];

/** The JSON a script assigns to a name (`window['SIGI_STATE']={…};`, or a JSON string of it: `x = "{\u0022a\u0022: 1}"`), or undefined. */
function assignedJson(script: string, name: string): unknown {
  const at = script.indexOf(name);
  if (at < 0) return undefined;
  const eq = script.indexOf("=", at + name.length);
  if (eq < 0 || eq - at - name.length > 8) return undefined;
  let start = eq + 1;
  while (start < script.length && /\s/.test(script[start]!)) start++;
  if (script[start] === '"') {
    // A string literal: to its closing quote (escapes skipped), then its text read as JSON.
    let end = start + 1;
    const stop = Math.min(script.length, start + MAX_EMBEDDED_JSON);
    while (end < stop && script.charCodeAt(end) !== 34) end += script.charCodeAt(end) === 92 ? 2 : 1;
    if (end >= stop) return undefined;
    try {
      const inner: unknown = JSON.parse(script.slice(start, end + 1));
      return typeof inner === "string" ? parseJson(inner) : undefined;
    } catch {
      return undefined;
    }
  }
  if (script[start] !== "{") return undefined;
  const end = jsonEnd(script, start, MAX_EMBEDDED_JSON);
  if (end < 0) return undefined;
  try {
    return JSON.parse(script.slice(start, end));
  } catch {
    return undefined;
  }
}

/** Embedded JSON read from one script (the page is read whole only up to the fetch's byte limit anyway). */
const MAX_EMBEDDED_JSON = 2_000_000;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text.slice(0, MAX_EMBEDDED_JSON));
  } catch {
    return undefined;
  }
};

const NAME_KEYS = ["displayName", "display_name", "name", "nickname", "fullName", "full_name", "profileName", "title"];
const BIO_KEYS = ["bio", "about", "aboutMe", "about_me", "biography", "description", "signature", "summary"];
const AVATAR_KEYS = ["avatarUrl", "avatar_url", "avatar", "profileImageUrl", "profile_image_url", "profilePictureUrl", "profile_picture_url", "profilePicture", "profile_pic_url", "avatar_photo_url", "avatarImageUrl", "photoUrl", "photo_url", "picture", "image"];
const LINK_KEYS = ["website", "websiteUrl", "website_url", "links", "externalUrl", "external_url", "bioLink"];
const CREATED_KEYS = ["createdAt", "created_at", "joinedAt", "joinDate", "createTime", "dateCreated", "creationTimestampMs", "creationTime", "memberSince"];

/** Fields that hold a profile's handle in embedded JSON (Next.js pageProps, JSON:API attributes and the like). */
const HANDLE_KEYS = ["handle", "username", "userName", "uniqueId", "screen_name", "screenName", "slug", "user_name", "login", "vanity", "userHandle", "broadcaster_username"];

/**
 * The object in a page's embedded JSON (Next.js __NEXT_DATA__ and other application/json scripts)
 * that describes the profile asked for: the first whose handle field is that handle. Breadth-first,
 * bounded in steps and in the keys and items read per object.
 */
function embeddedProfile(roots: unknown[], handle: string): JsonObject | null {
  const want = handle.toLowerCase();
  const queue: unknown[] = [...roots];
  for (let i = 0; i < queue.length && i < 5_000; i++) {
    const item = queue[i];
    if (Array.isArray(item)) {
      queue.push(...item.slice(0, 100));
      continue;
    }
    if (!isObject(item)) continue;
    // Its handle, and something of a profile besides (not the page's query string, which names the handle too).
    if (HANDLE_KEYS.some((k) => typeof item[k] === "string" && (item[k] as string).slice(0, 100).replace(/^@/, "").toLowerCase() === want) && firstOf(item, [...NAME_KEYS, ...BIO_KEYS, ...AVATAR_KEYS]) !== undefined) return item;
    for (const key of Object.keys(item).slice(0, 100)) {
      const v = item[key];
      if (v && typeof v === "object") queue.push(v);
    }
  }
  return null;
}

/** A Next.js page that is its 404 (served with 200 by some). */
function nextNotFound(json: unknown): boolean {
  if (!isObject(json)) return false;
  if (json.page === "/404" || json.page === "/_error") return true;
  const pageProps = isObject(json.props) && isObject(json.props.pageProps) ? json.props.pageProps : null;
  return !!pageProps && (pageProps.statusCode === 404 || pageProps.notFound === true);
}

const firstOf = (o: JsonObject | null, keys: readonly string[]): unknown => {
  if (!o) return undefined;
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== "") return o[k];
  return undefined;
};
const imageOf = (v: unknown): unknown => (isObject(v) ? v.url ?? v.src ?? v.contentUrl ?? v.link : v);

/** A bio embedded as HTML ("<p>new page</p><p><a href=…>…</a></p>", Patreon's summary) as its text; anything else as it is. */
function withoutTags(v: unknown): unknown {
  if (typeof v !== "string" || !v.includes("<")) return v;
  return v.slice(0, MAX_TEXT * 4).replace(/<[^<>]{0,500}>/g, " ");
}

/** A link as embedded data writes it: an address, an object holding one, or a bare "host/path" ("linktr.ee/luna"). */
function linkOf(v: unknown): string | null {
  const raw = imageOf(v);
  if (typeof raw !== "string") return null;
  return safeUrl(raw) ?? linksInText(raw.slice(0, MAX_URL))[0] ?? null;
}

/** A follower count in an embedded profile, at its top or one level down ("fanCounts", "stats", "counts"). */
function embeddedFollowers(o: JsonObject | null): number | null {
  if (!o) return null;
  const keys = ["followersCount", "followerCount", "followers_count", "follower_count", "num_followers", "followers", "fansCount", "fans_count", "subscribersCount", "subscriberCount", "subscriber_count", "patron_count", "patronCount"];
  const direct = count(firstOf(o, keys));
  if (direct !== null) return direct;
  for (const k of Object.keys(o).slice(0, 50)) {
    const v = o[k];
    if (isObject(v)) {
      const n = count(firstOf(v, keys));
      if (n !== null) return n;
    }
  }
  return null;
}

/** What a page says when it has no such profile (its title, headings, first paragraphs), apostrophes made plain. */
const NOT_FOUND_PHRASES = [
  "page isn't available",
  "page is not available",
  "page not found",
  "page could not be found",
  "couldn't find this account",
  "account doesn't exist",
  "account does not exist",
  "account suspended",
  "account has been suspended",
  "account has been deleted",
  "user not found",
  "profile not found",
  "creator not found",
  "no such user",
  "user does not exist",
  "user doesn't exist",
  "diese seite ist leider nicht verfügbar",
  "cette page n'est pas disponible",
  "esta página no está disponible",
  "esta página não está disponível",
  "page introuvable",
  "seite nicht gefunden",
  "página no encontrada",
  "página não encontrada",
  "pagina non trovata",
  "questa pagina non è disponibile",
  "pagina niet gevonden",
  "deze pagina is niet beschikbaar",
  "nie znaleziono strony",
  "sayfa bulunamadı",
  "страница не найдена",
  "эта страница недоступна",
  "このページはご利用いただけません",
  "ページが見つかりません",
  "페이지를 찾을 수 없습니다",
  "页面不存在",
  "找不到页面",
  "compte introuvable",
  "ce compte n'existe pas",
  "esta cuenta no existe",
  "essa conta não existe",
  "dieses konto existiert nicht",
  "utente non trovato",
];

/** "Followers" in the locales Instagram and the like write their stat line in. */
const FOLLOWER_WORDS = new Set(["followers", "follower", "abonnés", "abonnes", "abonnenten", "seguidores", "seguidor", "seguaci", "volgers", "volger", "obserwujących", "obserwujacych", "takipçi", "подписчиков", "подписчика", "подписчик", "pengikut", "följare", "følgere", "seuraajaa", "sledujících", "urmăritori", "követő", "متابع", "ผู้ติดตาม"]);
/** Where the label comes first: "フォロワー1.2万人", "팔로워 1,234명". */
const LABEL_FIRST = /^\s*(?:フォロワー|팔로워|粉丝|粉絲)\s*(\d[\d.,]{0,14})\s*(万|億|亿|천|만)?/u;

/**
 * The follower count at the head of a stat line ("1,234 Followers, 12 Following, 50 Posts - …",
 * "1,2 Mio. Follower, …", "12,5 k abonnés, …"): a number, perhaps a multiplier, then the word.
 * Reads at most the line's first 80 characters, word by word: no pattern that can backtrack.
 */
export function followersInText(text: string | null): number | null {
  if (!text) return null;
  const head = text.slice(0, 80);
  const first = LABEL_FIRST.exec(head);
  if (first) return parseCount(first[1]!, first[2]);
  const num = /^\s*(\d[\d.,\s\u00a0\u202f]{0,16})/u.exec(head);
  if (!num) return null;
  const words = head.slice(num[0].length).split(/[\s\u00a0\u202f,:;·•|-]+/u, 3).filter(Boolean);
  const isLabel = (w: string | undefined) => !!w && FOLLOWER_WORDS.has(trimEnd(w.toLowerCase(), ".!"));
  const raw = num[1]!.trim();
  if (isLabel(words[0])) return parseCount(raw);
  // "12.5K Followers", "1,2 Mio. Follower": the multiplier between the number and the word.
  if (words[0] && isLabel(words[1])) return parseCount(raw, words[0]);
  return null;
}

/**
 * The bio Instagram quotes after its stat line ("… - Luna (@luna) on Instagram: "bio""), in any
 * locale ("auf Instagram:", "sur Instagram :"): found with indexOf, never a pattern.
 */
function quotedBio(description: string): string | null {
  const at = description.indexOf("Instagram", description.indexOf(" - ") >= 0 ? description.indexOf(" - ") : 0);
  if (at < 0) return null;
  let i = at + "Instagram".length;
  while (i < description.length && i < at + 12 && /[\s:]/.test(description[i]!)) i++;
  if (description[i - 1] !== " " && description[i - 1] !== ":") return null;
  if (!/["“«„]/.test(description[i] ?? "")) return null;
  return trimEnd(description.slice(i + 1), '"”»“ ');
}

export function readProfilePage(profile: PublicProfile, page: FetchResult): PublicProfile {
  const name = profile.platformName;
  if (page.status === 404 || page.status === 410) return { ...profile, status: "absent", reason: `${name} has no profile at this address.` };
  if (page.status === 401 || page.status === 403) return { ...profile, status: "unreadable", reason: `${name} shows profiles only after a login: cannot be checked automatically.` };
  if (page.status < 200 || page.status >= 300) return { ...profile, status: "unreachable", reason: `${name} answered HTTP ${page.status}.` };
  if (!/html/i.test(page.contentType || "text/html")) return { ...profile, status: "unreadable", reason: `${name} did not answer with a page.` };

  const finalUrl = page.finalUrl || profile.url;
  // A profile address that lands on a login page has nothing public to read.
  let finalPath = "";
  try {
    finalPath = new URL(finalUrl).pathname.toLowerCase();
  } catch {
    finalPath = "";
  }
  const wall = { ...profile, status: "unreadable" as const, reason: `${name} shows this profile only after a login: cannot be checked automatically.` };
  if (/(^|\/)(login|signin|sign-in|accounts\/login|auth)(\/|$)/.test(finalPath)) return wall;

  const $ = cheerio.load(page.body.toString("utf8"));
  // One that lands on the home page: a wall when the home page asks to log in (or shows nothing); otherwise
  // nothing of this profile, with the page's signature (the same home page for a made-up handle: no such profile).
  if (finalPath === "/" && new URL(profile.url).pathname !== "/") {
    if (isWall($) || asksToLogIn($)) return wall;
    const signature = pageSignature($, profile.handle);
    return signature ? { ...wall, reason: `${name} sends this profile's address to its home page: nothing of it can be read.`, signature } : wall;
  }
  const meta = (sel: string) => clean($(sel).first().attr("content"), MAX_TEXT);

  const jsonLd: unknown[] = [];
  $('script[type="application/ld+json"]').slice(0, 10).each((_i, el) => {
    const json = parseJson($(el).text());
    if (json !== undefined) jsonLd.push(json);
  });
  const { person, page: profilePage } = personFromJsonLd(jsonLd);

  // TikTok: the rehydration data, else the older SIGI_STATE (its own script, or assigned to window in an inline one).
  let tiktok: TikTokState | null = null;
  const rehydration = $("script#__UNIVERSAL_DATA_FOR_REHYDRATION__").first().text();
  if (rehydration) tiktok = tiktokUser(parseJson(rehydration));
  if (!tiktok) {
    const sigi = $("script#SIGI_STATE").first().text();
    if (sigi) tiktok = sigiUser(parseJson(sigi), profile.handle);
  }
  if (!tiktok) {
    $("script:not([src])")
      .slice(0, 40)
      .each((_i, el) => {
        const text = $(el).text();
        if (!text.includes("SIGI_STATE")) return;
        tiktok = sigiUser(assignedJson(text, "SIGI_STATE']") ?? assignedJson(text, 'SIGI_STATE"]') ?? assignedJson(text, "SIGI_STATE"), profile.handle);
        return !tiktok;
      });
  }
  if (tiktok && tiktok.statusCode && tiktok.statusCode !== 0 && !tiktok.user.uniqueId) {
    return { ...profile, status: "absent", reason: `${name} has no profile at this address.` };
  }

  // Other embedded JSON (Next.js __NEXT_DATA__ and the like): the object whose handle is the one asked for.
  const embeddedRoots: unknown[] = [];
  $('script#__NEXT_DATA__, script[type="application/json"]')
    .slice(0, 8)
    .each((_i, el) => {
      if ($(el).attr("id") === "__UNIVERSAL_DATA_FOR_REHYDRATION__" || $(el).attr("id") === "SIGI_STATE") return;
      const json = parseJson($(el).text());
      if (json !== undefined) embeddedRoots.push(json);
    });
  // State an inline script hands the page's app (`window.__INITIAL_STATE__ = {…}`, Apollo's cache, a JSON string
  // of it as Chaturbate's `initialRoomDossier = "{\u0022broadcaster_username\u0022: …}"`).
  $("script:not([src])")
    .slice(0, 40)
    .each((_i, el) => {
      if (embeddedRoots.length >= 12) return false;
      const text = $(el).text();
      for (const name of STATE_NAMES) {
        if (!text.includes(name)) continue;
        const json = assignedJson(text, name);
        if (json !== undefined) embeddedRoots.push(json);
      }
      return undefined;
    });
  const embedded = embeddedProfile(embeddedRoots, profile.handle);

  const ogType = meta('meta[property="og:type"]');
  // Meta as pages write it: og: by property, twitter: by name or by property.
  const ogTitle = meta('meta[property="og:title"]') ?? meta('meta[name="twitter:title"], meta[property="twitter:title"]');
  const title = clean($("title").first().text(), MAX_TEXT);
  const description = meta('meta[property="og:description"]') ?? meta('meta[name="description"]') ?? meta('meta[name="twitter:description"], meta[property="twitter:description"]');
  const ogImage = safeUrl(
    meta('meta[property="og:image"]') ?? meta('meta[property="og:image:secure_url"], meta[property="og:image:url"]') ?? meta('meta[name="twitter:image"], meta[property="twitter:image"], meta[name="twitter:image:src"]'),
    finalUrl,
  );
  const ogUrl = safeUrl(meta('meta[property="og:url"]'), finalUrl);
  // Profile data of its own (JSON-LD, TikTok's state, embedded JSON for this handle), or only a page that calls itself a profile.
  const data = !!person || !!profilePage || (!!tiktok && !!tiktok.user.uniqueId) || !!embedded;
  const structured = data || ogType === "profile" || /^profile(\.|$)/.test(ogType ?? "");
  // A page without structured data that still names this very handle ("Luna (@luna) | OnlyFans", its heading "@luna",
  // og:url or canonical of the profile, or of an address ending in the handle: /add/luna → /@luna).
  const canonical = safeUrl($('link[rel="canonical"]').first().attr("href"), finalUrl);
  const heading = clean($("h1").first().text(), MAX_NAME);
  const namesHandle = [ogTitle, title, heading].some((t) => mentionsHandle(t, profile.handle)) || [ogUrl, canonical].some((u) => !!u && (sameProfile(u, profile.url) || endsWithHandle(u, profile.url, profile.handle)));

  // A page that says there is no such profile is that, even when it repeats the handle asked for or calls itself a profile.
  if (!data && (embeddedRoots.some(nextNotFound) || saysNotFound($))) return { ...profile, status: "absent", reason: `${name} says there is no profile at this address.` };
  let signature: string | null = null;
  if (!structured) {
    // A login form or a bot check where the profile should be, answered 200, even one that names the handle ("Log in to see @luna").
    if (isWall($)) return wall;
    // Asked to log in, with nothing of a profile to read (no description, no picture): a wall too, never a missing profile.
    if (asksToLogIn($) && !description && !ogImage) return wall;
    signature = pageSignature($, profile.handle);
    if (!namesHandle) return { ...profile, status: "unreadable", reason: `${name} shows nothing of this profile without a login: cannot be checked automatically.`, ...(signature ? { signature } : {}) };
  }

  const tu = tiktok?.user ?? null;
  const displayName =
    clean(tu?.nickname, MAX_NAME) ??
    clean(person?.name, MAX_NAME) ??
    clean(person?.givenName, MAX_NAME) ??
    clean(firstOf(embedded, NAME_KEYS), MAX_NAME) ??
    clean(titleName(ogTitle ?? title, name), MAX_NAME);
  const instagramBio = description && followersInText(description) !== null ? quotedBio(description) : null;
  const bio =
    clean(tu?.signature, MAX_TEXT) ??
    clean(person?.description, MAX_TEXT) ??
    clean(withoutTags(firstOf(embedded, BIO_KEYS)), MAX_TEXT) ??
    clean(instagramBio, MAX_TEXT) ??
    description;
  const avatarUrl =
    safeUrl(tu?.avatarLarger, finalUrl) ??
    safeUrl(tu?.avatarMedium, finalUrl) ??
    safeUrl(imageOf(person?.image), finalUrl) ??
    safeUrl(imageOf(firstOf(embedded, AVATAR_KEYS)), finalUrl) ??
    ogImage;
  const bioLink = isObject(tu?.bioLink) ? safeUrl((tu.bioLink as JsonObject).link) ?? safeUrl(`https://${String((tu.bioLink as JsonObject).link ?? "")}`) : null;
  const sameAs = [...([] as unknown[]).concat(person?.sameAs ?? []).slice(0, MAX_LINKS), ...([] as unknown[]).concat(profilePage?.relatedLink ?? []).slice(0, MAX_LINKS)].map((u) => safeUrl(u));
  const embeddedLinks = ([] as unknown[]).concat(firstOf(embedded, LINK_KEYS) ?? []).slice(0, MAX_LINKS).map(linkOf);
  const relMe: (string | null)[] = [];
  $('a[rel~="me"], link[rel~="me"]').slice(0, MAX_LINKS).each((_i, el) => {
    relMe.push(safeUrl($(el).attr("href"), finalUrl));
  });
  const tiktokStats = isObject(tiktok?.stats) ? tiktok.stats : null;
  const followers =
    count(tiktokStats?.followerCount) ??
    followersFromStats(person?.interactionStatistic) ??
    followersFromStats(profilePage?.interactionStatistic) ??
    embeddedFollowers(embedded) ??
    followersInText(description);
  const createdAt =
    date(tu?.createTime) ?? date(profilePage?.dateCreated) ?? date(person?.dateCreated) ?? date(person?.foundingDate) ?? date(firstOf(embedded, CREATED_KEYS));
  // Her images in its posts: the JSON-LD postings; where the page has none, the og:image gallery (every og:image but the picture).
  let posts = postsFromJsonLd(jsonLd, profile.url, finalUrl, avatarUrl);
  if (posts.length === 0) {
    const gallery: PostImage[] = [];
    const seen = new Set<string>(avatarUrl ? [avatarUrl] : []);
    $('meta[property="og:image"], meta[property="og:image:url"], meta[property="og:image:secure_url"]')
      .slice(0, MAX_POST_IMAGES * 3)
      .each((_i, el) => collect(gallery, seen, profile.url, safeUrl($(el).attr("content"), finalUrl)));
    // Posts the page renders as HTML: each <article> is one, at its first link (else the profile), with its images
    // (a lazy image's real address in data-src, its src a placeholder).
    $("article")
      .slice(0, 50)
      .each((_i, el) => {
        const post = $(el);
        const postUrl = safeUrl(post.find("a[href]").first().attr("href"), finalUrl) ?? profile.url;
        post
          .find("img")
          .slice(0, 10)
          .each((_j, img) => {
            const $img = $(img);
            collect(gallery, seen, postUrl, safeUrl($img.attr("data-src"), finalUrl) ?? safeUrl($img.attr("data-lazy-src"), finalUrl) ?? safeUrl($img.attr("src"), finalUrl));
          });
        return gallery.length < MAX_POST_IMAGES;
      });
    posts = gallery;
  }

  return {
    ...profile,
    url: profile.url,
    status: "found",
    reason: `Read from ${name}'s public profile page.`,
    displayName,
    bio,
    avatarUrl,
    links: uniq([bioLink, ...sameAs, ...embeddedLinks, ...relMe, ...linksInText(bio)]).filter((u) => !sameProfile(u, profile.url)),
    followers,
    createdAt,
    posts,
    ...(signature ? { signature } : {}),
  };
}

/** "Log in", "Sign in" and the like in the languages of the platforms' pages. */
const LOGIN_WORDS = ["log in", "login", "sign in", "sign up to see", "anmelden", "einloggen", "connecte", "connexion", "iniciar sesión", "inicia sesión", "accedi", "entrar", "inloggen", "zaloguj", "giriş yap", "войти", "войдите", "ログイン", "登录", "登入", "로그인"];

/**
 * Whether the page's content (its header, navigation and footer aside, where every page of a site
 * offers to log in) asks the visitor to log in: a link to a login address, or the words.
 */
function asksToLogIn($: cheerio.CheerioAPI): boolean {
  const content = $("body").clone();
  content.find("header, nav, footer, script, style, noscript, template").remove();
  if (content.find('a[href*="login" i], a[href*="signin" i], a[href*="sign-in" i], a[href*="sign_in" i], a[href*="/auth/" i]').length > 0) return true;
  const text = content.text().slice(0, 3_000).toLowerCase();
  return LOGIN_WORDS.some((w) => text.includes(w));
}

/** A login form or a bot check (captcha, challenge): the same page for every handle, saying nothing of this one. */
function isWall($: cheerio.CheerioAPI): boolean {
  if ($('input[type="password" i]').length > 0) return true;
  if ($('form[action*="login" i], form[action*="signin" i], form[action*="sign-in" i], form[action*="sign_in" i]').length > 0) return true;
  return $('[id*="captcha" i], [class*="captcha" i], script[src*="captcha" i], iframe[src*="captcha" i], #challenge-form, [id*="challenge-" i]').length > 0;
}

/** Characters of a page's text a signature keeps. */
const SIGNATURE_TEXT = 600;

/**
 * What a page without profile data says, in a form two answers can be compared by: its title and
 * visible text, lower-cased, the handle asked for masked, digits folded (request ids, dates), spaces
 * folded. Null for an empty shell (a page that shows nothing: it says no more of a missing profile
 * than of a present one). Removes the page's scripts: called last.
 */
function pageSignature($: cheerio.CheerioAPI, handle: string): string | null {
  $("script, style, noscript, template, svg").remove();
  const body = $("body").text().slice(0, 20_000).replace(/\s+/g, " ").trim();
  if (body.length < 3) return null;
  let text = `${$("title").first().text().slice(0, 300)} | ${($('meta[property="og:title"]').first().attr("content") ?? "").slice(0, 300)} | ${body}`.toLowerCase();
  const masked = handle.toLowerCase();
  if (masked) text = text.split(masked).join("{h}");
  return text.replace(/\d+/g, "0").replace(/\s+/g, " ").trim().slice(0, SIGNATURE_TEXT);
}

/** True when `url` is on the profile's host and its last path segment is the handle ("/@luna", "/u/luna/"). */
function endsWithHandle(url: string, profileUrl: string, handle: string): boolean {
  try {
    const u = new URL(url);
    const p = new URL(profileUrl);
    if (u.hostname.replace(/^www\./, "") !== p.hostname.replace(/^www\./, "")) return false;
    const last = u.pathname.split("/").filter(Boolean).at(-1) ?? "";
    return !!handle && decodeURIComponent(last).replace(/^@/, "").toLowerCase() === handle.toLowerCase();
  } catch {
    return false;
  }
}

/** True when a text names the handle as "@handle" (not as the start of a longer handle). */
function mentionsHandle(text: string | null, handle: string): boolean {
  if (!text || !handle) return false;
  const hay = text.slice(0, 500).toLowerCase();
  const needle = `@${handle.toLowerCase()}`;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const next = hay[at + needle.length];
    if (next === undefined || !/[a-z0-9_.-]/.test(next)) return true;
  }
  return false;
}

/** Whether the page's title, headings or first paragraphs say there is no such profile. */
function saysNotFound($: cheerio.CheerioAPI): boolean {
  const texts: string[] = [];
  $("title, h1, h2, [data-testid='emptyState'], main p, body > p, #app p, #__next p")
    .slice(0, 30)
    .each((_i, el) => {
      texts.push($(el).text().slice(0, 300));
    });
  // Not the description: on a page of meta only, that is the profile's bio.
  texts.push(($('meta[property="og:title"]').first().attr("content") ?? "").slice(0, 300));
  const text = texts.join(" \n ").toLowerCase().replace(/[’‘`]/g, "'");
  return NOT_FOUND_PHRASES.some((p) => text.includes(p));
}

const bareAddress = (u: string) => trimEnd(u.replace(/^https?:\/\/(?:www\.)?/, ""), "/").toLowerCase();
const sameProfile = (a: string, b: string) => bareAddress(a) === bareAddress(b);

/**
 * The name in a page title: before the handle ("Luna (@luna) • Instagram photos and videos" → "Luna"),
 * else without the platform's name at its end ("Luna Rivers | Fanvue", "Luna on X" → the name).
 */
function titleName(title: string | null, platformName: string): string | null {
  if (!title) return null;
  const at = title.indexOf("(@");
  if (at > 0) return title.slice(0, at).trim();
  // The platform's name however the page spells it ("JustFor.Fans", "Just For Fans"), after the last separator.
  const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  const platform = squash(platformName);
  for (const sep of [" | ", " - ", " • ", " · ", " – ", " — ", " / ", " on "]) {
    const cut = title.lastIndexOf(sep);
    if (cut > 0 && platform && squash(title.slice(cut + sep.length)) === platform) return title.slice(0, cut).trim() || null;
  }
  return title;
}

/**
 * Politeness per platform: at most one request to a platform every
 * `intervalMs`, so a check of many handles is spread out the way a person
 * browsing would be, whatever the fetcher's own concurrency.
 */
export class PlatformPacer {
  readonly #next = new Map<number, number>();
  constructor(
    readonly intervalMs: number,
    readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
    readonly clock: () => number = () => Date.now(),
  ) {}

  async wait(platformId: number): Promise<void> {
    if (this.intervalMs <= 0) return;
    const now = this.clock();
    const at = Math.max(now, this.#next.get(platformId) ?? 0);
    this.#next.set(platformId, at + this.intervalMs);
    if (at > now) await this.sleep(at - now);
  }
}
