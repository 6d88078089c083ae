import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlFamily, type CrawlItem, type ItemPage, type ListingInput, type ListingPage } from "../crawl-types";
import { clip, folderOf, int, isObject, parseJson, str, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Tag-based image boards ("boorus"), where a leaked photo carries the creator's name as a tag:
 *
 * - Danbooru 2 (and its forks): GET /posts.json?limit=N answers [Post] newest first (id, created_at, updated_at,
 *   tag_string and tag_string_{general,character,copyright,artist,meta}, file_url (full size), large_file_url
 *   (the sample), file_ext); older pages by ?page=b<id> ("before id"); one post at /posts/:id.json; its page /posts/:id.
 * - Gelbooru 0.2 and its clones (Safebooru, rule34.xxx, …): GET index.php?page=dapi&s=post&q=index&json=1&limit=N&pid=P,
 *   pages numbered from 0, newest first; Gelbooru 0.2.5 answers { "@attributes": {…}, post: [Post] }, older clones a bare
 *   [Post], and clones that ignore json=1 the XML <posts><post id tags file_url change created_at …/></posts>. A post has
 *   id, tags (space-separated), created_at ("Sat Nov 01 08:00:00 -0500 2026"), change (epoch seconds), file_url, else
 *   directory + image under /images/; one post by &id=N; its page index.php?page=post&s=view&id=N.
 * - Moebooru (yande.re, konachan): GET /post.json?limit=N&page=P (from 1) answers [Post] newest first (id, tags,
 *   created_at in epoch seconds, change (its change sequence), file_url, jpeg_url, sample_url); one post by ?tags=id:N;
 *   its page /post/show/N.
 *
 * - Philomena (Derpibooru and its kin): GET /api/v1/json/search/images?q=*&sf=created_at&sd=desc&per_page=N&page=P answers
 *   { images: [Image], total } (id, created_at, updated_at, tags: names, which may hold spaces, representations.full,
 *   hidden_from_users); one image at /api/v1/json/images/:id as { image }; its page /images/:id. A search is filtered by
 *   the visitor's filter, which for anonymous visitors is the site's default (hiding explicit images on many): the search
 *   names the system filter that hides nothing (seeds' "Everything", whose id differs from site to site: 56 on
 *   Derpibooru) by filter_id, read from GET /api/v1/json/filters/system ({ filters: [{ id, name, system,
 *   hidden_tag_ids, hidden_complex }] }) when the board is told by host.
 * - Szurubooru: a single-page app whose REST API under /api/ answers only requests that ask for JSON (Accept:
 *   application/json; without it a proxy in front may hand back the app's page): GET /api/posts/?offset=O&limit=N&query=
 *   answers { results: [Post], offset, limit, total }, newest (highest id) first (id, creationTime, lastEditTime, version,
 *   type, tags: [{ names: [...] }] (a tag's name and its aliases), contentUrl and thumbnailUrl, relative to the app's root);
 *   one post at /api/post/:id; its page /post/:id.
 *
 * A post is one item: its tags are its text (her name as a tag, luna_rivers), its file at full size its image.
 * Only JSON.parse, cheerio's XML mode and anchored patterns on bounded strings touch the answers.
 */

export type BooruFamily = Extract<CrawlFamily, "danbooru" | "gelbooru" | "moebooru" | "philomena" | "szurubooru">;

const PAGE_SIZE = 100;
const MAX_TAGS = 400;
const MAX_TAG_STRING = 20_000;
const TAG = /^[^\s<>"]{1,120}$/;
const IMAGE_EXT = /\.(?:jpe?g|png|gif|webp|avif|bmp)(?:$|\?)/i;
const GELBOORU_TIME = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2}) (\d{4})$/;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Where each family's newest posts are read, from the site's root (a folder for Gelbooru's index.php). */
export function booruEntryPages(family: BooruFamily, root: string, philomenaFilter: number | null = null): string[] {
  // Anchored after a non-slash, so that a run of slashes is not rescanned from each of its starts.
  const r = root.replace(/(?<!\/)\/+$/, "");
  if (family === "danbooru") return [`${r}/posts.json?limit=${PAGE_SIZE}`];
  if (family === "moebooru") return [`${r}/post.json?limit=${PAGE_SIZE}`];
  // Philomena caps per_page at 50.
  if (family === "philomena") return [`${r}/api/v1/json/search/images?q=*&sf=created_at&sd=desc${philomenaFilter === null ? "" : `&filter_id=${philomenaFilter}`}&per_page=50&page=1`];
  if (family === "szurubooru") return [`${r}/api/posts/?offset=0&limit=${PAGE_SIZE}&query=`];
  return [`${r}/index.php?page=dapi&s=post&q=index&json=1&limit=${PAGE_SIZE}&pid=0`];
}

/** "Sat Nov 01 08:00:00 -0500 2026" (Gelbooru's created_at) → ms. */
export function gelbooruTime(s: string): number | null {
  const m = GELBOORU_TIME.exec(s.trim().slice(0, 40));
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!);
  if (month < 0) return null;
  const offset = (m[6] === "-" ? -1 : 1) * (Number(m[7]) * 60 + Number(m[8])) * 60_000;
  const t = Date.UTC(Number(m[9]), month, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])) - offset;
  return Number.isFinite(t) ? t : null;
}

