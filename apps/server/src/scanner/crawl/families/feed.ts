import * as cheerio from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlItem, type ListingInput, type ListingPage } from "../crawl-types";
import { clip, int, isFeed, MAX_URL_LENGTH, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Blogs read by their feed alone (Blogger / Blogspot, Ghost, Tumblr, Hugo and Jekyll sites, Write.as,
 * custom CMSs): RSS 2.0, Atom 1.0 and RSS 1.0 (RDF), found from the rel=alternate feed links of the
 * site's home page (the site-wide posts feed, not a comments, tag or author feed).
 *
 * - Items: each item / entry, keyed by its guid (RSS) or id (Atom) and its last change (Atom updated, else
 *   published, RSS pubDate, dc:date); its page the entry's alternate link (RSS link, a permalink guid, RDF rdf:about).
 * - Paging: the feed's own next link (RFC 5005: Atom <link rel="next">, RSS <atom:link rel="next">); Blogger's
 *   start-index / max-results from its OpenSearch counts (its own next link points at www.blogger.com, another
 *   host); a WordPress feed (its generator says) by ?paged=N as the wordpress family does; nothing guessed
 *   otherwise: a feed without any of these is its first page only.
 * - Content: when the feed carries the whole post (content:encoded, Atom <content> that is not a link,
 *   Tumblr's and Blogger's RSS description), the item carries its page (the post, its labels, its media:content,
 *   media:thumbnail and image enclosures) and is not fetched again; otherwise its page is fetched.
 *   Blogger's 72-pixel thumbnails are asked at full size (its image URLs name their size).
 *
 * Only cheerio's XML mode, URL parsing and anchored patterns on bounded strings touch the feed.
 */

/** A carried page larger than this is not kept with its item: its page is fetched instead. */
export const MAX_CARRIED_PAGE = 256 * 1024;
/** At most this much carried page text a feed page: the items past it are fetched. */
const MAX_CARRIED_PER_LISTING = 4 * 1024 * 1024;
const MAX_MEDIA = 20;
const MAX_LABELS = 50;

const FEED_TYPES = new Set(["application/rss+xml", "application/atom+xml", "application/rdf+xml"]);

/** A Blogger image size: s72-c, w480-h640, s72-w480-c-h640, s1600-rw. */
const BLOGGER_SIZE = /^[swh]\d{1,5}(?:-[a-z]{0,4}\d{0,5}){0,6}$/;

type El = Element;
const isEl = (n: AnyNode): n is El => n.type === "tag";

/** Children of an element with one of these (prefixed) names, in order; at most its first 400 children looked at. */
function kids(el: El, names: readonly string[]): El[] {
  const out: El[] = [];
  for (const c of el.children.slice(0, 400)) if (isEl(c) && names.includes(c.name)) out.push(c);
  return out;
}

const ATOM_LINK = ["link", "atom:link", "atom10:link"];

/** The text of an element's first child of one of these names ("" when none). */
function childText($: cheerio.CheerioAPI, el: El, names: readonly string[]): string {
  const c = kids(el, names)[0];
  return c ? $(c).text() : "";
}

/** The text of an HTML fragment, for titles that carry markup or entities once more. */
function plain(s: string): string {
  const t = s.slice(0, 2000);
  return /[&<]/.test(t) ? cheerio.load(t).text() : t;
}

/** An absolute http(s) image address, on any host (blogs keep their photos on CDNs). */
function imageUrl(raw: string | undefined, base: string): string | null {
  if (!raw || raw.length > MAX_URL_LENGTH) return null;
  let u: URL;
  try {
    u = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  // Blogger names an image's size in its path (/s72-c/, /w640-h480/) or after "=" (…=s72-c): asked at full size.
  if (/(?:^|\.)(?:googleusercontent\.com|bp\.blogspot\.com)$/i.test(u.hostname)) {
    const parts = u.pathname.split("/");
    if (parts.length >= 3 && BLOGGER_SIZE.test(parts[parts.length - 2]!)) parts[parts.length - 2] = "s1600";
    const last = parts[parts.length - 1]!;
    const eq = last.lastIndexOf("=");
    if (eq >= 0 && BLOGGER_SIZE.test(last.slice(eq + 1))) parts[parts.length - 1] = `${last.slice(0, eq)}=s1600`;
    u.pathname = parts.join("/");
  }
  return u.href;
}

function timeOf($: cheerio.CheerioAPI, e: El, kit: CrawlKit): number | null {
  for (const names of [["updated", "atom:updated"], ["published"], ["pubDate"], ["dc:date"]]) {
    const el = kids(e, names)[0];
    const t = el ? kit.parseListingTime($(el).text()) : null;
    if (t !== null) return t;
  }
  return null;
}

/** The entry's page: Atom's alternate link, RSS's link, a permalink guid, RDF's rdf:about. */
function linkOf($: cheerio.CheerioAPI, e: El): string | undefined {
  let plainHref: string | undefined;
  for (const l of kids(e, ATOM_LINK)) {
    const href = l.attribs.href;
    const rel = (l.attribs.rel ?? "").toLowerCase();
    if (href === undefined) {
      const text = $(l).text().trim();
      if (text && l.name === "link") return text;
      continue;
    }
    if (rel === "alternate" && !/xml|json/i.test(l.attribs.type ?? "")) return href;
    if (rel === "" && plainHref === undefined) plainHref = href;
  }
  if (plainHref) return plainHref;
  const guid = kids(e, ["guid"])[0];
  if (guid && (guid.attribs.isPermaLink ?? "true").toLowerCase() !== "false") return $(guid).text().trim();
  return e.attribs["rdf:about"];
}

/** The whole post when the entry carries it (HTML), else null. */
function contentOf($: cheerio.CheerioAPI, e: El, wholeDescription: boolean, escapeAttr: CrawlKit["escapeHtml"]): string | null {
  const encoded = kids(e, ["content:encoded"])[0];
  if (encoded) {
    const html = $(encoded).text();
    if (html.trim()) return html;
  }
  const atom = kids(e, ["content", "atom:content"])[0];
  if (atom && atom.attribs.src === undefined) {
    const type = (atom.attribs.type ?? "text").toLowerCase();
    if (type === "xhtml") {
      const div = kids(atom, ["div", "xhtml:div"])[0];
      const html = div ? $(div).html() : $(atom).html();
      if (html?.trim()) return html;
    } else if (type === "html" || type === "text/html") {
      const html = $(atom).text();
      if (html.trim()) return html;
    } else if (type === "text" || type === "text/plain") {
      const text = $(atom).text();
      if (text.trim()) return `<p>${escapeAttr(text)}</p>`;
    }
  }
  // Tumblr and Blogger write the whole post into the description; other packages an excerpt (fetched instead).
  if (wholeDescription) {
    const d = kids(e, ["description"])[0];
    const html = d ? $(d).text() : "";
    if (html.trim()) return html;
  }
  return null;
}

/** The entry's images the feed names beside its content: media:content and media:thumbnail (in media:group too), image enclosures. */
function mediaOf(e: El, base: string): string[] {
  const out: string[] = [];
  const add = (raw: string | undefined) => {
    const u = imageUrl(raw, base);
    if (u && !out.includes(u) && out.length < MAX_MEDIA) out.push(u);
  };
  const scan = (el: El) => {
    for (const m of kids(el, ["media:content"])) {
      const medium = (m.attribs.medium ?? "").toLowerCase();
      const type = (m.attribs.type ?? "").toLowerCase();
      if (medium === "image" || type.startsWith("image/") || (!medium && !type)) add(m.attribs.url);
      for (const t of kids(m, ["media:thumbnail"])) add(t.attribs.url);
    }
    for (const t of kids(el, ["media:thumbnail"])) add(t.attribs.url);
  };
  scan(e);
  for (const g of kids(e, ["media:group"])) scan(g);
  for (const enc of kids(e, ["enclosure"])) if ((enc.attribs.type ?? "").toLowerCase().startsWith("image/")) add(enc.attribs.url);
  for (const l of kids(e, ATOM_LINK)) if ((l.attribs.rel ?? "").toLowerCase() === "enclosure" && (l.attribs.type ?? "").toLowerCase().startsWith("image/")) add(l.attribs.href);
  return out;
}

/** The entry's labels (RSS category text, Atom category term): leak blogs label a post with her name. */
function labelsOf($: cheerio.CheerioAPI, e: El): string[] {
  const out: string[] = [];
  for (const c of kids(e, ["category", "dc:subject"]).slice(0, MAX_LABELS)) {
    const label = clip(c.attribs.term ?? $(c).text(), 200);
    if (label && !out.includes(label)) out.push(label);
  }
  return out;
}

function carriedPage(title: string, content: string, labels: string[], media: string[], escapeAttr: CrawlKit["escapeHtml"]): string | null {
  const tags = labels.length > 0 ? `<p class="labels">${labels.map((l) => `<span class="label">${escapeAttr(l)}</span>`).join(", ")}</p>` : "";
  const imgs = media.map((m) => `<img src="${escapeAttr(m)}" alt="">`).join("");
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeAttr(title)}</title></head><body><article><h1>${escapeAttr(title)}</h1>${tags}<div class="post-body">${content}</div>${imgs}</article></body></html>`;
  return page.length <= MAX_CARRIED_PAGE ? page : null;
}

/** The feed's root element: <rss>'s channel, Atom's <feed>, RSS 1.0's <rdf:RDF> (whose items sit beside its channel). */
function rootsOf($: cheerio.CheerioAPI): { channel: El | null; entries: El[] } {
  const top = $.root().children().toArray().filter(isEl);
  const root = top.find((n) => n.name === "rss" || n.name === "feed" || n.name === "rdf:RDF");
  if (!root) return { channel: null, entries: [] };
  if (root.name === "feed") return { channel: root, entries: kids(root, ["entry"]) };
  const channel = kids(root, ["channel"])[0] ?? null;
  // RSS 2.0: items in the channel; RSS 1.0: beside it.
  const entries = root.name === "rss" ? (channel ? kids(channel, ["item"]) : []) : kids(root, ["item"]);
  return { channel, entries };
}

/** RFC 5005's next page, on the site; else Blogger's next start-index, from its OpenSearch counts or its own next link. */
function nextOf($: cheerio.CheerioAPI, channel: El, input: ListingInput, config: CrawlAdapterConfig, kit: CrawlKit, count: number): string | null {
  let offSite: URL | null = null;
  for (const l of kids(channel, ATOM_LINK)) {
    if ((l.attribs.rel ?? "").toLowerCase() !== "next") continue;
    const u = kit.onSiteUrl(l.attribs.href, input.url, config.domains);
    if (u && u.href !== input.url) return u.href;
    try {
      offSite ??= new URL(l.attribs.href ?? "", input.url);
    } catch {
      // an unusable link tells nothing
    }
  }
  const here = new URL(input.url);
  // A WordPress feed found by its link alone (a site that hides its generator meta and REST link) pages as WordPress's do.
  if (/^https?:\/\/wordpress\.org\//i.test(childText($, channel, ["generator"]).trim().slice(0, 200))) {
    here.searchParams.set("paged", String((int(here.searchParams.get("paged")) ?? 1) + 1));
    return here.href;
  }
  if (!/\/feeds\/(?:\d{1,25}\/)?posts\/(?:default|summary)(?:\/-\/[^/]{1,200})?\/?$/.test(here.pathname)) return null;
  const total = int(childText($, channel, ["openSearch:totalResults"]).trim());
  const start = int(childText($, channel, ["openSearch:startIndex"]).trim());
  const perPage = int(childText($, channel, ["openSearch:itemsPerPage"]).trim());
  let nextStart: number | null = null;
  let max = perPage;
  if (total !== null && start !== null && count > 0) {
    const n = start + (perPage ?? count);
    if (n <= total) nextStart = n;
  } else if (offSite) {
    nextStart = int(offSite.searchParams.get("start-index"));
    max = int(offSite.searchParams.get("max-results")) ?? max;
  }
  if (nextStart === null || nextStart > 1_000_000) return null;
  here.searchParams.set("start-index", String(nextStart));
  if (max !== null && max > 0) here.searchParams.set("max-results", String(Math.min(max, 500)));
  return here.href;
}

export function parseFeed(input: ListingInput, config: CrawlAdapterConfig, kit: CrawlKit): ListingPage {
  if (!isFeed(input)) return { items: [], next: null };
  const $ = cheerio.load(input.body, { xml: true });
  const { channel, entries } = rootsOf($);
  if (!channel) return { items: [], next: null };
  const generator = childText($, channel, ["generator"]).trim().slice(0, 100);
  // Tumblr, and Blogger's RSS (?alt=rss), write the whole post into the description.
  const wholeDescription = /^(?:Tumblr|Blogger)\b/i.test(generator);
  const items: CrawlItem[] = [];
  const seen = new Set<string>();
  let carried = 0;
  for (const e of entries) {
    if (items.length >= MAX_ITEMS_PER_LISTING) break;
    const url = kit.onSiteUrl(linkOf($, e), input.url, config.domains);
    if (!url || (config.itemPattern && !config.itemPattern.test(url.href))) continue;
    const time = timeOf($, e, kit);
    const idEl = kids(e, ["guid", "id"])[0];
    const id = (idEl ? $(idEl).text().trim().slice(0, 300) : "") || url.href;
    const key = versionKey(id, time);
    if (seen.has(key)) continue;
    seen.add(key);
    const titleEl = kids(e, ["title", "dc:title"])[0];
    const title = clip(titleEl ? plain($(titleEl).text()) : "");
    const content = contentOf($, e, wholeDescription, kit.escapeHtml);
    let page = content === null ? null : carriedPage(title, content, labelsOf($, e), mediaOf(e, url.href), kit.escapeHtml);
    if (page && carried + page.length > MAX_CARRIED_PER_LISTING) page = null;
    carried += page?.length ?? 0;
    items.push({ key, url: url.href, fetchUrl: null, title, time, ...(page ? { page } : {}) });
  }
  return { items, next: items.length > 0 ? nextOf($, channel, input, config, kit, entries.length) : null };
}

export function feedAdapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "feed",
    // A feed is found from the home page (detectFeed); a catalog entry naming the family alone reads /feed.
    defaultEntryPages: (c) => [`${c.baseUrl}/feed`],
    parseListing: (input, config) => parseFeed(input, config, kit),
    itemPage: () => null,
  };
}

/** Feeds that are not the site's posts: comments, and a tag's, label's, category's, author's or search's. */
const COMMENTS = /(?:^|[/._-])comments?(?:$|[/._-])/i;
const NARROW = /\/(?:tags?|category|categories|label|labels|author|authors|search|-)\//i;

/**
 * A home page's posts feed, from its rel=alternate feed links (RSS, Atom, RDF), on the site: the first that
 * is not a comments feed, one that is not a tag's or author's before one that is.
 */
export function detectFeed(ctx: DetectContext): FamilyFinding | null {
  let best: { url: URL; type: string; narrow: boolean } | null = null;
  for (const el of ctx.$("link[href]").toArray().slice(0, 200)) {
    const rel = (el.attribs.rel ?? "").toLowerCase().split(/\s+/);
    const type = (el.attribs.type ?? "").toLowerCase().trim();
    if (!rel.includes("alternate") || !FEED_TYPES.has(type)) continue;
    const u = ctx.safeUrl(el.attribs.href, ctx.base);
    if (!u) continue;
    const title = (el.attribs.title ?? "").slice(0, 200);
    if (COMMENTS.test(u.pathname) || /\bcomments?\b/i.test(title) || /^comments?$/i.test(u.searchParams.get("feed") ?? "")) continue;
    const narrow = NARROW.test(u.pathname);
    if (!best || (best.narrow && !narrow)) best = { url: u, type, narrow };
    if (!narrow) break;
  }
  if (!best) return null;
  const kind = best.type === "application/atom+xml" ? "Atom" : best.type === "application/rdf+xml" ? "RSS 1.0" : "RSS";
  const by = ctx.generator ? ` (meta generator ${ctx.generator})` : "";
  return { family: "feed", evidence: `the page's ${kind} feed link${by}`, entryPages: [best.url.href] };
}

/** A feed named as an entry page, of no package another family reads: read as a feed. */
export function feedFinding(body: string, url: string): FamilyFinding | null {
  const $ = cheerio.load(body, { xml: true });
  const { channel, entries } = rootsOf($);
  if (!channel || entries.length === 0) return null;
  const generator = childText($, channel, ["generator"]).trim().slice(0, 100);
  return { family: "feed", evidence: generator ? `a feed (generator ${generator})` : "a feed", entryPages: [url] };
}
