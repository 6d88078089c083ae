import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlItem, type ListingInput } from "../crawl-types";
import { markdownHtml } from "./markdown";
import { clip, int, isObject, parseJson, str, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Lemmy (0.19, its v3 API; the API lemmy-js-client types). An instance's posts by their latest activity
 * (sort=NewComments: a post's newest comment, or its publication when it has none; sort=New would not
 * bring back an old post that got a comment) are /api/v3/post/list?sort=NewComments → { posts: [PostView],
 * next_page } (PostView: post { id, name, url,
 * body (markdown), thumbnail_url, embed_title, embed_description, published }, counts { comments,
 * newest_comment_time }); 0.19 pages by cursor (page_cursor = next_page), older versions by page=N.
 * A post is /api/v3/post?id=N ({ post_view }), its comments /api/v3/comment/list?post_id=N&sort=New
 * ({ comments: [CommentView { comment { id, content (markdown), published } }] }). A post's page is
 * /post/N on the instance that lists it; it is versioned by its comment count, read from the post,
 * then its comments (thread-pages.ts), newest first, until those read before.
 *
 * Only JSON.parse, the markdown renderer (bounded input) and anchored patterns touch the answers.
 */

const COMMENTS_PER_PAGE = 50;
const MAX_MARKDOWN = 100_000;
const MAX_COMMENTS = 200;

/** The instance's root (origin + any folder before /api/v3/) from an API address, else the site's base URL. */
function instanceRoot(url: URL, config: CrawlAdapterConfig): string {
  const at = url.pathname.indexOf("/api/v3/");
  if (at >= 0) return `${url.origin}${url.pathname.slice(0, at)}`;
  return config.baseUrl.replace(/(?<!\/)\/+$/, "");
}

const commentsUrl = (root: string, id: number, page = 1) =>
  `${root}/api/v3/comment/list?post_id=${id}&sort=New&limit=${COMMENTS_PER_PAGE}&type_=All${page > 1 ? `&page=${page}` : ""}`;

/** A post's pages: a post read, then its comments newest first (the page before is the next page of comments). */
export function lemmyThreadPage(
  input: ListingInput,
  config: CrawlAdapterConfig,
  kit: Pick<CrawlKit, "onSiteUrl" | "parseListingTime">,
): { previous: string | null; posts: { id: number | null; time: number | null }[] } | null {
  const data = parseJson(input.body);
  if (!isObject(data)) return null;
  const url = new URL(input.url);
  const root = instanceRoot(url, config);
  if (isObject(data.post_view)) {
    const pv = data.post_view;
    const id = isObject(pv.post) ? int(pv.post.id) : null;
    const comments = isObject(pv.counts) ? (int(pv.counts.comments) ?? 0) : 0;
    if (id === null || comments === 0) return { previous: null, posts: [] };
    const previous = kit.onSiteUrl(commentsUrl(root, id), input.url, config.domains);
    return { previous: previous?.href ?? null, posts: [] };
  }
  if (!Array.isArray(data.comments)) return null;
  const posts: { id: number | null; time: number | null }[] = [];
  for (const cv of data.comments.slice(0, MAX_COMMENTS)) {
    if (!isObject(cv) || !isObject(cv.comment)) continue;
    posts.push({ id: int(cv.comment.id), time: kit.parseListingTime(str(cv.comment.published) || null) });
  }
  const id = int(url.searchParams.get("post_id"));
  if (id === null || posts.length < COMMENTS_PER_PAGE) return { previous: null, posts };
  const page = int(url.searchParams.get("page")) ?? 1;
  const previous = kit.onSiteUrl(commentsUrl(root, id, page + 1), input.url, config.domains);
  return { previous: previous && previous.href !== input.url ? previous.href : null, posts };
}

export function lemmyAdapter(kit: CrawlKit): CrawlAdapter {
  const e = kit.escapeHtml;
  /** A post as its page shows it: title, link (an image link as the image), embed, thumbnail, body. */
  const postHtml = (post: Record<string, unknown>) => {
    const parts: string[] = [`<h1>${e(str(post.name))}</h1>`];
    const link = safeLink(str(post.url));
    if (link) {
      const image = /^image\//.test(str(post.url_content_type)) || /\.(?:jpe?g|png|webp|gif|avif)$/i.test(link.pathname);
      parts.push(image ? `<a href="${e(link.href)}"><img src="${e(link.href)}" alt="${e(str(post.alt_text))}"></a>` : `<p><a href="${e(link.href)}">${e(link.href)}</a></p>`);
    }
    const thumb = safeLink(str(post.thumbnail_url));
    if (thumb && thumb.href !== link?.href) parts.push(`<img src="${e(thumb.href)}" alt="">`);
    if (str(post.embed_title) || str(post.embed_description)) parts.push(`<blockquote>${e(str(post.embed_title))} ${e(str(post.embed_description))}</blockquote>`);
    const body = str(post.body);
    if (body) parts.push(`<div class="md-div">${markdownHtml(body.slice(0, MAX_MARKDOWN))}</div>`);
    return parts.join("\n");
  };
  return {
    family: "lemmy",
    defaultEntryPages: (c) => [`${c.baseUrl}/api/v3/post/list?sort=NewComments&limit=20`],
    parseListing(input, config) {
      const url = new URL(input.url);
      const root = instanceRoot(url, config);
      const data = parseJson(input.body);
      const items: CrawlItem[] = [];
      if (!isObject(data) || !Array.isArray(data.posts)) return { items, next: null };
      const seen = new Set<number>();
      for (const pv of data.posts.slice(0, MAX_ITEMS_PER_LISTING * 2)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        if (!isObject(pv) || !isObject(pv.post)) continue;
        const post = pv.post;
        const id = int(post.id);
        if (id === null || seen.has(id) || post.removed === true || post.deleted === true) continue;
        const page = kit.onSiteUrl(`${root}/post/${id}`, root, config.domains);
        if (!page || (config.itemPattern && !config.itemPattern.test(page.href))) continue;
        seen.add(id);
        const counts: Record<string, unknown> = isObject(pv.counts) ? pv.counts : {};
        const comments = int(counts.comments);
        const times = [str(post.published), str(post.updated), str(counts.newest_comment_time)].map((t) => kit.parseListingTime(t || null)).filter((t): t is number => t !== null);
        const time = times.length > 0 ? Math.max(...times) : null;
        items.push({ key: versionKey(`p${id}`, comments !== null ? `c${comments}` : time), url: page.href, fetchUrl: `${root}/api/v3/post?id=${id}`, title: clip(str(post.name)), time });
      }
      // 0.19: the cursor of the next page; before it, page numbers (a full page means there may be another).
      let next: string | null = null;
      const cursor = str(data.next_page);
      const u = new URL(input.url);
      if (/^[\w-]{1,200}$/.test(cursor)) {
        u.searchParams.delete("page");
        u.searchParams.set("page_cursor", cursor);
        next = u.href;
      } else if (!u.searchParams.has("page_cursor") && items.length > 0 && items.length >= (int(u.searchParams.get("limit")) ?? 10)) {
        u.searchParams.set("page", String((int(u.searchParams.get("page")) ?? 1) + 1));
        next = u.href;
      }
      return { items, next: next && next !== input.url ? next : null };
    },
    itemPage(input) {
      const data = parseJson(input.body);
      if (!isObject(data)) return null;
      let body = "";
      if (isObject(data.post_view) && isObject(data.post_view.post)) body = postHtml(data.post_view.post);
      else if (Array.isArray(data.comments)) {
        body = data.comments
          .slice(0, MAX_COMMENTS)
          .filter(isObject)
          .map((cv) => (isObject(cv.comment) && cv.comment.removed !== true && cv.comment.deleted !== true ? `<div class="comment" id="comment-${int(cv.comment.id) ?? 0}">${markdownHtml(str(cv.comment.content).slice(0, MAX_MARKDOWN))}</div>` : ""))
          .join("\n");
      } else return null;
      const title = input.item.title;
      return { html: `<!doctype html><html><head><meta charset="utf-8"><title>${e(title)}</title></head><body><h1>${e(title)}</h1>\n${body}</body></html>` };
    },
  };
}

/** An http(s) address of at most 2,048 characters, or null. */
function safeLink(href: string): URL | null {
  if (!href || href.length > 2048) return null;
  try {
    const u = new URL(href);
    return u.protocol === "http:" || u.protocol === "https:" ? u : null;
  } catch {
    return null;
  }
}

/** lemmy-ui's server-rendered pages: window.isoData (the site's answer) in the head, the "Lemmy" description meta. */
export function detectLemmy(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const iso = /\bwindow\.isoData\s*=/.test(ctx.scriptText());
  const described = /^Lemmy$/i.test(($('meta[name="Description" i]').first().attr("content") ?? "").trim());
  if (!iso && !(described && $("#root").length > 0)) return null;
  const origin = new URL(ctx.url).origin;
  return { family: "lemmy", evidence: iso ? "lemmy-ui's window.isoData" : "lemmy-ui's page (Description Lemmy)", entryPages: [`${origin}/api/v3/post/list?sort=NewComments&limit=20`] };
}

/** /api/v3/site: { site_view: { site }, version }. */
export function lemmySite(data: Record<string, unknown>, url: URL): FamilyFinding | null {
  if (!isObject(data.site_view) || !isObject(data.site_view.site) || !/^\d{1,3}\.\d{1,3}/.test(str(data.version))) return null;
  const at = url.pathname.indexOf("/api/v3/");
  const root = `${url.origin}${at >= 0 ? url.pathname.slice(0, at) : ""}`;
  return { family: "lemmy", evidence: `Lemmy's site answer (version ${clip(str(data.version), 40)})`, entryPages: [`${root}/api/v3/post/list?sort=NewComments&limit=20`] };
}
