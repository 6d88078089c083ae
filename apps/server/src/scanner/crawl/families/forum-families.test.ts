import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { documentFromBody, type PageDocument } from "../../html-document";
import { crawlAdapter } from "../crawl-adapters";
import type { CrawlAdapterConfig, CrawlFamily } from "../crawl-types";
import { detectFamily } from "../family-detect";

/**
 * vBulletin 5, Invision Community, MyBB and SMF against their default templates (fixtures/crawl, see
 * SOURCES.md): what's new → items keyed by their newest post and read where it is, the next page; a
 * topic page → its text and full-size images; and each family told from its pages.
 */

const cfg = (host: string): CrawlAdapterConfig => ({ baseUrl: `https://${host}`, domains: [host], selectors: {}, itemPattern: null, threadPath: "res" });

function list(family: CrawlFamily, fixture: string, url: string, contentType = "text/html; charset=UTF-8") {
  return crawlAdapter(family).parseListing({ body: crawlFixture(fixture), url, contentType, headers: {} }, cfg(new URL(url).hostname));
}

/** A topic page as the crawler reads it (these families' pages are HTML: no conversion). */
function read(family: CrawlFamily, fixture: string, url: string): PageDocument {
  const body = crawlFixture(fixture);
  expect(crawlAdapter(family).itemPage({ body, url, contentType: "text/html", item: { url, title: "" } }, cfg(new URL(url).hostname))).toBeNull();
  return documentFromBody({ body: Buffer.from(body), contentType: "text/html; charset=utf-8", url, kind: "html" });
}

const detect = (fixture: string, url: string, headers: Record<string, string> = {}, body = crawlFixture(fixture)) =>
  detectFamily({ url, body, contentType: "text/html", headers }, [new URL(url).hostname]);

const T = (iso: string) => Date.parse(iso);
const srcs = (doc: PageDocument) => doc.images.map((i) => i.src);

describe("MyBB 1.8", () => {
  it("getdaily results: threads versioned by their replies count, read at their last post unless unanswered, the search's next page", () => {
    const page = list("mybb", "mybb18-search-results.html", "https://bb.leakhaven.example/search.php?action=results&sid=7d1e6c0b2a9f8e7d6c5b4a3928171615");
    expect(page.items).toEqual([
      {
        key: "t5120@r1204",
        url: "https://bb.leakhaven.example/showthread.php?tid=5120",
        fetchUrl: "https://bb.leakhaven.example/showthread.php?tid=5120&action=lastpost",
        title: "Luna Rivers & friends - mega pack",
        time: null,
      },
      { key: "t5133@r0", url: "https://bb.leakhaven.example/showthread.php?tid=5133", fetchUrl: null, title: "Sunset album (no names)", time: null },
    ]);
    expect(page.next).toBe("https://bb.leakhaven.example/search.php?action=results&sid=7d1e6c0b2a9f8e7d6c5b4a3928171615&sortby=lastpost&order=desc&uid=&page=2");
  });

  it("search-engine-friendly thread URLs keep their form; syndication.php's newest threads by their date", () => {
    const body = crawlFixture("mybb18-search-results.html").replaceAll("showthread.php?tid=5120&amp;action=lastpost", "thread-5120-lastpost.html").replaceAll("showthread.php?tid=5120", "thread-5120.html");
    const seo = crawlAdapter("mybb").parseListing({ body, url: "https://bb.leakhaven.example/search.php?action=results&sid=1", contentType: "text/html", headers: {} }, cfg("bb.leakhaven.example"));
    expect(seo.items[0]).toMatchObject({ key: "t5120@r1204", url: "https://bb.leakhaven.example/thread-5120.html", fetchUrl: "https://bb.leakhaven.example/thread-5120-lastpost.html" });
    const feed = list("mybb", "mybb18-syndication.xml", "https://bb.leakhaven.example/syndication.php", "application/rss+xml");
    expect(feed.items.map((i) => [i.key, i.url, i.title])).toEqual([
      [`t5133@${T("2026-11-01T09:10:00Z")}`, "https://bb.leakhaven.example/showthread.php?tid=5133", "Sunset album (no names)"],
      [`t5120@${T("2026-09-02T20:00:00Z")}`, "https://bb.leakhaven.example/showthread.php?tid=5120", "Luna Rivers & friends - mega pack"],
    ]);
    expect(feed.next).toBeNull();
  });

  it("a thread page: the post's text, hot-linked images, attachments at full size behind their thumbnails", () => {
    const doc = read("mybb", "mybb18-showthread.html", "https://bb.leakhaven.example/showthread.php?tid=5120&pid=99812");
    expect(doc.text).toContain("new set from l.u.n.a_r.i.v.e.r.s");
    expect(srcs(doc)).toEqual(
      expect.arrayContaining(["https://img.hostdump.example/i/mb1.jpg", "https://bb.leakhaven.example/attachment.php?aid=3301", "https://bb.leakhaven.example/attachment.php?aid=3302"]),
    );
  });
});

