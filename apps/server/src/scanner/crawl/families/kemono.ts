import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlItem, type CrawlRequest } from "../crawl-types";
import { clip, int, isObject, parseJson, str, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Paid-content archives running Kemono (kemono.cr / .su, coomer.st / .su and their clones): OnlyFans, Fansly,
 * Patreon, Fanbox … posts re-posted with their files. Its API (v1, as clients such as gallery-dl call it):
 *
 * - GET /api/v1/posts?o=N (N a multiple of 50): the most recently added posts, 50 a page, newest first. Newer servers
 *   answer { count, true_count, posts: [Post] }, older ones a bare [Post].
 * - Post: { id, user (the creator's id on her platform: her handle on OnlyFans and Fansly), service ("onlyfans",
 *   "fansly", "patreon", "fanbox", …), title, content (HTML), published, added, edited, file: { name, path },
 *   attachments: [{ name, path }], tags, embed }. Files are served at /data{path} (or by a data server the post
 *   answer names), thumbnails at /thumbnail/data{path}.
 * - One post: GET /api/v1/{service}/user/{user}/post/{id}; newer servers answer { post, attachments: [{ server, name,
 *   path }], previews: [{ type: "thumbnail", server, name, path }], videos }, older ones the post (or [post]).
 * - The creator: GET /api/v1/{service}/user/{user}/profile → { id, name, service, indexed, updated, public_id }.
 * - Its page: /{service}/user/{user}/post/{id}.
 *
 * Newer servers answer API calls only to requests that accept "text/css" (403 otherwise): request() names it.
 * A post is one item: its page carries the creator's name (her profile, read beside the post) and handle, the post's
 * title and text, and its images (file and attachments), so that the matcher and the image index see her.
 * Only JSON.parse and anchored patterns on bounded strings touch the answers.
 */

const PAGE_SIZE = 50;
/** Offsets past this are not followed (the archive's whole history is not a crawl's business). */
const MAX_OFFSET = 50 * 2000;
const SERVICE = /^[a-z0-9_-]{1,32}$/i;
const USER = /^[\w.-]{1,100}$/;
const POST_ID = /^[\w-]{1,64}$/;
/** A file's path on the archive: /ab/cd/<sha256>.jpg, relative and without "..". */
const FILE_PATH = /^\/[\w.~%+-]{1,200}(?:\/[\w.~%+-]{1,200}){0,8}$/;
const IMAGE_EXT = /\.(?:jpe?g|png|gif|webp|avif|bmp|jfif)$/i;
const MAX_CONTENT = 100_000;
const MAX_FILES = 40;
const MAX_TAGS = 50;
const MAX_NAME = 200;

/** The API calls of Kemono's that the crawler makes (and a detection probe asks): v1 posts, a post, a profile. */
const API_PATH = /^(?:\/[\w.-]{1,64}){0,3}\/api\/v1\/(?:posts|[\w-]{1,32}\/user\/[\w.-]{1,100}(?:\/posts|\/profile|\/post\/[\w-]{1,64})?)\/?$/;

/** Where an archive's newest posts are read. */
export const kemonoEntryPages = (root: string) => [`${root.replace(/(?<!\/)\/+$/, "")}/api/v1/posts?o=0`];

/** GET with Accept: text/css for Kemono's API calls (newer servers refuse others); null for any other address. */
export function kemonoRequest(url: string): CrawlRequest | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.pathname.length > 400 || !API_PATH.test(u.pathname)) return null;
  return { url, method: "GET", headers: { accept: "text/css" } };
}

/** The archive's root from an /api/ address, else the site's base URL. */
function apiRoot(url: URL, config: CrawlAdapterConfig): string {
  const at = url.pathname.indexOf("/api/");
  if (at >= 0) return `${url.origin}${url.pathname.slice(0, at)}`;
  return config.baseUrl.replace(/(?<!\/)\/+$/, "");
}

/** A post of the archive, validated: the fields an item and its page need. */
export type KemonoPost = { id: string; user: string; service: string; title: string; added: number | null; published: number | null; edited: number | null };

const parseTime = (kit: CrawlKit, v: unknown): number | null => {
  const s = str(v);
  // Kemono writes naive UTC times ("2026-11-01T08:00:00" or with microseconds): read as UTC.
  return kit.parseListingTime(s && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?$/.test(s) ? `${s}Z` : s || null);
};

export function kemonoPost(kit: CrawlKit, raw: unknown): KemonoPost | null {
  if (!isObject(raw)) return null;
  const id = str(raw.id) || (int(raw.id) !== null ? String(raw.id) : "");
  const user = str(raw.user) || (int(raw.user) !== null ? String(raw.user) : "");
  const service = str(raw.service);
  if (!POST_ID.test(id) || !USER.test(user) || !SERVICE.test(service)) return null;
  return {
    id,
    user,
    service: service.toLowerCase(),
    title: clip(str(raw.title).slice(0, 2000)),
    added: parseTime(kit, raw.added),
    published: parseTime(kit, raw.published),
    edited: parseTime(kit, raw.edited),
  };
}

