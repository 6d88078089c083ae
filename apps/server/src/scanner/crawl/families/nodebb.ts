import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlItem, type ListingInput } from "../crawl-types";
import { clip, int, isObject, MAX_URL_LENGTH, parseJson, str, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * NodeBB 1.x–4.x. Every page has its JSON twin under /api: /api/recent (and /api/category/N/slug,
 * /api/unread…) answer { topics: [{ tid, slug "N/words", title (HTML-escaped), titleRaw, lastposttime
 * (ms), postcount }], pagination: { next: { page, active } } }, and /api/topic/N/slug/I the page of
 * posts around post index I ({ titleRaw, posts: [{ pid, index, timestamp, content (HTML) }] }). A topic
 * is read around its last post (index = postcount) and versioned by its post count. The server-rendered
 * pages (li[component="category/topic"], links /topic/N/slug) are read when an HTML page is all there is.
 * A subfolder install puts relative_path ("/forum") before every path.
 *
 * Only JSON.parse, cheerio and anchored patterns on bounded strings touch the answers.
 */

const MAX_POSTS = 100;
const MAX_HTML_PER_POST = 200_000;
const MAX_THREAD_POSTS = 500;


/** The forum's root (origin + relative_path) from an /api/ address, else from the site's base URL. */
function forumRoot(url: URL, config: CrawlAdapterConfig): string {
  const at = url.pathname.indexOf("/api/");
  if (at >= 0) return `${url.origin}${url.pathname.slice(0, at)}`;
  return config.baseUrl.replace(/(?<!\/)\/+$/, "");
}

/** "318/some-words" whose id is the topic's: a slug to put in a path; else the id alone. */
function topicSlug(tid: number, slug: string): string {
  return slug.length <= 300 && new RegExp(`^${tid}/[^/?#]{0,250}$`).test(slug) ? slug.split("/").map(encodeURIComponent).join("/") : String(tid);
}

/**
 * A page of a topic's posts (around its last post, or one walked back to): its posts' numbers (index + 1,
 * the main post's index being 0, so that the newest is the post count its version names) and times, and
 * the page of the posts before its lowest. /api/topic/N/slug/I answers, for a visitor who pages topics
 * (usePagination), the page holding post I; for one who scrolls (NodeBB's default), postsPerPage posts
 * from postsPerPage/2 before I. With L the lowest index and n the posts answered (n ≤ postsPerPage),
 * I = L − ⌊n/2⌋ lies on the page before L's (pages start at L: the topic is read at its last page, and
 * back page by page), and its scrolled window ends at L − 1: either way the posts just before L, none
 * left out. Topics sorted newest first or by votes are not walked back (their indices are not in time).
 */
export function nodebbThreadPage(
  input: ListingInput,
  config: CrawlAdapterConfig,
  kit: Pick<CrawlKit, "onSiteUrl" | "parseListingTime">,
): { previous: string | null; posts: { id: number | null; time: number | null }[] } | null {
  const data = parseJson(input.body);
  if (!isObject(data) || !Array.isArray(data.posts)) return null;
  const posts: { id: number | null; time: number | null }[] = [];
  let lowest: number | null = null;
  for (const p of data.posts.slice(0, MAX_THREAD_POSTS)) {
    if (!isObject(p)) continue;
    const i = int(p.index);
    if (i !== null && (lowest === null || i < lowest)) lowest = i;
    posts.push({ id: i !== null ? i + 1 : null, time: kit.parseListingTime(typeof p.timestamp === "number" ? p.timestamp : str(p.timestampISO) || null) });
  }
  const url = new URL(input.url);
  const m = /\/api\/topic\/(\d{1,12})((?:\/[^/]{1,250})?)(?:\/\d{1,9})?\/?$/.exec(url.pathname);
  const sort = str(data.sortOption);
  if (lowest === null || lowest < 1 || !m || (sort !== "" && sort !== "oldest_to_newest")) return { previous: null, posts };
  const tid = int(data.tid) ?? Number(m[1]);
  if (String(tid) !== m[1]) return { previous: null, posts };
  const at = Math.max(1, lowest - Math.floor(posts.length / 2));
  const previous = kit.onSiteUrl(`${forumRoot(url, config)}/api/topic/${m[1]}${m[2]}/${at}`, input.url, config.domains);
  return { previous: previous && previous.href !== input.url ? previous.href : null, posts };
}

const decoded = (html: string) => (html.includes("&") ? cheerio.load(`<p>${html.slice(0, 2000)}</p>`).text() : html);

export function nodebbAdapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "nodebb",
    defaultEntryPages: (c) => [`${c.baseUrl}/api/recent`],
    parseListing(input, config) {
      const url = new URL(input.url);
      const root = forumRoot(url, config);
      const data = parseJson(input.body);
      const items: CrawlItem[] = [];
      const seen = new Set<number>();
      if (isObject(data) && Array.isArray(data.topics)) {
        for (const t of data.topics.slice(0, MAX_ITEMS_PER_LISTING * 2)) {
          if (items.length >= MAX_ITEMS_PER_LISTING) break;
          if (!isObject(t)) continue;
          const tid = int(t.tid);
          if (tid === null || seen.has(tid) || t.deleted === 1) continue;
          const slug = topicSlug(tid, str(t.slug));
          const page = kit.onSiteUrl(`${root}/topic/${slug}`, root, config.domains);
          if (!page || (config.itemPattern && !config.itemPattern.test(page.href))) continue;
          seen.add(tid);
          const count = int(t.postcount);
          const time = kit.parseListingTime(typeof t.lastposttime === "number" ? t.lastposttime : str(t.lastposttimeISO) || null);
          items.push({
            key: versionKey(`t${tid}`, count !== null ? `p${count}` : time),
            url: page.href,
            fetchUrl: `${root}/api/topic/${slug}${count !== null && count > 1 ? `/${count}` : ""}`,
            title: clip(str(t.titleRaw) || decoded(str(t.title))),
            time,
          });
        }
        const p = isObject(data.pagination) ? data.pagination : {};
        const nx = isObject(p.next) ? p.next : {};
        const current = int(p.currentPage);
        const nextPage = int(nx.page);
        let next: string | null = null;
        if (nx.active === true && nextPage !== null && (current === null || nextPage > current)) {
          const u = new URL(input.url);
          u.searchParams.set("page", String(nextPage));
          next = u.href !== input.url ? u.href : null;
        }
        return { items, next };
      }
      // The server-rendered page: topic rows, their header links, and the noscript pagination.
      const $ = cheerio.load(input.body);
      for (const el of $("[component='category/topic'] [component='topic/header'] a[href], [component='category/topic'] a[href*='/topic/']").toArray().slice(0, 2000)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        const href = el.type === "tag" ? el.attribs.href : undefined;
        if (!href || href.length > MAX_URL_LENGTH) continue;
        const u = kit.onSiteUrl(href, input.url, config.domains);
        const m = u ? /\/topic\/(\d{1,12})(?:\/([^/]{1,250}))?/.exec(u.pathname) : null;
        if (!u || !m) continue;
        const tid = Number(m[1]);
        if (seen.has(tid) || (config.itemPattern && !config.itemPattern.test(u.href))) continue;
        seen.add(tid);
        const head = `${u.origin}${u.pathname.slice(0, m.index)}`;
        const slug = m[2] ? `${tid}/${m[2]}` : String(tid);
        const row = $(el).closest("[component='category/topic']");
        const time = kit.timeIn($, row, ".timeago[title], time[datetime]");
        items.push({ key: versionKey(`t${tid}`, time), url: `${head}/topic/${slug}`, fetchUrl: `${head}/api/topic/${slug}`, title: clip($(el).text()), time });
      }
      return { items, next: kit.nextLink($, "link[rel=next], [component='pagination'] a[aria-label='Next Page'], a[rel=next]", input, config) };
    },
    itemPage(input) {
      const data = parseJson(input.body);
      if (!isObject(data) || !Array.isArray(data.posts)) return null;
      const posts: { i: number; html: string }[] = [];
      for (const p of data.posts.slice(0, MAX_POSTS)) {
        if (!isObject(p) || p.deleted === 1) continue;
        const html = str(p.content);
        if (html) posts.push({ i: int(p.index) ?? 0, html: html.slice(0, MAX_HTML_PER_POST) });
      }
      posts.sort((a, b) => a.i - b.i);
      const title = clip(str(data.titleRaw) || decoded(str(data.title))) || input.item.title;
      const body = posts.map((p) => `<div component="post" data-index="${p.i}"><div component="post/content" class="content">${p.html}</div></div>`).join("\n");
      return { html: `<!doctype html><html><head><meta charset="utf-8"><title>${kit.escapeHtml(title)}</title></head><body><h1>${kit.escapeHtml(title)}</h1>\n${body}</body></html>` };
    },
  };
}

