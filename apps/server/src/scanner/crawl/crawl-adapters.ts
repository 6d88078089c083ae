import * as cheerio from "cheerio";

type Sel = ReturnType<cheerio.CheerioAPI>;
import { hostMatchesDomain } from "../canonical-url";
import {
  MAX_ITEMS_PER_LISTING,
  type CrawlAdapter,
  type CrawlAdapterConfig,
  type CrawlFamily,
  type CrawlItem,
  type ItemInput,
  type ItemPage,
  type ListingInput,
  type ListingPage,
} from "./crawl-types";
import { jsonListing, structuralListing, structuralNext } from "./families/generic-listing";
import { discuzAdapter } from "./families/discuz";
import { feedAdapter } from "./families/feed";
import { flarumAdapter } from "./families/flarum";
import { invisionAdapter } from "./families/invision";
import { danbooruAdapter, gelbooruAdapter, moebooruAdapter, philomenaAdapter, shimmieAdapter, szurubooruAdapter } from "./families/booru";
import type { CrawlKit } from "./families/kit";
import { kvsAdapter } from "./families/kvs";
import { lemmyAdapter } from "./families/lemmy";
import { mastodonAdapter } from "./families/mastodon";
import { kemonoAdapter } from "./families/kemono";
import { misskeyAdapter } from "./families/misskey";
import { mybbAdapter } from "./families/mybb";
import { nodebbAdapter } from "./families/nodebb";
import { peertubeAdapter } from "./families/peertube";
import { smfAdapter } from "./families/smf";
import { telegramAdapter } from "./families/telegram";
import { vbulletin5Adapter } from "./families/vbulletin5";

/**
 * Crawl adapters per site software family. URL shapes and markup are those the
 * packages ship by default (XenForo 2 what's-new and thread-list markup, with
 * XenForo 1's; Discourse's JSON API; phpBB 3's active-topics search; vBulletin
 * 3/4's getdaily search; WordPress's feed and REST API; vichan / 4chan-style
 * catalog.json), and the catalog may override the selectors. Text from these
 * pages is hostile: only CSS selectors, JSON.parse and anchored patterns on
 * bounded strings (URLs are at most 2,048 characters) touch it.
 */

const MAX_URL_LENGTH = 2048;
const MAX_TITLE_LENGTH = 300;
const MAX_POSTS_PER_ITEM = 200;

export function onSiteUrl(href: string | undefined | null, base: string, domains: readonly string[]): URL | null {
  if (!href || href.length > MAX_URL_LENGTH) return null;
  let u: URL;
  try {
    u = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  if (!domains.some((d) => hostMatchesDomain(u.hostname.toLowerCase(), d))) return null;
  u.hash = "";
  return u;
}

/** A time as a listing writes it: epoch seconds (XenForo's data-time), epoch ms, or an ISO / RFC 2822 date. */
export function parseListingTime(raw: string | number | undefined | null): number | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === "number") return Number.isFinite(raw) && raw > 0 ? (raw < 1e11 ? raw * 1000 : raw) : null;
  const s = raw.trim();
  if (s === "" || s.length > 64) return null;
  if (/^\d{9,13}$/.test(s)) return parseListingTime(Number(s));
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : null;
}

const clip = (s: string, n = MAX_TITLE_LENGTH) => s.replace(/\s+/g, " ").trim().slice(0, n);

/** The text of an HTML fragment (an API's title or comment), line breaks as spaces. */
function htmlText(s: string): string {
  if (!s) return "";
  return cheerio.load(s.slice(0, 100_000).replace(/<br\s*\/?>/gi, " ")).text();
}

/** Query parameters that only carry a visitor's session (phpBB sid, vBulletin s) or a view mode: dropped from listing and item URLs. */
const SESSION_PARAMS = new Set(["sid", "s", "goto", "highlight", "hilit", "view"]);

/**
 * A URL without session and view parameters, and without its fragment. Keys without a value
 * (vBulletin 4's "showthread.php?301-title") are kept as written, not turned into "key=".
 */