describe("SMF 2.1", () => {
  it("recent posts: one item per topic, versioned and read at its newest message; reply and quote links are not topics; the next-page arrow", () => {
    const page = list("smf", "smf21-recent.html", "https://smf.leakcellar.example/forum/index.php?action=recent");
    expect(page.items).toEqual([
      {
        key: "t812@m9911",
        url: "https://smf.leakcellar.example/forum/index.php?topic=812.0",
        fetchUrl: "https://smf.leakcellar.example/forum/index.php?topic=812.msg9911",
        title: "Luna Rivers mega thread (all sets)",
        time: null,
      },
      { key: "t820@m9907", url: "https://smf.leakcellar.example/forum/index.php?topic=820.0", fetchUrl: "https://smf.leakcellar.example/forum/index.php?topic=820.msg9907", title: "Sunset album", time: null },
    ]);
    expect(page.next).toBe("https://smf.leakcellar.example/forum/index.php?action=recent;start=10");
  });

  it("the RSS feed: topics by their newest message; queryless URLs; a topic without a message id is read at .new", () => {
    const feed = list("smf", "smf21-feed-rss2.xml", "https://smf.leakcellar.example/forum/index.php?action=.xml;type=rss2", "application/rss+xml");
    expect(feed.items.map((i) => [i.key, i.url, i.fetchUrl, i.title])).toEqual([
      ["t812@m9911", "https://smf.leakcellar.example/forum/index.php?topic=812.0", "https://smf.leakcellar.example/forum/index.php?topic=812.msg9911", "Luna Rivers mega thread (all sets)"],
      ["t820@m9907", "https://smf.leakcellar.example/forum/index.php?topic=820.0", "https://smf.leakcellar.example/forum/index.php?topic=820.msg9907", "Sunset album"],
    ]);
    const body = `<div id="messageindex"><div class="windowbg"><span id="msg_700"><a href="/forum/index.php/topic,700.0.html">Queryless</a></span>
      <p><a href="/forum/index.php/topic,700.msg7020.html#new">Last post</a></p></div><div class="windowbg"><a href="/forum/index.php?topic=701.0">No last post link</a></div></div>`;
    const page = crawlAdapter("smf").parseListing({ body, url: "https://smf.leakcellar.example/forum/index.php?board=3.0", contentType: "text/html", headers: {} }, cfg("smf.leakcellar.example"));
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl, i.title])).toEqual([
      ["t700@m7020", "https://smf.leakcellar.example/forum/index.php/topic,700.0.html", "https://smf.leakcellar.example/forum/index.php/topic,700.msg7020.html", "Queryless"],
      ["t701", "https://smf.leakcellar.example/forum/index.php?topic=701.0", "https://smf.leakcellar.example/forum/index.php?topic=701.new", "No last post link"],
    ]);
  });

  it("a topic page: the message, and each attachment's full size behind its thumbnail (dlattach)", () => {
    const doc = read("smf", "smf21-display.html", "https://smf.leakcellar.example/forum/index.php?topic=812.msg9911");
    expect(doc.text).toContain("new set from l.u.n.a r.i.v.e.r.s");
    expect(srcs(doc)).toEqual(
      expect.arrayContaining(["https://img.hostdump.example/i/smf1.jpg", "https://smf.leakcellar.example/forum/index.php?action=dlattach;topic=812.0;attach=4410;image"]),
    );
  });
});

