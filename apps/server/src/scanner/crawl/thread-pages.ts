import * as cheerio from "cheerio";
import { onSiteUrl, parseListingTime, withoutSession } from "./crawl-adapters";
import type { CrawlAdapterConfig, CrawlFamily, ListingInput } from "./crawl-types";
import { flarumThreadPage } from "./families/flarum";
import { lemmyThreadPage } from "./families/lemmy";
import { nodebbThreadPage } from "./families/nodebb";

/**
 * A thread page of a forum that pages its threads (phpBB, vBulletin, XenForo, MyBB, SMF): the link to its
 * previous (older) page, as the package renders it, and the posts on it (their ids and times);
 * for Discourse, whose topic JSON holds ~20 posts, the posts before the lowest one
 * (/t/{id}/posts.json?post_number=N answers the posts before N); for Flarum and NodeBB, whose APIs
 * answer 20 posts of a discussion or topic, the posts before the lowest one (families/flarum.ts, nodebb.ts).
 * A thread is read at its last page; when more posts arrived since the last crawl than that page
 * holds, the crawler walks back through the previous pages until it reaches a post it had read.
 *
 * Only cheerio and anchored patterns on bounded attribute values touch the page.
 */

export type ThreadPost = { id: number | null; time: number | null };
export type ThreadPage = { previous: string | null; posts: ThreadPost[] };

type ThreadSpec = {
  /** Each post's element, whose id (or data-content) carries the post's number. */
  post: string;
  postId: RegExp;
  /** Inside a post: the element whose data-time / datetime is when it was posted. */
  time: string | null;
  /** The previous-page link of the package's pagination. */
  previous: string;
};

const SPECS: Partial<Record<CrawlFamily, ThreadSpec>> = {
  // prosilver: <div id="p5521" class="post">, <p class="author"><time datetime>; pagination li.arrow.previous a[rel=prev].
  phpbb: {
    post: "div.post[id^='p']",
    postId: /^p(\d{1,12})$/,
    time: "p.author time[datetime], .author time[datetime]",
    previous: ".pagination a[rel=prev], .pagination li.previous > a, link[rel=prev]",
  },
  // vBulletin 4: <li id="post_88812">; vBulletin 3: <table id="post88812">; pagination a[rel=prev] (pagenav, prev_next).
  vbulletin: {
    post: "li[id^='post_'], table[id^='post']",
    postId: /^post_?(\d{1,12})$/,
    time: null,
    previous: "a[rel=prev], link[rel=prev]",
  },
  // XenForo 2: <article class="message" data-content="post-N" id="js-post-N">; XenForo 1: <li id="post-N" class="message">.
  xenforo: {
    post: "article.message[data-content^='post-'], li.message[id^='post-']",
    postId: /^(?:js-)?post-(\d{1,12})$/,
    time: "time.u-dt[data-time], abbr.DateTime[data-time], span.DateTime[title]",
    previous: "a.pageNav-jump--prev, .PageNav a[rel=prev], a[rel=prev], link[rel=prev]",
  },
  // MyBB 1.8: <div class="post" id="post_N">; pagination a.pagination_previous (dates are words in the visitor's format: posts by id).
  mybb: {
    post: "div.post[id^='post_']",
    postId: /^post_(\d{1,12})$/,
    time: null,
    previous: ".pagination a.pagination_previous, link[rel=prev]",
  },
  // SMF 2.1: <div class="windowbg" id="msgN">; constructPageIndex's previous arrow (a.nav_page around span.previous_page).
  smf: {
    post: "div[id^='msg'].windowbg, div[id^='msg'].approvebg",
    postId: /^msg(\d{1,12})$/,
    time: null,
    previous: "a.nav_page:has(span.previous_page), link[rel=prev]",
  },
  // Discuz! X: <div id="post_N"> (its table#pidN); multi()'s previous arrow div.pg a.prev.
  discuz: {
    post: "div[id^='post_']",
    postId: /^post_(\d{1,12})$/,
    time: null,
    previous: ".pg a.prev, link[rel=prev]",
  },
};

const MAX_POSTS = 500;

