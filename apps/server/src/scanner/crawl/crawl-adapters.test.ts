import { describe, expect, it } from "vitest";
import { crawlAdapter, parseListingTime } from "./crawl-adapters";
import type { CrawlAdapterConfig, CrawlFamily } from "./crawl-types";

const config = (family: CrawlFamily, over: Partial<CrawlAdapterConfig> = {}): CrawlAdapterConfig => ({
  baseUrl: "https://board.example",
  domains: ["board.example"],
  selectors: {},
  itemPattern: null,
  threadPath: "res",
  ...over,
  ...(family === "listing" && !over.itemPattern ? { itemPattern: /\/gallery\// } : {}),
});

const listing = (family: CrawlFamily, body: string, url: string, headers: Record<string, string> = {}, over: Partial<CrawlAdapterConfig> = {}) =>
  crawlAdapter(family).parseListing({ body, url, contentType: "text/html", headers }, config(family, over));

describe("crawl adapters", () => {
  it("XenForo 1 thread lists: the thread link, its last-post time, and the next page", () => {
    const page = listing(
      "xenforo",
      `<base href="https://board.example/"><ol class="discussionListItems">
        <li id="thread-77" class="discussionListItem"><div class="titleText"><h3 class="title"><a href="threads/ivy-vale-pack.77/">ivy vale pack</a></h3></div>
          <dl class="lastPostInfo"><dd><a href="threads/ivy-vale-pack.77/unread"><abbr class="DateTime" data-time="1735000000">Dec 24</abbr></a></dd></dl></li>
        <li class="discussionListItem"><h3 class="title"><a href="https://evil.example/threads/x.1/">elsewhere</a></h3></li>
      </ol><div class="PageNav"><a href="find-new/123/posts?page=2" rel="next">Next &gt;</a></div>`,
      "https://board.example/find-new/123/posts",
    );
    expect(page.items).toEqual([{ key: "t77@1735000000000", url: "https://board.example/threads/ivy-vale-pack.77/", fetchUrl: null, title: "ivy vale pack", time: 1735000000000 }]);
    expect(page.next).toBe("https://board.example/find-new/123/posts?page=2");
  });

  it("phpBB active topics: topic links without the session id, versioned by their last post and read at its page", () => {
    const page = listing(
      "phpbb",
      `<ul class="topiclist topics">
        <li class="row bg1"><dl class="row-item topic_read"><dt><div class="list-inner"><a href="./viewtopic.php?f=4&amp;t=912&amp;sid=abc123" class="topictitle">luna_rivers mega</a></div></dt>
          <dd class="lastpost"><span><a href="./viewtopic.php?p=5521&amp;sid=abc123#p5521" title="Go to last post">›</a> <time datetime="2026-11-01T10:00:00+00:00">Sun Nov 01, 2026</time></span></dd></dl></li>
      </ul><div class="pagination"><ul><li class="arrow next"><a class="button" href="./search.php?search_id=active_topics&amp;start=25&amp;sid=abc123" rel="next">Next</a></li></ul></div>`,
      "https://board.example/search.php?search_id=active_topics",
    );
    expect(page.items).toEqual([
      { key: "t912@p5521", url: "https://board.example/viewtopic.php?f=4&t=912", fetchUrl: "https://board.example/viewtopic.php?p=5521", title: "luna_rivers mega", time: Date.parse("2026-11-01T10:00:00Z") },
    ]);
    expect(page.next).toBe("https://board.example/search.php?search_id=active_topics&start=25");
  });

  it("vBulletin getdaily results: thread_title_ ids and the last post's id", () => {
    const page = listing(
      "vbulletin",
      `<table><tr><td id="td_threadtitle_301"><a href="showthread.php?s=deadbeef&amp;t=301" id="thread_title_301">Moon Bunny pics</a></td>
        <td class="alt2"><div class="smallfont">Today <span class="time">09:12</span> <a href="showthread.php?s=deadbeef&amp;p=88812#post88812">›</a></div></td></tr></table>
       <a rel="next" href="search.php?searchid=55&amp;pp=25&amp;page=2">›</a>`,
      "https://board.example/search.php?searchid=55",
    );
    expect(page.items.map((i) => [i.key, i.url, i.title])).toEqual([["t301@p88812", "https://board.example/showthread.php?t=301", "Moon Bunny pics"]]);
    expect(page.next).toBe("https://board.example/search.php?searchid=55&pp=25&page=2");
  });

  it("WordPress RSS: each post by its guid and date, and the feed's next page", () => {
    const page = crawlAdapter("wordpress").parseListing(
      {
        body: `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Blog</title>
          <item><title>Luna Rivers leaked &#8211; 40 pics</title><link>https://board.example/luna-rivers-leaked/</link><pubDate>Sun, 01 Nov 2026 10:00:00 +0000</pubDate><guid isPermaLink="false">https://board.example/?p=123</guid></item>
          <item><title>Elsewhere</title><link>https://other.example/x/</link><guid>https://other.example/?p=1</guid></item></channel></rss>`,
        url: "https://board.example/feed/",
        contentType: "application/rss+xml",
        headers: {},
      },
      config("wordpress"),
    );
    expect(page.items).toEqual([
      { key: `https://board.example/?p=123@${Date.parse("2026-11-01T10:00:00Z")}`, url: "https://board.example/luna-rivers-leaked/", fetchUrl: null, title: "Luna Rivers leaked – 40 pics", time: Date.parse("2026-11-01T10:00:00Z") },
    ]);
    expect(page.next).toBe("https://board.example/feed/?paged=2");
  });

  it("WordPress REST posts: ids, modified times and X-WP-TotalPages", () => {
    const body = JSON.stringify([{ id: 9, link: "https://board.example/ivy/", date_gmt: "2026-11-01T09:00:00", modified_gmt: "2026-11-02T09:00:00", title: { rendered: "Ivy &amp; friends" } }]);
    const first = listing("wordpress", body, "https://board.example/wp-json/wp/v2/posts?per_page=20", { "x-wp-totalpages": "2" });
    expect(first.items).toEqual([{ key: `p9@${Date.parse("2026-11-02T09:00:00Z")}`, url: "https://board.example/ivy/", fetchUrl: null, title: "Ivy & friends", time: Date.parse("2026-11-02T09:00:00Z") }]);
    expect(first.next).toBe("https://board.example/wp-json/wp/v2/posts?per_page=20&page=2");
    expect(listing("wordpress", body, "https://board.example/wp-json/wp/v2/posts?per_page=20&page=2", { "x-wp-totalpages": "2" }).next).toBeNull();
  });

  it("imageboards: catalog.json threads, bumped first, read from the thread's JSON with its files", () => {
    const ib = crawlAdapter("imageboard");
    const cfg = config("imageboard");
    const page = ib.parseListing(
      {
        body: JSON.stringify([{ page: 0, threads: [{ no: 10, sub: "old", last_modified: 1700000000 }, { no: 12, com: "luna_rivers <b>pack</b>", last_modified: 1700000500 }] }]),
        url: "https://board.example/s/catalog.json",
        contentType: "application/json",
        headers: {},
      },
      cfg,
    );
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl, i.title])).toEqual([
      ["s/12@1700000500000", "https://board.example/s/res/12.html", "https://board.example/s/res/12.json", "luna_rivers pack"],
      ["s/10@1700000000000", "https://board.example/s/res/10.html", "https://board.example/s/res/10.json", "old"],
    ]);
    const thread = ib.itemPage(
      {
        body: JSON.stringify({ posts: [{ no: 12, com: "luna_rivers leaked", tim: "1700000500123", ext: ".jpg", filename: "x" }, { no: 13, com: "<script>alert(1)</script>", tim: "../../etc", ext: ".jpg" }] }),
        url: "https://board.example/s/res/12.json",
        contentType: "application/json",
        item: { url: "https://board.example/s/res/12.html", title: "" },
      },
      cfg,
    );
    expect(thread?.html).toContain('<img src="/s/src/1700000500123.jpg"');
    expect(thread?.html).not.toContain("../../etc");
    expect(thread?.html).toContain("<title>luna_rivers leaked</title>");
  });

  it("the listing family: links matching the item pattern, and the catalog's selectors", () => {
    const body = `<a href="/gallery/1/a">A</a><a href="/tags/x">tag</a><a href="/gallery/2/b"><img alt="B"></a><a href="/gallery/1/a">A again</a><span class="more"><a href="/?p=2">more</a></span>`;
    const page = listing("listing", body, "https://board.example/", {}, { selectors: { next: ".more a" } });
    expect(page.items.map((i) => [i.key, i.title])).toEqual([
      ["https://board.example/gallery/1/a", "A"],
      ["https://board.example/gallery/2/b", "B"],
    ]);
    expect(page.next).toBe("https://board.example/?p=2");
  });

  it("hostile listings: broken JSON, huge pages and odd times are bounded, not errors", () => {
    expect(listing("discourse", "{not json", "https://board.example/latest.json")).toEqual({ items: [], next: null });
    const many = JSON.stringify({ topic_list: { topics: Array.from({ length: 5000 }, (_, i) => ({ id: i, slug: "s", title: "t" })) } });
    expect(listing("discourse", many, "https://board.example/latest.json").items.length).toBe(200);
    expect(parseListingTime("9".repeat(500))).toBeNull();
    expect(parseListingTime("1735000000")).toBe(1735000000000);
    const longHref = `<div class="structItem"><div class="structItem-title"><a href="/threads/${"a.".repeat(50_000)}1/">x</a></div></div>`;
    expect(listing("xenforo", longHref, "https://board.example/whats-new/posts/").items).toEqual([]);
  });
});