/** A post as the three APIs give it, validated. */
type BooruPost = { id: number; tags: string[]; time: number | null; version: number | null; file: string | null };

function tagsOf(...strings: string[]): string[] {
  const out: string[] = [];
  for (const s of strings) {
    for (const t of s.slice(0, MAX_TAG_STRING).split(/\s+/)) {
      if (out.length >= MAX_TAGS) return out;
      if (TAG.test(t) && !out.includes(t)) out.push(t);
    }
  }
  return out;
}

/** An absolute http(s) address for a file (protocol-relative and root-relative ones resolved against the site). */
function fileUrl(raw: string, origin: string): string | null {
  if (!raw || raw.length > 2048) return null;
  try {
    const u = new URL(raw.trim(), origin);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

const msOf = (v: unknown): number | null => {
  const n = int(v);
  return n === null || n === 0 ? null : n * 1000;
};
const isoMs = (v: unknown): number | null => {
  const s = str(v);
  if (!s || s.length > 40) return null;
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : null;
};

function danbooruPost(p: Record<string, unknown>, origin: string): BooruPost | null {
  const id = int(p.id);
  if (id === null) return null;
  // tag_string holds them all; the typed strings are read too, in case a fork leaves it out.
  const tags = tagsOf(str(p.tag_string), str(p.tag_string_artist), str(p.tag_string_character), str(p.tag_string_copyright), str(p.tag_string_general), str(p.tag_string_meta));
  const full = fileUrl(str(p.file_url), origin);
  // A video or Ugoira's file is not a photo: its sample (large_file_url) is.
  const file = full && IMAGE_EXT.test(full) ? full : fileUrl(str(p.large_file_url), origin);
  return { id, tags, time: isoMs(p.created_at), version: isoMs(p.updated_at), file: file && IMAGE_EXT.test(file) ? file : null };
}

function moebooruPost(p: Record<string, unknown>, origin: string): BooruPost | null {
  const id = int(p.id);
  if (id === null) return null;
  const full = fileUrl(str(p.file_url), origin);
  const file = full && IMAGE_EXT.test(full) ? full : fileUrl(str(p.jpeg_url), origin);
  return { id, tags: tagsOf(str(p.tags)), time: msOf(p.created_at), version: int(p.change), file: file && IMAGE_EXT.test(file) ? file : null };
}

function philomenaImage(p: Record<string, unknown>, origin: string): BooruPost | null {
  const id = int(p.id);
  if (id === null) return null;
  // Tag names are words with spaces ("luna rivers", "artist:luna rivers"): each becomes one, spaces as underscores.
  const names = Array.isArray(p.tags) ? p.tags.slice(0, MAX_TAGS).map((t) => str(t).trim().slice(0, 120).replace(/ /g, "_")) : [];
  const reps: Record<string, unknown> = isObject(p.representations) ? p.representations : {};
  const full = p.hidden_from_users === true ? null : fileUrl(str(reps.full), origin);
  return { id, tags: tagsOf(names.join(" ")), time: isoMs(p.created_at), version: isoMs(p.updated_at), file: full && IMAGE_EXT.test(full) ? full : null };
}

/** The folder a Szurubooru app lives in (its files' relative addresses resolve against it), from an API address. */
function szuruRoot(u: URL): string {
  const at = u.pathname.indexOf("/api/");
  return `${u.origin}${at >= 0 ? u.pathname.slice(0, at) : ""}`;
}

function szurubooruPost(p: Record<string, unknown>, root: string): BooruPost | null {
  const id = int(p.id);
  if (id === null) return null;
  // Each tag is { names: [name, ...aliases] }: all of them are its words.
  const names: string[] = [];
  for (const t of Array.isArray(p.tags) ? p.tags.slice(0, MAX_TAGS) : []) {
    if (isObject(t) && Array.isArray(t.names)) for (const n of t.names.slice(0, 10)) names.push(str(n).slice(0, 120));
    else names.push(str(t).slice(0, 120));
  }
  const full = fileUrl(str(p.contentUrl), `${root}/`);
  // A video's or a Flash game's file is not a photo: its thumbnail (a still of it) is.
  const file = full && IMAGE_EXT.test(full) ? full : fileUrl(str(p.thumbnailUrl), `${root}/`);
  return { id, tags: tagsOf(names.join(" ")), time: isoMs(p.creationTime), version: isoMs(p.lastEditTime) ?? int(p.version), file: file && IMAGE_EXT.test(file) ? file : null };
}

/** A Gelbooru post from its JSON object or its XML element's attributes (the same names). */
function gelbooruPost(p: Record<string, unknown>, origin: string, folder: string): BooruPost | null {
  const id = int(p.id);
  if (id === null) return null;
  let file = fileUrl(str(p.file_url), origin);
  if (!file) {
    // Older clones give only the folder and name of the file under images/.
    const dir = str(p.directory);
    const image = str(p.image);
    if (/^[\w-]{1,64}(?:\/[\w-]{1,64})?$/.test(dir) && /^[\w.-]{1,128}$/.test(image) && !image.includes("..")) file = `${folder}images/${dir}/${image}`;
  }
  return { id, tags: tagsOf(str(p.tags)), time: gelbooruTime(str(p.created_at)) ?? msOf(p.created_at), version: int(p.change), file: file && IMAGE_EXT.test(file) ? file : null };
}

/** Gelbooru's posts: JSON with @attributes, a bare JSON array, or XML. */
function gelbooruPosts(body: string, origin: string, folder: string): BooruPost[] | null {
  const head = body.trimStart().slice(0, 1);
  if (head === "{" || head === "[") {
    const data = parseJson(body);
    const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.post) ? data.post : isObject(data) && isObject(data.post) ? [data.post] : isObject(data) ? [] : null;
    if (!list) return null;
    return list.slice(0, MAX_ITEMS_PER_LISTING * 2).filter(isObject).map((p) => gelbooruPost(p, origin, folder)).filter((p): p is BooruPost => p !== null);
  }
  if (!/^\s*(?:<\?xml[^>]{0,200}>\s*)?<posts[\s>]/i.test(body.slice(0, 400))) return null;
  const $ = cheerio.load(body, { xml: true });
  const out: BooruPost[] = [];
  for (const el of $("posts > post").toArray().slice(0, MAX_ITEMS_PER_LISTING * 2)) {
    if (el.type !== "tag") continue;
    const p = gelbooruPost({ ...el.attribs }, origin, folder);
    if (p) out.push(p);
  }
  return out;
}

function postsOf(family: BooruFamily, body: string, url: URL): BooruPost[] | null {
  if (family === "gelbooru") return gelbooruPosts(body, url.origin, folderOf(url));
  const data = parseJson(body);
  if (family === "szurubooru") {
    const list = isObject(data) && Array.isArray(data.results) ? data.results : isObject(data) && int(data.id) !== null ? [data] : null;
    if (!list) return null;
    return list.slice(0, MAX_ITEMS_PER_LISTING * 2).filter(isObject).map((p) => szurubooruPost(p, szuruRoot(url))).filter((p): p is BooruPost => p !== null);
  }
  if (family === "philomena") {
    const list = isObject(data) && Array.isArray(data.images) ? data.images : isObject(data) && isObject(data.image) ? [data.image] : [];
    return list.slice(0, MAX_ITEMS_PER_LISTING * 2).filter(isObject).map((p) => philomenaImage(p, url.origin)).filter((p): p is BooruPost => p !== null);
  }
  const list = Array.isArray(data) ? data : isObject(data) ? [data] : null;
  if (!list) return null;
  const read = family === "danbooru" ? danbooruPost : moebooruPost;
  return list.slice(0, MAX_ITEMS_PER_LISTING * 2).filter(isObject).map((p) => read(p, url.origin)).filter((p): p is BooruPost => p !== null);
}

/** Where a post is seen and read: its page, and the API answer that holds it alone. */
function addresses(family: BooruFamily, listing: URL, id: number): { page: string; api: string } {
  if (family === "danbooru") {
    const root = listing.pathname.replace(/\/posts\.json$/, "");
    return { page: `${listing.origin}${root}/posts/${id}`, api: `${listing.origin}${root}/posts/${id}.json` };
  }
  if (family === "moebooru") {
    const root = listing.pathname.replace(/\/post\.json$/, "");
    return { page: `${listing.origin}${root}/post/show/${id}`, api: `${listing.origin}${root}/post.json?tags=id%3A${id}` };
  }
  if (family === "philomena") {
    const at = listing.pathname.indexOf("/api/v1/json/");
    const root = at >= 0 ? listing.pathname.slice(0, at) : "";
    return { page: `${listing.origin}${root}/images/${id}`, api: `${listing.origin}${root}/api/v1/json/images/${id}` };
  }
  if (family === "szurubooru") {
    const root = szuruRoot(listing);
    return { page: `${root}/post/${id}`, api: `${root}/api/post/${id}` };
  }
  const api = new URL(listing.href);
  for (const k of ["pid", "limit", "tags"]) api.searchParams.delete(k);
  api.searchParams.set("id", String(id));
  return { page: `${listing.origin}${listing.pathname}?page=post&s=view&id=${id}`, api: api.href };
}

/** The next (older) listing page: Danbooru's page=b<lowest id>, Moebooru's page+1, Gelbooru's pid+1, Szurubooru's offset past this page. */
function nextPage(family: BooruFamily, listing: URL, posts: BooruPost[]): string | null {
  if (posts.length === 0) return null;
  const u = new URL(listing.href);
  if (family === "danbooru") {
    const lowest = Math.min(...posts.map((p) => p.id));
    u.searchParams.set("page", `b${lowest}`);
  } else if (family === "szurubooru") {
    u.searchParams.set("offset", String((int(u.searchParams.get("offset")) ?? 0) + posts.length));
  } else if (family === "moebooru" || family === "philomena") {
    u.searchParams.set("page", String((int(u.searchParams.get("page")) ?? 1) + 1));
  } else {
    u.searchParams.set("pid", String((int(u.searchParams.get("pid")) ?? 0) + 1));
  }
  return u.href === listing.href ? null : u.href;
}

/** At most this much carried page text a listing page (a post's page is small: its tags and a file): the posts past it are fetched. */
const MAX_CARRIED_PER_LISTING = 4_000_000;

/** A post's page: each tag as the site writes it (luna_rivers) and as its page shows it (luna rivers), a line of its own; its file. */
function postPage(kit: CrawlKit, post: { tags: string[]; file: string | null }, fallbackTitle: string): ItemPage {
  const e = kit.escapeHtml;
  const tags = post.tags.map((t) => `<li>${e(t)}${t.includes("_") ? ` (${e(t.replace(/_+/g, " "))})` : ""}</li>`).join("");
  const img = post.file ? `<a href="${e(post.file)}"><img src="${e(post.file)}" alt=""></a>` : "";
  const title = post.tags.slice(0, 30).join(" ") || fallbackTitle;
  return { html: `<!doctype html><html><head><meta charset="utf-8"><title>${e(title)}</title></head><body>\n<ul class="tags">${tags}</ul>\n${img}</body></html>` };
}

function booruAdapter(family: BooruFamily, kit: CrawlKit): CrawlAdapter {
  return {
    family,
    // Szurubooru's API answers only a request that asks for JSON.
    ...(family === "szurubooru" ? { request: (url: string) => ({ url, method: "GET" as const, headers: { accept: "application/json" } }) } : {}),
    defaultEntryPages: (c) => booruEntryPages(family, c.baseUrl),
    parseListing(input: ListingInput, config: CrawlAdapterConfig): ListingPage {
      const url = new URL(input.url);
      const posts = postsOf(family, input.body, url) ?? [];
      const items: CrawlItem[] = [];
      const seen = new Set<number>();
      let carried = 0;
      for (const p of posts) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        if (seen.has(p.id)) continue;
        const at = addresses(family, url, p.id);
        const page = kit.onSiteUrl(at.page, url.origin, config.domains);
        if (!page || (config.itemPattern && !config.itemPattern.test(page.href))) continue;
        seen.add(p.id);
        const title = clip(p.tags.join(" "), 200);
        // The list holds each post whole (its tags, its file): its page is made from it, not fetched again (decision 020).
        const html = postPage(kit, p, title).html;
        const carry = carried + html.length <= MAX_CARRIED_PER_LISTING;
        if (carry) carried += html.length;
        items.push({ key: versionKey(`p${p.id}`, p.version), url: page.href, fetchUrl: at.api, title, time: p.time, page: carry ? html : null });
      }
      return { items, next: nextPage(family, url, posts) };
    },
    itemPage(input) {
      const url = new URL(input.url);
      const post = postsOf(family, input.body, url)?.[0];
      return post ? postPage(kit, post, input.item.title) : null;
    },
  };
}

