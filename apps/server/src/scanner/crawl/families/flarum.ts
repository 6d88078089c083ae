import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlItem, type ListingInput } from "../crawl-types";
import { clip, int, isObject, MAX_URL_LENGTH, parseJson, str, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Flarum 1.x. Everything the forum shows comes from its JSON:API: the newest discussions at
 * /api/discussions?sort=-lastPostedAt (data[] of type "discussions": title, slug "N-words" (the id
 * first, as the default slug driver writes it), lastPostedAt, lastPostNumber; links.next with
 * page[offset]), and a discussion's posts at /api/posts?filter[discussion]=N (data[] of type "posts":
 * number, createdAt, contentType "comment" with contentHtml; renames and other events have no
 * contentHtml). A discussion's page is /d/N-slug; its newest posts are read (sort=-number), versioned
 * by its last post number. Without JavaScript the pages carry the same lists in <noscript
 * id="flarum-content"> (links to /d/N-slug, "?page=2"), read when an HTML page is all there is.
 *
 * Only JSON.parse, cheerio and anchored patterns on bounded strings touch the answers.
 */

const POSTS_READ = 20;
const MAX_POSTS = 50;
const MAX_HTML_PER_POST = 200_000;
const MAX_THREAD_POSTS = 500;


/** The forum's API root (…/api) from an API address, else from the site's base URL. */
function apiRoot(url: URL, config: CrawlAdapterConfig): string {
  const at = url.pathname.indexOf("/api/");
  if (at >= 0) return `${url.origin}${url.pathname.slice(0, at)}/api`;
  return `${config.baseUrl.replace(/(?<!\/)\/+$/, "")}/api`;
}

