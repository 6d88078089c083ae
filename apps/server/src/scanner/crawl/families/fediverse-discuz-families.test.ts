import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { documentFromBody } from "../../html-document";
import { crawlAdapter } from "../crawl-adapters";
import type { CrawlAdapterConfig, ListingInput } from "../crawl-types";
import { detectFamily } from "../family-detect";
import { parseThreadPage } from "../thread-pages";
import { linkHeaderNext } from "./mastodon";

/**
 * Lemmy, Mastodon-API servers, Discuz! X and Chevereto, on the shapes those packages send
 * (fixtures/crawl, SOURCES.md): listings and their next pages, items as pages to read, and each
 * told from its home page or its API's answer.
 */

const cfg = (host: string): CrawlAdapterConfig => ({ baseUrl: `https://${host}`, domains: [host], selectors: {}, itemPattern: null, threadPath: "res" });
const input = (body: string, url: string, headers: Record<string, string> = {}, contentType = "application/json"): ListingInput => ({ body, url, contentType, headers });
const detect = (body: string, url: string, contentType = "text/html") => detectFamily({ url, body, contentType, headers: {} }, [new URL(url).hostname]);
const fill = (page: string, host: string) => page.replace(/\{\{HOST\}\}/g, host).replace(/\{\{[A-Z_]+\}\}/g, "Site");

describe("Lemmy", () => {
  const host = "lemmy.velvetden.example";
  const post = (id: number, comments: number, extra: Record<string, unknown> = {}) => ({
    post: { id, name: `post ${id}`, published: "2026-11-01T08:01:00.000000Z", ap_id: `https://elsewhere.example/post/9${id}`, removed: false, deleted: false, ...extra },
    counts: { post_id: id, comments, newest_comment_time: "2026-11-01T09:30:00.123456Z" },
  });

  it("post/list: each post at this instance's /post/N, versioned by its comments, read through the API; the next page by cursor, else by number", () => {
    const url = `https://${host}/api/v3/post/list?sort=New&limit=2`;
    const page = crawlAdapter("lemmy").parseListing(input(JSON.stringify({ posts: [post(881, 2), post(880, 0, { removed: true }), post(879, 0)], next_page: "Pa879" }), url), cfg(host));
    expect(page.items).toEqual([
      { key: "p881@c2", url: `https://${host}/post/881`, fetchUrl: `https://${host}/api/v3/post?id=881`, title: "post 881", time: Date.parse("2026-11-01T09:30:00.123Z") },
      { key: "p879@c0", url: `https://${host}/post/879`, fetchUrl: `https://${host}/api/v3/post?id=879`, title: "post 879", time: Date.parse("2026-11-01T09:30:00.123Z") },
    ]);
    expect(page.next).toBe(`https://${host}/api/v3/post/list?sort=New&limit=2&page_cursor=Pa879`);
    // Before cursors (0.18): a full page asks for the next page number; a short one is the last.
    const old = crawlAdapter("lemmy").parseListing(input(JSON.stringify({ posts: [post(5, 0), post(4, 0)] }), url), cfg(host));
    expect(old.next).toBe(`https://${host}/api/v3/post/list?sort=New&limit=2&page=2`);
    expect(crawlAdapter("lemmy").parseListing(input(JSON.stringify({ posts: [post(3, 0)] }), `${url}&page=2`), cfg(host)).next).toBeNull();
    expect(crawlAdapter("lemmy").parseListing(input("<html>", url), cfg(host))).toEqual({ items: [], next: null });
  });

  it("a post reads as its title, link, image and markdown body; then its comments, newest first, page after page", () => {
    const body = JSON.stringify({ post_view: post(881, 60, { url: `https://${host}/pictrs/image/a.jpeg`, url_content_type: "image/jpeg", body: "Full set: [mega](https://mega.nz/folder/X1#k) and <script>x()</script> https://gofile.io/d/Ab1" }) });
    const url = `https://${host}/api/v3/post?id=881`;
    const html = crawlAdapter("lemmy").itemPage({ body, url, contentType: "application/json", item: { url: `https://${host}/post/881`, title: "post 881" } }, cfg(host))!.html;
    const doc = documentFromBody({ body: Buffer.from(html), contentType: "text/html", url: `https://${host}/post/881`, kind: "html" });
    expect(doc.images.map((i) => i.src)).toContain(`https://${host}/pictrs/image/a.jpeg`);
    expect(doc.links.map((l) => l.href)).toEqual(expect.arrayContaining(["https://mega.nz/folder/X1#k", "https://gofile.io/d/Ab1"]));
    expect(html).not.toContain("<script>");
    const thread = parseThreadPage("lemmy", input(body, url), cfg(host))!;
    expect(thread.previous).toBe(`https://${host}/api/v3/comment/list?post_id=881&sort=New&limit=50&type_=All`);
    const comments = Array.from({ length: 50 }, (_, i) => ({ comment: { id: 6000 - i, content: "nice", published: "2026-11-01T09:00:00Z" } }));
    const list = parseThreadPage("lemmy", input(JSON.stringify({ comments }), thread.previous!), cfg(host))!;
    expect(list.posts[0]).toEqual({ id: 6000, time: Date.parse("2026-11-01T09:00:00Z") });
    expect(list.previous).toBe(`https://${host}/api/v3/comment/list?post_id=881&sort=New&limit=50&type_=All&page=2`);
    expect(parseThreadPage("lemmy", input(JSON.stringify({ post_view: post(9, 0) }), url), cfg(host))!.previous).toBeNull();
  });

  it("is told from lemmy-ui's page and from /api/v3/site", () => {
    expect(detect(fill(crawlFixture("lemmy-home.html"), host), `https://${host}/`)).toMatchObject({ family: "lemmy", entryPages: [`https://${host}/api/v3/post/list?sort=NewComments&limit=20`] });
    expect(detect(JSON.stringify({ site_view: { site: { id: 1, name: "x" } }, version: "0.19.9" }), `https://${host}/api/v3/site`, "application/json")).toMatchObject({ family: "lemmy" });
  });
});