export const danbooruAdapter = (kit: CrawlKit) => booruAdapter("danbooru", kit);
export const gelbooruAdapter = (kit: CrawlKit) => booruAdapter("gelbooru", kit);
export const moebooruAdapter = (kit: CrawlKit) => booruAdapter("moebooru", kit);
export const philomenaAdapter = (kit: CrawlKit) => booruAdapter("philomena", kit);
export const szurubooruAdapter = (kit: CrawlKit) => booruAdapter("szurubooru", kit);

/**
 * Shimmie2: its image feed (ext/rss_images) GET /rss/images/N lists posts newest first, each an <item> with title
 * "{id} - {tags}", link /post/view/{id}, pubDate, media:content url = the image at full size, and an atom:link rel=next
 * that is always there ("no end": an empty page ends the walk). One post is the feed of the search id=N
 * (/rss/images/id%3DN/1, ext/index's id= term).
 *
 * A board without nice URLs (core/Util/Url.php, make_link) addresses every page through its index.php: the page is
 * the q parameter, written as each version writes it: index.php?q=post%2Fview%2F123 (2.12 on, http_build_query),
 * index.php?q=post/view/123 (2.6 to 2.11) or index.php?q=/post/view/123 (older). A page is read from either form
 * (as _get_query does), and the addresses made here are written the way the board's own feed addresses are.
 */
