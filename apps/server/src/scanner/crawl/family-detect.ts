import * as cheerio from "cheerio";
import { hostMatchesDomain } from "../canonical-url";
import type { CrawlFamily, CrawlRequest } from "./crawl-types";
import { booruFromJson, detectBooru } from "./families/booru";
import { detectListingScripts } from "./families/generic-listing";
import { detectDiscuz } from "./families/discuz";
import { detectFeed, feedFinding } from "./families/feed";
import { detectFlarum } from "./families/flarum";
import { detectInvision } from "./families/invision";
import type { DetectContext, FamilyFinding } from "./families/kit";
import { detectKemono, kemonoFromJson, kemonoRequest } from "./families/kemono";
import { detectKvs } from "./families/kvs";
import { detectLemmy, lemmySite } from "./families/lemmy";
import { detectGotosocial, detectMastodon, mastodonInstance } from "./families/mastodon";
import { detectMisskey, misskeyEntryPages } from "./families/misskey";
import { detectMybb } from "./families/mybb";
import { detectNodebb } from "./families/nodebb";
import { detectPeertube, peertubeListing } from "./families/peertube";
import { detectSmf } from "./families/smf";
import { detectTelegram } from "./families/telegram";
import { detectVbulletin5 } from "./families/vbulletin5";

/**
 * Which forum, blog or imageboard package a site runs, from one of its pages: the generator
 * meta tag, the markers each package's default markup carries (phpBB's body#phpbb, XenForo's
 * html#XF, vBulletin's SESSIONURL and thread_title_ ids, Discourse's setup meta, vichan's body
 * class, WordPress's REST link), and the answers of well-known addresses (latest.json,
 * wp-json, catalog.json); a blog of none of them by the posts feed its page links (families/feed.ts).
 * A catalog entry that names only hosts, or says "auto", is read by
 * the family found here, from the entry pages found here, without selectors of its own.
 *
 * Only cheerio, JSON.parse and anchored patterns on bounded strings touch the page.
 */

export type FamilyGuess = {
  family: CrawlFamily;
  /** Listing pages to crawl (absolute), where the page says where the site lives. */
  entryPages: string[];
  /** Imageboards: how thread pages are addressed. */
  threadPath: "res" | "thread";
  /** What gave it away, for operators ("meta generator WordPress 6.8.3"). */
  evidence: string;
  /** A page of the site that tells more, fetched once: its guess, of the same family, replaces this one. */
  follow?: string;
};

export type DetectInput = { url: string; body: string; contentType: string; headers: Record<string, string> };

const MAX_BODY = 1_000_000;
const MAX_BOARDS = 10;

/** Pages that, fetched, may tell a site's package when its entry pages do not (tried in this order). */
export function wellKnownProbes(baseUrl: string): string[] {
  let b = baseUrl;
  while (b.endsWith("/")) b = b.slice(0, -1);
  // Fediverse servers (Lemmy, Mastodon, Pleroma, Akkoma, GoToSocial, Misskey and its forks) all name their
  // software in NodeInfo, found from /.well-known/nodeinfo at the host's root: one probe for all of them.
  // Kemono's archives render their pages in the browser: their post list says what they are (probeRequest).
  const origin = new URL(b).origin;
  return [`${b}/latest.json`, `${b}/wp-json/`, `${b}/catalog.json`, `${origin}/.well-known/nodeinfo`, `${origin}/api/v1/posts?o=0`];
}

/** How a detection page is asked for when a plain GET is refused: Kemono's API wants Accept: text/css. */
export function probeRequest(url: string): CrawlRequest | null {
  return kemonoRequest(url);
}

const NODEINFO_REL = /^https?:\/\/nodeinfo\.diaspora\.software\/ns\/schema\/(\d\.\d)$/;

/**
 * The NodeInfo document a /.well-known/nodeinfo answer links to ({ links: [{ rel: ".../schema/2.1", href }] }),
 * the newest schema first; null when the body is not such an answer or the link leaves the site.
 */
export function nodeinfoDocumentUrl(body: string, url: string, domains: readonly string[]): string | null {
  if (body.length > 20_000 || !body.trimStart().startsWith("{")) return null;
  const data = parse(body);
  if (!isObject(data) || !Array.isArray(data.links)) return null;
  let best: { version: string; href: string } | null = null;
  for (const l of data.links.slice(0, 20)) {
    if (!isObject(l) || typeof l.rel !== "string" || typeof l.href !== "string") continue;
    const version = NODEINFO_REL.exec(l.rel.slice(0, 100))?.[1];
    const u = version ? safeUrl(l.href, url, domains) : null;
    if (version && u && (!best || version > best.version)) best = { version, href: u.href };
  }
  return best?.href ?? null;
}