export function withoutSession(u: URL): URL {
  const out = new URL(u.href);
  out.hash = "";
  if (!out.search) return out;
  const kept = out.search
    .slice(1)
    .split("&")
    .filter((part) => {
      if (part === "") return false;
      const eq = part.indexOf("=");
      const key = eq < 0 ? part : part.slice(0, eq);
      return !SESSION_PARAMS.has(key.toLowerCase());
    });
  out.search = kept.length > 0 ? `?${kept.join("&")}` : "";
  return out;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const int = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/** What relative links resolve against: the page's <base href> (XenForo 1 sets one), else its URL. */
function baseOf($: cheerio.CheerioAPI, pageUrl: string): string {
  const href = $("base[href]").first().attr("href");
  if (!href || href.length > MAX_URL_LENGTH) return pageUrl;
  try {
    const u = new URL(href, pageUrl);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : pageUrl;
  } catch {
    return pageUrl;
  }
}

function nextLink($: cheerio.CheerioAPI, selector: string, input: ListingInput, config: CrawlAdapterConfig, clean = false): string | null {
  const base = baseOf($, input.url);
  const current = clean ? withoutSession(new URL(input.url)).href : input.url;
  for (const el of $(selector).toArray()) {
    let u = onSiteUrl($(el).attr("href"), base, config.domains);
    if (u && clean) u = withoutSession(u);
    if (u && u.href !== current && u.href !== input.url) return u.href;
  }
  return null;
}

function timeIn($: cheerio.CheerioAPI, row: Sel, selector: string): number | null {
  let best: number | null = null;
  row.find(selector).each((_, el) => {
    const e = $(el);
    const t = parseListingTime(e.attr("data-time") ?? e.attr("datetime") ?? e.attr("data-timestamp") ?? e.attr("title") ?? e.text());
    if (t !== null && (best === null || t > best)) best = t;
  });
  return best;
}

type HtmlListingSpec = {
  /** Links to items (each link is one item; the row around it gives its time). */
  itemSelector: string;
  /** The element around an item link that holds its time (closest ancestor). */
  rowSelector: string;
  timeSelector: string;
  nextSelector: string;
  /** Session ids and view modes are dropped from the next page's URL (forums that put them in links). */
  cleanNext?: boolean;
  /** The item's page and key (and where to read it, when not its page) from its link, or null when the link is not an item. */
  toItem(url: URL, link: Sel, row: Sel, time: number | null, base: string): (Pick<CrawlItem, "key" | "url"> & { fetchUrl?: string | null }) | null;
};

function htmlListing(input: ListingInput, config: CrawlAdapterConfig, spec: HtmlListingSpec): ListingPage {
  const $ = cheerio.load(input.body);
  const items: CrawlItem[] = [];
  const seen = new Set<string>();
  const itemSelector = config.selectors.item ?? spec.itemSelector;
  const timeSelector = config.selectors.time ?? spec.timeSelector;
  const base = baseOf($, input.url);
  for (const el of $(itemSelector).toArray()) {
    if (items.length >= MAX_ITEMS_PER_LISTING) break;
    const link = $(el);
    const url = onSiteUrl(link.attr("href"), base, config.domains);
    if (!url || (config.itemPattern && !config.itemPattern.test(url.href))) continue;
    let row = link.closest(spec.rowSelector);
    if (row.length === 0) row = link.parent();
    const time = timeIn($, row, timeSelector);
    const made = spec.toItem(url, link, row, time, base);
    if (!made || seen.has(made.key)) continue;
    seen.add(made.key);
    const title = clip(link.text() || link.attr("title") || link.find("img").attr("alt") || "");
    items.push({ key: made.key, url: made.url, fetchUrl: made.fetchUrl ?? null, title, time });
  }
  return { items, next: nextLink($, config.selectors.next ?? spec.nextSelector, input, config, spec.cleanNext) };
}

const versionKey = (id: string, version: string | number | null) => (version === null || version === "" ? id : `${id}@${version}`);

// XenForo: /threads/{slug}.{id}/ (or /threads/{id}/), with /page-N, /post-N, /latest, /unread after it.
const XF_THREAD = /\/threads\/(?:[^/?#]*\.)?(\d{1,12})(?:\/|$)/;

/**
 * Where a long XenForo thread's newest posts are: its last page, as the row's page jumps link it (XenForo 2
 * span.structItem-pageJump, XenForo 1 .itemPageNav: "2 3 … 14"); a search or activity row that does not say
 * how long its thread is reads it at /latest, which XenForo answers with the last post's page. A thread of
 * one page is read at its own address (null).
 */
function xenforoLastPage(row: Sel, threadPage: string, base: string): string | null {
  let best = 0;
  row.find(".structItem-pageJump a[href], .itemPageNav a[href]").each((_, el) => {
    const href = el.type === "tag" ? (el.attribs.href ?? "") : "";
    if (href.length > MAX_URL_LENGTH) return;
    let u: URL;
    try {
      u = new URL(href, base);
    } catch {
      return;
    }
    // The jump must be a page of this thread (threads/slug.N/page-K).
    if (!`${u.origin}${u.pathname}`.startsWith(threadPage)) return;
    const n = int(/^page-(\d{1,6})\/?$/.exec(u.pathname.slice(new URL(threadPage).pathname.length))?.[1] ?? null);
    if (n !== null && n > best) best = n;
  });
  if (best > 1) return `${threadPage}page-${best}`;
  if (row.is(".contentRow") || row.closest(".contentRow").length > 0) return `${threadPage}latest`;
  return null;
}

const xenforo: CrawlAdapter = {
  family: "xenforo",
  defaultEntryPages: (c) => [`${c.baseUrl}/whats-new/posts/`],
  parseListing: (input, config) =>
    htmlListing(input, config, {
      // XenForo 2: .structItem-title holds prefix labels then the thread link; XenForo 1: h3.title a.
      itemSelector: ".structItem-title a[href*='threads/'], .discussionListItem h3.title a[href], .contentRow-title a[href*='threads/']",
      rowSelector: ".structItem, .discussionListItem, .contentRow",
      timeSelector: ".structItem-latestDate, .structItem-cell--latest time, time.u-dt, abbr.DateTime, span.DateTime, .lastPostInfo .DateTime",
      nextSelector: "a.pageNav-jump--next, .PageNav a[rel=next], a[rel=next], link[rel=next]",
      toItem(url, _link, row, time, base) {
        const m = XF_THREAD.exec(url.pathname);
        if (!m) return null;
        const head = url.pathname.slice(0, m.index + m[0].length).replace(/\/?$/, "/");
        const page = `${url.origin}${head}`;
        return { key: versionKey(`t${m[1]}`, time), url: page, fetchUrl: xenforoLastPage(row, page, base) };
      },
    }),
  itemPage: () => null,
};

/** The highest post id among a row's links with p=N (phpBB's and vBulletin's "go to last post"), and that link. */
function lastPostIn($row: Sel, selector: string, base: string): { id: number; href: string } | null {
  let best: { id: number; href: string } | null = null;
  $row.find(selector).each((_, el) => {
    const href = el.type === "tag" ? (el.attribs.href ?? "") : "";
    if (href.length > MAX_URL_LENGTH) return;
    const p = /[?&]p=(\d{1,12})(?:&|#|$)/.exec(href)?.[1];
    if (!p) return;
    let abs: string;
    try {
      abs = new URL(href, base).href;
    } catch {
      return;
    }
    if (!best || Number(p) > best.id) best = { id: Number(p), href: abs };
  });
  return best;
}

/** A post's own page on a phpBB or vBulletin board: its script next to the topic's (viewtopic.php?p=N, showthread.php?p=N). */
function postPage(topic: URL, script: string, post: number): string {
  const u = new URL(`${topic.pathname.slice(0, topic.pathname.lastIndexOf("/") + 1)}${script}`, topic);
  u.searchParams.set("p", String(post));
  return u.href;
}

// phpBB with an SEO extension: /some-title-t912.html, /topic912.html.
const PHPBB_SEO_TOPIC = /(?:-t|\/topic)(\d{1,12})(?:-\d{1,6})?\.html$/;

const phpbb: CrawlAdapter = {
  family: "phpbb",
  defaultEntryPages: (c) => [`${c.baseUrl}/search.php?search_id=active_topics`],
  parseListing: (input, config) =>
    htmlListing(input, config, {
      // Topic results (active topics, new/unread posts, viewforum) and post results (sr=posts: each post its own item).
      itemSelector: "a.topictitle, .search.post .postbody h3 a",
      rowSelector: "li.row, tr, div.search.post",
      timeSelector: "dd.lastpost time, dd.lastpost span, td.lastpost time, dd.search-result-date",
      nextSelector: "a[rel=next], .pagination li.next a, .pagination .arrow.next a, link[rel=next]",
      cleanNext: true,
      toItem(url, _link, row, _time, base) {
        const isViewtopic = /viewtopic\.php$/.test(url.pathname);
        const t = isViewtopic ? int(url.searchParams.get("t")) : int(PHPBB_SEO_TOPIC.exec(url.pathname)?.[1] ?? null);
        if (t === null) {
          // A post result: viewtopic.php?p=N#pN is the item.
          const p = isViewtopic ? int(url.searchParams.get("p")) : null;
          if (p === null) return null;
          return { key: `p${p}`, url: postPage(url, "viewtopic.php", p) };
        }
        let page: URL;
        if (isViewtopic) {
          page = new URL(url.pathname, url);
          const f = url.searchParams.get("f");
          if (f && /^\d{1,10}$/.test(f)) page.searchParams.set("f", f);
          page.searchParams.set("t", String(t));
        } else page = withoutSession(url);
        // The last post's id (viewtopic.php?p=123#p123) is the topic's version, and its page is where the new posts are.
        const last = lastPostIn(row, "dd.lastpost a[href], td.lastpost a[href], .responsive-show a[href]", base);
        const fetchUrl = last ? withoutSession(new URL(last.href)).href : null;
        return { key: versionKey(`t${t}`, last === null ? null : `p${last.id}`), url: page.href, fetchUrl };
      },
    }),
  itemPage: () => null,
};

// vBulletin thread links: showthread.php?t=123, showthread.php?123-title (4.x friendly), showthread.php/123-title, /threads/123-title.
const VB_FRIENDLY_QUERY = /^\?(\d{1,12})-[^&=]*(?:&|$)/;
const VB_FRIENDLY_PATH = /\/(?:showthread\.php\/|threads\/)?(\d{1,12})-[^/]*\/?$/;

const vbulletin: CrawlAdapter = {
  family: "vbulletin",
  defaultEntryPages: (c) => [`${c.baseUrl}/search.php?do=getdaily`],
  parseListing: (input, config) =>
    htmlListing(input, config, {
      // vBulletin 3/4 thread bits: <a id="thread_title_123" href="showthread.php?t=123">; vBulletin 4 search: h3.searchtitle a.title.
      itemSelector: "a[id^='thread_title_'], h3.searchtitle a.title, h3.threadtitle a.title",
      rowSelector: "li.threadbit, tr, li.imodselector",
      timeSelector: ".threadlastpost .time, .lastpost .time, .threadlastpost dd, span.time",
      nextSelector: "a[rel=next], .pagination .prev_next a[rel=next], link[rel=next]",
      cleanNext: true,
      toItem(url, link, row, _time, base) {
        const fromId = /^thread_title_(\d{1,12})$/.exec(link.attr("id") ?? "")?.[1];
        const fromUrl = url.searchParams.get("t") ?? VB_FRIENDLY_QUERY.exec(url.search)?.[1] ?? VB_FRIENDLY_PATH.exec(url.pathname)?.[1];
        const id = int(fromId ?? fromUrl ?? null);
        if (id === null) return null;
        // The thread's page as the forum links it, without session, "go to new post" or page parameters.
        let page = withoutSession(url);
        page.searchParams.delete("page");
        page.searchParams.delete("p");
        if (page.searchParams.has("t")) {
          page = new URL(page.pathname, page);
          page.searchParams.set("t", String(id));
        } else if (VB_FRIENDLY_QUERY.test(url.search)) page.search = VB_FRIENDLY_QUERY.exec(url.search)![0].replace(/&$/, "");
        const last = lastPostIn(row, "a[href*='p=']", base);
        let fetchUrl: string | null = null;
        if (last) fetchUrl = /showthread\.php$/.test(page.pathname) ? postPage(page, "showthread.php", last.id) : withoutSession(new URL(last.href)).href;
        return { key: versionKey(`t${id}`, last === null ? null : `p${last.id}`), url: page.href, fetchUrl };
      },
    }),
  itemPage: () => null,
};

const listing: CrawlAdapter = {
  family: "listing",
  defaultEntryPages: (c) => [`${c.baseUrl}/`],
  parseListing: (input, config) =>
    // A "load more" answer (JSON) is read by its shape; a site the catalog describes by neither selectors nor
    // pattern is read by its structure (families/generic-listing.ts).
    (/^\s*[{[]/.test(input.body.slice(0, 100)) ? jsonListing(input, config, kit) : null) ??
    (!config.selectors.item && !config.itemPattern
      ? structuralListing(input, config, kit)
      : withStructuralNext(input, config, htmlListing(input, config, {
      itemSelector: "a[href]",
      rowSelector: "li, article, .item, .thumb, div",
      timeSelector: "time",
      nextSelector: "a[rel=next], link[rel=next], a.next, li.next > a, .pagination .next > a",
      toItem(url) {
        if (url.href === new URL(input.url).href) return null;
        return { key: url.href, url: url.href };
      },
    }))),
  itemPage: () => null,
};

/** A listing whose selectors found no next page: the page's structure may still say it. */
function withStructuralNext(input: ListingInput, config: CrawlAdapterConfig, page: ListingPage): ListingPage {
  if (page.next || config.selectors.next) return page;
  return { ...page, next: structuralNext(cheerio.load(input.body), input, config, kit) };
}

/** Posts Discourse sends in one page of a topic (its posts.json from a post number). */
const DISCOURSE_POSTS_PER_PAGE = 20;

const discourse: CrawlAdapter = {
  family: "discourse",
  defaultEntryPages: (c) => [`${c.baseUrl}/latest.json`],
  parseListing(input, config) {
    const data = parseJson(input.body);
    const list = isObject(data) && isObject(data.topic_list) ? data.topic_list : null;
    if (!list) return { items: [], next: null };
    const topics = Array.isArray(list.topics) ? list.topics.slice(0, MAX_ITEMS_PER_LISTING) : [];
    // Discourse may live under a folder (/forum): the listing's own path says where.
    const root = new URL(input.url);
    const prefix = root.pathname.replace(/\/(?:latest|new|top|c\/.*)(?:\.json)?$/, "").replace(/\/$/, "");
    const items: CrawlItem[] = [];
    for (const t of topics) {
      if (!isObject(t)) continue;
      const id = int(t.id);
      if (id === null) continue;
      const slug = /^[\p{L}\p{N}_-]{1,200}$/u.test(str(t.slug)) ? str(t.slug) : "topic";
      const url = onSiteUrl(`${prefix}/t/${encodeURIComponent(slug)}/${id}`, root.origin, config.domains);
      if (!url) continue;
      const time = parseListingTime(str(t.bumped_at) || str(t.last_posted_at) || str(t.created_at));
      // A topic longer than the first page of its posts is read at its end, the posts that made it new:
      // /t/{slug}/{id}/{n}.json answers the ~20 posts around post n, the last ones when n is the highest.
      const highest = int(t.highest_post_number) ?? int(t.posts_count) ?? 1;
      const fetchUrl = highest > DISCOURSE_POSTS_PER_PAGE ? `${url.href}/${highest}.json` : `${url.href}.json`;
      items.push({
        key: versionKey(String(id), time),
        url: url.href,
        fetchUrl,
        // fancy_title is HTML (entities), title plain text.
        title: clip(str(t.title) || htmlText(str(t.fancy_title))),
        time,
      });
    }
    let next: string | null = null;
    const more = str(list.more_topics_url);
    if (more) {
      const u = onSiteUrl(more, input.url, config.domains);
      if (u) {
        if (!u.pathname.endsWith(".json")) u.pathname = `${u.pathname.replace(/\/$/, "")}.json`;
        next = u.href;
      }
    }
    return { items, next };
  },
  itemPage(input) {
    const data = parseJson(input.body);
    if (!isObject(data)) return null;
    const title = str(data.title) || htmlText(str(data.fancy_title)) || input.item.title;
    const stream = isObject(data.post_stream) && Array.isArray(data.post_stream.posts) ? data.post_stream.posts : [];
    const posts = stream
      .slice(0, MAX_POSTS_PER_ITEM)
      .filter(isObject)
      .map((p) => `<div class="post"><p class="author">${escapeHtml(str(p.username))}</p>${str(p.cooked)}</div>`);
    return { html: page(title, posts.join("\n")) };
  },
};

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>\n${body}</body></html>`;
}

const wordpress: CrawlAdapter = {
  family: "wordpress",
  defaultEntryPages: (c) => [`${c.baseUrl}/feed/`],
  parseListing(input, config) {
    const trimmed = input.body.trimStart();
    if (trimmed.startsWith("[")) return wordpressRest(input, config);
    const $ = cheerio.load(input.body, { xml: true });
    const items: CrawlItem[] = [];
    const seen = new Set<string>();
    for (const el of $("item, entry").toArray()) {
      if (items.length >= MAX_ITEMS_PER_LISTING) break;
      const e = $(el);
      const href = e.children("link").first().text().trim() || e.children("link[rel=alternate], link").first().attr("href");
      const url = onSiteUrl(href, input.url, config.domains);
      if (!url || seen.has(url.href)) continue;
      seen.add(url.href);
      const time = parseListingTime(e.children("pubDate, updated, published").first().text());
      const guid = e.children("guid, id").first().text().trim().slice(0, 300) || url.href;
      // A title in CDATA keeps the HTML entities WordPress wrote into it ("&amp;", "&#8211;"): decoded once more.
      const rawTitle = e.children("title").first().text();
      const title = clip(rawTitle.includes("&") ? htmlText(rawTitle) : rawTitle);
      items.push({ key: versionKey(guid, time), url: url.href, fetchUrl: null, title, time });
    }
    // WordPress feeds page with ?paged=N; past the last page it answers 404.
    let next: string | null = null;
    if (items.length > 0) {
      const u = new URL(input.url);
      const n = int(u.searchParams.get("paged")) ?? 1;
      u.searchParams.set("paged", String(n + 1));
      next = u.href;
    }
    return { items, next };
  },
  itemPage: () => null,
};

function wordpressRest(input: ListingInput, config: CrawlAdapterConfig): ListingPage {
  const data = parseJson(input.body);
  const posts = Array.isArray(data) ? data.slice(0, MAX_ITEMS_PER_LISTING) : [];
  const items: CrawlItem[] = [];
  for (const p of posts) {
    if (!isObject(p)) continue;
    const id = int(p.id);
    const url = onSiteUrl(str(p.link), input.url, config.domains);
    if (id === null || !url) continue;
    const time = parseListingTime(str(p.modified_gmt) ? `${str(p.modified_gmt)}Z` : str(p.date_gmt) ? `${str(p.date_gmt)}Z` : str(p.date));
    const title = isObject(p.title) ? str(p.title.rendered) : "";
    items.push({ key: versionKey(`p${id}`, time), url: url.href, fetchUrl: null, title: clip(htmlText(title)), time });
  }
  const u = new URL(input.url);
  const current = int(u.searchParams.get("page")) ?? 1;
  const total = int(input.headers["x-wp-totalpages"]);
  let next: string | null = null;
  if (items.length > 0 && (total === null || current < total)) {
    u.searchParams.set("page", String(current + 1));
    next = u.href;
  }
  return { items, next };
}

/**
 * Imageboards. Three JSON dialects share the /{board}/catalog.json address:
 * - vichan / Tinyboard / 4chan: pages of { threads: [{ no, last_modified, sub, com, tim, ext }] } (threads.json too);
 *   a thread at res/N.json (thread/N.json 4chan-style) as { posts: [...] }, files at {board}/src/{tim}{ext};
 * - LynxChan: [{ threadId, lastBump, subject, message }], a thread at res/N.json as the opening post with
 *   posts: [{ postId, markdown, files: [{ path }] }];
 * - jschan: [{ postId, bumped, subject, message }], a thread at thread/N.json with replies: [...], files at /file/{filename}.
 */
type BoardThread = { no: number; time: number | null; title: string };

function boardThreads(data: unknown): BoardThread[] {
  const out: BoardThread[] = [];
  const entries = Array.isArray(data) ? data.slice(0, 1000) : [];
  const push = (t: unknown) => {
    if (!isObject(t) || out.length >= MAX_ITEMS_PER_LISTING * 2) return;
    const no = int(t.no) ?? int(t.threadId) ?? int(t.postId);
    if (no === null) return;
    const time = parseListingTime(int(t.last_modified) ?? int(t.time) ?? (str(t.lastBump) || str(t.bumped) || str(t.date) || null));
    out.push({ no, time, title: clip(htmlText(str(t.sub) || str(t.subject) || str(t.com) || str(t.markdown) || str(t.message))) });
  };
  for (const entry of entries) {
    // vichan / 4chan pages hold threads; LynxChan and jschan list threads directly.
    if (isObject(entry) && Array.isArray(entry.threads)) for (const t of entry.threads.slice(0, 1000)) push(t);
    else push(entry);
  }
  return out;
}

const imageboard: CrawlAdapter = {
  family: "imageboard",
  defaultEntryPages: (c) => [`${c.baseUrl}/catalog.json`],
  parseListing(input, config) {
    const listingUrl = new URL(input.url);
    // /b/catalog.json or /b/threads.json: the board is the folder.
    const boardBase = listingUrl.pathname.replace(/\/[^/]*$/, "");
    const board = boardBase.split("/").filter(Boolean).pop() ?? "";
    const items: CrawlItem[] = [];
    for (const t of boardThreads(parseJson(input.body))) {
      const path = config.threadPath === "thread" ? `${boardBase}/thread/${t.no}` : `${boardBase}/res/${t.no}.html`;
      const url = onSiteUrl(path, listingUrl.origin, config.domains);
      if (!url) continue;
      const json = config.threadPath === "thread" ? `${boardBase}/thread/${t.no}.json` : `${boardBase}/res/${t.no}.json`;
      items.push({ key: versionKey(`${board}/${t.no}`, t.time), url: url.href, fetchUrl: new URL(json, listingUrl.origin).href, title: t.title, time: t.time });
    }
    // The catalog lists every live thread at once, bumped first.
    items.sort((a, b) => (b.time ?? 0) - (a.time ?? 0));
    return { items: items.slice(0, MAX_ITEMS_PER_LISTING * 2), next: null };
  },
  itemPage(input) {
    const data = parseJson(input.body);
    if (!isObject(data)) return null;
    // vichan / 4chan: { posts }; LynxChan: the opening post with { posts }; jschan: the opening post with { replies }.
    const lynx = int(data.threadId) !== null;
    const jschan = !lynx && int(data.postId) !== null && Array.isArray(data.replies);
    const rest = (v: unknown) => (Array.isArray(v) ? v.slice(0, MAX_POSTS_PER_ITEM).filter(isObject) : []);
    const posts = lynx ? [data, ...rest(data.posts)] : jschan ? [data, ...rest(data.replies)] : rest(data.posts);
    if (posts.length === 0) return null;
    const threadUrl = new URL(input.item.url);
    const boardBase = threadUrl.pathname.replace(/\/(?:res|thread)\/.*$/, "");
    const img = (path: string, alt: string) => `<a href="${escapeHtml(path)}"><img src="${escapeHtml(path)}" alt="${escapeHtml(alt)}"></a>`;
    const fileOf = (f: Record<string, unknown>): string => {
      if (lynx) {
        // /.media/{sha256}.{ext}: an absolute path on the board's host.
        const path = str(f.path);
        return /^\/[\w./-]{1,300}$/.test(path) && !path.includes("..") ? img(path, str(f.originalName)) : "";
      }
      if (jschan) {
        const name = str(f.filename);
        return /^[\w-]{1,128}\.[a-z0-9]{1,5}$/i.test(name) ? img(`/file/${name}`, str(f.originalFilename)) : "";
      }
      const tim = str(f.tim);
      const ext = str(f.ext);
      if (!/^[\w-]{1,40}$/.test(tim) || !/^\.[a-z0-9]{1,5}$/i.test(ext)) return "";
      return img(`${boardBase}/src/${tim}${ext}`, str(f.filename));
    };
    const filesOf = (p: Record<string, unknown>) =>
      lynx || jschan ? rest(p.files).slice(0, 10).map(fileOf) : [fileOf(p), ...rest(p.extra_files).slice(0, 10).map(fileOf)];
    // Comments are HTML: vichan's com, LynxChan's markdown (its message is the raw text), jschan's message.
    const commentOf = (p: Record<string, unknown>) => (lynx ? str(p.markdown) || escapeHtml(str(p.message)) : jschan ? str(p.message) : str(p.com));
    const subjectOf = (p: Record<string, unknown>) => str(p.sub) || str(p.subject);
    const body = posts.map((p) => {
      const sub = subjectOf(p);
      return `<div class="post">${sub ? `<p class="subject">${escapeHtml(sub)}</p>` : ""}${filesOf(p).join("")}<blockquote>${commentOf(p)}</blockquote></div>`;
    });
    const first = posts[0]!;
    const title = subjectOf(first) || htmlText(commentOf(first)).slice(0, 120) || input.item.title;
    return { html: page(title, body.join("\n")) };
  },
};

/** The helpers the families under families/ are built with. */
const kit: CrawlKit = { onSiteUrl, parseListingTime, withoutSession, escapeHtml, htmlListing, baseOf, nextLink, timeIn };

const ADAPTERS: Record<CrawlFamily, CrawlAdapter> = {
  xenforo,
  discourse,
  phpbb,
  vbulletin,
  wordpress,
  imageboard,
  listing,
  vbulletin5: vbulletin5Adapter(kit),
  invision: invisionAdapter(kit),
  mybb: mybbAdapter(kit),
  smf: smfAdapter(kit),
  flarum: flarumAdapter(kit),
  nodebb: nodebbAdapter(kit),
  telegram: telegramAdapter(kit),
  lemmy: lemmyAdapter(kit),
  mastodon: mastodonAdapter(kit),
  discuz: discuzAdapter(kit),
  misskey: misskeyAdapter(kit),
  danbooru: danbooruAdapter(kit),
  gelbooru: gelbooruAdapter(kit),
  moebooru: moebooruAdapter(kit),
  philomena: philomenaAdapter(kit),
  szurubooru: szurubooruAdapter(kit),
  shimmie: shimmieAdapter(kit),
  kvs: kvsAdapter(kit),
  peertube: peertubeAdapter(kit),
  feed: feedAdapter(kit),
  kemono: kemonoAdapter(kit),
};

export function crawlAdapter(family: CrawlFamily): CrawlAdapter {
  return ADAPTERS[family];
}

export type { ItemInput, ItemPage };
