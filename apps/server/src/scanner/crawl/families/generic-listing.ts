import * as cheerio from "cheerio";
import type { AnyNode, Element, Text } from "domhandler";
import { MAX_ITEMS_PER_LISTING, type CrawlItem, type CrawlAdapterConfig, type ListingInput, type ListingPage } from "../crawl-types";
import { clip, folderOf, MAX_URL_LENGTH, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * The listing family on a site no one described (tube and gallery scripts): what the page repeats.
 *
 * Items: every on-site link is placed in its block, the nearest ancestor (itself included) repeated
 * among its siblings (same tag and classes, at least three; two blocks with thumbnails when nothing on
 * the page repeats more, as on the last page of a listing); links are grouped by their block's
 * signature (block, parent, grandparent) and their URL's shape (first path segment kept, the others
 * as number or word, query keys). The group that wins has the most distinct pages, weighted up when
 * its blocks hold thumbnails and its URLs carry ids, down when it sits in navigation, header, footer,
 * sidebar, tag or category chrome. Page-number links and links to the page itself are not items.
 *
 * Next page: <link rel=next> / a[rel=next]; a link labelled "Next", "Older", "›", "→" or ">" (or whose
 * class says next); the link to the current page's number + 1 in a row of page numbers; last "»" / ">>".
 *
 * Bounded: at most MAX_LINKS links are looked at, ancestors at most BLOCK_DEPTH / CHROME_DEPTH up,
 * siblings counted once per parent (at most MAX_CHILDREN each), MAX_ITEMS_PER_LISTING items.
 */

const MAX_LINKS = 5000;
const MAX_CHILDREN = 1000;
const BLOCK_DEPTH = 6;
const CHROME_DEPTH = 14;
const MIN_REPEAT = 3;

const CHROME_TAGS = new Set(["nav", "header", "footer", "aside", "form", "select", "button"]);
// Whole class / id tokens (split on spaces, "-" and "_") that mark page chrome.
const CHROME_TOKENS = new Set([
  "nav", "navbar", "navigation", "menu", "menubar", "submenu", "sidebar", "aside", "footer", "header", "topbar", "breadcrumb", "breadcrumbs",
  "pagination", "pager", "pagenav", "pages", "paging", "tags", "tag", "tagcloud", "categories", "category", "cats", "rail", "widget", "related",
  "popular", "trending", "mbcategories", "mbspecials", "network", "links",
]);
const PAGER_TOKENS = new Set(["pagination", "pager", "pagenav", "pages", "paging", "navigationbar", "pg"]);

type El = Element;
const isTag = (n: AnyNode | null | undefined): n is El => !!n && (n.type === "tag" || n.type === "script" || n.type === "style");
const isText = (n: AnyNode): n is Text => n.type === "text";
const parentEl = (n: AnyNode): El | null => (isTag(n.parent) ? n.parent : null);

const MEDIA = new Set(["img", "picture", "video"]);