describe("Mastodon's API", () => {
  const host = "social.peachpit.example";
  const status = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    created_at: "2026-11-01T08:01:00.000Z",
    edited_at: null,
    url: `https://${host}/@bot/${id}`,
    content: "<p>new set</p>",
    spoiler_text: "",
    account: { acct: "bot", display_name: "Bot" },
    media_attachments: [],
    ...extra,
  });

  it("a timeline: each status at its own page, a remote one at this server's view of it, a boost as what it boosted; the Link header's next page", () => {
    const url = `https://${host}/api/v1/timelines/public?local=true&limit=40`;
    const link = `<https://${host}/api/v1/timelines/public?limit=40&local=true&max_id=1002>; rel="next", <https://${host}/api/v1/timelines/public?limit=40&local=true&min_id=1003>; rel="prev"`;
    const remote = status("1003", { url: "https://other.example/@x/55", account: { acct: "x@other.example" } });
    const boost = status("1002", { reblog: status("990") });
    const page = crawlAdapter("mastodon").parseListing(input(JSON.stringify([remote, boost]), url, { link }), cfg(host));
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl])).toEqual([
      ["s1003", `https://${host}/@x@other.example/1003`, `https://${host}/api/v1/statuses/1003`],
      ["s990", `https://${host}/@bot/990`, `https://${host}/api/v1/statuses/990`],
    ]);
    expect(page.next).toBe(`https://${host}/api/v1/timelines/public?limit=40&local=true&max_id=1002`);
    // Without a Link header: max_id of the last one listed.
    expect(crawlAdapter("mastodon").parseListing(input(JSON.stringify([remote, boost]), url), cfg(host)).next).toBe(`${url}&max_id=1002`);
    expect(linkHeaderNext('<https://x/a>; rel="prev"')).toBeNull();
  });

  it("a status reads as its author, text and photos at full size", () => {
    const body = JSON.stringify(status("1003", { content: '<p><a href="https://x/tags/LunaRivers" class="mention hashtag" rel="tag">#<span>LunaRivers</span></a></p>', media_attachments: [{ type: "image", url: `https://${host}/system/o/a.jpg`, preview_url: `https://${host}/system/s/a.jpg` }] }));
    const html = crawlAdapter("mastodon").itemPage({ body, url: `https://${host}/api/v1/statuses/1003`, contentType: "application/json", item: { url: `https://${host}/@bot/1003`, title: "" } }, cfg(host))!.html;
    const doc = documentFromBody({ body: Buffer.from(html), contentType: "text/html", url: `https://${host}/@bot/1003`, kind: "html" });
    expect(doc.images.map((i) => i.src)).toContain(`https://${host}/system/o/a.jpg`);
    expect(doc.linkText).toContain("#LunaRivers");
  });

  it("is told from the web app's page and from /api/v1/instance (Pleroma's too)", () => {
    expect(detect(fill(crawlFixture("mastodon-home.html"), host), `https://${host}/`)).toMatchObject({ family: "mastodon", entryPages: [`https://${host}/api/v1/timelines/public?local=true&limit=40`] });
    const pleroma = { uri: `https://${host}`, version: "2.7.2 (compatible; Pleroma 2.6.0)", urls: { streaming_api: `wss://${host}` }, stats: {} };
    expect(detect(JSON.stringify(pleroma), `https://${host}/api/v1/instance`, "application/json")).toMatchObject({ family: "mastodon" });
    expect(detect(JSON.stringify({ uri: "x", version: "not a version" }), `https://${host}/api/v1/instance`, "application/json")).toBeNull();
  });
});