/** The posts of a listing answer: { posts } (newer servers) or a bare array (older ones); the total when said. */
export function kemonoPosts(data: unknown): { posts: unknown[]; count: number | null } | null {
  if (Array.isArray(data)) return { posts: data, count: null };
  if (isObject(data) && Array.isArray(data.posts)) return { posts: data.posts, count: int(data.count) };
  return null;
}

/** /{service}/user/{user}/post/{id} under the archive's root → its parts. */
const POST_PAGE = /^((?:\/[\w.-]{1,64}){0,3})\/([\w-]{1,32})\/user\/([\w.-]{1,100})\/post\/([\w-]{1,64})$/;

export function kemonoAdapter(kit: CrawlKit): CrawlAdapter {
  const e = kit.escapeHtml;
  /** A file's address: on the data server the answer names when that is the site's, else /data{path} at the root. */
  const fileUrl = (f: Record<string, unknown>, servers: Map<string, string>, root: string, config: CrawlAdapterConfig): string | null => {
    const path = str(f.path).replace(/\\/g, "/");
    if (!FILE_PATH.test(path) || path.includes("..")) return null;
    const server = kit.onSiteUrl(str(f.server) || servers.get(path) || null, root, config.domains);
    const base = server && server.pathname === "/" && !server.search ? server.origin : root;
    return kit.onSiteUrl(`${base}/data${path}`, root, config.domains)?.href ?? null;
  };
  return {
    family: "kemono",
    defaultEntryPages: (c) => kemonoEntryPages(c.baseUrl),
    request: kemonoRequest,
    itemCompanion(item) {
      let u: URL;
      try {
        u = new URL(item.url);
      } catch {
        return null;
      }
      const m = POST_PAGE.exec(u.pathname);
      return m ? `${u.origin}${m[1]}/api/v1/${m[2]}/user/${m[3]}/profile` : null;
    },
    parseListing(input, config) {
      const url = new URL(input.url);
      const root = apiRoot(url, config);
      const listed = kemonoPosts(parseJson(input.body));
      const items: CrawlItem[] = [];
      if (!listed) return { items, next: null };
      const seen = new Set<string>();
      for (const raw of listed.posts.slice(0, MAX_ITEMS_PER_LISTING * 2)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        const p = kemonoPost(kit, raw);
        if (!p) continue;
        const path = `/${encodeURIComponent(p.service)}/user/${encodeURIComponent(p.user)}/post/${encodeURIComponent(p.id)}`;
        const page = kit.onSiteUrl(`${root}${path}`, root, config.domains);
        if (!page || seen.has(page.href) || (config.itemPattern && !config.itemPattern.test(page.href))) continue;
        seen.add(page.href);
        items.push({
          key: versionKey(`${p.service}/${p.user}/${p.id}`, p.edited),
          url: page.href,
          fetchUrl: `${root}/api/v1${path}`,
          title: p.title || `${p.user} (${p.service})`,
          // The list is ordered by when posts were added, newest first: that is its time. Published is not (an archive
          // imports old posts), so a list that does not say when a post was added gives none, and is stopped by its keys.
          time: p.added,
        });
      }
      // Older posts: the next offset, while the page was full (or the total says there are more).
      const o = int(url.searchParams.get("o") ?? "0") ?? 0;
      const more = listed.posts.length > 0 && (listed.count !== null ? o + listed.posts.length < listed.count : listed.posts.length >= PAGE_SIZE);
      let next: string | null = null;
      if (more && o + PAGE_SIZE <= MAX_OFFSET) {
        const n = new URL(input.url);
        n.searchParams.set("o", String(o - (o % PAGE_SIZE) + PAGE_SIZE));
        next = n.href;
      }
      return { items, next: next && next !== input.url ? next : null };
    },
    itemPage(input, config) {
      const data = parseJson(input.body);
      const raw = isObject(data) && isObject(data.post) ? data.post : Array.isArray(data) ? data[0] : data;
      const p = kemonoPost(kit, raw);
      if (!p || !isObject(raw)) return null;
      const root = apiRoot(new URL(input.url), config);
      // The creator's profile, read beside the post: her name when it is hers.
      const profile = parseJson(input.companion ?? "");
      const profileId = isObject(profile) ? str(profile.id) || (int(profile.id) !== null ? String(profile.id) : "") : "";
      const name = isObject(profile) && profileId === p.user && str(profile.service).toLowerCase() === p.service ? clip(str(profile.name).slice(0, 2000), MAX_NAME) : "";
      const parts: string[] = [];
      parts.push(
        // As text, not a link's: the page's words are what the matcher weighs.
        `<p class="post__user"><span class="post__user-name">${e(name || p.user)}</span>` +
          `${name && name !== p.user ? ` <span class="post__user-handle">@${e(p.user)}</span>` : ""} <span class="post__service">${e(p.service)}</span></p>`,
      );
      if (p.title) parts.push(`<h1 class="post__title">${e(p.title)}</h1>`);
      const published = p.published ?? p.added;
      if (published !== null) parts.push(`<time class="post__published" datetime="${new Date(published).toISOString()}"></time>`);
      const content = str(raw.content).slice(0, MAX_CONTENT);
      if (content) parts.push(`<div class="post__content">${content}</div>`);
      if (isObject(raw.embed)) {
        const embedUrl = str(raw.embed.url);
        const text = clip(`${str(raw.embed.subject)} ${str(raw.embed.description)}`.slice(0, 4000), 2000);
        if (text || /^https?:\/\//i.test(embedUrl)) parts.push(`<p class="post__embed">${/^https?:\/\//i.test(embedUrl) && embedUrl.length <= 2048 ? `<a href="${e(embedUrl)}">${e(text || embedUrl)}</a>` : e(text)}</p>`);
      }
      const tags = Array.isArray(raw.tags) ? raw.tags.slice(0, MAX_TAGS).map(str).filter((t) => t.length > 0 && t.length <= 100) : [];
      if (tags.length > 0) parts.push(`<p class="post__tags">${tags.map((t) => `<span>${e(t)}</span>`).join(" ")}</p>`);
      // The post's files: its file, then its attachments (the newer answer's list names their data server).
      const listed = isObject(data) && Array.isArray(data.attachments) ? data.attachments : Array.isArray(raw.attachments) ? raw.attachments : [];
      const files = [raw.file, ...listed.slice(0, MAX_FILES)].filter(isObject);
      // The data server of each file, as the newer answer's attachments and previews name it (the post's file has none).
      const servers = new Map<string, string>();
      const described = [...(isObject(data) && Array.isArray(data.attachments) ? data.attachments.slice(0, MAX_FILES) : []), ...(isObject(data) && Array.isArray(data.previews) ? data.previews.slice(0, MAX_FILES) : [])];
      for (const d of described) if (isObject(d) && str(d.server) && str(d.path).length <= 400) servers.set(str(d.path), str(d.server));
      const seen = new Set<string>();
      for (const f of files) {
        if (seen.size >= MAX_FILES) break;
        const src = fileUrl(f, servers, root, config);
        if (!src || seen.has(src)) continue;
        seen.add(src);
        const fileName = clip(str(f.name).slice(0, 500), 200);
        const image = IMAGE_EXT.test(new URL(src).pathname) || IMAGE_EXT.test(fileName);
        parts.push(image ? `<a class="fileThumb" href="${e(src)}"><img src="${e(src)}" alt="${e(fileName)}"></a>` : `<a class="post__attachment-link" href="${e(src)}">${e(fileName || src)}</a>`);
      }
      const who = name && name !== p.user ? `${name} (@${p.user})` : p.user;
      const title = `${p.title || input.item.title} | ${who} | ${p.service}`;
      return { html: `<!doctype html><html><head><meta charset="utf-8"><title>${e(title)}</title></head><body><article class="post">\n${parts.join("\n")}\n</article></body></html>` };
    },
  };
}

/**
 * A listing answer of Kemono's (GET /api/v1/posts, or a creator's posts): posts with id, user, service and a file or
 * attachments, bare or under { posts }. What the detection probe reads.
 */
export function kemonoFromJson(data: unknown, u: URL): FamilyFinding | null {
  const listed = kemonoPosts(data);
  if (!listed) return null;
  const first = listed.posts.find(isObject);
  if (!first) {
    // An empty archive answers { count: 0, posts: [] } at its posts endpoint.
    return !Array.isArray(data) && /\/api\/v1\/posts\/?$/.test(u.pathname) && isObject(data) && "true_count" in data
      ? { family: "kemono", evidence: "Kemono's post list (/api/v1/posts)", entryPages: kemonoEntryPages(`${u.origin}${u.pathname.slice(0, u.pathname.indexOf("/api/"))}`) }
      : null;
  }
  const post = first as Record<string, unknown>;
  const shaped = typeof post.service === "string" && SERVICE.test(post.service) && (typeof post.user === "string" || typeof post.user === "number") && "id" in post && (isObject(post.file) || Array.isArray(post.attachments));
  if (!shaped) return null;
  const at = u.pathname.indexOf("/api/");
  const root = `${u.origin}${at >= 0 ? u.pathname.slice(0, at) : ""}`;
  return { family: "kemono", evidence: "Kemono's post list (id, user, service, file, attachments)", entryPages: kemonoEntryPages(root) };
}

const SITE_NAMES = /^(?:Kemono|Coomer)(?:\.\w{2,10})?$/i;

/** Kemono's page shell: og:site_name Kemono / Coomer, or its global sidebar linking to /artists and /posts. */
export function detectKemono(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const siteName = ($('meta[property="og:site_name"], meta[name="og:site_name"]').first().attr("content") ?? "").trim().slice(0, 40);
  const sidebar = $(".global-sidebar").length > 0 && $('a[href="/artists"], a[href$="/artists"]').length > 0 && $('a[href="/posts"], a[href$="/posts"]').length > 0;
  if (!SITE_NAMES.test(siteName) && !sidebar) return null;
  return {
    family: "kemono",
    evidence: SITE_NAMES.test(siteName) ? `og:site_name ${siteName} (Kemono's page shell)` : "Kemono's page shell (global sidebar, artists and posts)",
    entryPages: kemonoEntryPages(new URL(ctx.url).origin),
  };
}