const SHIMMIE_TITLE = /^(\d{1,12}) - ([^]*)$/;

/** How a Shimmie2 board writes its addresses: nice URLs, or index.php?q= with the page encoded, plain or after a slash. */
type ShimmieStyle = "nice" | "encoded" | "plain" | "slash";
type ShimmieSite = { root: string; style: ShimmieStyle };

/** The page a Shimmie2 address is for ("post/view/123", "rss/images/2"), from either URL form; null when it names none. */
function shimmiePage(u: URL): string | null {
  if (u.pathname.endsWith("/index.php")) {
    let q = (u.searchParams.get("q") ?? "").slice(0, 2048);
    // Encoded once more than it needed (as _get_query undoes it).
    if (!q.includes("/") && q.includes("%2F")) {
      try {
        q = decodeURIComponent(q);
      } catch {
        return null;
      }
    }
    return q.replace(/^\/+/, "") || null;
  }
  return null;
}

/** Where a Shimmie2 board lives and how it writes its addresses, from an address of its feed. */
function shimmieSite(u: URL): ShimmieSite {
  if (u.pathname.endsWith("/index.php") && u.searchParams.has("q")) {
    const raw = /(?:^\?|&)q=([^&]{0,2048})/.exec(u.search)?.[1] ?? "";
    const style: ShimmieStyle = raw.startsWith("/") || raw.startsWith("%2F") ? "slash" : raw.includes("/") ? "plain" : "encoded";
    return { root: `${u.origin}${u.pathname.slice(0, -"/index.php".length)}`, style };
  }
  const at = u.pathname.indexOf("/rss/images");
  return { root: `${u.origin}${at >= 0 ? u.pathname.slice(0, at) : ""}`, style: "nice" };
}