/** Families whose threads are paged and walked back. */
export function pagesThreads(family: CrawlFamily): boolean {
  return family === "discourse" || family === "flarum" || family === "nodebb" || family === "lemmy" || SPECS[family] !== undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function discoursePage(input: ListingInput, config: CrawlAdapterConfig): ThreadPage | null {
  let data: unknown;
  try {
    data = JSON.parse(input.body);
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  const stream = isObject(data.post_stream) && Array.isArray(data.post_stream.posts) ? data.post_stream.posts.slice(0, MAX_POSTS) : [];
  const posts: ThreadPost[] = [];
  let lowest: number | null = null;
  for (const p of stream) {
    if (!isObject(p)) continue;
    const n = typeof p.post_number === "number" && Number.isSafeInteger(p.post_number) && p.post_number > 0 ? p.post_number : null;
    if (n !== null && (lowest === null || n < lowest)) lowest = n;
    // Post ids are the site's, not the topic's: posts are compared by time.
    posts.push({ id: null, time: parseListingTime(typeof p.created_at === "string" ? p.created_at : null) });
  }
  const u = new URL(input.url);
  const at = u.pathname.indexOf("/t/");
  const topicId = typeof data.id === "number" && Number.isSafeInteger(data.id) && data.id > 0 ? data.id : Number(/\/t\/(?:[^/]{1,200}\/)?(\d{1,12})(?:\/|\.json|$)/.exec(u.pathname)?.[1] ?? NaN);
  if (lowest === null || lowest <= 1 || at < 0 || !Number.isSafeInteger(topicId)) return { previous: null, posts };
  const previous = onSiteUrl(`${u.pathname.slice(0, at)}/t/${topicId}/posts.json?post_number=${lowest}`, u.origin, config.domains);
  return { previous: previous?.href ?? null, posts };
}

export function parseThreadPage(family: CrawlFamily, input: ListingInput, config: CrawlAdapterConfig): ThreadPage | null {
  if (family === "discourse") return discoursePage(input, config);
  if (family === "flarum") return flarumThreadPage(input, config, { onSiteUrl, parseListingTime });
  if (family === "nodebb") return nodebbThreadPage(input, config, { onSiteUrl, parseListingTime });
  if (family === "lemmy") return lemmyThreadPage(input, config, { onSiteUrl, parseListingTime });
  const spec = SPECS[family];
  if (!spec) return null;
  const $ = cheerio.load(input.body);
  const baseHref = $("base[href]").first().attr("href");
  const base = (baseHref && onSiteUrl(baseHref, input.url, config.domains)?.href) || input.url;
  const posts: ThreadPost[] = [];
  for (const el of $(spec.post).toArray().slice(0, MAX_POSTS)) {
    const e = $(el);
    const raw = (e.attr("data-content") ?? e.attr("id") ?? "").slice(0, 40);
    const m = spec.postId.exec(raw) ?? spec.postId.exec((e.attr("id") ?? "").slice(0, 40));
    let time: number | null = null;
    if (spec.time) {
      const t = e.find(spec.time).first();
      time = parseListingTime(t.attr("data-time") ?? t.attr("datetime") ?? t.attr("title") ?? null);
    }
    posts.push({ id: m ? Number(m[1]) : null, time });
  }
  const current = withoutSession(new URL(input.url)).href;
  let previous: string | null = null;
  for (const el of $(spec.previous).toArray().slice(0, 20)) {
    const u = onSiteUrl($(el).attr("href"), base, config.domains);
    if (!u) continue;
    const clean = withoutSession(u).href;
    if (clean !== current) {
      previous = clean;
      break;
    }
  }
  return { previous, posts };
}

/** What of a thread was read before: the newest post id and time among its versions read. */
export type ThreadReadTo = { postId: number | null; time: number | null };

/**
 * Whether a page reaches what was read before: it holds a post at or before the newest post read
 * (by number when both sides have numbers, else by time). Nothing read before: never.
 */
export function reachesReadPosts(page: ThreadPage, readTo: ThreadReadTo | null): boolean {
  if (!readTo) return false;
  return page.posts.some((p) =>
    p.id !== null && readTo.postId !== null ? p.id <= readTo.postId : p.time !== null && readTo.time !== null ? p.time <= readTo.time : false,
  );
}
