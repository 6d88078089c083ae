import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import type { CrawlAdapterConfig } from "./crawl-types";
import { parseThreadPage, reachesReadPosts } from "./thread-pages";

const cfg = (host: string): CrawlAdapterConfig => ({ baseUrl: `https://${host}`, domains: [host], selectors: {}, itemPattern: null, threadPath: "res" });
const input = (fixture: string, url: string) => ({ body: crawlFixture(fixture), url, contentType: "text/html", headers: {} });

describe("a forum thread's page: its previous page and its posts", () => {
  it("phpBB 3.3: the pagination's rel=prev link without the session id, the posts' ids and times", () => {
    const page = parseThreadPage("phpbb", input("phpbb3-viewtopic.html", "https://board.leakden.example/viewtopic.php?p=5521&sid=5f1e0c2a9d"), cfg("board.leakden.example"));
    expect(page).toEqual({
      previous: "https://board.leakden.example/viewtopic.php?t=912&start=20",
      posts: [
        { id: 5518, time: Date.parse("2026-11-01T09:40:11Z") },
        { id: 5521, time: Date.parse("2026-11-01T10:00:00Z") },
      ],
    });
    expect(reachesReadPosts(page!, { postId: 5490, time: null })).toBe(false);
    expect(reachesReadPosts(page!, { postId: 5518, time: null })).toBe(true);
    expect(reachesReadPosts(page!, null)).toBe(false);
  });

  it("vBulletin 4: the posts (li#post_N) of a page without a previous page; XenForo 2: its posts by data-content and time", () => {
    expect(parseThreadPage("vbulletin", input("vbulletin4-showthread.html", "https://forum.vbleaks.example/forum/showthread.php?p=88812"), cfg("forum.vbleaks.example"))).toEqual({
      previous: null,
      posts: [{ id: 88812, time: null }],
    });
    const xf = parseThreadPage("xenforo", input("xenforo2-thread.html", "https://forum.leakfans.example/threads/x.4411/page-2"), cfg("forum.leakfans.example"));
    expect(xf!.posts).toContainEqual({ id: 9901, time: 1793527200_000 });
    expect(reachesReadPosts({ previous: null, posts: [{ id: null, time: 1000 }] }, { postId: null, time: 1000 })).toBe(true);
    expect(parseThreadPage("wordpress", input("xenforo2-thread.html", "https://x.example/"), cfg("x.example"))).toBeNull();
  });

  it("Discourse: the posts before the lowest one of the topic's JSON (posts.json?post_number=N, under the forum's folder), posts compared by time", () => {
    const page = parseThreadPage("discourse", input("discourse-topic-last-posts.json", "https://talk.modleaks.example/forum/t/moonlight-luna-beach-set-more/318/27.json"), cfg("talk.modleaks.example"));
    expect(page).toEqual({ previous: "https://talk.modleaks.example/forum/t/318/posts.json?post_number=27", posts: [{ id: null, time: Date.parse("2026-11-01T10:00:00.118Z") }] });
    expect(reachesReadPosts(page!, { postId: null, time: Date.parse("2026-11-01T10:00:00Z") })).toBe(false);
    expect(reachesReadPosts(page!, { postId: null, time: Date.parse("2026-11-01T10:00:01Z") })).toBe(true);
    // A topic's first posts: nothing before them.
    const first = JSON.stringify({ id: 318, post_stream: { posts: [{ post_number: 1, created_at: "2026-10-01T00:00:00Z" }, { post_number: 2 }] } });
    expect(parseThreadPage("discourse", { body: first, url: "https://talk.modleaks.example/t/x/318.json", contentType: "application/json", headers: {} }, cfg("talk.modleaks.example"))!.previous).toBeNull();
    expect(parseThreadPage("discourse", { body: "not json", url: "https://talk.modleaks.example/t/x/318.json", contentType: "application/json", headers: {} }, cfg("talk.modleaks.example"))).toBeNull();
  });

  it("MyBB 1.8: the pagination's previous page and the posts by id; SMF 2.1: the previous arrow of its page index and its messages", () => {
    const mybb = parseThreadPage("mybb", input("mybb18-showthread.html", "https://bb.leakhaven.example/showthread.php?tid=5120&page=7"), cfg("bb.leakhaven.example"));
    expect(mybb).toEqual({ previous: "https://bb.leakhaven.example/showthread.php?tid=5120&page=6", posts: [{ id: 99812, time: null }] });
    expect(reachesReadPosts(mybb!, { postId: 99800, time: null })).toBe(false);
    expect(reachesReadPosts(mybb!, { postId: 99812, time: null })).toBe(true);
    const smf = parseThreadPage("smf", input("smf21-display.html", "https://smf.leakcellar.example/forum/index.php?topic=812.60"), cfg("smf.leakcellar.example"));
    expect(smf!.previous).toBe("https://smf.leakcellar.example/forum/index.php?topic=812.45");
    expect(smf!.posts.map((p) => p.id)).toContain(9911);
    // The first page of a topic: no previous arrow.
    const first = '<div class="pagelinks floatleft"><span class="current_page">1</span> <a class="nav_page" href="index.php?topic=812.15">2</a></div><div class="windowbg" id="msg9000"></div>';
    expect(parseThreadPage("smf", { body: first, url: "https://smf.leakcellar.example/forum/index.php?topic=812.0", contentType: "text/html", headers: {} }, cfg("smf.leakcellar.example"))).toEqual({ previous: null, posts: [{ id: 9000, time: null }] });
  });

  it("a previous link off the site, or to the page itself, is none", () => {
    const body = `<div class="pagination"><a rel="prev" href="https://elsewhere.example/viewtopic.php?t=1">Prev</a><a rel="prev" href="./viewtopic.php?t=1&amp;sid=abc">Prev</a></div><div id="p7" class="post"></div>`;
    expect(parseThreadPage("phpbb", { body, url: "https://board.leakden.example/viewtopic.php?t=1", contentType: "text/html", headers: {} }, cfg("board.leakden.example"))).toEqual({
      previous: null,
      posts: [{ id: 7, time: null }],
    });
  });
});
