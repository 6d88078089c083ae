import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlItem } from "../crawl-types";
import { clip, cookieNames, feedListing, int, isFeed, MAX_URL_LENGTH, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Simple Machines Forum 2.0 / 2.1. Listings: index.php?action=recent (template_recent: each recent post a
 * div.windowbg whose h5 links index.php?topic=T.msgM#msgM), action=unread and board pages (topic links
 * topic=T.0, last-post links topic=T.msgM#new), and the feed index.php?action=.xml;type=rss2 (items link
 * topic=T.msgM). A topic is index.php?topic=T.0 (index.php/topic,T.0.html with queryless URLs); its
 * newest message id is its version, and it is read at topic=T.msgM, the page SMF shows that message
 * on (topic=T.new, which SMF answers to guests with the last page, when no message id is listed).
 * Pagination: div.pagelinks, the link holding span.next_page (2.1), else the link after the current page.
 */

type SmfLink = { topic: number; msg: number | null };

// ?topic=12.0, ?topic=12.msg345#msg345, ?topic=12.new;topicseen#new, ;topic=12.15 (start offset)
const QUERY_TOPIC = /^[?]?(?:[^#]*[;&])?topic=(\d{1,12})\.(msg\d{1,12}|new|\d{1,9})(?:[;&#]|$)/;
// index.php/topic,12.msg345.html
const PATH_TOPIC = /\/topic,(\d{1,12})\.(msg\d{1,12}|new|\d{1,9})\.html$/;

export function smfTopic(url: URL): SmfLink | null {
  const search = url.search.slice(0, 500);
  // Actions on a topic (reply, quote, print, notify) are not the topic.
  if (/(?:^\?|[;&])action=/.test(search)) return null;
  const m = QUERY_TOPIC.exec(search) ?? PATH_TOPIC.exec(url.pathname);
  if (!m) return null;
  const topic = int(m[1]);
  if (topic === null) return null;
  return { topic, msg: m[2]!.startsWith("msg") ? int(m[2]!.slice(3)) : null };
}

/** A topic's page and where to read it, on the board's script (index.php, or its queryless form). */
function topicUrls(url: URL, t: SmfLink): { page: string; fetch: string } {
  if (PATH_TOPIC.test(url.pathname)) {
    const at = url.pathname.lastIndexOf("/topic,");
    const head = `${url.origin}${url.pathname.slice(0, at)}/topic,${t.topic}`;
    return { page: `${head}.0.html`, fetch: `${head}.${t.msg === null ? "new" : `msg${t.msg}`}.html` };
  }
  const script = `${url.origin}${url.pathname}`;
  return { page: `${script}?topic=${t.topic}.0`, fetch: `${script}?topic=${t.topic}.${t.msg === null ? "new" : `msg${t.msg}`}` };
}

export function smfAdapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "smf",
    defaultEntryPages: (c) => [`${c.baseUrl}/index.php?action=recent`],
    parseListing(input, config) {
      if (isFeed(input)) {
        const $ = cheerio.load(input.body, { xml: true });
        const byTopic = new Map<number, CrawlItem & { msg: number | null }>();
        feedListing($, input, config, kit, (url, time, title) => {
          const t = smfTopic(url);
          if (!t) return null;
          const known = byTopic.get(t.topic);
          if (!known || (t.msg ?? 0) > (known.msg ?? 0)) {
            const u = topicUrls(url, t);
            byTopic.set(t.topic, { key: versionKey(`t${t.topic}`, t.msg === null ? time : `m${t.msg}`), url: u.page, fetchUrl: u.fetch, title: title.replace(/^Re:\s*/i, ""), time, msg: t.msg });
          }
          return null;
        }, MAX_ITEMS_PER_LISTING * 5);
        return { items: [...byTopic.values()].slice(0, MAX_ITEMS_PER_LISTING).map(({ msg: _msg, ...item }) => item), next: null };
      }
      const $ = cheerio.load(input.body);
      const base = kit.baseOf($, input.url);
      // Every topic link on the page, in page order; a topic's newest message wins (recent posts list several of one topic).
      const topics = new Map<number, { url: URL; msg: number | null; title: string }>();
      const links = $(config.selectors.item ?? "#recent a[href], #unread a[href], #messageindex a[href], .topic_table a[href], #main_content_section a[href], #content_section a[href], a[href*='topic']").toArray();
      for (const el of links.slice(0, 5000)) {
        const href = el.type === "tag" ? el.attribs.href : undefined;
        if (!href || href.length > MAX_URL_LENGTH) continue;
        const url = kit.onSiteUrl(href, base, config.domains);
        if (!url || (config.itemPattern && !config.itemPattern.test(url.href))) continue;
        const t = smfTopic(url);
        if (!t) continue;
        const a = $(el);
        // The recent posts' links carry the full subject in their title; others their text.
        const text = clip(a.attr("title") || a.text());
        const known = topics.get(t.topic);
        if (!known) {
          if (topics.size >= MAX_ITEMS_PER_LISTING) continue;
          topics.set(t.topic, { url, msg: t.msg, title: /^\d{1,6}$/.test(text) ? "" : text });
          continue;
        }
        if (t.msg !== null && (known.msg === null || t.msg > known.msg)) known.msg = t.msg;
        if (!known.title && text && !/^\d{1,6}$/.test(text)) known.title = text;
      }
      const items: CrawlItem[] = [];
      for (const [topic, t] of topics) {
        const u = topicUrls(t.url, { topic, msg: t.msg });
        items.push({ key: versionKey(`t${topic}`, t.msg === null ? null : `m${t.msg}`), url: u.page, fetchUrl: u.fetch, title: t.title.replace(/^Re:\s*/i, ""), time: null });
      }
      const next =
        kit.nextLink($, config.selectors.next ?? ".pagelinks a:has(.next_page), .pagelinks .current_page + a.nav_page, .pagelinks strong + a.navPages, a[rel=next], link[rel=next]", input, config, true) ?? null;
      return { items, next };
    },
    itemPage: () => null,
  };
}

/** SMF's page variables (smf_scripturl, smf_theme_url), its credit line, its cookie. */
export function detectSmf(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const scripts = ctx.scriptText();
  const scriptUrl = /\bvar smf_scripturl = "([^"\\]{1,300})"/.exec(scripts)?.[1];
  const credit = $('a[href*="simplemachines.org"]').filter((_, el) => /Simple Machines|\bSMF\b/.test($(el).text().slice(0, 200))).length > 0;
  const cookie = cookieNames(ctx.headers).some((n) => n.startsWith("smfcookie"));
  const markers = [
    scriptUrl ? "SMF's page variables (smf_scripturl)" : null,
    /\bvar smf_theme_url\b/.test(scripts) ? "SMF's page variables (smf_theme_url)" : null,
    /^SMF\b/.test(ctx.generator) ? `meta generator ${ctx.generator}` : null,
    cookie ? "SMF's cookie" : null,
    credit ? "SMF's credit line" : null,
  ].filter((m): m is string => m !== null);
  if (markers.length === 0) return null;
  const script = ctx.safeUrl(scriptUrl, ctx.base);
  const fallback = ctx.scriptFolder(["index.php"]);
  const entry = script ? `${script.origin}${script.pathname}` : `${fallback ?? new URL(ctx.base).origin + "/"}index.php`;
  return { family: "smf", evidence: markers[0]!, entryPages: [`${entry}?action=recent`] };
}