describe("Invision Community 4", () => {
  it("the activity stream: one item per topic, a reply's topic read at that newest reply (findComment), a new topic at its last comment, older activity by its Load more", () => {
    const page = list("invision", "ips4-discover.html", "https://community.leakvault.example/discover/");
    expect(page.items).toEqual([
      {
        key: "t4411@c88120",
        url: "https://community.leakvault.example/topic/4411-luna-rivers-mega-thread/",
        fetchUrl: "https://community.leakvault.example/topic/4411-luna-rivers-mega-thread/?do=findComment&comment=88120",
        title: "Luna Rivers mega thread",
        time: T("2026-11-01T10:00:00Z"),
      },
      {
        key: `t4420@${T("2026-11-01T09:00:00Z")}`,
        url: "https://community.leakvault.example/topic/4420-sunset-album/",
        fetchUrl: "https://community.leakvault.example/topic/4420-sunset-album/?do=getLastComment",
        title: "Sunset album",
        time: T("2026-11-01T09:00:00Z"),
      },
    ]);
    expect(page.next).toBe("https://community.leakvault.example/discover/?before=1793520000");
  });

  it("a forum page without URL rewriting: index.php?/topic/…, the last post's time, row page jumps are not titles, the next page", () => {
    const page = list("invision", "ips4-forum.html", "https://community.leakvault.example/index.php?/forum/3-models/");
    expect(page.items).toEqual([
      {
        key: `t4411@${T("2026-11-01T10:00:00Z")}`,
        url: "https://community.leakvault.example/index.php?/topic/4411-luna-rivers-mega-thread/",
        fetchUrl: "https://community.leakvault.example/index.php?/topic/4411-luna-rivers-mega-thread/&do=getLastComment",
        title: "Luna Rivers mega thread",
        time: T("2026-11-01T10:00:00Z"),
      },
    ]);
    expect(page.next).toBe("https://community.leakvault.example/index.php?/forum/3-models/page/2/");
  });

  it("a topic page: the post, lazy images (data-src), the full-size file an attachment's thumbnail links", () => {
    const doc = read("invision", "ips4-topic.html", "https://community.leakvault.example/topic/4411-luna-rivers-mega-thread/page/61/");
    expect(doc.text).toContain("new set from l.u.n.a r.i.v.e.r.s");
    const s = srcs(doc);
    expect(s).toEqual(
      expect.arrayContaining(["https://img.hostdump.example/i/ips2.jpg", "https://community.leakvault.example/uploads/monthly_2026_11/beach-03.jpg.5c1f9e8a7b6d4e3f2a1b0c9d8e7f6a5b.jpg"]),
    );
  });
});

describe("vBulletin 5", () => {
  it("today's topics (search, topic view): node ids versioned and read by their last post, the next page button", () => {
    const page = list("vbulletin5", "vbulletin5-search-topics.html", "https://vb.leakstash.example/search?searchJSON=%7B%22date%22%3A%7B%22from%22%3A%22lastDay%22%7D%2C%22view%22%3A%22topic%22%7D");
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl, i.title])).toEqual([
      ["t81220@p990122", "https://vb.leakstash.example/forum/models/81220-luna-rivers-mega-thread", "https://vb.leakstash.example/forum/models/81220-luna-rivers-mega-thread?p=990122", "Luna Rivers mega thread"],
      ["t81260@p81260", "https://vb.leakstash.example/forum/requests/81260-sunset-album", "https://vb.leakstash.example/forum/requests/81260-sunset-album?p=81260", "Sunset album"],
    ]);
    expect(page.next).toBe("https://vb.leakstash.example/search?searchJSON=%7B%22date%22%3A%7B%22from%22%3A%22lastDay%22%7D%2C%22view%22%3A%22topic%22%7D&p=2");
  });

  it("a topic page: the post text and the attachment's full size (filedata/fetch) behind its thumbnail", () => {
    const doc = read("vbulletin5", "vbulletin5-topic.html", "https://vb.leakstash.example/forum/models/81220-luna-rivers-mega-thread?p=990122");
    expect(doc.text).toContain("new set from l.u.n.a r.i.v.e.r.s");
    expect(srcs(doc)).toEqual(expect.arrayContaining(["https://img.hostdump.example/i/vb5a.jpg", "https://vb.leakstash.example/filedata/fetch?id=990130&d=1793527200"]));
  });
});