/** Server software (NodeInfo software.name) → the family that reads it. */
const NODEINFO_FAMILIES: Record<string, CrawlFamily> = {
  lemmy: "lemmy",
  mastodon: "mastodon",
  pleroma: "mastodon",
  akkoma: "mastodon",
  hometown: "mastodon",
  glitchsoc: "mastodon",
  gotosocial: "mastodon",
  misskey: "misskey",
  sharkey: "misskey",
  firefish: "misskey",
  calckey: "misskey",
  iceshrimp: "misskey",
  cherrypick: "misskey",
  foundkey: "misskey",
  catodon: "misskey",
  meisskey: "misskey",
  peertube: "peertube",
};

/** A NodeInfo 2.x document: { software: { name, version }, protocols, usage, metadata }. */
function fromNodeinfo(data: Record<string, unknown>, u: URL): FamilyFinding | null {
  if (!isObject(data.software) || typeof data.software.name !== "string" || !Array.isArray(data.protocols)) return null;
  const name = data.software.name.slice(0, 40).toLowerCase();
  const family = Object.hasOwn(NODEINFO_FAMILIES, name) ? NODEINFO_FAMILIES[name]! : null;
  if (!family) return null;
  const version = typeof data.software.version === "string" ? ` ${data.software.version.slice(0, 40)}` : "";
  const evidence = `NodeInfo: ${name}${version}`;
  const entry =
    family === "lemmy"
      ? [`${u.origin}/api/v3/post/list?sort=NewComments&limit=20`]
      : family === "misskey"
        ? misskeyEntryPages(u.origin)
        : family === "peertube"
          ? [peertubeListing(u.origin)]
          : [`${u.origin}/api/v1/timelines/public?local=true&limit=40`];
  return { family, evidence, entryPages: entry };
}