/** A page's address as the board's make_link writes it (a page's own parts, such as id%3DN, already escaped). */
function shimmieLink(site: ShimmieSite, page: string): string {
  if (site.style === "nice") return `${site.root}/${page}`;
  if (site.style === "encoded") return `${site.root}/index.php?q=${encodeURIComponent(page)}`;
  return `${site.root}/index.php?q=${site.style === "slash" ? "/" : ""}${page}`;
}

/** The post a Shimmie2 link is for (…/post/view/N, or index.php?q=post/view/N in any of its forms). */
function shimmiePostId(u: URL): string | undefined {
  const page = shimmiePage(u) ?? u.pathname;
  return /(?:^|\/)post\/view\/(\d{1,12})$/.exec(page)?.[1];
}

type ShimmieItem = { id: number; tags: string[]; time: number | null; file: string | null };

function shimmieItems(body: string, url: URL, kit: CrawlKit, domains: readonly string[]): { items: ShimmieItem[]; next: string | null } {
  if (!/^\s*(?:<\?xml[^>]{0,200}>\s*)?<rss[\s>]/i.test(body.slice(0, 400))) return { items: [], next: null };
  const $ = cheerio.load(body, { xml: true });
  const items: ShimmieItem[] = [];
  for (const el of $("channel > item").toArray().slice(0, MAX_ITEMS_PER_LISTING)) {
    const e = $(el);
    const link = kit.onSiteUrl(e.children("link").first().text().trim(), url.href, domains);
    const fromLink = link ? shimmiePostId(link) : undefined;
    const m = SHIMMIE_TITLE.exec(e.children("title").first().text().trim().slice(0, MAX_TAG_STRING));
    const id = int(fromLink ?? m?.[1] ?? null);
    if (id === null) continue;
    const media = e.children("media\\:content").first().attr("url") ?? "";
    const file = fileUrl(media, url.origin);
    items.push({ id, tags: tagsOf(m?.[2] ?? ""), time: kit.parseListingTime(e.children("pubDate").first().text()), file: file && IMAGE_EXT.test(file) ? file : null });
  }
  const nextHref = $("channel > atom\\:link[rel=next]").first().attr("href");
  const next = items.length > 0 ? kit.onSiteUrl(nextHref, url.href, domains) : null;
  return { items, next: next && next.href !== url.href ? next.href : null };
}

