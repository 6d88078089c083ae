import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { documentFromBody, type PageDocument } from "../html-document";
import { crawlAdapter } from "./crawl-adapters";
import type { CrawlAdapterConfig, CrawlFamily, CrawlItem } from "./crawl-types";

/**
 * Each family against what its package really renders (fixtures/crawl, see SOURCES.md): list
 * pages → items (keys, page and fetch URLs, titles, times) and the next page; item pages →
 * the text a name is looked for in and the image URLs the index fetches (full size, lazy).
 */

const cfg = (host: string, over: Partial<CrawlAdapterConfig> = {}): CrawlAdapterConfig => ({
  baseUrl: `https://${host}`,
  domains: [host.replace(/^www\./, "")],
  selectors: {},
  itemPattern: null,
  threadPath: "res",
  ...over,
});

function list(family: CrawlFamily, fixture: string, url: string, config: CrawlAdapterConfig, headers: Record<string, string> = {}) {
  return crawlAdapter(family).parseListing({ body: crawlFixture(fixture), url, contentType: "text/html", headers }, config);
}

/** An item's page as the crawler reads it: the adapter's conversion (APIs), else the fetched HTML. */
function read(family: CrawlFamily, fixture: string, fetchedUrl: string, item: Pick<CrawlItem, "url" | "title">, config: CrawlAdapterConfig): PageDocument {
  const body = crawlFixture(fixture);
  const converted = crawlAdapter(family).itemPage({ body, url: fetchedUrl, contentType: "application/json", item }, config);
  const html = converted ? converted.html : body;
  return documentFromBody({ body: Buffer.from(html), contentType: "text/html; charset=utf-8", url: converted ? item.url : fetchedUrl, kind: "html" });
}

const T = (iso: string) => Date.parse(iso);
const srcs = (doc: PageDocument) => doc.images.map((i) => i.src);

describe("phpBB 3.3 (prosilver)", () => {
  const c = cfg("board.leakden.example");
  it("active topics: topics without session ids, versioned by their last post, read at the page of that post; rows' own page links are not the next page", () => {
    const page = list("phpbb", "phpbb3-active-topics.html", "https://board.leakden.example/search.php?search_id=active_topics", c);
    expect(page.items).toEqual([
      {
        key: "t912@p5521",
        url: "https://board.leakden.example/viewtopic.php?t=912",
        fetchUrl: "https://board.leakden.example/viewtopic.php?p=5521",
        title: "Lunа Rivers & friends – mega thread",
        time: T("2026-11-01T10:00:00Z"),
      },
      {
        key: "t907@p5490",
        url: "https://board.leakden.example/viewtopic.php?t=907",
        fetchUrl: "https://board.leakden.example/viewtopic.php?p=5490",
        title: "Beach set (no names)",
        time: T("2026-10-30T21:12:40Z"),
      },
    ]);
    expect(page.next).toBe("https://board.leakden.example/search.php?search_id=active_topics&start=25");
  });

  it("a topic page: the posts' text, hot-linked images, inline attachments and the full size behind thumbnails", () => {
    const doc = read("phpbb", "phpbb3-viewtopic.html", "https://board.leakden.example/viewtopic.php?p=5521", { url: "https://board.leakden.example/viewtopic.php?t=912", title: "" }, c);
    expect(doc.text).toContain("new set from l.u.n.a r.i.v.e.r.s");
    expect(srcs(doc)).toEqual(
      expect.arrayContaining([
        "https://img.hostdump.example/i/8a7c1b.jpg",
        "https://board.leakden.example/download/file.php?id=3301&sid=5f1e0c2a9d&mode=view",
        "https://board.leakden.example/download/file.php?id=3302&sid=5f1e0c2a9d",
      ]),
    );
  });

  it("search results shown as posts: each post is an item at its own URL", () => {
    const body = `<div class="search post bg2"><div class="inner"><dl class="postprofile"><dd class="search-result-date">Sun Nov 01, 2026 10:00 am</dd></dl>
      <div class="postbody"><h3><a href="./viewtopic.php?p=5521&amp;sid=ab#p5521">Re: set</a></h3><div class="content">x</div></div></div></div>`;
    const page = crawlAdapter("phpbb").parseListing({ body, url: "https://board.leakden.example/search.php?search_id=newposts&sr=posts", contentType: "text/html", headers: {} }, c);
    expect(page.items.map((i) => [i.key, i.url])).toEqual([["p5521", "https://board.leakden.example/viewtopic.php?p=5521"]]);
  });
});