export function detectFamily(input: DetectInput, domains: readonly string[]): FamilyGuess | null {
  const body = input.body.length > MAX_BODY ? input.body.slice(0, MAX_BODY) : input.body;
  const head = body.trimStart().slice(0, 1);
  if (head === "{" || head === "[") return fromJson(body, input.url, domains);
  if (/^\s*<\?xml|^\s*<(?:rss|feed|rdf:RDF)[\s>]/i.test(body.slice(0, 300))) return fromFeed(body, input.url);
  return fromHeaders(input) ?? fromHtml(body, input.url, domains, input.headers);
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function guess(family: CrawlFamily, evidence: string, entryPages: string[], threadPath: "res" | "thread" = "res"): FamilyGuess {
  return { family, evidence, entryPages, threadPath };
}

function fromFinding(f: FamilyFinding): FamilyGuess {
  return { ...guess(f.family, f.evidence, f.entryPages), ...(f.follow ? { follow: f.follow } : {}) };
}

/** The folder a script or path lives in: https://x/forum/viewtopic.php → https://x/forum/. */
function folderOf(u: URL): string {
  return `${u.origin}${u.pathname.slice(0, u.pathname.lastIndexOf("/") + 1)}`;
}

function fromJson(body: string, url: string, domains: readonly string[]): FamilyGuess | null {
  const data = parse(body);
  const u = new URL(url);
  const booru = booruFromJson(data, u);
  if (booru) return fromFinding(booru);
  const kemono = kemonoFromJson(data, u);
  if (kemono) return guess(kemono.family, kemono.evidence, kemono.entryPages);
  if (isObject(data)) {
    // Discourse: /latest.json (and every topic list) is { topic_list: { topics } }.
    if (isObject(data.topic_list) && Array.isArray(data.topic_list.topics)) {
      const prefix = u.pathname.replace(/\/(?:latest|new|top|categories)(?:\.json)?$/, "").replace(/\/$/, "");
      return guess("discourse", "a Discourse topic list (topic_list)", [`${u.origin}${prefix}/latest.json`]);
    }
    // WordPress: /wp-json/ describes the site and its namespaces.
    if (Array.isArray(data.namespaces) && data.namespaces.includes("wp/v2")) {
      const home = typeof data.home === "string" ? safeUrl(data.home, url, domains) : null;
      const base = home ? home.href.replace(/\/$/, "") : u.href.replace(/\/wp-json\/?.*$/, "");
      return guess("wordpress", "a WordPress REST index (wp/v2)", [`${base}/feed/`]);
    }
    // Flarum: its JSON:API lists discussions ({ data: [{ type: "discussions" }] }) under …/api/.
    if (Array.isArray(data.data) && isObject(data.data[0]) && data.data[0].type === "discussions") {
      const at = u.pathname.indexOf("/api/");
      if (at >= 0) return guess("flarum", "a Flarum JSON:API discussion list", [`${u.origin}${u.pathname.slice(0, at)}/api/discussions?sort=-lastPostedAt`]);
    }
    // NodeBB: every page's /api/ twin; topic lists carry tid, slug "N/words" and NodeBB's pagination.
    if (Array.isArray(data.topics) && isObject(data.topics[0]) && typeof data.topics[0].tid === "number" && typeof data.topics[0].slug === "string" && isObject(data.pagination)) {
      const at = u.pathname.indexOf("/api/");
      if (at >= 0) return guess("nodebb", "a NodeBB topic list (tid, slug, pagination)", [`${u.origin}${u.pathname.slice(0, at)}/api/recent`]);
    }
    // Lemmy's /api/v3/site; Mastodon's (and Pleroma's, Akkoma's) /api/v1/instance, when the catalog names them as entry pages
    // (their home pages tell them too; they are not probed, to keep a site of no known package at three probes).
    const fediverse = fromNodeinfo(data, u) ?? lemmySite(data, u) ?? mastodonInstance(data, u);
    if (fediverse) return guess(fediverse.family, fediverse.evidence, fediverse.entryPages);
    return null;
  }
  if (!Array.isArray(data) || data.length === 0) return null;
  const first: unknown = data[0];
  if (!isObject(first)) return null;
  // WordPress REST posts.
  if (typeof first.link === "string" && isObject(first.title) && "rendered" in first.title) return guess("wordpress", "WordPress REST posts", [url]);
  // Imageboard catalogs: vichan / 4chan pages of threads, LynxChan's threadId list, jschan's postId list.
  if (Array.isArray(first.threads)) return guess("imageboard", "a vichan / 4chan-style catalog (pages of threads)", [url]);
  if (typeof first.threadId === "number") return guess("imageboard", "a LynxChan catalog (threadId)", [url]);
  if (typeof first.postId === "number" && typeof first.board === "string") return guess("imageboard", "a jschan catalog (postId, board)", [url], "thread");
  return null;
}

function fromFeed(body: string, url: string): FamilyGuess | null {
  const $ = cheerio.load(body, { xml: true });
  const generator = $("channel > generator, feed > generator").first();
  const text = `${generator.text()} ${generator.attr("uri") ?? ""}`.trim().slice(0, 200);
  if (/wordpress\.org/i.test(text)) return guess("wordpress", `feed generator ${text}`, [url]);
  // Shimmie2's image feed (ext/rss_images): <generator>Shimmie-2.x</generator>.
  if (/^Shimmie-/i.test(text)) return guess("shimmie", `feed generator ${text}`, [url]);
  // Gelbooru 0.2 clones that answer their post API in XML only.
  if ($("posts > post[id][tags]").length > 0) return guess("gelbooru", "a Gelbooru post list (XML)", [url]);
  // Any other feed (Blogger, Ghost, Tumblr, static blogs): read as a feed.
  const feed = feedFinding(body, url);
  return feed ? guess(feed.family, feed.evidence, feed.entryPages) : null;
}

function fromHeaders(input: DetectInput): FamilyGuess | null {
  // WordPress answers every page with Link: <…/wp-json/>; rel="https://api.w.org/".
  const link = (input.headers.link ?? "").slice(0, 2000);
  const api = /<([^<>]{1,500})>;\s*rel="https:\/\/api\.w\.org\/"/.exec(link)?.[1];
  if (api) {
    try {
      const base = new URL(api, input.url).href.replace(/\/wp-json\/?$/, "").replace(/\/\?rest_route=\/?$/, "");
      return guess("wordpress", "the Link header to WordPress's REST API", [`${base}/feed/`]);
    } catch {
      // an unusable header tells nothing
    }
  }
  if (input.headers["x-discourse-route"]) return guess("discourse", "the X-Discourse-Route header", [`${new URL(input.url).origin}/latest.json`]);
  return null;
}

function safeUrl(href: string | undefined, base: string, domains: readonly string[]): URL | null {
  if (!href || href.length > 2048) return null;
  try {
    const u = new URL(href.trim(), base);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    if (!domains.some((d) => hostMatchesDomain(u.hostname.toLowerCase(), d))) return null;
    u.hash = "";
    return u;
  } catch {
    return null;
  }
}

function fromHtml(body: string, url: string, domains: readonly string[], headers: Record<string, string> = {}): FamilyGuess | null {
  const $ = cheerio.load(body);
  const base = (() => {
    const b = safeUrl($("base[href]").first().attr("href"), url, domains);
    return b ? b.href : url;
  })();
  const generator = ($('meta[name="generator" i]').first().attr("content") ?? "").trim().slice(0, 200);
  const html = $("html").first();
  const bodyEl = $("body").first();
  /** The folder of the first on-site link whose path ends with one of these scripts. */
  const scriptFolder = (scripts: string[]): string | null => {
    for (const el of $("a[href], link[href], form[action]").toArray().slice(0, 2000)) {
      const raw = el.type === "tag" ? (el.attribs.href ?? el.attribs.action) : undefined;
      const u = safeUrl(raw, base, domains);
      if (u && scripts.some((s) => u.pathname.endsWith(`/${s}`))) return folderOf(u);
    }
    return null;
  };

  // XenForo 2: <html id="XF" data-app="public">; XenForo 1: <html id="XenForo">.
  const htmlId = html.attr("id") ?? "";
  if (htmlId === "XF" || html.attr("data-xf") !== undefined || /^XenForo/i.test(generator)) {
    return guess("xenforo", htmlId === "XF" ? "html#XF (XenForo 2)" : `meta generator ${generator || "XenForo"}`, [`${xenforoBase($, base, domains, url)}whats-new/posts/`]);
  }
  if (htmlId === "XenForo") return guess("xenforo", "html#XenForo (XenForo 1)", [`${xenforoBase($, base, domains, url)}find-new/posts`]);

  // Discourse: its generator meta and the setup meta every page carries.
  const setup = $("meta#data-discourse-setup").first();
  if (/^Discourse\b/i.test(generator) || setup.length > 0 || $('meta[name="discourse_theme_id"]').length > 0) {
    const baseUri = (setup.attr("data-base-uri") ?? "").trim();
    const prefix = /^(?:\/[\w.-]{1,100}){0,5}$/.test(baseUri) ? baseUri : "";
    return guess("discourse", /^Discourse\b/i.test(generator) ? `meta generator ${generator}` : "Discourse's setup meta", [`${new URL(url).origin}${prefix}/latest.json`]);
  }

  // WordPress: generator meta, the REST API link, or wp-content assets.
  const apiLink = safeUrl($('link[rel="https://api.w.org/"]').first().attr("href"), base, domains);
  if (/^WordPress\b/i.test(generator) || apiLink) {
    const feed = $('link[rel="alternate"][type="application/rss+xml"]')
      .toArray()
      .map((el) => safeUrl(el.attribs.href, base, domains))
      .find((u): u is URL => !!u && !/\/comments\/feed\/?$/.test(u.pathname));
    const root = apiLink ? apiLink.href.replace(/\/wp-json\/?$/, "") : new URL(url).origin;
    return guess("wordpress", generator ? `meta generator ${generator}` : "the WordPress REST API link", [feed ? feed.href : `${root}/feed/`]);
  }

  // vBulletin 5 (before 3/4: its generator says vBulletin too), Invision Community, MyBB, SMF: families/.
  let inline: string | null = null;
  const ctx: DetectContext = {
    $,
    url,
    base,
    domains,
    generator,
    headers,
    safeUrl: (href, b) => safeUrl(href, b, domains),
    scriptFolder,
    scriptText: () =>
      (inline ??= $("script:not([src])")
        .toArray()
        .slice(0, 30)
        .map((el) => $(el).text().slice(0, 20_000))
        .join("\n")),
  };
  for (const detect of [detectVbulletin5, detectInvision, detectMybb, detectSmf, detectFlarum, detectNodebb, detectTelegram, detectDiscuz, detectLemmy, detectMastodon, detectGotosocial, detectMisskey, detectPeertube, detectBooru, detectKvs, detectKemono, detectListingScripts]) {
    const found = detect(ctx);
    if (found) return fromFinding(found);
  }

  // vBulletin 3/4: generator meta, SESSIONURL script, thread_title_ ids, vb_meta_bburl.
  const bburl = safeUrl($('meta[name="vb_meta_bburl"]').first().attr("content"), base, domains);
  const vbScript = $("script")
    .toArray()
    .slice(0, 50)
    .some((el) => /\bvar SESSIONURL\b/.test($(el).text().slice(0, 5000)));
  if (/^vBulletin\b/i.test(generator) || bburl || htmlId === "vbulletin_html" || vbScript) {
    const folder = bburl ? `${bburl.href.replace(/\/$/, "")}/` : (scriptFolder(["showthread.php", "forumdisplay.php", "search.php", "index.php"]) ?? folderOf(new URL(base)));
    return guess("vbulletin", generator ? `meta generator ${generator}` : "vBulletin's markup", [`${folder}search.php?do=getdaily`]);
  }

  // phpBB: body#phpbb (prosilver and its children), or its scripts and credit line.
  const phpbbCredit = $('a[href*="phpbb.com"]').length > 0;
  const phpbbFolder = scriptFolder(["viewtopic.php", "viewforum.php", "ucp.php"]);
  if (bodyEl.attr("id") === "phpbb" || (phpbbCredit && phpbbFolder)) {
    const folder = phpbbFolder ?? scriptFolder(["index.php", "search.php"]) ?? folderOf(new URL(base));
    return guess("phpbb", bodyEl.attr("id") === "phpbb" ? "body#phpbb (prosilver)" : "phpBB's scripts and credit line", [`${folder}search.php?search_id=active_topics`]);
  }

  // Imageboards: vichan / Tinyboard (body.vichan, the board list, "Tinyboard + vichan"), LynxChan (/.static/), jschan.
  const bodyClass = ` ${bodyEl.attr("class") ?? ""} `;
  const footer = $("footer, .unimportant").text().slice(0, 2000);
  const vichan = /\svichan\s/.test(bodyClass) || /\bTinyboard\b/.test(footer) || $("form[name=postcontrols]").length > 0;
  const lynx = $('link[href^="/.static/"], script[src^="/.static/"]').length > 0;
  const jschan = /\bjschan\b/i.test(footer) || $('script[src*="/js/all.js"][src*="jschan"]').length > 0;
  if (vichan || lynx || jschan) {
    const boards = imageboardBoards($, url, base, domains);
    if (boards.length === 0) return null;
    const threadPath = jschan && !vichan && !lynx ? "thread" : "res";
    const which = vichan ? "vichan / Tinyboard markup" : lynx ? "LynxChan's /.static/ assets" : "jschan markup";
    return guess("imageboard", which, boards.map((b) => `${new URL(url).origin}/${b}/catalog.json`), threadPath);
  }

  // A blog of no package above (Blogger, Ghost, Tumblr, static blogs): its posts feed, when it links one.
  const feed = detectFeed(ctx);
  return feed ? guess(feed.family, feed.evidence, feed.entryPages) : null;
}

/** Where a XenForo forum lives: the folder of its what's-new / forums links, else of the page's /threads/ or /forums/ path. */
function xenforoBase($: cheerio.CheerioAPI, base: string, domains: readonly string[], url: string): string {
  for (const el of $('a[href*="whats-new/"], a[href*="find-new/"], a[href*="forums/"]').toArray().slice(0, 200)) {
    const u = safeUrl(el.type === "tag" ? el.attribs.href : undefined, base, domains);
    if (!u) continue;
    for (const marker of ["/whats-new/", "/find-new/", "/forums/"]) {
      const at = u.pathname.indexOf(marker);
      if (at >= 0) return `${u.origin}${u.pathname.slice(0, at + 1)}`;
    }
  }
  const u = new URL(url);
  for (const marker of ["/threads/", "/forums/", "/whats-new/", "/members/"]) {
    const at = u.pathname.indexOf(marker);
    if (at >= 0) return `${u.origin}${u.pathname.slice(0, at + 1)}`;
  }
  return `${u.origin}/`;
}

/** The boards a board page links to (its board list), else the board the page is on. */
function imageboardBoards($: cheerio.CheerioAPI, url: string, base: string, domains: readonly string[]): string[] {
  const boards: string[] = [];
  const add = (b: string | undefined) => {
    if (b && /^[a-z0-9_]{1,32}$/i.test(b) && !boards.includes(b) && boards.length < MAX_BOARDS) boards.push(b);
  };
  for (const el of $(".boardlist a[href], #navBoardsSpan a[href], .boardlist-link a[href]").toArray().slice(0, 200)) {
    const u = safeUrl(el.type === "tag" ? el.attribs.href : undefined, base, domains);
    // /s/, /s/index.html, /s/catalog.html
    const m = u ? /^\/([a-z0-9_]{1,32})\/(?:index\.html|catalog\.html)?$/i.exec(u.pathname) : null;
    add(m?.[1]);
  }
  if (boards.length === 0) add(/^\/([a-z0-9_]{1,32})\//i.exec(new URL(url).pathname)?.[1]);
  return boards;
}