export function shimmieAdapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "shimmie",
    defaultEntryPages: (c) => [`${c.baseUrl.replace(/(?<!\/)\/+$/, "")}/rss/images/1`],
    parseListing(input, config) {
      const url = new URL(input.url);
      const site = shimmieSite(url);
      const { items, next } = shimmieItems(input.body, url, kit, config.domains);
      const out: CrawlItem[] = [];
      let carried = 0;
      for (const p of items) {
        const page = kit.onSiteUrl(shimmieLink(site, `post/view/${p.id}`), url.origin, config.domains);
        if (!page || (config.itemPattern && !config.itemPattern.test(page.href))) continue;
        const title = clip(p.tags.join(" "), 200);
        const html = postPage(kit, p, title).html;
        const carry = carried + html.length <= MAX_CARRIED_PER_LISTING;
        if (carry) carried += html.length;
        out.push({ key: `p${p.id}`, url: page.href, fetchUrl: shimmieLink(site, `rss/images/${encodeURIComponent(`id=${p.id}`)}/1`), title, time: p.time, page: carry ? html : null });
      }
      return { items: out, next };
    },
    itemPage(input, config) {
      const post = shimmieItems(input.body, new URL(input.url), kit, config.domains).items[0];
      return post ? postPage(kit, post, input.item.title) : null;
    },
  };
}