describe("Discuz! X", () => {
  const host = "bbs.taohua.example";
  const header = fill(crawlFixture("discuz-x3-header.html"), host);
  const row = (tid: number, replies: number, last: string) =>
    `<tbody id="normalthread_${tid}"><tr><th class="new"><a href="forum.php?mod=viewthread&tid=${tid}&extra=" target="_blank" class="xst" >subject ${tid}</a><a href="forum.php?mod=redirect&tid=${tid}&goto=lastpost#lastpost" class="xi1">New</a></th><td class="by"><cite><a href="home.php?mod=space&uid=1">a</a></cite><em><span>2026-11-1 08:00</span></em></td><td class="num"><a href="forum.php?mod=viewthread&tid=${tid}&extra=" class="xi2">${replies}</a><em>90</em></td><td class="by"><cite><a href="home.php?mod=space&username=b">b</a></cite><em><a href="forum.php?mod=redirect&tid=${tid}&goto=lastpost#lastpost">${last}</a></em></td></tr></tbody>`;

  it("the new-replies guide: each thread by its reply count, read at its last post; the next page by 下一页", () => {
    const body = `${header}<div class="pg"><strong>1</strong><a href="forum.php?mod=guide&amp;view=new&amp;page=2">2</a><a href="forum.php?mod=guide&amp;view=new&amp;page=2" class="nxt">下一页</a></div><table>${row(4121, 11, "2026-11-1 10:05")}${row(4120, 0, '<span title="2026-11-1 09:05">1 小时前</span>')}</table>`;
    const page = crawlAdapter("discuz").parseListing(input(body, `http://${host}/forum.php?mod=guide&view=new`, {}, "text/html"), cfg(host));
    expect(page.items).toEqual([
      { key: "t4121@r11", url: `http://${host}/forum.php?mod=viewthread&tid=4121`, fetchUrl: `http://${host}/forum.php?mod=redirect&tid=4121&goto=lastpost`, title: "subject 4121", time: Date.UTC(2026, 10, 1, 10, 5) },
      { key: "t4120@r0", url: `http://${host}/forum.php?mod=viewthread&tid=4120`, fetchUrl: `http://${host}/forum.php?mod=redirect&tid=4120&goto=lastpost`, title: "subject 4120", time: Date.UTC(2026, 10, 1, 9, 5) },
    ]);
    expect(page.next).toBe(`http://${host}/forum.php?mod=guide&view=new&page=2`);
  });

  it("a thread page: attached photos by their file, the previous page by its arrow; told from its generator", () => {
    const body = `${header}<div class="pg"><a href="forum.php?mod=viewthread&amp;tid=4121&amp;extra=&amp;page=1" class="prev">&nbsp;&nbsp;</a><a href="forum.php?mod=viewthread&amp;tid=4121&amp;extra=&amp;page=1">1</a><strong>2</strong></div><div id="post_61211"><td class="t_f" id="postmessage_61211">pics<ignore_js_op><img id="aimg_1" aid="1" src="static/image/common/none.gif" zoomfile="data/attachment/forum/202611/01/a.jpg" file="data/attachment/forum/202611/01/a.jpg" class="zoom" /></ignore_js_op></td></div>`;
    const url = `http://${host}/forum.php?mod=viewthread&tid=4121&page=2`;
    const html = crawlAdapter("discuz").itemPage({ body, url, contentType: "text/html", item: { url, title: "" } }, cfg(host))!.html;
    const doc = documentFromBody({ body: Buffer.from(html), contentType: "text/html", url, kind: "html" });
    expect(doc.images.map((i) => i.src)).toContain(`http://${host}/data/attachment/forum/202611/01/a.jpg`);
    expect(parseThreadPage("discuz", input(body, url, {}, "text/html"), cfg(host))).toEqual({ previous: `http://${host}/forum.php?mod=viewthread&tid=4121&extra=&page=1`, posts: [{ id: 61211, time: null }] });
    expect(detect(`${header}${fill(crawlFixture("discuz-x3-forum-index.html"), host)}`, `http://${host}/forum.php`)).toMatchObject({ family: "discuz", entryPages: [`http://${host}/forum.php?mod=guide&view=new`] });
  });
});