/** "412-luna-rivers" (the id first) or "luna-rivers" (older drivers): the path segment after /d/. */
function discussionSlug(id: number, slug: string): string {
  const s = slug.slice(0, 250);
  if (s === String(id) || s.startsWith(`${id}-`)) return encodeURI(s);
  return s && /^[^/?#]+$/.test(s) ? `${id}-${encodeURI(s)}` : String(id);
}

const postsUrl = (api: string, id: number) => `${api}/posts?filter%5Bdiscussion%5D=${id}&sort=-number&page%5Blimit%5D=${POSTS_READ}`;

/**
 * A page of a discussion's posts (the newest, or one walked back to): its posts' numbers and times, and
 * the page of the posts before its lowest number. That is the posts API around a number, as Flarum's own
 * post stream loads it: page[near]=N (with filter[discussion] alone and the default order, by time)
 * answers page[limit] posts from limit/2 before the post numbered N, so N = lowest − limit/2 ends the
 * answer at the post before the lowest; page[near] under 2 is not honoured: the discussion's first
 * posts (page[offset]=0) then hold them. Numbers count renames and hidden posts too: an answer may
 * hold posts read already, never leave one out.
 */
export function flarumThreadPage(
  input: ListingInput,
  config: CrawlAdapterConfig,
  kit: Pick<CrawlKit, "onSiteUrl" | "parseListingTime">,
): { previous: string | null; posts: { id: number | null; time: number | null }[] } | null {
  const data = parseJson(input.body);
  if (!isObject(data) || !Array.isArray(data.data)) return null;
  const posts: { id: number | null; time: number | null }[] = [];
  let lowest: number | null = null;
  let discussion: number | null = null;
  for (const p of data.data.slice(0, MAX_THREAD_POSTS)) {
    if (!isObject(p) || p.type !== "posts" || !isObject(p.attributes)) continue;
    const n = int(p.attributes.number);
    if (n !== null && n > 0 && (lowest === null || n < lowest)) lowest = n;
    posts.push({ id: n, time: kit.parseListingTime(str(p.attributes.createdAt) || null) });
    const rel = isObject(p.relationships) && isObject(p.relationships.discussion) && isObject(p.relationships.discussion.data) ? p.relationships.discussion.data : null;
    discussion ??= rel ? int(rel.id) : null;
  }
  const url = new URL(input.url);
  discussion = int(url.searchParams.get("filter[discussion]")) ?? discussion;
  if (lowest === null || lowest <= 1 || discussion === null) return { previous: null, posts };
  const near = lowest - POSTS_READ / 2;
  const page = near > 1 ? `page%5Bnear%5D=${near}` : "page%5Boffset%5D=0";
  const previous = kit.onSiteUrl(`${apiRoot(url, config)}/posts?filter%5Bdiscussion%5D=${discussion}&${page}&page%5Blimit%5D=${POSTS_READ}`, input.url, config.domains);
  return { previous: previous && previous.href !== input.url ? previous.href : null, posts };
}

export function flarumAdapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "flarum",
    defaultEntryPages: (c) => [`${c.baseUrl}/api/discussions?sort=-lastPostedAt`],
    parseListing(input, config) {
      const url = new URL(input.url);
      const api = apiRoot(url, config);
      const forum = api.slice(0, -"/api".length);
      const data = parseJson(input.body);
      const items: CrawlItem[] = [];
      const seen = new Set<number>();
      if (isObject(data) && Array.isArray(data.data)) {
        for (const d of data.data.slice(0, MAX_ITEMS_PER_LISTING * 2)) {
          if (items.length >= MAX_ITEMS_PER_LISTING) break;
          if (!isObject(d) || d.type !== "discussions" || !isObject(d.attributes)) continue;
          const id = int(d.id);
          if (id === null || seen.has(id)) continue;
          const a = d.attributes;
          const page = kit.onSiteUrl(`${forum}/d/${discussionSlug(id, str(a.slug))}`, forum, config.domains);
          if (!page || (config.itemPattern && !config.itemPattern.test(page.href))) continue;
          seen.add(id);
          const time = kit.parseListingTime(str(a.lastPostedAt) || str(a.createdAt));
          const last = int(a.lastPostNumber);
          items.push({
            key: versionKey(`d${id}`, last !== null ? `n${last}` : time),
            url: page.href,
            fetchUrl: postsUrl(api, id),
            title: clip(str(a.title)),
            time,
          });
        }
        const links = isObject(data.links) ? data.links : {};
        const next = kit.onSiteUrl(str(links.next), input.url, config.domains);
        return { items, next: next && next.href !== input.url ? next.href : null };
      }
      // The no-JavaScript page: links to discussions, and "Next Page".
      const page$ = cheerio.load(input.body);
      // An HTML parser that runs scripts keeps <noscript> as text: its markup is parsed on its own.
      const $ = cheerio.load(page$("noscript").toArray().slice(0, 5).map((el) => page$(el).text().slice(0, 500_000)).join("\n"));
      for (const el of [...$("a[href*='/d/']").toArray(), ...page$("a[href*='/d/']").toArray()].slice(0, 2000)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        const href = el.type === "tag" ? el.attribs.href : undefined;
        if (!href || href.length > MAX_URL_LENGTH) continue;
        const u = kit.onSiteUrl(href, input.url, config.domains);
        const m = u ? /\/d\/(\d{1,12})(?:-[^/]{0,250})?\/?$/.exec(u.pathname) : null;
        if (!u || !m) continue;
        const id = Number(m[1]);
        if (seen.has(id) || (config.itemPattern && !config.itemPattern.test(u.href))) continue;
        seen.add(id);
        const head = u.pathname.slice(0, m.index);
        items.push({ key: `d${id}`, url: `${u.origin}${head}${m[0].replace(/\/$/, "")}`, fetchUrl: postsUrl(`${u.origin}${head}/api`, id), title: clip($(el).text()), time: null });
      }
      let next: string | null = null;
      for (const el of [...page$("link[rel=next]").toArray(), ...$("a[href*='page=']").toArray(), ...page$("a[href*='page=']").toArray()].slice(0, 20)) {
        const u = kit.onSiteUrl(el.type === "tag" ? el.attribs.href : undefined, input.url, config.domains);
        if (u && u.href !== input.url && /[?&]page=\d{1,6}(?:&|$)/.test(u.search)) {
          next = u.href;
          break;
        }
      }
      return { items, next };
    },
    itemPage(input) {
      const data = parseJson(input.body);
      if (!isObject(data) || !Array.isArray(data.data)) return null;
      const posts: { n: number; html: string }[] = [];
      for (const p of data.data.slice(0, MAX_POSTS)) {
        if (!isObject(p) || p.type !== "posts" || !isObject(p.attributes)) continue;
        const a = p.attributes;
        const html = str(a.contentHtml);
        if (a.contentType !== "comment" || !html) continue;
        posts.push({ n: int(a.number) ?? 0, html: html.slice(0, MAX_HTML_PER_POST) });
      }
      posts.sort((x, y) => x.n - y.n);
      const title = input.item.title;
      const body = posts.map((p) => `<article class="Post" id="post-${p.n}"><div class="Post-body">${p.html}</div></article>`).join("\n");
      return { html: `<!doctype html><html><head><meta charset="utf-8"><title>${kit.escapeHtml(title)}</title></head><body><h1>${kit.escapeHtml(title)}</h1>\n${body}</body></html>` };
    },
  };
}

/** Flarum's page: its JSON payload script, its loading and no-JavaScript blocks, its boot call. */
export function detectFlarum(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const payload = $("script#flarum-json-payload").first();
  const markers = [
    payload.length > 0 ? "Flarum's JSON payload (flarum-json-payload)" : null,
    $("#flarum-loading").length > 0 && $("noscript#flarum-content, #flarum-loading-error").length > 0 ? "Flarum's loading and no-JavaScript blocks" : null,
    /\bflarum\.core\.app\.(?:load|boot)\(/.test(ctx.scriptText()) ? "Flarum's boot script" : null,
  ].filter((m): m is string => m !== null);
  if (markers.length === 0) return null;
  // Where its API is: the payload's forum apiUrl (on the site), else /api next to the page.
  let api: string | null = null;
  const data = (() => {
    try {
      return JSON.parse(payload.text().slice(0, 500_000)) as unknown;
    } catch {
      return null;
    }
  })();
  if (isObject(data) && Array.isArray(data.resources)) {
    const forum = data.resources.find((r) => isObject(r) && r.type === "forums");
    const apiUrl = isObject(forum) && isObject(forum.attributes) ? str(forum.attributes.apiUrl) : "";
    const u = ctx.safeUrl(apiUrl, ctx.url);
    if (u) api = `${u.origin}${u.pathname.replace(/(?<!\/)\/+$/, "")}`;
  }
  api ??= `${new URL(ctx.url).origin}/api`;
  return { family: "flarum", evidence: markers[0]!, entryPages: [`${api}/discussions?sort=-lastPostedAt`] };
}