describe("hostile listings for these families", () => {
  it("thousands of topic links give at most 200 items; over-long or foreign links and broken markup give none, without an error", () => {
    const n = 5000;
    const pages: [CrawlFamily, string, string][] = [
      ["mybb", "https://bb.leakhaven.example/search.php?action=results&sid=1", Array.from({ length: n }, (_, i) => `<tr class="inline_row"><td><a id="tid_${i + 1}" href="showthread.php?tid=${i + 1}">t</a></td></tr>`).join("")],
      ["smf", "https://smf.leakcellar.example/forum/index.php?action=recent", Array.from({ length: n }, (_, i) => `<div class="windowbg"><h5><a href="index.php?topic=${i + 1}.msg${i + 9}#msg${i + 9}">t</a></h5></div>`).join("")],
      ["invision", "https://community.leakvault.example/discover/", Array.from({ length: n }, (_, i) => `<li class="ipsStreamItem"><h2 class="ipsStreamItem_title"><a href="/topic/${i + 1}-t/">t</a></h2></li>`).join("")],
      ["vbulletin5", "https://vb.leakstash.example/search", Array.from({ length: n }, (_, i) => `<tr class="topic-item" data-node-id="${i + 1}"><td><a class="topic-title" href="/forum/x/${i + 1}-t">t</a></td></tr>`).join("")],
    ];
    for (const [family, url, rows] of pages) {
      const c = cfg(new URL(url).hostname);
      const many = crawlAdapter(family).parseListing({ body: `<table>${rows}</table>`, url, contentType: "text/html", headers: {} }, c);
      expect(many.items.length, family).toBe(200);
      const hostile = `<a href="https://elsewhere.example/topic/1-x/">x</a><a href="/${"a".repeat(5000)}/topic/2-x/?topic=2.0">y</a>${"<div>".repeat(2000)}<a`;
      expect(crawlAdapter(family).parseListing({ body: hostile, url, contentType: "text/html", headers: {} }, c).items, family).toEqual([]);
    }
  });
});

describe("telling these families from their pages", () => {
  it.each([
    ["mybb18-search-results.html", "https://bb.leakhaven.example/search.php?action=results&sid=1", "mybb", ["https://bb.leakhaven.example/search.php?action=getdaily"]],
    ["mybb18-showthread.html", "https://bb.leakhaven.example/showthread.php?tid=5120", "mybb", ["https://bb.leakhaven.example/search.php?action=getdaily"]],
    ["smf21-recent.html", "https://smf.leakcellar.example/forum/index.php?action=recent", "smf", ["https://smf.leakcellar.example/forum/index.php?action=recent"]],
    ["smf21-display.html", "https://smf.leakcellar.example/forum/index.php?topic=812.60", "smf", ["https://smf.leakcellar.example/forum/index.php?action=recent"]],
    ["ips4-discover.html", "https://community.leakvault.example/discover/", "invision", ["https://community.leakvault.example/discover/"]],
    ["ips4-topic.html", "https://community.leakvault.example/topic/4411-luna-rivers-mega-thread/page/61/", "invision", ["https://community.leakvault.example/discover/"]],
    ["ips4-forum.html", "https://community.leakvault.example/index.php?/forum/3-models/", "invision", ["https://community.leakvault.example/index.php?/discover/"]],
    ["vbulletin5-search-topics.html", "https://vb.leakstash.example/search?q=x", "vbulletin5", [expect.stringMatching(/^https:\/\/vb\.leakstash\.example\/search\?searchJSON=/)]],
    ["vbulletin5-topic.html", "https://vb.leakstash.example/forum/models/81220-luna-rivers-mega-thread/page61", "vbulletin5", [expect.stringMatching(/^https:\/\/vb\.leakstash\.example\/search\?searchJSON=%7B%22date%22%3A%7B%22from%22%3A%22lastDay%22%7D/)]],
  ])("%s → %s", (fixture, url, family, entryPages) => {
    expect(detect(fixture, url)).toMatchObject({ family, entryPages });
  });

  it("cookies alone give a package away when the markup is stripped; vBulletin 3/4 stays vBulletin", () => {
    const plain = "<html><head><title>x</title></head><body><a href='/index.php'>home</a></body></html>";
    expect(detect("", "https://smf.leakcellar.example/forum/", { "set-cookie": "SMFCookie956=abc; path=/forum/; HttpOnly" }, plain)).toMatchObject({ family: "smf" });
    expect(detect("", "https://bb.leakhaven.example/", { "set-cookie": "mybb[lastvisit]=1793527200; path=/, mybb[lastactive]=1793527200; path=/" }, plain)).toMatchObject({ family: "mybb" });
    expect(detect("", "https://community.leakvault.example/", { "set-cookie": "ips4_IPSSessionFront=abc; path=/; secure" }, plain)).toMatchObject({ family: "invision" });
    expect(detect("vbulletin4-getnew.html", "https://forum.vbleaks.example/forum/search.php?searchid=56")).toMatchObject({ family: "vbulletin" });
  });
});