/** A thumbnail drawn as a (lazy) CSS background: style="background-image: url(…)", data-bg. */
const isBackdrop = (n: El) => n.attribs["data-bg"] !== undefined || n.attribs["data-background"] !== undefined || /url\(/i.test((n.attribs.style ?? "").slice(0, 500));

/** Whether an element holds an image, a video or a background thumbnail, looking at most at `limit` descendants. */
function hasMedia(el: El, limit = 200): boolean {
  const stack: AnyNode[] = [...el.children];
  for (let seen = 0; stack.length > 0 && seen < limit; seen++) {
    const n = stack.pop()!;
    if (!isTag(n)) continue;
    if (MEDIA.has(n.name) || isBackdrop(n)) return true;
    for (const c of n.children) stack.push(c);
  }
  return false;
}

/** An element's text, trimmed, reading at most `limit` characters of it. */
function shortText(el: El, limit = 200): string {
  let out = "";
  const stack: AnyNode[] = [...el.children].reverse();
  while (stack.length > 0 && out.length < limit) {
    const n = stack.pop()!;
    if (isText(n)) out += n.data;
    else if (isTag(n) && n.type === "tag") for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out.slice(0, limit).trim();
}

function tokens(el: El): string[] {
  const raw = `${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`.slice(0, 300).toLowerCase();
  return raw.split(/[\s_-]+/).filter(Boolean);
}

/** An element's tag and first class: the base class a script gives every block ("item" of "item private", "thumb" of "thumb hd"). */
function signature(el: El): string {
  const cls = /^\s*([^\s]{1,60})/.exec((el.attribs.class ?? "").slice(0, 200))?.[1];
  return cls ? `${el.name}.${cls}` : el.name;
}

/** A URL's shape: the first path segment as written, the others as {n} (number) or {s} (word), then the query's keys. */
function shapeOf(u: URL): string {
  // index.php?/category/4 (Piwigo, Invision without rewriting): the query is a path.
  const queryPath = u.search.startsWith("?/") ? u.search.slice(1).split("&")[0]! : "";
  const segs = `${u.pathname}${queryPath}`.split("/").filter(Boolean).slice(0, 12);
  const path = segs.map((s, i) => (i === 0 && !/\d/.test(s) ? s.toLowerCase() : /^\d{1,20}$/.test(s) ? "{n}" : "{s}")).join("/");
  const keys = queryPath ? [] : [...u.searchParams.keys()].slice(0, 10).sort();
  return `${path}${u.pathname.endsWith("/") ? "/" : ""}?${keys.join("&")}`;
}

/** Whether a URL names one thing: a number of 3+ digits, or a token of 6+ letters and digits mixed. */
function idLike(u: URL): boolean {
  const s = `${u.pathname}${u.search}`.slice(0, 500);
  return /\d{3}/.test(s) || s.split(/[^A-Za-z0-9]+/).some((t) => t.length >= 6 && t.length <= 64 && /\d/.test(t) && /[A-Za-z]/.test(t));
}

type Group = { urls: Map<string, { url: URL; blocks: El[]; links: El[] }>; thumbs: number; blocks: Set<El>; chrome: boolean; ids: number; paired: boolean };

export function structuralListing(input: ListingInput, config: CrawlAdapterConfig, kit: CrawlKit): ListingPage {
  const $ = cheerio.load(input.body);
  const base = kit.baseOf($, input.url);
  const here = new URL(input.url);
  here.hash = "";
  const root = `${here.origin}/`;

  // Children signatures counted once per parent.
  const counts = new Map<El, Map<string, number>>();
  /** How many siblings (itself included) share an element's signature. */
  const siblingsLike = (el: El): number => {
    const parent = parentEl(el);
    if (!parent) return 0;
    let m = counts.get(parent);
    if (!m) {
      m = new Map();
      let seen = 0;
      for (const c of parent.children) {
        if (!isTag(c)) continue;
        if (++seen > MAX_CHILDREN) break;
        const s = signature(c);
        m.set(s, (m.get(s) ?? 0) + 1);
      }
      counts.set(parent, m);
    }
    return m.get(signature(el)) ?? 0;
  };
  const mediaCache = new Map<El, boolean>();
  const holdsMedia = (el: El): boolean => {
    let v = mediaCache.get(el);
    if (v === undefined) mediaCache.set(el, (v = hasMedia(el) || isBackdrop(el)));
    return v;
  };
  const chromeCache = new Map<El, boolean>();
  const inChrome = (el: El): boolean => {
    const path: El[] = [];
    let n: El | null = el;
    let found = false;
    for (let d = 0; n && d < CHROME_DEPTH; d++, n = parentEl(n)) {
      const cached = chromeCache.get(n);
      if (cached !== undefined) {
        found = cached;
        break;
      }
      path.push(n);
      if (CHROME_TAGS.has(n.name) || tokens(n).some((t) => CHROME_TOKENS.has(t))) {
        found = true;
        break;
      }
    }
    for (const p of path) chromeCache.set(p, found);
    return found;
  };
  const inPager = (el: El): boolean => {
    let n: El | null = el;
    for (let d = 0; n && d < 5; d++, n = parentEl(n)) if (tokens(n).some((t) => PAGER_TOKENS.has(t))) return true;
    return false;
  };

  const groups = new Map<string, Group>();
  for (const a of $("body a[href]").toArray().slice(0, MAX_LINKS)) {
    const href = a.attribs.href;
    if (!href || href.length > MAX_URL_LENGTH || href.trim().startsWith("#")) continue;
    const url = kit.onSiteUrl(href, base, config.domains);
    if (!url || url.href === here.href || url.href === root) continue;
    const hasImg = hasMedia(a);
    const text = shortText(a, 40);
    // Page numbers are pagination, not items.
    if (!hasImg && /^\d{1,6}$/.test(text)) continue;
    if (inPager(a)) continue;
    // The block: the nearest ancestor (or the link) repeated among its siblings; else the nearest pair of
    // thumbnail blocks (the last page of a listing may hold only two).
    let block: El | null = null;
    let pair: El | null = null;
    let n: El | null = a;
    for (let d = 0; n && d < BLOCK_DEPTH; d++, n = parentEl(n)) {
      if (n.name === "body" || n.name === "html") break;
      const like = siblingsLike(n);
      if (like >= MIN_REPEAT) {
        block = n;
        break;
      }
      if (!pair && like === 2 && holdsMedia(n)) pair = n;
    }
    const paired = !block && !!pair;
    block ??= pair;
    if (!block) continue;
    const p = parentEl(block);
    const gp = p ? parentEl(p) : null;
    const key = `${paired ? "pair " : ""}${shapeOf(url)} ${signature(block)} < ${p ? signature(p) : ""} < ${gp ? signature(gp) : ""}`;
    let g = groups.get(key);
    if (!g) {
      g = { urls: new Map(), thumbs: 0, blocks: new Set(), chrome: inChrome(block), ids: 0, paired };
      groups.set(key, g);
    }
    let entry = g.urls.get(url.href);
    if (!entry) {
      entry = { url, blocks: [], links: [] };
      g.urls.set(url.href, entry);
      if (idLike(url)) g.ids++;
    }
    entry.links.push(a);
    if (!entry.blocks.includes(block)) entry.blocks.push(block);
    if (!g.blocks.has(block)) {
      g.blocks.add(block);
      if (hasMedia(block) || isBackdrop(block)) g.thumbs++;
    }
  }

  let best: { g: Group; score: number } | null = null;
  let bestPair: Group | null = null;
  for (const g of groups.values()) {
    const distinct = g.urls.size;
    if (distinct < MIN_REPEAT - 1) continue;
    // A pair of thumbnail blocks: two items, one page each, outside the page's chrome.
    if (g.paired) {
      if (distinct === 2 && g.blocks.size === 2 && !g.chrome && g.thumbs === 2) bestPair ??= g;
      continue;
    }
    const thumbs = g.thumbs / Math.max(1, g.blocks.size) >= 0.5 ? 3 : 1;
    const ids = g.ids / distinct >= 0.5 ? 1.5 : 1;
    const score = distinct * thumbs * ids * (g.chrome ? 0.2 : 1);
    if (!best || score > best.score) best = { g, score };
  }
  // The pair is the listing only where nothing but chrome repeats more.
  if (bestPair && (!best || best.g.chrome)) best = { g: bestPair, score: 0 };
  const items: CrawlItem[] = [];
  if (best && best.g.urls.size >= MIN_REPEAT - 1) {
    for (const { url, blocks, links } of best.g.urls.values()) {
      if (items.length >= MAX_ITEMS_PER_LISTING) break;
      const block = $(blocks[0]!);
      items.push({ key: url.href, url: url.href, fetchUrl: null, title: titleOf($, block, links), time: kit.timeIn($, block, config.selectors.time ?? "time[datetime], [data-timestamp]") });
    }
  }
  return { items, next: structuralNext($, input, config, kit) };
}

/** An item's title: its link's title, a heading or title/name element in its block, its longest link text, an image's alt. */
function titleOf($: cheerio.CheerioAPI, block: ReturnType<cheerio.CheerioAPI>, links: El[]): string {
  for (const a of links) {
    const t = clip(a.attribs.title ?? "");
    if (t) return t;
  }
  for (const sel of ["h1, h2, h3, h4, h5, h6", "[class*='title' i]", "[class*='name' i]"]) {
    const t = clip(block.find(sel).first().text());
    if (t && !/^\d{1,6}$/.test(t)) return t;
  }
  let longest = "";
  for (const a of links) {
    const t = clip($(a).text());
    if (t.length > longest.length) longest = t;
  }
  if (longest) return longest;
  return clip(block.find("img[alt]").first().attr("alt") ?? "");
}

const NEXT_WORDS = /^(?:next(?:\s+page)?|older(?:\s+(?:posts|entries|videos))?|more|weiter|suivant|siguiente)\s*[›»→>]{0,2}$/i;
const NEXT_ARROWS = /^(?:›|→|>|⟩|❯)$/;
const LAST_ARROWS = /^(?:»|>>|⟫|»»)$/;

/** The next listing page by the page's structure (see the module comment), or null. */
export function structuralNext($: cheerio.CheerioAPI, input: ListingInput, config: CrawlAdapterConfig, kit: CrawlKit): string | null {
  const base = kit.baseOf($, input.url);
  const here = new URL(input.url);
  here.hash = "";
  const ok = (href: string | undefined): string | null => {
    const u = kit.onSiteUrl(href, base, config.domains);
    return u && u.href !== here.href ? u.href : null;
  };
  for (const el of $("link[rel], a[rel]").toArray().slice(0, 500)) {
    if ((el.attribs.rel ?? "").toLowerCase().split(/\s+/).includes("next")) {
      const u = ok(el.attribs.href);
      if (u) return u;
    }
  }
  const anchors = $("body a[href]").toArray().slice(0, MAX_LINKS);
  let byWord: string | null = null;
  let byArrow: string | null = null;
  let byLast: string | null = null;
  const numbered: { n: number; href: string; el: El }[] = [];
  for (const a of anchors) {
    const text = shortText(a, 40).replace(/\s+/g, " ");
    const label = `${a.attribs["aria-label"] ?? ""} ${a.attribs.title ?? ""}`.trim().slice(0, 60);
    const parent = parentEl(a);
    const classSaysNext = [a, parent].some((e) => e && tokens(e).includes("next"));
    if (!byWord && (NEXT_WORDS.test(text) || /^next(?: page)?$/i.test(label) || classSaysNext)) byWord = ok(a.attribs.href);
    else if (!byArrow && NEXT_ARROWS.test(text)) byArrow = ok(a.attribs.href);
    else if (!byLast && LAST_ARROWS.test(text)) byLast = ok(a.attribs.href);
    if (/^\d{1,5}$/.test(text) && numbered.length < 500) {
      const href = ok(a.attribs.href);
      if (href) numbered.push({ n: Number(text), href, el: a });
    }
  }
  if (byWord) return byWord;
  if (byArrow) return byArrow;
  // A row of page numbers: the current one is a number that is not a link (or a link marked current); the next is its + 1.
  const byNumber = nextNumber($, numbered);
  if (byNumber) return byNumber;
  return byLast ?? loadMoreNext($, base, here.href, config, kit);
}

const LOAD_MORE_WORDS = /^(?:load|show|view|see)\s+more\b|^more\s+(?:videos|photos|pics|galleries|posts|items|results|clips)\b|^mehr\s+(?:laden|anzeigen)\b|^(?:charger|voir)\s+plus\b|^(?:cargar|ver)\s+más\b/i;
const LOAD_MORE_CLASS = /(?:load|show|view)[-_]?more|more[-_]?(?:btn|button|items|videos|posts)/i;
/** Where "load more" controls keep the address of the items that follow (a JSON API or an HTML fragment). */
const LOAD_MORE_ATTRS = ["data-url", "data-href", "data-next", "data-next-url", "data-next-page-url", "data-load-url", "data-endpoint", "data-action-url", "data-more-url"];

/**
 * A "load more" control that fetches the next items itself: an element labelled or classed "load more"
 * (a button or link, whatever its tag) whose data attribute holds an on-site address. That address is the
 * next page; jsonListing reads its answer.
 */
export function loadMoreNext($: cheerio.CheerioAPI, base: string, here: string, config: CrawlAdapterConfig, kit: CrawlKit): string | null {
  const selector = LOAD_MORE_ATTRS.map((a) => `[${a}]`).join(", ");
  for (const el of $(selector).toArray().slice(0, 200)) {
    if (!isTag(el)) continue;
    const label = `${shortText(el, 60)} ${el.attribs["aria-label"] ?? ""} ${el.attribs.title ?? ""}`.replace(/\s+/g, " ").trim().slice(0, 120);
    const marked = LOAD_MORE_CLASS.test(`${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`.slice(0, 300)) || LOAD_MORE_WORDS.test(label);
    if (!marked) continue;
    for (const attr of LOAD_MORE_ATTRS) {
      const u = kit.onSiteUrl(el.attribs[attr], base, config.domains);
      if (u && u.href !== here) return u.href;
    }
  }
  return null;
}

const URL_KEYS = ["url", "link", "href", "permalink", "page_url", "pageUrl", "video_url", "videoUrl", "view_url", "gallery_url", "share_url"];
const TITLE_KEYS = ["title", "name", "caption", "headline", "label"];
const TIME_KEYS = ["published_at", "publishedAt", "created_at", "createdAt", "updated_at", "updatedAt", "date", "added", "added_at", "post_date", "timestamp", "time"];
const NEXT_KEYS = ["next_page_url", "nextPageUrl", "next_url", "nextUrl", "next_page", "nextPage", "next", "load_more_url", "more_url"];
const MORE_FLAGS = ["has_more", "hasMore", "has_next", "hasNext", "more", "more_available"];
const NESTED_NEXT = ["links", "pagination", "meta", "paging", "pager"];
const PAGE_PARAMS = ["page", "p", "pg", "paged"];
const MAX_JSON_NODES = 20_000;

const obj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A listing's "load more" answer read as JSON, of whichever of the common shapes it is: a list of objects
 * that carry their page's address (Laravel's paginator: { data: [...], next_page_url }; { items | videos |
 * results: [...] }; a bare array), or an HTML fragment of more item blocks ({ html }, WordPress's
 * wp_send_json_success { success, data: { html } }), read by its structure. The next page: a next address
 * (next_page_url, next, links.next, pagination.next …), a next page number, or, when the answer says there
 * is more (has_more) or gave items on a numbered page, the page number after this one; an empty page ends.
 *
 * Bounded: at most MAX_JSON_NODES values are visited, three levels down.
 */
export function jsonListing(input: ListingInput, config: CrawlAdapterConfig, kit: CrawlKit): ListingPage | null {
  let data: unknown;
  try {
    data = JSON.parse(input.body);
  } catch {
    return null;
  }
  const here = new URL(input.url);
  here.hash = "";
  // Candidates, breadth first: arrays of objects and strings of markup.
  const arrays: unknown[][] = [];
  const fragments: string[] = [];
  let visited = 0;
  let level: unknown[] = [data];
  for (let depth = 0; depth < 4 && level.length > 0 && visited < MAX_JSON_NODES; depth++) {
    const next: unknown[] = [];
    for (const v of level) {
      if (++visited > MAX_JSON_NODES) break;
      if (Array.isArray(v)) {
        if (v.some(obj)) arrays.push(v);
        else if (depth < 3) next.push(...v.slice(0, 50));
      } else if (obj(v)) {
        for (const child of Object.values(v).slice(0, 200)) next.push(child);
      } else if (typeof v === "string" && v.length > 20 && /^\s*</.test(v)) fragments.push(v);
    }
    level = next;
  }

  let best: CrawlItem[] = [];
  for (const arr of arrays.slice(0, 20)) {
    const items: CrawlItem[] = [];
    const seen = new Set<string>();
    for (const o of arr.slice(0, MAX_ITEMS_PER_LISTING * 2)) {
      if (items.length >= MAX_ITEMS_PER_LISTING || !obj(o)) continue;
      const href = URL_KEYS.map((k) => o[k]).find((v): v is string => typeof v === "string");
      const u = kit.onSiteUrl(href, input.url, config.domains);
      if (!u || u.href === here.href || seen.has(u.href) || (config.itemPattern && !config.itemPattern.test(u.href))) continue;
      seen.add(u.href);
      const title = TITLE_KEYS.map((k) => o[k]).find((v): v is string => typeof v === "string") ?? "";
      const raw = TIME_KEYS.map((k) => o[k]).find((v) => typeof v === "string" || typeof v === "number") as string | number | undefined;
      items.push({ key: u.href, url: u.href, fetchUrl: null, title: clip(cheerio.load(title.slice(0, 1000)).text()), time: kit.parseListingTime(raw ?? null) });
    }
    if (items.length > best.length) best = items;
  }
  for (const frag of fragments.slice(0, 5)) {
    const page = structuralListing({ ...input, body: `<html><body>${frag.slice(0, 2_000_000)}</body></html>`, contentType: "text/html" }, config, kit);
    if (page.items.length > best.length) best = page.items;
  }

  return { items: best, next: best.length > 0 ? jsonNext(data, input, config, kit, here) : null };
}

function jsonNext(data: unknown, input: ListingInput, config: CrawlAdapterConfig, kit: CrawlKit, here: URL): string | null {
  const holders: Record<string, unknown>[] = [];
  if (obj(data)) {
    holders.push(data);
    for (const k of NESTED_NEXT) if (obj(data[k])) holders.push(data[k]);
    if (obj(data.data)) holders.push(data.data);
  }
  const pageNumber = (n: number) => {
    const u = new URL(here.href);
    const param = PAGE_PARAMS.find((p) => u.searchParams.has(p)) ?? "page";
    u.searchParams.set(param, String(n));
    return u.href;
  };
  let more = false;
  for (const h of holders) {
    for (const k of NEXT_KEYS) {
      const v = h[k];
      if (typeof v === "string" && v !== "") {
        const u = kit.onSiteUrl(v, input.url, config.domains);
        if (u && u.href !== here.href) return u.href;
      } else if (typeof v === "number" && Number.isSafeInteger(v) && v > 0 && v < 100_000) return pageNumber(v);
    }
    if (MORE_FLAGS.some((k) => h[k] === true)) more = true;
    if (MORE_FLAGS.some((k) => h[k] === false) || ("next_page_url" in h && h.next_page_url === null)) return null;
  }
  const param = PAGE_PARAMS.find((p) => here.searchParams.has(p));
  const current = param ? Number(here.searchParams.get(param)) : NaN;
  if (Number.isSafeInteger(current) && current >= 0 && current < 100_000) return pageNumber(current + 1);
  return more ? pageNumber(2) : null;
}

function nextNumber($: cheerio.CheerioAPI, numbered: { n: number; href: string; el: El }[]): string | null {
  const tried = new Set<El>();
  for (const { el } of numbered) {
    let container: El | null = parentEl(el);
    for (let d = 0; container && d < 3; d++, container = parentEl(container)) {
      if (tried.has(container)) continue;
      tried.add(container);
      const inside = numbered.filter((x) => $.contains(container!, x.el));
      if (inside.length === 0) continue;
      let current: number | null = null;
      $(container)
        .find("*")
        .slice(0, 400)
        .each((_, e) => {
          if (current !== null || !isTag(e)) return;
          const isLink = e.name === "a" && e.attribs.href !== undefined;
          const marked = e.attribs["aria-current"] !== undefined || tokens(e).some((t) => t === "current" || t === "active" || t === "selected" || t === "cur");
          if (isLink && !marked) return;
          // Only an element holding just its number (not a wrapper of several).
          const own = $(e).text().trim();
          if (!/^\d{1,5}$/.test(own) || $(e).find("a[href]").length > 0) return;
          current = Number(own);
        });
      if (current === null) continue;
      const want: number = current + 1;
      const hit = inside.find((x) => x.n === want);
      if (hit) return hit.href;
    }
  }
  return null;
}

/** Kernel Video Sharing (its ajax blocks, screenshots folder, player), Chevereto and Piwigo (their generators): newest-first pages. */
export function detectListingScripts(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const origin = new URL(ctx.url).origin;
  const kvs =
    $("[data-action='ajax'][data-block-id]").length > 0 ||
    $("img[data-original*='/videos_screenshots/'], img[src*='/videos_screenshots/']").length > 0 ||
    $("script[src*='kt_player']").length > 0 ||
    /Kernel Video Sharing/.test($("body").text().slice(-5000));
  if (kvs) return { family: "listing", evidence: "Kernel Video Sharing's markup", entryPages: [`${origin}/latest-updates/`] };
  // Chevereto (its generator meta, or the Peafowl theme's chevereto-js script): newest uploads at /explore/recent.
  if (/^Chevereto\b/i.test(ctx.generator) || $("script#chevereto-js[src]").length > 0) {
    const explore = $("a[href]")
      .toArray()
      .slice(0, 500)
      .map((el) => ctx.safeUrl(el.attribs.href, ctx.base))
      .find((u): u is URL => !!u && /\/explore\/recent\/?$/.test(u.pathname));
    return { family: "listing", evidence: ctx.generator ? `meta generator ${ctx.generator}` : "Chevereto's script (chevereto-js)", entryPages: [explore ? `${explore.origin}${explore.pathname.replace(/\/$/, "")}` : `${origin}/explore/recent`] };
  }
  if (/^Piwigo\b/i.test(ctx.generator)) {
    const home = ctx.safeUrl($('link[rel="start"]').first().attr("href"), ctx.base);
    const folder = home ? folderOf(home) : `${origin}/`;
    return { family: "listing", evidence: `meta generator ${ctx.generator}`, entryPages: [`${folder}index.php?/recent_pics`] };
  }
  return null;
}
