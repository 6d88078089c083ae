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
 * from private APIs): none are read there.
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

const clean = (s: unknown, max: number): string | null => {
  if (typeof s !== "string") return null;
  // Control characters out, whitespace folded, bounded.
  const t = s.replace(/[\p{Cc}\p{Cf}]/gu, " ").replace(/\s+/g, " ").trim().slice(0, max);
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

/** "12.5K", "1,234", "3M" → a number. */
const abbreviated = (s: string): number | null => {
  const m = /^([\d.,]{1,12})\s?([kmb])?$/i.exec(s.trim());
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  const mult = { k: 1e3, m: 1e6, b: 1e9 }[(m[2] ?? "").toLowerCase() as "k" | "m" | "b"] ?? 1;
  return Math.round(n * mult);
};

const date = (v: unknown): Date | null => {
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

const POSTING_TYPES = ["SocialMediaPosting", "BlogPosting", "DiscussionForumPosting", "Article", "CreativeWork", "VideoObject"];

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
    for (const key of ["@graph", "hasPart", "mainEntity", "itemListElement", "item", "subjectOf"]) {
      if (item[key] !== undefined) queue.push({ item: item[key], inPost: false });
    }
  }
  return out;
}

/** The Person (or Organization) a profile page's JSON-LD describes. */
function personFromJsonLd(blocks: unknown[]): { person: JsonObject | null; page: JsonObject | null } {
  const queue: unknown[] = [...blocks];
  let person: JsonObject | null = null;
  let page: JsonObject | null = null;
  for (let steps = 0; queue.length && steps < 200; steps++) {
    const item = queue.shift();
    if (Array.isArray(item)) {
      queue.push(...item.slice(0, 50));
      continue;
    }
    if (!isObject(item)) continue;
    const type = ([] as unknown[]).concat(item["@type"]).map(String);
    if (type.includes("ProfilePage")) page ??= item;
    if ((type.includes("Person") || type.includes("Organization")) && !person) person = item;
    if (Array.isArray(item["@graph"])) queue.push(...(item["@graph"] as unknown[]).slice(0, 50));
    if (isObject(item.mainEntity)) queue.push(item.mainEntity);
  }
  return { person, page };
}

function followersFromStats(stats: unknown): number | null {
  for (const s of ([] as unknown[]).concat(stats ?? []).slice(0, 10)) {
    if (!isObject(s)) continue;
    const type = JSON.stringify(s.interactionType ?? "");
    if (/Follow|Subscribe/i.test(type)) return count(s.userInteractionCount);
  }
  return null;
}

/** TikTok's server-rendered state: __UNIVERSAL_DATA_FOR_REHYDRATION__ → webapp.user-detail.userInfo. */
function tiktokUser(json: unknown): { user: JsonObject; stats: JsonObject | null; statusCode: number | null } | null {
  if (!isObject(json)) return null;
  const scope = isObject(json.__DEFAULT_SCOPE__) ? json.__DEFAULT_SCOPE__ : null;
  const detail = scope && isObject(scope["webapp.user-detail"]) ? scope["webapp.user-detail"] : null;
  if (!detail) return null;
  const info = isObject(detail.userInfo) ? detail.userInfo : null;
  const statusCode = typeof detail.statusCode === "number" ? detail.statusCode : null;
  if (!info || !isObject(info.user)) return { user: {}, stats: null, statusCode };
  return { user: info.user, stats: isObject(info.stats) ? info.stats : null, statusCode };
}

/** Instagram-style "1,234 Followers, 12 Following, 50 Posts - ..." in a meta description. */
const FOLLOWERS_IN_TEXT = /^([\d.,]{1,12}\s?[kmb]?)\s+followers\b/i;

