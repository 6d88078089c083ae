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

function nextLink($: cheerio.CheerioAPI, selector: string, input: ListingInput, config: CrawlAdapterConfig): string | null {
  const base = baseOf($, input.url);
  for (const el of $(selector).toArray()) {
    const u = onSiteUrl($(el).attr("href"), base, config.domains);
    if (u && u.href !== input.url) return u.href;
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
  /** The item's page and key from its link, or null when the link is not an item. */
  toItem(url: URL, link: Sel, row: Sel, time: number | null): Pick<CrawlItem, "key" | "url"> | null;
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
    const made = spec.toItem(url, link, row, time);
    if (!made || seen.has(made.key)) continue;
    seen.add(made.key);
    const title = clip(link.text() || link.attr("title") || link.find("img").attr("alt") || "");
    items.push({ ...made, fetchUrl: null, title, time });
  }
  return { items, next: nextLink($, config.selectors.next ?? spec.nextSelector, input, config) };
}

const versionKey = (id: string, version: string | number | null) => (version === null || version === "" ? id : `${id}@${version}`);

// XenForo: /threads/{slug}.{id}/ (or /threads/{id}/), with /page-N, /post-N, /latest, /unread after it.
const XF_THREAD = /\/threads\/(?:[^/?#]*\.)?(\d{1,12})(?:\/|$)/;

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
      toItem(url, _link, _row, time) {
        const m = XF_THREAD.exec(url.pathname);
        if (!m) return null;
        const head = url.pathname.slice(0, m.index + m[0].length).replace(/\/?$/, "/");
        return { key: versionKey(`t${m[1]}`, time), url: `${url.origin}${head}` };
      },
    }),
  itemPage: () => null,
};

const phpbb: CrawlAdapter = {
  family: "phpbb",
  defaultEntryPages: (c) => [`${c.baseUrl}/search.php?search_id=active_topics`],
  parseListing: (input, config) =>
    htmlListing(input, config, {
      itemSelector: "a.topictitle",
      rowSelector: "li.row, tr",
      timeSelector: "dd.lastpost time, dd.lastpost span, td.lastpost time",
      nextSelector: "a[rel=next], .pagination li.next a, .pagination .arrow.next a, link[rel=next]",
      toItem(url, _link, row) {
        const t = int(url.searchParams.get("t"));
        if (t === null || !/viewtopic\.php$/.test(url.pathname)) return null;
        const f = url.searchParams.get("f");
        const page = new URL(url.pathname, url);
        if (f && /^\d{1,10}$/.test(f)) page.searchParams.set("f", f);
        page.searchParams.set("t", String(t));
        // The last post's id (…viewtopic.php?p=123#p123) is the topic's version.
        let lastPost: number | null = null;
        row.find("dd.lastpost a[href], td.lastpost a[href]").each((_, el) => {
          const href = el.type === "tag" ? (el.attribs.href ?? "") : "";
          const p = /[?&]p=(\d{1,12})/.exec(href.slice(0, MAX_URL_LENGTH))?.[1];
          if (p) lastPost = Math.max(lastPost ?? 0, Number(p));
        });
        return { key: versionKey(`t${t}`, lastPost === null ? null : `p${lastPost}`), url: page.href };
      },
    }),
  itemPage: () => null,
};

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
      toItem(url, link, row) {
        const fromId = /^thread_title_(\d{1,12})$/.exec(link.attr("id") ?? "")?.[1];
        const fromUrl = url.searchParams.get("t") ?? /\/(?:threads\/)?(\d{1,12})-[^/]*\/?$/.exec(url.pathname)?.[1];
        const id = int(fromId ?? fromUrl ?? null);
        if (id === null) return null;
        let lastPost: number | null = null;
        row.find("a[href*='p=']").each((_, el) => {
          const href = el.type === "tag" ? (el.attribs.href ?? "") : "";
          const p = /[?&]p=(\d{1,12})/.exec(href.slice(0, MAX_URL_LENGTH))?.[1];
          if (p) lastPost = Math.max(lastPost ?? 0, Number(p));
        });
        const page = new URL(url.href);
        for (const k of [...page.searchParams.keys()]) if (k !== "t") page.searchParams.delete(k);
        return { key: versionKey(`t${id}`, lastPost === null ? null : `p${lastPost}`), url: page.href };
      },
    }),
  itemPage: () => null,
};