describe("vBulletin 3.8 and 4.2", () => {
  const c = cfg("forum.vbleaks.example");
  it("3.8 getdaily results: thread ids from thread_title_ links (not the go-to-new links), the last post, no session ids", () => {
    const page = list("vbulletin", "vbulletin3-getdaily.html", "https://forum.vbleaks.example/search.php?searchid=55", c);
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl, i.title])).toEqual([
      ["t301@p88812", "https://forum.vbleaks.example/showthread.php?t=301", "https://forum.vbleaks.example/showthread.php?p=88812", "M00n Bunny pics & clips"],
      ["t298@p88790", "https://forum.vbleaks.example/showthread.php?t=298", "https://forum.vbleaks.example/showthread.php?p=88790", "Sunset album"],
    ]);
    expect(page.next).toBe("https://forum.vbleaks.example/search.php?searchid=55&pp=25&page=2");
  });

  it("4.2 getnew results: friendly URLs under the <base href> folder, one item per thread", () => {
    const page = list("vbulletin", "vbulletin4-getnew.html", "https://forum.vbleaks.example/forum/search.php?searchid=56", c);
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl])).toEqual([
      ["t301@p88812", "https://forum.vbleaks.example/forum/showthread.php?301-M00n-Bunny-pics-amp-clips", "https://forum.vbleaks.example/forum/showthread.php?p=88812"],
      ["t298@p88790", "https://forum.vbleaks.example/forum/showthread.php?298-Sunset-album", "https://forum.vbleaks.example/forum/showthread.php?p=88790"],
    ]);
    expect(page.next).toBe("https://forum.vbleaks.example/forum/search.php?searchid=56&pp=&page=2");
  });

  it("4.2 thread page: post text, and attachments at full size (inline and behind thumbnails)", () => {
    const doc = read("vbulletin", "vbulletin4-showthread.html", "https://forum.vbleaks.example/forum/showthread.php?p=88812", { url: "https://forum.vbleaks.example/forum/showthread.php?301-M00n-Bunny-pics-amp-clips", title: "" }, c);
    expect(doc.text).toContain("more of the m00n bunny");
    expect(srcs(doc)).toEqual(
      expect.arrayContaining([
        "https://img.hostdump.example/i/77aa.jpg",
        "https://forum.vbleaks.example/forum/attachment.php?attachmentid=4411&d=1793527200",
        "https://forum.vbleaks.example/forum/attachment.php?attachmentid=4410&d=1793527200",
      ]),
    );
  });
});

describe("WordPress", () => {
  const c = cfg("www.leakblog.example");
  it("the RSS2 feed: entities and CDATA titles decoded, guid and date as the version, the next feed page", () => {
    const page = list("wordpress", "wordpress-feed-rss2.xml", "https://www.leakblog.example/feed/", c);
    expect(page.items).toEqual([
      {
        key: `https://www.leakblog.example/?p=123@${T("2026-11-01T10:00:00Z")}`,
        url: "https://www.leakblog.example/2026/11/01/luna-rivers-40-pics/",
        fetchUrl: null,
        title: "Lunа Rіvers – 40 pics & 2 clips",
        time: T("2026-11-01T10:00:00Z"),
      },
      {
        key: `https://www.leakblog.example/?p=119@${T("2026-10-31T22:15:00Z")}`,
        url: "https://www.leakblog.example/2026/10/31/sunset-album/",
        fetchUrl: null,
        title: "Sunset & sea – album",
        time: T("2026-10-31T22:15:00Z"),
      },
    ]);
    expect(page.next).toBe("https://www.leakblog.example/feed/?paged=2");
  });

  it("the REST API: ids and modified times (GMT without a zone), titles unescaped, X-WP-TotalPages", () => {
    const page = crawlAdapter("wordpress").parseListing(
      { body: crawlFixture("wordpress-rest-posts.json"), url: "https://www.leakblog.example/wp-json/wp/v2/posts?per_page=20", contentType: "application/json", headers: { "x-wp-totalpages": "3" } },
      c,
    );
    expect(page.items.map((i) => [i.key, i.url, i.title])).toEqual([
      [`p123@${T("2026-11-01T10:04:00Z")}`, "https://www.leakblog.example/2026/11/01/luna-rivers-40-pics/", "Lunа Rіvers – 40 pics & 2 clips"],
      [`p119@${T("2026-10-31T22:15:00Z")}`, "https://www.leakblog.example/2026/10/31/sunset-album/", "Sunset & sea – album"],
    ]);
    expect(page.next).toBe("https://www.leakblog.example/wp-json/wp/v2/posts?per_page=20&page=2");
  });

  it("a post page: the largest of srcset and lazy-load (data-lazy-src, data-src) images, gallery thumbnails' full-size links", () => {
    const doc = read("wordpress", "wordpress-post.html", "https://www.leakblog.example/2026/11/01/luna-rivers-40-pics/", { url: "https://www.leakblog.example/2026/11/01/luna-rivers-40-pics/", title: "" }, c);
    expect(doc.text).toContain("Full set from @lun4_r1vers");
    const s = srcs(doc);
    expect(s).toEqual(
      expect.arrayContaining([
        "https://www.leakblog.example/wp-content/uploads/2026/11/beach-03.jpg",
        "https://www.leakblog.example/wp-content/uploads/2026/11/beach-04.jpg",
        "https://www.leakblog.example/wp-content/uploads/2026/11/beach-05-1024x683.jpg",
      ]),
    );
    expect(s.some((u) => u.startsWith("data:"))).toBe(false);
  });
});

