import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlItem } from "../crawl-types";
import { cookieNames, count, feedListing, folderOf, int, isFeed, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * MyBB 1.8. Listings: search.php?action=getdaily / getnew (they answer with search.php?action=results&sid=…,
 * the search_results_threads template: tr.inline_row, a#tid_N, the replies count linking
 * misc.php?action=whoposted, the "Last Post" link showthread.php?tid=N&action=lastpost), forumdisplay.php
 * (span#tid_N > a) and syndication.php (RSS 2 of the newest threads). Threads: showthread.php?tid=N, or
 * thread-N.html with search-engine-friendly URLs; a thread is read at its last post (action=lastpost,
 * which MyBB answers with the page that holds it) and versioned by its replies count. Attachments
 * (attachment.php?aid=N behind attachment.php?thumbnail=N) are the analyser's forum attachments.
 */

// thread-12.html, thread-12-page-3.html, thread-12-lastpost.html, thread-12-post-99.html
const SEO_THREAD = /\/thread-(\d{1,12})(?:-(?:page|post)-\d{1,12}|-lastpost|-newpost)?\.html$/;

/** A MyBB thread link's id and its page without page, post or action (null: not a thread). */
export function mybbThread(url: URL, withoutSession: (u: URL) => URL): { id: number; page: URL } | null {
  if (/\/showthread\.php$/.test(url.pathname)) {
    const id = int(url.searchParams.get("tid"));
    if (id === null) return null;
    const page = new URL(url.pathname, url);
    page.searchParams.set("tid", String(id));
    return { id, page };
  }
  const m = SEO_THREAD.exec(url.pathname);
  if (!m) return null;
  const page = withoutSession(url);
  page.search = "";
  page.pathname = url.pathname.replace(SEO_THREAD, `/thread-${m[1]}.html`);
  return { id: Number(m[1]), page };
}

/** Where a thread's last post is read: MyBB's lastpost action (it redirects to the post's page). */
function lastPostUrl(page: URL): string {
  const u = new URL(page.href);
  if (u.pathname.endsWith(".html")) u.pathname = u.pathname.replace(/\.html$/, "-lastpost.html");
  else u.searchParams.set("action", "lastpost");
  return u.href;
}

export function mybbAdapter(kit: CrawlKit): CrawlAdapter {
  return {
    family: "mybb",
    defaultEntryPages: (c) => [`${c.baseUrl}/search.php?action=getdaily`],
    parseListing(input, config) {
      if (isFeed(input)) {
        const $ = cheerio.load(input.body, { xml: true });
        const toItem = (url: URL, time: number | null, title: string): CrawlItem | null => {
          const t = mybbThread(url, kit.withoutSession);
          return t ? { key: versionKey(`t${t.id}`, time), url: t.page.href, fetchUrl: lastPostUrl(t.page), title, time } : null;
        };
        // syndication.php lists threads by their start: no next page.
        return { items: feedListing($, input, config, kit, toItem, MAX_ITEMS_PER_LISTING), next: null };
      }
      return kit.htmlListing(input, config, {
        itemSelector: "a[id^='tid_'], span[id^='tid_'] > a, .subject_new > a, .subject_old > a",
        rowSelector: "tr.inline_row, tr",
        // Dates are words in the board's format and the visitor's zone ("11-01-2026, 10:00 AM", "1 hour ago"): the replies count versions a thread.
        timeSelector: "time[datetime]",
        nextSelector: ".pagination a.pagination_next, a[rel=next], link[rel=next]",
        // sid= is the search's id here (results pages), not a session: the next page keeps it.
        cleanNext: false,
        toItem(url, _link, row) {
          const t = mybbThread(url, kit.withoutSession);
          if (!t) return null;
          // The replies count (misc.php?action=whoposted&tid=N) grows with every post: it is the thread's version.
          const replies = count(row.find("a[href*='action=whoposted']").first().text());
          return {
            key: versionKey(`t${t.id}`, replies === null ? null : `r${replies}`),
            url: t.page.href,
            fetchUrl: replies === 0 ? null : lastPostUrl(t.page),
          };
        },
      });
    },
    itemPage: () => null,
  };
}

/** MyBB's default templates: its scripts (general.js, MyBB.whoPosted), the my_post_key / cookiePrefix variables, its cookies and credit. */
export function detectMybb(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const scripts = ctx.scriptText();
  const cookies = cookieNames(ctx.headers);
  const credit = $('a[href*="mybb.com"]').filter((_, el) => /\bMyBB\b/.test($(el).text().slice(0, 200))).length > 0;
  const markers = [
    /\bvar my_post_key\b/.test(scripts) && /\bvar cookiePrefix\b/.test(scripts) ? "MyBB's page variables (my_post_key, cookiePrefix)" : null,
    $('script[src*="jscripts/general.js"]').length > 0 && $("[onclick*='MyBB.']").length + $('script[src*="jscripts/jquery.plugins"]').length > 0 ? "MyBB's scripts" : null,
    cookies.some((n) => n === "mybb[lastvisit]" || n === "mybbuser" || n === "mybb[lastactive]") ? "MyBB's cookies" : null,
    /^MyBB\b/i.test(ctx.generator) ? `meta generator ${ctx.generator}` : null,
  ].filter((m): m is string => m !== null);
  if (markers.length === 0 && !credit) return null;
  if (markers.length === 0 && !ctx.scriptFolder(["showthread.php", "forumdisplay.php"])) return null;
  // Where the board lives: its rootpath variable, its feed link, else the folder of its scripts.
  const rootpath = /\bvar rootpath = "([^"\\]{1,300})"/.exec(scripts)?.[1];
  const root = ctx.safeUrl(rootpath ? `${rootpath.replace(/\/$/, "")}/` : undefined, ctx.base);
  const feed = ctx.safeUrl($('link[rel="alternate"][href*="syndication.php"]').first().attr("href"), ctx.base);
  const folder = root?.href ?? (feed ? folderOf(feed) : null) ?? ctx.scriptFolder(["showthread.php", "forumdisplay.php", "search.php", "member.php", "index.php"]) ?? folderOf(new URL(ctx.base));
  return { family: "mybb", evidence: markers[0] ?? "MyBB's credit and scripts", entryPages: [`${folder}search.php?action=getdaily`] };
}