/** NodeBB's page: its config script (relative_path, upload_url), its X-Powered-By header, its components. */
export function detectNodebb(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const scripts = ctx.scriptText();
  const configScript = /\bvar config = JSON\.parse\('\{"relative_path":"/.test(scripts) || (/"relative_path":"/.test(scripts) && /"upload_url":"/.test(scripts));
  const markers = [
    configScript ? "NodeBB's config script (relative_path, upload_url)" : null,
    /^NodeBB\b/i.test((ctx.headers["x-powered-by"] ?? "").slice(0, 100)) ? "the X-Powered-By: NodeBB header" : null,
  ].filter((m): m is string => m !== null);
  if (markers.length === 0) return null;
  const rel = /"relative_path":"((?:\\\/|[^"\\]){0,200})"/.exec(scripts)?.[1]?.replace(/\\\//g, "/") ?? "";
  const path = /^(?:\/[\w.~-]{1,100}){0,5}$/.test(rel) ? rel : "";
  // A page with NodeBB's components but without its script still says NodeBB when the header does.
  if (!configScript && $("[component]").length === 0 && $("[data-widget-area]").length === 0) return null;
  return { family: "nodebb", evidence: markers[0]!, entryPages: [`${new URL(ctx.url).origin}${path}/api/recent`] };
}