export function readProfilePage(profile: PublicProfile, page: FetchResult): PublicProfile {
  const name = profile.platformName;
  if (page.status === 404 || page.status === 410) return { ...profile, status: "absent", reason: `${name} has no profile at this address.` };
  if (page.status === 401 || page.status === 403) return { ...profile, status: "unreadable", reason: `${name} shows profiles only after a login: cannot be checked automatically.` };
  if (page.status < 200 || page.status >= 300) return { ...profile, status: "unreachable", reason: `${name} answered HTTP ${page.status}.` };
  if (!/html/i.test(page.contentType || "text/html")) return { ...profile, status: "unreadable", reason: `${name} did not answer with a page.` };

  const finalUrl = page.finalUrl || profile.url;
  // A profile address that lands on a login or home page has nothing public to read.
  let finalPath = "";
  try {
    finalPath = new URL(finalUrl).pathname.toLowerCase();
  } catch {
    finalPath = "";
  }
  if (/(^|\/)(login|signin|sign-in|accounts\/login|auth)(\/|$)/.test(finalPath) || (finalPath === "/" && new URL(profile.url).pathname !== "/")) {
    return { ...profile, status: "unreadable", reason: `${name} shows this profile only after a login: cannot be checked automatically.` };
  }

  const $ = cheerio.load(page.body.toString("utf8"));
  const meta = (sel: string) => clean($(sel).first().attr("content"), MAX_TEXT);

  const jsonLd: unknown[] = [];
  $('script[type="application/ld+json"]').slice(0, 10).each((_i, el) => {
    try {
      jsonLd.push(JSON.parse($(el).text().slice(0, 200_000)));
    } catch {
      // a broken block is skipped
    }
  });
  const { person, page: profilePage } = personFromJsonLd(jsonLd);

  let tiktok: ReturnType<typeof tiktokUser> = null;
  const rehydration = $("script#__UNIVERSAL_DATA_FOR_REHYDRATION__").first().text();
  if (rehydration) {
    try {
      tiktok = tiktokUser(JSON.parse(rehydration.slice(0, 2_000_000)));
    } catch {
      tiktok = null;
    }
  }
  if (tiktok && tiktok.statusCode && tiktok.statusCode !== 0 && !tiktok.user.uniqueId) {
    return { ...profile, status: "absent", reason: `${name} has no profile at this address.` };
  }

  const ogType = meta('meta[property="og:type"]');
  const ogTitle = meta('meta[property="og:title"]') ?? meta('meta[name="twitter:title"]');
  const description = meta('meta[property="og:description"]') ?? meta('meta[name="description"]') ?? meta('meta[name="twitter:description"]');
  const ogImage = safeUrl(meta('meta[property="og:image"]') ?? meta('meta[name="twitter:image"]'), finalUrl);
  const isProfile = !!person || !!profilePage || (!!tiktok && !!tiktok.user.uniqueId) || ogType === "profile" || /^profile(\.|$)/.test(ogType ?? "");

  if (!isProfile) {
    return { ...profile, status: "unreadable", reason: `${name} shows nothing of this profile without a login: cannot be checked automatically.` };
  }

  const tu = tiktok?.user ?? null;
  const displayName = clean(tu?.nickname, MAX_NAME) ?? clean(person?.name, MAX_NAME) ?? clean(titleName(ogTitle), MAX_NAME);
  const bio = clean(tu?.signature, MAX_TEXT) ?? clean(person?.description, MAX_TEXT) ?? description;
  const avatarUrl =
    safeUrl(tu?.avatarLarger, finalUrl) ??
    safeUrl(tu?.avatarMedium, finalUrl) ??
    safeUrl(isObject(person?.image) ? (person.image as JsonObject).url ?? (person.image as JsonObject).contentUrl : person?.image, finalUrl) ??
    ogImage;
  const bioLink = isObject(tu?.bioLink) ? safeUrl((tu.bioLink as JsonObject).link) ?? safeUrl(`https://${String((tu.bioLink as JsonObject).link ?? "")}`) : null;
  const sameAs = ([] as unknown[]).concat(person?.sameAs ?? []).slice(0, MAX_LINKS).map((u) => safeUrl(u));
  const relMe: (string | null)[] = [];
  $('a[rel~="me"], link[rel~="me"]').slice(0, MAX_LINKS).each((_i, el) => {
    relMe.push(safeUrl($(el).attr("href"), finalUrl));
  });
  let followers = count(tiktok?.stats?.followerCount) ?? followersFromStats(person?.interactionStatistic) ?? followersFromStats(profilePage?.interactionStatistic);
  const fm = description ? FOLLOWERS_IN_TEXT.exec(description) : null;
  if (followers === null && fm) followers = abbreviated(fm[1]!);
  const createdAt = date(tu?.createTime) ?? date(profilePage?.dateCreated) ?? date(person?.dateCreated) ?? date(person?.foundingDate);
  // Her images in its posts: the JSON-LD postings; where the page has none, the og:image gallery (every og:image but the picture).
  let posts = postsFromJsonLd(jsonLd, profile.url, finalUrl, avatarUrl);
  if (posts.length === 0) {
    const gallery: PostImage[] = [];
    const seen = new Set<string>(avatarUrl ? [avatarUrl] : []);
    $('meta[property="og:image"], meta[property="og:image:url"], meta[property="og:image:secure_url"]')
      .slice(0, MAX_POST_IMAGES * 3)
      .each((_i, el) => collect(gallery, seen, profile.url, safeUrl($(el).attr("content"), finalUrl)));
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
    links: uniq([bioLink, ...sameAs, ...relMe, ...linksInText(bio)]).filter((u) => !sameProfile(u, profile.url)),
    followers,
    createdAt,
    posts,
  };
}

const bareAddress = (u: string) => trimEnd(u.replace(/^https?:\/\/(?:www\.)?/, ""), "/").toLowerCase();
const sameProfile = (a: string, b: string) => bareAddress(a) === bareAddress(b);

/** "Luna (@luna) • Instagram photos and videos" → "Luna": the name before the handle in a page title. */
function titleName(title: string | null): string | null {
  if (!title) return null;
  const at = title.indexOf("(@");
  return at > 0 ? title.slice(0, at).trim() : title;
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