describe("XenForo 2.2", () => {
  const c = cfg("xf.leakfans.example");
  it("what's new: thread links (not prefix labels or page jumps), the latest time in the row, the next page", () => {
    const page = list("xenforo", "xenforo2-whats-new-posts.html", "https://xf.leakfans.example/whats-new/posts/4471/", c);
    expect(page.items).toEqual([
      {
        key: "t77@1793527200000",
        url: "https://xf.leakfans.example/threads/moonlight-luna-set.77/",
        // Two pages long: read where the new posts are, its last page (the row's page jump).
        fetchUrl: "https://xf.leakfans.example/threads/moonlight-luna-set.77/page-2",
        title: "#MoonBunny set & extras",
        time: 1793527200000,
      },
      { key: "t75@1793484900000", url: "https://xf.leakfans.example/threads/75/", fetchUrl: null, title: "Sunset album", time: 1793484900000 },
    ]);
    expect(page.next).toBe("https://xf.leakfans.example/whats-new/posts/4471/page-2");
  });

  it("XenForo 1 new posts under <base href>: a long thread read at the last of its page jumps, a one-page thread at its own page", () => {
    const page = list("xenforo", "xenforo1-find-new-posts.html", "https://old.leakfans.example/community/find-new/2981/posts", cfg("old.leakfans.example"));
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl])).toEqual([
      ["t4120@1793527200000", "https://old.leakfans.example/community/threads/luna-rivers-mega-thread.4120/", "https://old.leakfans.example/community/threads/luna-rivers-mega-thread.4120/page-14"],
      // An older date is only words in the visitor's time zone ("Oct 31, 2026 at 10:15 PM"): no version time.
      ["t4102", "https://old.leakfans.example/community/threads/sunset-album.4102/", null],
    ]);
    expect(page.next).toBe("https://old.leakfans.example/community/find-new/2981/posts?page=2");
  });

  it("search and activity rows that do not say a thread's length read it at /latest; page jumps to other threads are ignored", () => {
    const body = `<ol class="block-body"><li class="block-row"><div class="contentRow"><div class="contentRow-main"><h3 class="contentRow-title"><a href="/threads/clip-dump.91/post-8812">Clip dump</a></h3>
      <div class="contentRow-minor"><time class="u-dt" data-time="1793527200">x</time></div></div></div></li>
      <li class="structItem"><div class="structItem-title"><a href="/threads/other.92/">Other</a></div><span class="structItem-pageJump"><a href="/threads/clip-dump.91/page-9">9</a></span></li></ol>`;
    const page = crawlAdapter("xenforo").parseListing({ body, url: "https://xf.leakfans.example/search/55/", contentType: "text/html", headers: {} }, c);
    expect(page.items.map((i) => [i.key, i.fetchUrl])).toEqual([
      ["t91@1793527200000", "https://xf.leakfans.example/threads/clip-dump.91/latest"],
      ["t92", null],
    ]);
  });

  it("a thread page: message text, proxied images' originals (data-url), lazy images, attachments' full size", () => {
    const doc = read("xenforo", "xenforo2-thread.html", "https://xf.leakfans.example/threads/moonlight-luna-set.77/page-2", { url: "https://xf.leakfans.example/threads/moonlight-luna-set.77/", title: "" }, c);
    expect(doc.text).toContain("new ones from m.o.o.n b.u.n.n.y");
    expect(srcs(doc)).toEqual(
      expect.arrayContaining(["https://img.hostdump.example/i/xf1.jpg", "https://img.hostdump.example/i/xf2.jpg", "https://xf.leakfans.example/attachments/beach_03-jpg.4410/"]),
    );
  });
});

