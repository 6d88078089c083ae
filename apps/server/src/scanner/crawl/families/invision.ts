import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlItem } from "../crawl-types";
import { clip, cookieNames, feedListing, int, isFeed, MAX_URL_LENGTH, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Invision Community (IPS 4.x). Listings: the activity stream /discover/ (li.ipsStreamItem, its title
 * linking the topic or, for a reply, topic/N-slug/?do=findComment&comment=C, time[datetime]), forum and
 * search pages (li.ipsDataItem, h4.ipsDataItem_title, the last poster's time[datetime], ul.ipsPagination
 * with li.ipsPagination_next a[rel=next]; the stream's "Load more activity", a[data-action=loadMore] to
 * /discover/?before=T) and forum feeds (forums/forum/N-slug.xml/). Topics:
 * /topic/N-slug/ (index.php?/topic/N-slug/ without URL rewriting). A topic is read where its newest post
 * is: the listed reply (?do=findComment&comment=C, which IPS answers with that reply's page), else
 * ?do=getLastComment (the last page). Attachments are <a class="ipsAttachLink_image"> around their
 * thumbnail, linking the full-size file: the analyser takes linked images.
 */

// /topic/123-some-slug/ (the slug may be empty: /topic/123-/)
const TOPIC = /\/topic\/(\d{1,12})-([^/?&#]{0,250})\/?/;

type Topic = { id: number; page: string; comment: number | null; time: number | null; title: string };

/** The topic a link is to: its id, its page (without page, comment or action) and the reply it points at. */
export function ipsTopic(url: URL): { id: number; page: string; comment: number | null } | null {
  // With URL rewriting the topic is in the path; without it, in the query (index.php?/topic/…).
  const inPath = TOPIC.exec(url.pathname);
  const query = url.search.slice(0, 600);
  const inQuery = inPath ? null : /^\?\/topic\//.test(query) ? TOPIC.exec(query) : null;
  const m = inPath ?? inQuery;
  if (!m) return null;
  const id = int(m[1]);
  if (id === null) return null;
  const head = inPath ? `${url.origin}${url.pathname.slice(0, m.index)}` : `${url.origin}${url.pathname}?`;
  const page = `${head}/topic/${id}-${m[2]}/`;
  const comment = /(?:^|[?&])do=findComment(?:&|$)/.test(query) ? int(/[?&]comment=(\d{1,12})(?:&|$)/.exec(query)?.[1] ?? null) : null;
  return { id, page, comment };
}

function readAt(t: Topic): string {
  const sep = t.page.includes("?") ? "&" : "?";
  return t.comment !== null ? `${t.page}${sep}do=findComment&comment=${t.comment}` : `${t.page}${sep}do=getLastComment`;
}

const ROWS = ".ipsStreamItem, .ipsDataItem, li, article";

export function invisionAdapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "invision",
    defaultEntryPages: (c) => [`${c.baseUrl}/discover/`],
    parseListing(input, config) {
      const topics = new Map<number, Topic>();
      const note = (url: URL, time: number | null, title: string) => {
        const t = ipsTopic(url);
        if (!t) return;
        const known = topics.get(t.id);
        if (!known) {
          if (topics.size < MAX_ITEMS_PER_LISTING) topics.set(t.id, { ...t, time, title });
          return;
        }
        if (t.comment !== null && (known.comment === null || t.comment > known.comment)) known.comment = t.comment;
        if (time !== null && (known.time === null || time > known.time)) known.time = time;
        if (!known.title && title) known.title = title;
      };
      let next: string | null = null;
      if (isFeed(input)) {
        const $ = cheerio.load(input.body, { xml: true });
        feedListing($, input, config, kit, (url, time, title) => (note(url, time, title), null), MAX_ITEMS_PER_LISTING * 5);
      } else {
        const $ = cheerio.load(input.body);
        const base = kit.baseOf($, input.url);
        const selector = config.selectors.item ?? ".ipsStreamItem_title a[href], .ipsDataItem_title a[href], .ipsContained a[href*='/topic/'], a[href*='/topic/']";
        for (const el of $(selector).toArray().slice(0, 5000)) {
          const href = el.type === "tag" ? el.attribs.href : undefined;
          if (!href || href.length > MAX_URL_LENGTH) continue;
          const url = kit.onSiteUrl(href, base, config.domains);
          if (!url || (config.itemPattern && !config.itemPattern.test(url.href))) continue;
          const a = $(el);
          // Page jumps inside a row (1 2 3 … 14) and "go to last post" icons carry no title.
          const text = clip(a.text());
          const title = /^\d{1,6}$/.test(text) ? "" : text;
          const row = a.closest(ROWS);
          const time = row.length > 0 ? kit.timeIn($, row.first(), config.selectors.time ?? "time[datetime]") : null;
          note(url, time, title);
        }
        // Forums and search pages page with ul.ipsPagination; the activity stream has "Load more activity" (?before=…).
        next = kit.nextLink(
          $,
          config.selectors.next ??
            "ul.ipsPagination li.ipsPagination_next:not(.ipsPagination_inactive) a[href], a[rel=next], link[rel=next], [data-role='loadMoreContainer'] a[data-action='loadMore'][href]",
          input,
          config,
        );
      }
      const items: CrawlItem[] = [...topics.values()].map((t) => ({
        key: versionKey(`t${t.id}`, t.comment !== null ? `c${t.comment}` : t.time),
        url: t.page,
        fetchUrl: readAt(t),
        title: t.title,
        time: t.time,
      }));
      return { items, next };
    },
    itemPage: () => null,
  };
}

/** IPS 4's front-end markup (body.ipsApp with data-pageapp), its ipsSettings script, its ips4_ cookies, its credit. */
export function detectInvision(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const body = $("body").first();
  const bodyClass = ` ${(body.attr("class") ?? "").slice(0, 500)} `;
  const scripts = ctx.scriptText();
  const markers = [
    /\sipsApp\s/.test(bodyClass) && body.attr("data-pageapp") !== undefined ? "body.ipsApp (Invision Community 4)" : null,
    /\bipsSettings\s*=/.test(scripts) ? "Invision Community's ipsSettings" : null,
    cookieNames(ctx.headers).some((n) => n.startsWith("ips4_")) ? "Invision Community's ips4_ cookies" : null,
    /^Invision\b/i.test(ctx.generator) ? `meta generator ${ctx.generator}` : null,
  ].filter((m): m is string => m !== null);
  if (markers.length === 0) return null;
  // Where the community lives: its activity link, else the folder before /topic/, /forum/ or /discover/ in the page's address.
  let root: string | null = null;
  for (const el of $('a[href*="/discover/"]').toArray().slice(0, 100)) {
    const u = ctx.safeUrl(el.type === "tag" ? el.attribs.href : undefined, ctx.base);
    const at = u ? `${u.pathname}${u.search}`.indexOf("/discover/") : -1;
    if (u && at >= 0) {
      root = `${u.origin}${`${u.pathname}${u.search}`.slice(0, at + 1)}`;
      break;
    }
  }
  if (!root) {
    const u = new URL(ctx.url);
    const path = `${u.pathname}${u.search.startsWith("?/") ? u.search : ""}`;
    const at = ["/topic/", "/forum/", "/forums/", "/discover/", "/profile/"].map((m) => path.indexOf(m)).filter((i) => i >= 0);
    root = `${u.origin}${at.length > 0 ? path.slice(0, Math.min(...at) + 1) : "/"}`;
  }
  return { family: "invision", evidence: markers[0]!, entryPages: [`${root}discover/`] };
}
