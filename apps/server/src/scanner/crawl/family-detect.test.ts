import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { detectFamily, wellKnownProbes } from "./family-detect";

const detect = (fixture: string, url: string, headers: Record<string, string> = {}, body = crawlFixture(fixture)) =>
  detectFamily({ url, body, contentType: "text/html", headers }, [new URL(url).hostname.replace(/^www\./, "")]);

describe("family detection from what a site's pages say", () => {
  it.each([
    ["phpbb3-active-topics.html", "https://board.leakden.example/search.php?search_id=active_topics", "phpbb", ["https://board.leakden.example/search.php?search_id=active_topics"]],
    ["phpbb3-viewtopic.html", "https://board.leakden.example/viewtopic.php?p=5521", "phpbb", ["https://board.leakden.example/search.php?search_id=active_topics"]],
    ["vbulletin3-getdaily.html", "https://forum.vbleaks.example/search.php?searchid=55", "vbulletin", ["https://forum.vbleaks.example/search.php?do=getdaily"]],
    ["vbulletin4-getnew.html", "https://forum.vbleaks.example/forum/search.php?searchid=56", "vbulletin", ["https://forum.vbleaks.example/forum/search.php?do=getdaily"]],
    ["vbulletin4-showthread.html", "https://forum.vbleaks.example/forum/showthread.php?p=88812", "vbulletin", ["https://forum.vbleaks.example/forum/search.php?do=getdaily"]],
    ["wordpress-post.html", "https://www.leakblog.example/2026/11/01/luna-rivers-40-pics/", "wordpress", ["https://www.leakblog.example/feed/"]],
    ["wordpress-feed-rss2.xml", "https://www.leakblog.example/feed/", "wordpress", ["https://www.leakblog.example/feed/"]],
    ["wordpress-rest-posts.json", "https://www.leakblog.example/wp-json/wp/v2/posts", "wordpress", ["https://www.leakblog.example/wp-json/wp/v2/posts"]],
    ["xenforo2-whats-new-posts.html", "https://xf.leakfans.example/whats-new/posts/4471/", "xenforo", ["https://xf.leakfans.example/whats-new/posts/"]],
    ["xenforo2-thread.html", "https://xf.leakfans.example/community/threads/moonlight-luna-set.77/page-2", "xenforo", ["https://xf.leakfans.example/community/whats-new/posts/"]],
    ["xenforo1-find-new-posts.html", "https://old.leakfans.example/community/find-new/2981/posts", "xenforo", ["https://old.leakfans.example/community/find-new/posts"]],
    ["discourse-home.html", "https://talk.modleaks.example/", "discourse", ["https://talk.modleaks.example/latest.json"]],
    ["discourse-latest.json", "https://talk.modleaks.example/latest.json", "discourse", ["https://talk.modleaks.example/latest.json"]],
    ["vichan-board-index.html", "https://chan.leakboard.example/s/index.html", "imageboard", ["https://chan.leakboard.example/s/catalog.json", "https://chan.leakboard.example/b/catalog.json"]],
    ["vichan-catalog.json", "https://chan.leakboard.example/s/catalog.json", "imageboard", ["https://chan.leakboard.example/s/catalog.json"]],
    ["lynxchan-catalog.json", "https://lynx.leakboard.example/s/catalog.json", "imageboard", ["https://lynx.leakboard.example/s/catalog.json"]],
  ])("%s → %s", (fixture, url, family, entryPages) => {
    expect(detect(fixture, url)).toMatchObject({ family, entryPages, threadPath: "res" });
  });

  it("WordPress by the Link header every page carries, when the markup hides the generator", () => {
    const g = detect("", "https://www.leakblog.example/some-page/", { link: '<https://www.leakblog.example/wp-json/>; rel="https://api.w.org/"' }, "<html><body><p>hi</p></body></html>");
    expect(g).toMatchObject({ family: "wordpress", entryPages: ["https://www.leakblog.example/feed/"] });
  });

  it("WordPress's REST index names the home and the feed under it", () => {
    const body = JSON.stringify({ name: "Leak Blog", url: "https://www.leakblog.example/blog", home: "https://www.leakblog.example/blog", namespaces: ["oembed/1.0", "wp/v2"] });
    expect(detect("", "https://www.leakblog.example/blog/wp-json/", {}, body)).toMatchObject({ family: "wordpress", entryPages: ["https://www.leakblog.example/blog/feed/"] });
  });

  it("links to other hosts never decide where a site lives", () => {
    const body = crawlFixture("vbulletin4-getnew.html").replace('content="https://forum.vbleaks.example/forum"', 'content="https://elsewhere.example/x"');
    expect(detect("", "https://forum.vbleaks.example/forum/search.php?searchid=56", {}, body)?.entryPages).toEqual(["https://forum.vbleaks.example/forum/search.php?do=getdaily"]);
  });

  it("a page of no known package, broken JSON or a deeply nested page is no guess, not an error", () => {
    expect(detect("", "https://www.cliptube.example/", {}, '<html><body><a href="/video/1/a">a</a><div class="pagination"><a href="/?page=2">2</a></div></body></html>')).toBeNull();
    expect(detect("", "https://x.example/latest.json", {}, "{not json")).toBeNull();
    expect(detect("", "https://x.example/", {}, `<html><body>${"<div>".repeat(2_000)}x</body></html>`)).toBeNull();
    expect(wellKnownProbes("https://x.example/forum/")).toEqual(["https://x.example/forum/latest.json", "https://x.example/forum/wp-json/", "https://x.example/forum/catalog.json", "https://x.example/.well-known/nodeinfo", "https://x.example/api/v1/posts?o=0"]);
  });
});