describe("Discourse", () => {
  const c = cfg("talk.modleaks.example");
  it("latest.json: topics bumped, long ones read at their end (/t/{slug}/{id}/{highest}.json), more_topics_url as JSON", () => {
    const page = list("discourse", "discourse-latest.json", "https://talk.modleaks.example/latest.json", c);
    expect(page.items).toEqual([
      {
        key: `318@${T("2026-11-01T10:00:00.118Z")}`,
        url: "https://talk.modleaks.example/t/moonlight-luna-beach-set-more/318",
        fetchUrl: "https://talk.modleaks.example/t/moonlight-luna-beach-set-more/318/27.json",
        title: "Moonlight Luna – beach set & more",
        time: T("2026-11-01T10:00:00.118Z"),
      },
      {
        key: `311@${T("2026-10-31T22:15:00Z")}`,
        url: "https://talk.modleaks.example/t/sunset-album/311",
        fetchUrl: "https://talk.modleaks.example/t/sunset-album/311.json",
        title: "Sunset album",
        time: T("2026-10-31T22:15:00Z"),
      },
    ]);
    expect(page.next).toBe("https://talk.modleaks.example/latest.json?no_definitions=true&page=1");
  });

  it("a topic's posts: cooked HTML with hashtags, relative upload URLs and the lightbox's original", () => {
    const doc = read("discourse", "discourse-topic-last-posts.json", "https://talk.modleaks.example/t/moonlight-luna-beach-set-more/318/27.json", { url: "https://talk.modleaks.example/t/moonlight-luna-beach-set-more/318", title: "" }, c);
    expect(doc.title).toBe("Moonlight Luna – beach set & more");
    expect(`${doc.text}\n${doc.linkText}`).toContain("#MoonlightLuna");
    expect(srcs(doc)).toEqual(expect.arrayContaining(["https://talk.modleaks.example/uploads/default/original/1X/4f2a9c1e0d.jpeg"]));
  });
});

describe("imageboards", () => {
  const c = cfg("chan.leakboard.example");
  it("vichan catalog.json: every page's threads, bumped first, read from res/N.json", () => {
    const page = list("imageboard", "vichan-catalog.json", "https://chan.leakboard.example/s/catalog.json", c);
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl, i.title])).toEqual([
      ["s/12@1793527200000", "https://chan.leakboard.example/s/res/12.html", "https://chan.leakboard.example/s/res/12.json", "Lуna Rіvers"],
      ["s/9@1793400000000", "https://chan.leakboard.example/s/res/9.html", "https://chan.leakboard.example/s/res/9.json", "sunset thread"],
      ["s/3@1792000000000", "https://chan.leakboard.example/s/res/3.html", "https://chan.leakboard.example/s/res/3.json", ">no sub old thread"],
    ]);
    expect(page.next).toBeNull();
    const threads = list("imageboard", "vichan-threads.json", "https://chan.leakboard.example/s/threads.json", c);
    expect(threads.items.map((i) => i.key)).toEqual(["s/12@1793527200000", "s/9@1793400000000", "s/3@1792000000000"]);
  });

  it("a vichan thread: every post's text and every file at full size (src/, extra_files)", () => {
    const doc = read("imageboard", "vichan-thread.json", "https://chan.leakboard.example/s/res/12.json", { url: "https://chan.leakboard.example/s/res/12.html", title: "" }, c);
    expect(doc.text).toContain("l u n a  r i v e r s".replace("  ", " "));
    expect(srcs(doc)).toEqual(
      expect.arrayContaining([
        "https://chan.leakboard.example/s/src/1793520000123.jpg",
        "https://chan.leakboard.example/s/src/1793523600456.webp",
        "https://chan.leakboard.example/s/src/1793523600457-1.png",
      ]),
    );
  });

  it("LynxChan catalog.json and thread JSON: threadId, lastBump, /.media/ files, replies' markdown", () => {
    const lc = cfg("lynx.leakboard.example");
    const page = list("imageboard", "lynxchan-catalog.json", "https://lynx.leakboard.example/s/catalog.json", lc);
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl, i.title])).toEqual([
      [`s/212@${T("2026-11-01T10:00:00Z")}`, "https://lynx.leakboard.example/s/res/212.html", "https://lynx.leakboard.example/s/res/212.json", "Lуna Rіvers"],
      [`s/200@${T("2026-10-31T22:15:00Z")}`, "https://lynx.leakboard.example/s/res/200.html", "https://lynx.leakboard.example/s/res/200.json", "sunset thread"],
    ]);
    const doc = read("imageboard", "lynxchan-thread.json", "https://lynx.leakboard.example/s/res/212.json", { url: "https://lynx.leakboard.example/s/res/212.html", title: "" }, lc);
    expect(doc.text).toContain("the beach set, as promised");
    expect(doc.text).toContain(">l u n a r i v e r s");
    expect(srcs(doc)).toEqual(
      expect.arrayContaining([
        "https://lynx.leakboard.example/.media/5c4b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1.jpg",
        "https://lynx.leakboard.example/.media/aa11bb22cc33dd44ee55ff6600112233445566778899aabbccddeeff00112233.png",
      ]),
    );
  });
});
