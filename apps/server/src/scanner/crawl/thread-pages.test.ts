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

  const json = (body: unknown, url: string) => ({ body: JSON.stringify(body), url, contentType: "application/json", headers: {} });
  const at = (n: number) => new Date(Date.parse("2026-11-01T10:00:00Z") + n * 60_000).toISOString().replace(/\.\d+Z$/, "+00:00");

  it("Flarum: the newest posts' page → the posts before its lowest number (page[near] ten before it), by time against what was read", () => {
    const H = "https://community.leakhub.example";
    const answer = (numbers: number[]) => ({
      data: numbers.map((n) => ({ type: "posts", id: String(9000 + n), attributes: { number: n, createdAt: at(n), contentType: n === 30 ? "discussionRenamed" : "comment" }, relationships: { discussion: { data: { type: "discussions", id: "412" } } } })),
    });
    const newest = `${H}/api/posts?filter%5Bdiscussion%5D=412&sort=-number&page%5Blimit%5D=20`;
    const page = parseThreadPage("flarum", json(answer(Array.from({ length: 20 }, (_, i) => 64 - i)), newest), cfg("community.leakhub.example"));
    expect(page!.previous).toBe(`${H}/api/posts?filter%5Bdiscussion%5D=412&page%5Bnear%5D=35&page%5Blimit%5D=20`);
    expect(page!.posts).toHaveLength(20);
    expect(page!.posts[19]).toEqual({ id: 45, time: Date.parse(at(45)) });
    // The discussion's item is versioned by its last post number ("n44"): read up to its time.
    expect(reachesReadPosts(page!, { postId: null, time: Date.parse(at(44)) })).toBe(false);
    expect(reachesReadPosts(page!, { postId: null, time: Date.parse(at(45)) })).toBe(true);
    // A page walked back to (oldest first, a rename among them); near its start, the first posts.
    const back = parseThreadPage("flarum", json(answer(Array.from({ length: 20 }, (_, i) => 25 + i)), page!.previous!), cfg("community.leakhub.example"));
    expect(back!.previous).toBe(`${H}/api/posts?filter%5Bdiscussion%5D=412&page%5Bnear%5D=15&page%5Blimit%5D=20`);
    const start = parseThreadPage("flarum", json(answer([9, 10, 11]), `${H}/api/posts?filter%5Bdiscussion%5D=412&page%5Bnear%5D=15&page%5Blimit%5D=20`), cfg("community.leakhub.example"));
    expect(start!.previous).toBe(`${H}/api/posts?filter%5Bdiscussion%5D=412&page%5Boffset%5D=0&page%5Blimit%5D=20`);
    // The first post: nothing before it; not JSON:API posts: not a page.
    expect(parseThreadPage("flarum", json(answer([1, 2, 3]), newest), cfg("community.leakhub.example"))!.previous).toBeNull();
    expect(parseThreadPage("flarum", json({ errors: [{ status: "404" }] }, newest), cfg("community.leakhub.example"))).toBeNull();
    expect(parseThreadPage("flarum", { ...json({}, newest), body: "<html>" }, cfg("community.leakhub.example"))).toBeNull();
  });

  it("NodeBB: a topic's page → the post index before its lowest (half a page back: the page before, or the scrolled window ending there), by number", () => {
    const H = "https://board.bunnyleaks.example";
    const answer = (indices: number[], extra: Record<string, unknown> = {}) => ({ tid: 318, postcount: 65, posts: indices.map((i) => ({ pid: 5000 + i, index: i, timestamp: Date.parse(at(i)) })), ...extra });
    // The last page (indices 60–64 of 65) read at /65 → /58: a paged reader's page 40–59, a scrolling one's window 48–67.
    const last = parseThreadPage("nodebb", json(answer([60, 61, 62, 63, 64]), `${H}/api/topic/318/moon-bunny/65`), cfg("board.bunnyleaks.example"));
    expect(last!.previous).toBe(`${H}/api/topic/318/moon-bunny/58`);
    expect(last!.posts[0]).toEqual({ id: 61, time: Date.parse(at(60)) });
    // Twenty posts 40–59 → /30: the page 20–39 of a paged reader, the window 20–39 of a scrolling one.
    const back = parseThreadPage("nodebb", json(answer(Array.from({ length: 20 }, (_, i) => 40 + i)), `${H}/api/topic/318/moon-bunny/58`), cfg("board.bunnyleaks.example"));
    expect(back!.previous).toBe(`${H}/api/topic/318/moon-bunny/30`);
    // The topic's version names its post count: read to "p39", these posts (numbered 41–60) do not reach it; to "p41", they do.
    expect(reachesReadPosts(back!, { postId: 39, time: null })).toBe(false);
    expect(reachesReadPosts(back!, { postId: 41, time: null })).toBe(true);
    // The main post (index 0) is the first; a topic sorted newest first is not walked; a subfolder install keeps its path.
    expect(parseThreadPage("nodebb", json(answer([0, 1, 2]), `${H}/api/topic/318/moon-bunny/3`), cfg("board.bunnyleaks.example"))!.previous).toBeNull();
    expect(parseThreadPage("nodebb", json(answer([64, 63], { sortOption: "newest_to_oldest" }), `${H}/api/topic/318/moon-bunny/65`), cfg("board.bunnyleaks.example"))!.previous).toBeNull();
    expect(parseThreadPage("nodebb", json(answer([3, 4]), `${H}/forum/api/topic/318/moon-bunny/5`), cfg("board.bunnyleaks.example"))!.previous).toBe(`${H}/forum/api/topic/318/moon-bunny/2`);
    expect(parseThreadPage("nodebb", json(answer([3, 4]), `${H}/api/topic/318`), cfg("board.bunnyleaks.example"))!.previous).toBe(`${H}/api/topic/318/2`);
    expect(parseThreadPage("nodebb", json({ topics: [] }, `${H}/api/recent`), cfg("board.bunnyleaks.example"))).toBeNull();
  });
});