/**
 * A booru's pages: Danbooru's layout (meta autocomplete-tag-prefixes, body data-current-user-* attributes);
 * Moebooru's (its inline Post.InitBrowserLinks() and TagCompletion.init); Gelbooru 0.2's (links to
 * index.php?page=post&s=list and &s=view); Philomena's generator meta; Szurubooru's app shell (its two empty holders,
 * #top-navigation-holder and #content-holder, and its js/app.min.js), whose <base href> is where the app lives.
 */
export function detectBooru(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const origin = new URL(ctx.url).origin;
  if ($('meta[name="autocomplete-tag-prefixes"]').length > 0 || $("body[data-current-user-id]").length > 0) {
    return { family: "danbooru", evidence: "Danbooru's layout (autocomplete-tag-prefixes, data-current-user)", entryPages: booruEntryPages("danbooru", origin) };
  }
  if (/^philomena\b/i.test(ctx.generator)) {
    // Its system filters (one more request) name the one that hides nothing.
    return { family: "philomena", evidence: `meta generator ${ctx.generator}`, entryPages: booruEntryPages("philomena", origin), follow: `${origin}/api/v1/json/filters/system` };
  }
  if ($("div#top-navigation-holder").length > 0 && $("div#content-holder").length > 0 && $('script[src$="app.min.js"]').length > 0) {
    const base = ctx.safeUrl(ctx.base, ctx.url);
    const root = base ? folderOf(base) : `${origin}/`;
    return { family: "szurubooru", evidence: "Szurubooru's app shell (#top-navigation-holder, #content-holder)", entryPages: booruEntryPages("szurubooru", root) };
  }
  const script = ctx.scriptText();
  if (script.includes("Post.InitBrowserLinks(") || (script.includes("TagCompletion.init(") && $("#site-title").length > 0)) {
    return { family: "moebooru", evidence: "Moebooru's layout (Post.InitBrowserLinks)", entryPages: booruEntryPages("moebooru", origin) };
  }
  // Shimmie2 links its image feed from every post list (ext/rss_images: link#images, …/rss/images/1, or index.php?q=rss%2Fimages%2F1).
  const feed = ctx.safeUrl($('link#images[rel="alternate"][type="application/rss+xml"]').first().attr("href"), ctx.base);
  if (feed && (shimmiePage(feed) === "rss/images/1" || /\/rss\/images\/1$/.test(feed.pathname))) return { family: "shimmie", evidence: "Shimmie2's image feed link (link#images)", entryPages: [feed.href] };
  for (const el of $("a[href]").toArray().slice(0, 500)) {
    if (el.type !== "tag") continue;
    const u = ctx.safeUrl(el.attribs.href, ctx.base);
    if (!u || !u.pathname.endsWith("/index.php") || u.searchParams.get("page") !== "post") continue;
    const s = u.searchParams.get("s");
    if (s === "list" || s === "view") return { family: "gelbooru", evidence: "Gelbooru's index.php?page=post links", entryPages: booruEntryPages("gelbooru", folderOf(u)) };
  }
  return null;
}

