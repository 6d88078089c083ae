import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlItem } from "../crawl-types";
import { clip, int, MAX_URL_LENGTH, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * vBulletin 5 / 6 (Connect). Listings: channel pages and topic-view search results (the "today's posts"
 * search, /search?searchJSON={"date":{"from":"lastDay"},"view":"topic",…}) render the same topic list:
 * tr.topic-item[data-node-id] with a.topic-title.js-topic-title, td.cell-lastpost with
 * a.go-to-last-post (…/N-slug?p=P#postP), and the page navigation's a.js-pagenav-next-button.
 * Topics: /forum/{channel path}/{nodeid}-{slug} (page 2 at …/page2); a topic is versioned and read by its
 * last post (?p=P shows the page that holds it). Attachments: filedata/fetch?id=N (type=thumb for
 * thumbnails), the analyser's forum attachments.
 */

// …/12345-some-title, …/12345-some-title/page3
const VB5_TOPIC = /\/(\d{1,12})-[^/]*(?:\/page\d{1,6})?\/?$/;

const TODAYS_TOPICS = encodeURIComponent(JSON.stringify({ date: { from: "lastDay" }, view: "topic", sort: { lastcontent: "desc" }, exclude_type: ["vBForum_PrivateMessage"] }));

export function vbulletin5Topic(url: URL): { id: number; page: string } | null {
  const m = VB5_TOPIC.exec(url.pathname);
  if (!m) return null;
  const id = int(m[1]);
  if (id === null) return null;
  return { id, page: `${url.origin}${url.pathname.replace(/\/page\d{1,6}\/?$/, "").replace(/\/$/, "")}` };
}

export function vbulletin5Adapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "vbulletin5",
    defaultEntryPages: (c) => [`${c.baseUrl}/search?searchJSON=${TODAYS_TOPICS}`],
    parseListing(input, config) {
      const $ = cheerio.load(input.body);
      const base = kit.baseOf($, input.url);
      const items: CrawlItem[] = [];
      const seen = new Set<number>();
      const rows = $(config.selectors.item ? config.selectors.item : "tr.topic-item, .topic-item, li.search-result-item, .js-topic-item").toArray();
      for (const el of rows.slice(0, MAX_ITEMS_PER_LISTING * 3)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        const row = $(el);
        const link = row.is("a") ? row : row.find("a.topic-title, a.js-topic-title, .b-post__title a, h3 a").first();
        const href = link.attr("href");
        if (!href || href.length > MAX_URL_LENGTH) continue;
        const url = kit.onSiteUrl(href, base, config.domains);
        if (!url || (config.itemPattern && !config.itemPattern.test(url.href))) continue;
        const topic = vbulletin5Topic(url);
        const nodeId = int(row.attr("data-node-id") ?? null);
        const id = nodeId ?? topic?.id ?? null;
        if (!topic || id === null || seen.has(id)) continue;
        seen.add(id);
        // The newest post: "go to last post" (…?p=P#postP) in the row.
        let last: number | null = null;
        for (const a of row.find("a.go-to-last-post[href], .cell-lastpost a[href*='p='], a[href*='#post']").toArray().slice(0, 20)) {
          const h = a.type === "tag" ? (a.attribs.href ?? "") : "";
          const p = h.length <= MAX_URL_LENGTH ? int(/[?&]p=(\d{1,12})(?:[&#]|$)/.exec(h)?.[1] ?? null) : null;
          if (p !== null && (last === null || p > last)) last = p;
        }
        const time = kit.timeIn($, row, config.selectors.time ?? ".cell-lastpost time[datetime], .lastpost-date time[datetime], time[datetime]");
        items.push({
          key: versionKey(`t${id}`, last !== null ? `p${last}` : time),
          url: topic.page,
          fetchUrl: last !== null ? `${topic.page}?p=${last}` : null,
          title: clip(link.text() || link.attr("title") || ""),
          time,
        });
      }
      const next = kit.nextLink($, config.selectors.next ?? "a.js-pagenav-next-button:not(.h-disabled), .pagenav a[rel=next], a[rel=next], link[rel=next]", input, config);
      return { items, next };
    },
    itemPage: () => null,
  };
}

/** vBulletin 5's generator meta, its #pagedata element (data-baseurl) and its topic list markup. */
export function detectVbulletin5(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const pagedata = $("#pagedata[data-baseurl]").first();
  const generatorSays = /^vBulletin\s+(?:5|6)\b/i.test(ctx.generator);
  const markup = $("a.js-topic-title, tr.topic-item[data-node-id], .b-post[data-node-id], li.b-post").length > 0 && /\bvBulletin\b/.test(ctx.scriptText());
  if (!generatorSays && pagedata.length === 0 && !markup) return null;
  const baseUrl = ctx.safeUrl(pagedata.attr("data-baseurl"), ctx.base);
  const root = baseUrl ? baseUrl.href.replace(/\/$/, "") : new URL(ctx.url).origin;
  const evidence = generatorSays ? `meta generator ${ctx.generator}` : pagedata.length > 0 ? "vBulletin 5's #pagedata" : "vBulletin 5's topic list";
  return { family: "vbulletin5", evidence, entryPages: [`${root}/search?searchJSON=${TODAYS_TOPICS}`] };
}