const listing: CrawlAdapter = {
  family: "listing",
  defaultEntryPages: (c) => [`${c.baseUrl}/`],
  parseListing: (input, config) =>
    htmlListing(input, config, {
      itemSelector: "a[href]",
      rowSelector: "li, article, .item, .thumb, div",
      timeSelector: "time",
      nextSelector: "a[rel=next], link[rel=next], a.next, li.next > a, .pagination .next > a",
      toItem(url) {
        if (url.href === new URL(input.url).href) return null;
        return { key: url.href, url: url.href };
      },
    }),
  itemPage: () => null,
};

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
      // A topic longer than the first page of its posts is read at its end (the posts that made it new).
      const highest = int(t.highest_post_number) ?? int(t.posts_count) ?? 1;
      const fetchUrl =
        highest > DISCOURSE_POSTS_PER_PAGE
          ? `${root.origin}${prefix}/t/${id}/posts.json?post_number=${highest - DISCOURSE_POSTS_PER_PAGE + 1}`
          : `${url.href}.json`;
      items.push({
        key: versionKey(String(id), time),
        url: url.href,
        fetchUrl,
        title: clip(str(t.fancy_title) || str(t.title)),
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
    const title = str(data.fancy_title) || str(data.title) || input.item.title;
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
      items.push({ key: versionKey(guid, time), url: url.href, fetchUrl: null, title: clip(e.children("title").first().text()), time });
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
    items.push({ key: versionKey(`p${id}`, time), url: url.href, fetchUrl: null, title: clip(cheerio.load(title).text()), time });
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

const imageboard: CrawlAdapter = {
  family: "imageboard",
  defaultEntryPages: (c) => [`${c.baseUrl}/catalog.json`],
  parseListing(input, config) {
    const data = parseJson(input.body);
    const pages = Array.isArray(data) ? data.slice(0, 100) : [];
    const listingUrl = new URL(input.url);
    // /b/catalog.json or /b/threads.json: the board is the folder.
    const boardBase = listingUrl.pathname.replace(/\/[^/]*$/, "");
    const board = boardBase.split("/").filter(Boolean).pop() ?? "";
    const items: CrawlItem[] = [];
    for (const pageEntry of pages) {
      const threads = isObject(pageEntry) && Array.isArray(pageEntry.threads) ? pageEntry.threads : [];
      for (const t of threads) {
        if (items.length >= MAX_ITEMS_PER_LISTING * 2) break;
        if (!isObject(t)) continue;
        const no = int(t.no);
        if (no === null) continue;
        const path = config.threadPath === "thread" ? `${boardBase}/thread/${no}` : `${boardBase}/res/${no}.html`;
        const url = onSiteUrl(path, listingUrl.origin, config.domains);
        if (!url) continue;
        const time = parseListingTime(int(t.last_modified) ?? int(t.time) ?? null);
        const json = config.threadPath === "thread" ? `${boardBase}/thread/${no}.json` : `${boardBase}/res/${no}.json`;
        items.push({
          key: versionKey(`${board}/${no}`, time),
          url: url.href,
          fetchUrl: new URL(json, listingUrl.origin).href,
          title: clip(cheerio.load(str(t.sub) || str(t.com)).text()),
          time,
        });
      }
    }
    // The catalog lists every live thread at once, bumped first.
    items.sort((a, b) => (b.time ?? 0) - (a.time ?? 0));
    return { items: items.slice(0, MAX_ITEMS_PER_LISTING * 2), next: null };
  },
  itemPage(input) {
    const data = parseJson(input.body);
    const posts = isObject(data) && Array.isArray(data.posts) ? data.posts.slice(0, MAX_POSTS_PER_ITEM).filter(isObject) : [];
    if (posts.length === 0) return null;
    const threadUrl = new URL(input.item.url);
    const boardBase = threadUrl.pathname.replace(/\/(?:res|thread)\/.*$/, "");
    const fileOf = (f: Record<string, unknown>) => {
      const tim = str(f.tim);
      const ext = str(f.ext);
      if (!/^[\w-]{1,40}$/.test(tim) || !/^\.[a-z0-9]{1,5}$/i.test(ext)) return "";
      return `<a href="${boardBase}/src/${tim}${ext}"><img src="${boardBase}/src/${tim}${ext}" alt="${escapeHtml(str(f.filename))}"></a>`;
    };
    const body = posts.map((p) => {
      const files = [fileOf(p), ...(Array.isArray(p.extra_files) ? p.extra_files.slice(0, 10).filter(isObject).map(fileOf) : [])].join("");
      return `<div class="post">${p.sub ? `<p class="subject">${escapeHtml(str(p.sub))}</p>` : ""}${files}<blockquote>${str(p.com)}</blockquote></div>`;
    });
    const first = posts[0]!;
    const title = str(first.sub) || cheerio.load(str(first.com)).text().slice(0, 120) || input.item.title;
    return { html: page(title, body.join("\n")) };
  },
};

const ADAPTERS: Record<CrawlFamily, CrawlAdapter> = { xenforo, discourse, phpbb, vbulletin, wordpress, imageboard, listing };

export function crawlAdapter(family: CrawlFamily): CrawlAdapter {
  return ADAPTERS[family];
}

export type { ItemInput, ItemPage };