describe("Chevereto", () => {
  it("is told from its generator: its newest uploads are /explore/recent", () => {
    const host = "img.snapvault.example";
    const page = `${fill(crawlFixture("chevereto4-head.html"), host)}${crawlFixture("chevereto4-landing.html")}${fill(crawlFixture("chevereto4-foot.html"), host)}`;
    expect(detect(page, `http://${host}/`)).toMatchObject({ family: "listing", entryPages: [`http://${host}/explore/recent`] });
  });
});

describe("GoToSocial (Mastodon's API, its statuses read at their pages)", () => {
  const host = "gts.hazelnook.example";
  const id = "01JC7A1B2C3D4E5F6G7H8J9K0M";

  it("an account's RSS feed lists its statuses, read at their pages; a timeline status of GoToSocial's form is read at its page too", () => {
    const rss = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Posts from @drops@${host}</title><link>https://${host}/@drops</link>
      <item><title>set</title><link>https://${host}/@drops/statuses/${id}</link><pubDate>Sun, 01 Nov 2026 08:01:00 GMT</pubDate></item>
      <item><title>elsewhere</title><link>https://other.example/@x/statuses/${id}</link></item>
      <item><title>not a status</title><link>https://${host}/@drops</link></item></channel></rss>`;
    const page = crawlAdapter("mastodon").parseListing(input(rss, `https://${host}/@drops/feed.rss`, {}, "application/rss+xml"), cfg(host));
    expect(page).toEqual({ items: [{ key: `s${id}`, url: `https://${host}/@drops/statuses/${id}`, fetchUrl: null, title: "set", time: Date.parse("2026-11-01T08:01:00Z") }], next: null });
    const timeline = [{ id, created_at: "2026-11-01T08:01:00.000Z", url: `https://${host}/@drops/statuses/${id}`, content: "<p>hi</p>", account: { acct: "drops" } }];
    expect(crawlAdapter("mastodon").parseListing(input(JSON.stringify(timeline), `https://${host}/api/v1/timelines/public?local=true`), cfg(host)).items[0]).toMatchObject({ fetchUrl: null });
  });

  it("a status page gets each photo's original (the photoswipe link around the small preview) as an image; other pages stay as they are", () => {
    const html = `<html><body><article class="status"><div class="content">Lunа</div><a class="photoswipe-slide" href="/fileserver/01A/attachment/original/${id}.jpeg" title="beach"><img src="/fileserver/01A/attachment/small/${id}.webp"></a><a class="photoswipe-slide" href="javascript:alert(1)"><img src="/x.webp"></a></article></body></html>`;
    const page = crawlAdapter("mastodon").itemPage({ body: html, url: `https://${host}/@drops/statuses/${id}`, contentType: "text/html", item: { url: `https://${host}/@drops/statuses/${id}`, title: "" } }, cfg(host))!;
    const doc = documentFromBody({ body: Buffer.from(page.html), contentType: "text/html", url: `https://${host}/@drops/statuses/${id}`, kind: "html" });
    expect(doc.images.map((i) => i.src)).toContain(`https://${host}/fileserver/01A/attachment/original/${id}.jpeg`);
    expect(doc.images.map((i) => i.src)).not.toContain("javascript:alert(1)");
    expect(crawlAdapter("mastodon").itemPage({ body: "<html><body>plain</body></html>", url: `https://${host}/x`, contentType: "text/html", item: { url: "", title: "" } }, cfg(host))).toBeNull();
  });

  it("is told from its footer's source link; an account's page adds its feed", () => {
    const footer = '<footer class="page-footer"><a href="https://codeberg.org/superseriousbusiness/gotosocial" rel="nofollow noreferrer noopener">Source - GoToSocial 0.19.1</a></footer>';
    expect(detect(`<html><head><link rel="alternate" type="application/rss+xml" href="/@drops/feed.rss"></head><body>${footer}</body></html>`, `https://${host}/@drops`)).toMatchObject({
      family: "mastodon",
      entryPages: [`https://${host}/api/v1/timelines/public?local=true&limit=40`, `https://${host}/@drops/feed.rss`],
    });
    expect(detect(`<html><body>${footer}</body></html>`, `https://${host}/`)).toMatchObject({ family: "mastodon", entryPages: [`https://${host}/api/v1/timelines/public?local=true&limit=40`] });
    expect(detect('<html><body><a href="https://codeberg.org/superseriousbusiness/gotosocial">a fediverse server we like</a></body></html>', `https://${host}/`)).toBeNull();
  });
});