describe("catalog crawl entries", () => {
  it("name a family, optional entry pages and selectors; incomplete ones are refused with the reason", async () => {
    const { leakSiteSchema, builtinLeakSites } = await import("../leak-site-catalog");
    const ok = leakSiteSchema.parse({ id: "x", name: "X", domains: ["x.example"], crawl: { family: "discourse" } });
    expect(ok.crawl).toMatchObject({ family: "discourse", enabled: true, threadPath: "res", selectors: {} });
    const listingWithout = leakSiteSchema.safeParse({ id: "x", name: "X", domains: ["x.example"], crawl: { family: "listing" } });
    expect(listingWithout.error?.issues[0]?.message).toMatch(/entryPages .*, selectors\.item or itemPattern/);
    // Its entry pages alone are enough: they are read by their structure.
    expect(leakSiteSchema.safeParse({ id: "x", name: "X", domains: ["x.example"], crawl: { family: "listing", entryPages: ["https://x.example/latest-updates/"] } }).success).toBe(true);
    const boardWithout = leakSiteSchema.safeParse({ id: "x", name: "X", domains: ["x.example"], crawl: { family: "imageboard" } });
    expect(boardWithout.error?.issues[0]?.message).toMatch(/entryPages/);
    expect(leakSiteSchema.safeParse({ id: "x", name: "X", domains: ["x.example"], crawl: { family: "xenforo", entryPages: ["ftp://x.example/"] } }).success).toBe(false);
    expect(leakSiteSchema.safeParse({ id: "x", name: "X", domains: ["x.example"], crawl: { family: "listing", itemPattern: "(" } }).success).toBe(false);
    // The built-in catalog crawls the forums, blogs and archives whose software is known.
    expect(builtinLeakSites().filter((s) => s.crawl).map((s) => [s.id, s.crawl!.family])).toEqual([
      ["simpcity", "xenforo"],
      ["socialmediagirls", "xenforo"],
      ["leakedmodels", "xenforo"],
      ["influencersgonewild", "wordpress"],
      ["dirtyship", "wordpress"],
      ["coomer", "kemono"],
      ["kemono", "kemono"],
    ]);
  });
});