/**
 * The system filter that hides nothing, from Philomena's { filters, total } (/api/v1/json/filters/system): no hidden
 * tags, no hidden query; the one named "Everything" first. Null when the answer is not such a list or none hides nothing.
 */
function philomenaEverything(data: unknown): number | null {
  if (!isObject(data) || !Array.isArray(data.filters) || typeof data.total !== "number") return null;
  let best: number | null = null;
  for (const f of data.filters.slice(0, 100)) {
    if (!isObject(f) || f.system !== true || !Array.isArray(f.hidden_tag_ids)) continue;
    const id = int(f.id);
    if (id === null || f.hidden_tag_ids.length > 0 || str(f.hidden_complex).trim() !== "") continue;
    if (/^everything$/i.test(str(f.name).trim())) return id;
    best ??= id;
  }
  return best;
}

/** A booru's API answer named as an entry page: Danbooru's tag_string, Moebooru's jpeg_url, Gelbooru's @attributes or directory, Szurubooru's results. */
export function booruFromJson(data: unknown, url: URL): FamilyFinding | null {
  if (isObject(data) && isObject(data["@attributes"]) && (Array.isArray(data.post) || isObject(data.post))) return { family: "gelbooru", evidence: "a Gelbooru post list (@attributes, post)", entryPages: [url.href] };
  if (isObject(data) && Array.isArray(data.images) && isObject(data.images[0]) && isObject(data.images[0].representations) && typeof data.total === "number") {
    return { family: "philomena", evidence: "a Philomena image search (images, representations, total)", entryPages: [url.href] };
  }
  if (isObject(data) && Array.isArray(data.results) && isObject(data.results[0]) && typeof data.results[0].contentUrl === "string" && Array.isArray(data.results[0].tags) && typeof data.total === "number") {
    return { family: "szurubooru", evidence: "a Szurubooru post search (results, contentUrl, total)", entryPages: [url.href] };
  }
  const everything = philomenaEverything(data);
  if (everything !== null) {
    const at = url.pathname.indexOf("/api/v1/json/");
    const root = `${url.origin}${at >= 0 ? url.pathname.slice(0, at) : ""}`;
    return { family: "philomena", evidence: "Philomena's system filters", entryPages: booruEntryPages("philomena", root, everything) };
  }
  const first: unknown = Array.isArray(data) ? data[0] : null;
  if (!isObject(first) || int(first.id) === null) return null;
  if (typeof first.tag_string === "string") return { family: "danbooru", evidence: "a Danbooru post list (tag_string)", entryPages: [url.href] };
  if (typeof first.tags === "string" && typeof first.jpeg_url === "string") return { family: "moebooru", evidence: "a Moebooru post list (tags, jpeg_url)", entryPages: [url.href] };
  if (typeof first.tags === "string" && typeof first.directory === "string" && typeof first.image === "string") return { family: "gelbooru", evidence: "a Gelbooru 0.2 post list (directory, image)", entryPages: [url.href] };
  return null;
}
