import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { documentFromBody } from "../../html-document";
import { crawlAdapter } from "../crawl-adapters";
import type { CrawlAdapterConfig, ListingInput } from "../crawl-types";
import { detectFamily } from "../family-detect";
import { gelbooruTime } from "./booru";

/**
 * Danbooru, Gelbooru (0.2.5's JSON, 0.2.0's XML) and Moebooru on the answers they send (fixtures/crawl, SOURCES.md):
 * a post list walked newest first, a post's tags as its page's text and its file at full size as its image, the
 * board told from its layout or its API answer, and hostile answers bounded.
 */

const cfg = (host: string): CrawlAdapterConfig => ({ baseUrl: `https://${host}`, domains: [host], selectors: {}, itemPattern: null, threadPath: "res" });
const input = (body: string, url: string, contentType = "application/json"): ListingInput => ({ body, url, contentType, headers: {} });
const imagesOf = (html: string, url: string) => documentFromBody({ body: Buffer.from(html), contentType: "text/html", url, kind: "html" }).images.map((i) => i.src);
const textOf = (html: string, url: string) => documentFromBody({ body: Buffer.from(html), contentType: "text/html", url, kind: "html" }).text;

describe("Danbooru", () => {
  const host = "booru.pinkpeach.example";
  const adapter = crawlAdapter("danbooru");
  const listing = `https://${host}/posts.json?limit=100`;

  it("lists posts newest first with their pages, their one-post API answers and versions; the next page is page=b<lowest id>", () => {
    const page = adapter.parseListing(input(crawlFixture("danbooru-posts.json"), listing), cfg(host));
    expect(page.items.map((i) => i.url)).toEqual([`https://${host}/posts/8104250`, `https://${host}/posts/8104247`, `https://${host}/posts/8104240`]);
    expect(page.items[0]).toMatchObject({ fetchUrl: `https://${host}/posts/8104250.json`, time: Date.parse("2026-11-01T08:12:40.118Z"), key: `p8104250@${Date.parse("2026-11-01T09:02:11.512Z")}` });
    expect(page.items[0]!.title).toContain("luna_rivers");
    expect(page.next).toBe(`https://${host}/posts.json?limit=100&page=b8104240`);
    // An empty page ends the walk.
    expect(adapter.parseListing(input("[]", `${listing}&page=b1`), cfg(host))).toEqual({ items: [], next: null });
  });

  it("a post is its tags (as written and as shown) and its file at full size; a video's sample stands for it; a banned post has no file", () => {
    const posts = JSON.parse(crawlFixture("danbooru-posts.json")) as unknown[];
    const url = `https://${host}/posts/8104250.json`;
    const photo = adapter.itemPage({ body: JSON.stringify(posts[0]), url, contentType: "application/json", item: { url: `https://${host}/posts/8104250`, title: "" } }, cfg(host))!;
    expect(textOf(photo.html, url)).toContain("luna_rivers (luna rivers)");
    expect(imagesOf(photo.html, url)).toEqual(["https://cdn.booru.example/original/3f/1c/3f1c9e2a7b4d6c8e0f1a2b3c4d5e6f70.jpg"]);
    const video = adapter.itemPage({ body: JSON.stringify(posts[1]), url, contentType: "application/json", item: { url: `https://${host}/posts/8104247`, title: "" } }, cfg(host))!;
    expect(imagesOf(video.html, url)).toEqual(["https://cdn.booru.example/sample/9a/8b/sample-9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d.jpg"]);
    const banned = adapter.itemPage({ body: JSON.stringify(posts[2]), url, contentType: "application/json", item: { url: `https://${host}/posts/8104240`, title: "" } }, cfg(host))!;
    expect(imagesOf(banned.html, url)).toEqual([]);
  });

  it("is told from its layout on the home page, and from a post list named as an entry page", () => {
    const home = crawlFixture("danbooru-home.html").replace(/\{\{HOST\}\}/g, host).replace(/\{\{[A-Z_]+\}\}/g, "");
    expect(detectFamily({ url: `https://${host}/`, body: home, contentType: "text/html", headers: {} }, [host])).toMatchObject({ family: "danbooru", entryPages: [listing] });
    expect(detectFamily({ url: listing, body: crawlFixture("danbooru-posts.json"), contentType: "application/json", headers: {} }, [host])).toMatchObject({ family: "danbooru", entryPages: [listing] });
  });
});

describe("Gelbooru 0.2", () => {
  const host = "gel.nightowl.example";
  const adapter = crawlAdapter("gelbooru");
  const listing = `https://${host}/index.php?page=dapi&s=post&q=index&json=1&limit=100&pid=0`;

  it("reads 0.2.5's JSON list: pages by pid, a post's file at full size off the board's image host, a javascript: file refused", () => {
    const page = adapter.parseListing(input(crawlFixture("gelbooru025-dapi.json"), listing), cfg(host));
    expect(page.items.map((i) => i.url)).toEqual([`https://${host}/index.php?page=post&s=view&id=11020388`, `https://${host}/index.php?page=post&s=view&id=11020385`]);
    expect(page.items[0]).toMatchObject({ fetchUrl: `https://${host}/index.php?page=dapi&s=post&q=index&json=1&id=11020388`, time: Date.parse("2026-11-01T08:14:09Z"), key: "p11020388@1793520849" });
    expect(page.next).toBe(`https://${host}/index.php?page=dapi&s=post&q=index&json=1&limit=100&pid=1`);
    const body = crawlFixture("gelbooru025-dapi.json");
    const first = adapter.itemPage({ body, url: page.items[0]!.fetchUrl!, contentType: "application/json", item: { url: page.items[0]!.url, title: "" } }, cfg(host))!;
    expect(textOf(first.html, page.items[0]!.url)).toContain("lunarivers");
    expect(imagesOf(first.html, page.items[0]!.url)).toEqual(["https://img3.gel.example/images/b7/c6/b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2.jpeg"]);
    const second = JSON.parse(body) as { post: unknown[] };
    const hostile = adapter.itemPage({ body: JSON.stringify({ "@attributes": {}, post: [second.post[1]] }), url: listing, contentType: "application/json", item: { url: page.items[1]!.url, title: "" } }, cfg(host))!;
    // file_url is not http(s): the file is read from directory + image instead.
    expect(imagesOf(hostile.html, listing)).toEqual([`https://${host}/images/c8/d7/c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3.png`]);
    // Past the last post: @attributes alone, and the walk ends.
    expect(adapter.parseListing(input('{"@attributes":{"limit":100,"offset":300,"count":2}}', listing), cfg(host))).toEqual({ items: [], next: null });
  });

  it("reads 0.2.0's XML list (a clone that ignores json=1) and its tags padded with spaces", () => {
    const xmlHost = "r34.example";
    const url = `https://${xmlHost}/index.php?page=dapi&s=post&q=index&json=1&limit=100&pid=3`;
    const page = adapter.parseListing(input(crawlFixture("gelbooru020-dapi.xml"), url, "text/xml"), cfg(xmlHost));
    expect(page.items.map((i) => [i.url, i.title])).toEqual([
      [`https://${xmlHost}/index.php?page=post&s=view&id=9560177`, "luna_rivers_(model) photo real_person"],
      [`https://${xmlHost}/index.php?page=post&s=view&id=9560170`, "1girl photo real_person"],
    ]);
    expect(page.next).toBe(`https://${xmlHost}/index.php?page=dapi&s=post&q=index&json=1&limit=100&pid=4`);
    const item = adapter.itemPage({ body: crawlFixture("gelbooru020-dapi.xml"), url, contentType: "text/xml", item: { url: page.items[0]!.url, title: "" } }, cfg(host))!;
    expect(textOf(item.html, url)).toContain("luna rivers (model)");
    expect(imagesOf(item.html, url)).toEqual(["http://r34.example/images/4412/d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4.jpg"]);
    expect(detectFamily({ url, body: crawlFixture("gelbooru020-dapi.xml"), contentType: "text/xml", headers: {} }, [xmlHost])).toMatchObject({ family: "gelbooru" });
  });

  it("is told from its index page's links, in the folder the board lives in", () => {
    const home = crawlFixture("gelbooru02-home.html").replace(/\{\{[A-Z_]+\}\}/g, "Board");
    expect(detectFamily({ url: `https://${host}/booru/index.php`, body: home, contentType: "text/html", headers: {} }, [host])).toMatchObject({
      family: "gelbooru",
      entryPages: [`https://${host}/booru/index.php?page=dapi&s=post&q=index&json=1&limit=100&pid=0`],
    });
  });

  it("reads created_at as PHP writes it, with its offset", () => {
    expect(gelbooruTime("Sun Nov 01 03:14:09 -0500 2026")).toBe(Date.parse("2026-11-01T08:14:09Z"));
    expect(gelbooruTime("Sun Nov 01 03:14:09 +0530 2026")).toBe(Date.parse("2026-10-31T21:44:09Z"));
    expect(gelbooruTime("Sun Foo 01 03:14:09 -0500 2026")).toBeNull();
    expect(gelbooruTime(`${"Sun ".repeat(20_000)}`)).toBeNull();
  });
});

describe("Moebooru", () => {
  const host = "moe.cloudberry.example";
  const adapter = crawlAdapter("moebooru");
  const listing = `https://${host}/post.json?limit=100`;

  it("lists posts by page, each read alone by tags=id:N; a post's file at full size; a deleted post (no file) still has its tags", () => {
    const page = adapter.parseListing(input(crawlFixture("moebooru-post.json"), listing), cfg(host));
    expect(page.items.map((i) => [i.url, i.fetchUrl, i.key, i.time])).toEqual([
      [`https://${host}/post/show/1203477`, `https://${host}/post.json?tags=id%3A1203477`, "p1203477@5412233", 1793520420_000],
      [`https://${host}/post/show/1203470`, `https://${host}/post.json?tags=id%3A1203470`, "p1203470@5412201", 1793519950_000],
    ]);
    expect(page.next).toBe(`https://${host}/post.json?limit=100&page=2`);
    const posts = JSON.parse(crawlFixture("moebooru-post.json")) as unknown[];
    const url = `https://${host}/post.json?tags=id%3A1203477`;
    const photo = adapter.itemPage({ body: JSON.stringify([posts[0]]), url, contentType: "application/json", item: { url: page.items[0]!.url, title: "" } }, cfg(host))!;
    expect(imagesOf(photo.html, url)).toEqual(["https://files.moe.example/image/f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6/moe%201203477%20luna_rivers%20onlyfans%20photo.png"]);
    const deleted = adapter.itemPage({ body: JSON.stringify([posts[1]]), url, contentType: "application/json", item: { url: page.items[1]!.url, title: "" } }, cfg(host))!;
    expect(imagesOf(deleted.html, url)).toEqual([]);
    expect(textOf(deleted.html, url)).toContain("moon_bunny");
  });

  it("is told from its layout's inline script", () => {
    const home = crawlFixture("moebooru-home.html").replace(/\{\{[A-Z_]+\}\}/g, "Cloudberry");
    expect(detectFamily({ url: `https://${host}/`, body: home, contentType: "text/html", headers: {} }, [host])).toMatchObject({ family: "moebooru", entryPages: [listing] });
    expect(detectFamily({ url: listing, body: crawlFixture("moebooru-post.json"), contentType: "application/json", headers: {} }, [host])).toMatchObject({ family: "moebooru" });
  });
});

describe("hostile booru answers", () => {
  const host = "booru.pinkpeach.example";
  const listing = `https://${host}/posts.json?limit=100`;

  it("not a list, ids that are not whole numbers, markup in tags, and a flood of posts and tags are refused or bounded", () => {
    const adapter = crawlAdapter("danbooru");
    for (const body of ["", "not json", "null", '{"success":false}', '"x"']) expect(adapter.parseListing(input(body, listing), cfg(host)).items).toEqual([]);
    const odd = [{ id: "12x" }, { id: -4 }, { id: 1.5 }, { id: 7, tag_string: '<script>alert(1)</script> "quoted" fine_tag', file_url: "data:image/png;base64,AAAA" }];
    const page = adapter.parseListing(input(JSON.stringify(odd), listing), cfg(host));
    expect(page.items.map((i) => i.url)).toEqual([`https://${host}/posts/7`]);
    const item = adapter.itemPage({ body: JSON.stringify(odd[3]), url: listing, contentType: "application/json", item: { url: `https://${host}/posts/7`, title: "" } }, cfg(host))!;
    expect(item.html).not.toContain("<script");
    expect(textOf(item.html, listing)).toContain("fine_tag");
    expect(imagesOf(item.html, listing)).toEqual([]);
    const flood = Array.from({ length: 5000 }, (_, i) => ({ id: 100_000 - i, tag_string: Array.from({ length: 3000 }, (_, k) => `t${k}`).join(" ") }));
    const big = adapter.parseListing(input(JSON.stringify(flood), listing), cfg(host));
    expect(big.items.length).toBeLessThanOrEqual(200);
    expect(big.items[0]!.title.length).toBeLessThanOrEqual(200);
    const one = adapter.itemPage({ body: JSON.stringify(flood[0]), url: listing, contentType: "application/json", item: { url: `https://${host}/posts/100000`, title: "" } }, cfg(host))!;
    expect((one.html.match(/<li>/g) ?? []).length).toBeLessThanOrEqual(400);
  });

  it("a Gelbooru XML answer with a billion-laughs style body or a path outside images/ gives no file", () => {
    const adapter = crawlAdapter("gelbooru");
    const url = `https://${host}/index.php?page=dapi&s=post&q=index&json=1&limit=100&pid=0`;
    const xml = `<?xml version="1.0"?><!DOCTYPE posts [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><posts><post id="5" tags="&b; luna_rivers" directory="../../etc" image="passwd.jpg"/></posts>`;
    const page = adapter.parseListing(input(xml, url, "text/xml"), cfg(host));
    expect(page.items).toHaveLength(0);
    const plain = `<?xml version="1.0"?><posts><post id="5" tags="luna_rivers" directory="../../etc" image="passwd.jpg"/></posts>`;
    const item = adapter.itemPage({ body: plain, url, contentType: "text/xml", item: { url: `https://${host}/index.php?page=post&s=view&id=5`, title: "" } }, cfg(host))!;
    expect(imagesOf(item.html, url)).toEqual([]);
  });
});

describe("Philomena", () => {
  const host = "phil.cloudberry.example";
  const adapter = crawlAdapter("philomena");
  const listing = `https://${host}/api/v1/json/search/images?q=*&sf=created_at&sd=desc&per_page=50&page=1`;

  it("lists images newest first, each read alone at /api/v1/json/images/:id; tag names with spaces are one tag; a hidden image has no file", () => {
    const page = adapter.parseListing(input(crawlFixture("philomena-search-images.json"), listing), cfg(host));
    expect(page.items.map((i) => [i.url, i.fetchUrl, i.key])).toEqual([
      [`https://${host}/images/3402218`, `https://${host}/api/v1/json/images/3402218`, `p3402218@${Date.parse("2026-11-01T09:00:41Z")}`],
      [`https://${host}/images/3402210`, `https://${host}/api/v1/json/images/3402210`, `p3402210@${Date.parse("2026-11-01T08:01:00Z")}`],
    ]);
    expect(page.next).toBe(listing.replace("page=1", "page=2"));
    const data = JSON.parse(crawlFixture("philomena-search-images.json")) as { images: unknown[] };
    const url = `https://${host}/api/v1/json/images/3402218`;
    const one = adapter.itemPage({ body: JSON.stringify({ image: data.images[0] }), url, contentType: "application/json", item: { url: page.items[0]!.url, title: "" } }, cfg(host))!;
    expect(textOf(one.html, url)).toContain("artist:luna rivers");
    expect(imagesOf(one.html, url)).toEqual(["https://cdn.phil.example/img/view/2026/11/1/3402218.jpg"]);
    const hidden = adapter.itemPage({ body: JSON.stringify({ image: data.images[1] }), url, contentType: "application/json", item: { url: page.items[1]!.url, title: "" } }, cfg(host))!;
    expect(imagesOf(hidden.html, url)).toEqual([]);
  });

  it("is told from its generator meta and from its image search answer", () => {
    const home = crawlFixture("philomena-home.html").replace(/\{\{[A-Z_]+\}\}/g, "Cloudberry");
    expect(detectFamily({ url: `https://${host}/`, body: home, contentType: "text/html", headers: {} }, [host])).toMatchObject({ family: "philomena", entryPages: [listing] });
    expect(detectFamily({ url: listing, body: crawlFixture("philomena-search-images.json"), contentType: "application/json", headers: {} }, [host])).toMatchObject({ family: "philomena" });
  });

  it("reads the search through the system filter that hides nothing, found from its system filters (whose ids differ from board to board)", () => {
    const home = crawlFixture("philomena-home.html").replace(/\{\{[A-Z_]+\}\}/g, "Cloudberry");
    expect(detectFamily({ url: `https://${host}/`, body: home, contentType: "text/html", headers: {} }, [host])).toMatchObject({ follow: `https://${host}/api/v1/json/filters/system` });
    const filter = (id: number, name: string, hidden: number[], complex: string | null = null) => ({ id, name, description: "", public: false, system: true, user_count: 0, user_id: null, hidden_tag_ids: hidden, spoilered_tag_ids: [], hidden_complex: complex, spoilered_complex: null });
    const filtersAt = `https://${host}/api/v1/json/filters/system`;
    const detect = (filters: unknown[]) => detectFamily({ url: filtersAt, body: JSON.stringify({ filters, total: filters.length }), contentType: "application/json", headers: {} }, [host]);
    expect(detect([filter(100073, "Default", [26700, 26701]), filter(37431, "Legacy Default", [], "explicit || grotesque"), filter(56, "Everything", [])])).toMatchObject({
      family: "philomena",
      entryPages: [listing.replace("&per_page", "&filter_id=56&per_page")],
    });
    // Named otherwise, the one that hides nothing; none: not a list to read by.
    expect(detect([filter(1, "Default", [3]), filter(2, "Alles", [])])!.entryPages).toEqual([listing.replace("&per_page", "&filter_id=2&per_page")]);
    expect(detect([filter(1, "Default", [3])])).toBeNull();
  });
});

describe("Shimmie2", () => {
  const host = "shm.example";
  const adapter = crawlAdapter("shimmie");
  const listing = `https://${host}/rss/images/2`;

  it("walks its image feed by atom:link rel=next; each post read alone from the feed of the search id=N; its tags from the title, its image from media:content", () => {
    const page = adapter.parseListing(input(crawlFixture("shimmie2-rss-images.xml"), listing, "application/rss+xml"), cfg(host));
    expect(page.items.map((i) => [i.url, i.fetchUrl, i.key, i.time])).toEqual([
      [`https://${host}/post/view/20417`, `https://${host}/rss/images/id%3D20417/1`, "p20417", Date.parse("2026-11-01T08:20:00Z")],
      [`https://${host}/post/view/20410`, `https://${host}/rss/images/id%3D20410/1`, "p20410", Date.parse("2026-11-01T08:01:00Z")],
    ]);
    expect(page.next).toBe(`https://${host}/rss/images/3`);
    // The feed always links a next page: an empty one ends the walk.
    const empty = crawlFixture("shimmie2-rss-images.xml").replace(/<item>[^]*<\/item>/, "");
    expect(adapter.parseListing(input(empty, `https://${host}/rss/images/9`, "application/rss+xml"), cfg(host)).next).toBeNull();
    const url = `https://${host}/rss/images/id%3D20417/1`;
    const one = adapter.itemPage({ body: crawlFixture("shimmie2-rss-images.xml"), url, contentType: "application/rss+xml", item: { url: page.items[0]!.url, title: "" } }, cfg(host))!;
    expect(textOf(one.html, url)).toContain("luna_rivers (luna rivers)");
    expect(one.html).not.toContain("<b>");
    expect(imagesOf(one.html, url)).toEqual([`https://${host}/_images/7d2a91c4e5f60b18a3c9d4e2f1a0b9c8/20417%20-%20luna_rivers%20onlyfans%20photo.jpg`]);
  });

  it("without nice URLs, reads index.php?q= addresses in each version's form and writes its own in the form the board's feed uses", () => {
    const feed = crawlFixture("shimmie2-rss-images.xml");
    // 2.12 on: the page encoded (http_build_query); 2.6 to 2.11: plain; older: after a slash.
    const forms = [
      { q: (page: string) => encodeURIComponent(page), self: `https://${host}/index.php?q=rss%2Fimages%2F2` },
      { q: (page: string) => page, self: `https://${host}/index.php?q=rss/images/2` },
      { q: (page: string) => `/${page}`, self: `https://${host}/index.php?q=/rss/images/2` },
    ];
    for (const { q, self } of forms) {
      const body = feed.replace(/(https?:\/\/[^<"\s]*?)\/post\/view\/(\d+)/g, (_m, origin: string, id: string) => `${origin}/index.php?q=${q(`post/view/${id}`)}`).replace(/href="[^"]*\/rss\/images\/(\d+)"/g, (_m, n: string) => `href="/index.php?q=${q(`rss/images/${n}`)}"`);
      const page = adapter.parseListing(input(body, self, "application/rss+xml"), cfg(host));
      expect(page.items.map((i) => [i.url, i.fetchUrl, i.key])).toEqual([
        [`https://${host}/index.php?q=${q("post/view/20417")}`, `https://${host}/index.php?q=${q("rss/images/id%3D20417/1")}`, "p20417"],
        [`https://${host}/index.php?q=${q("post/view/20410")}`, `https://${host}/index.php?q=${q("rss/images/id%3D20410/1")}`, "p20410"],
      ]);
      expect(page.next).toBe(new URL(`https://${host}/index.php?q=${q("rss/images/3")}`).href);
      const home = crawlFixture("shimmie2-post-list.html").replace(/\{\{[A-Z_]+\}\}/g, "Board").replace('href="/rss/images/1"', `href="/index.php?q=${q("rss/images/1")}"`);
      expect(detectFamily({ url: `https://${host}/index.php?q=${q("post/list")}`, body: home, contentType: "text/html", headers: {} }, [host])).toMatchObject({
        family: "shimmie",
        entryPages: [new URL(`https://${host}/index.php?q=${q("rss/images/1")}`).href],
      });
    }
  });

  it("is told from its post list's feed link and from the feed's generator", () => {
    const home = crawlFixture("shimmie2-post-list.html").replace(/\{\{[A-Z_]+\}\}/g, "Board");
    expect(detectFamily({ url: `https://${host}/post/list`, body: home, contentType: "text/html", headers: {} }, [host])).toMatchObject({ family: "shimmie", entryPages: [`https://${host}/rss/images/1`] });
    expect(detectFamily({ url: listing, body: crawlFixture("shimmie2-rss-images.xml"), contentType: "application/rss+xml", headers: {} }, [host])).toMatchObject({ family: "shimmie" });
  });
});

describe("Szurubooru", () => {
  const host = "szuru.example";
  const adapter = crawlAdapter("szurubooru");
  const listing = `https://${host}/booru/api/posts/?offset=0&limit=100&query=`;
  // A post resource as doc/API.md gives it (the fields read here and some beside them).
  const post = (id: number, tags: string[][], over: Record<string, unknown> = {}) => ({
    version: 3,
    id,
    creationTime: "2026-11-01T08:01:00.123456Z",
    lastEditTime: "2026-11-01T09:00:00Z",
    safety: "unsafe",
    type: "image",
    contentUrl: `data/posts/${id}_0f1e2d3c4b5a6978.jpg`,
    thumbnailUrl: `data/generated-thumbnails/${id}_0f1e2d3c4b5a6978.jpg`,
    tags: tags.map((names) => ({ names, category: "default", usages: 4 })),
    user: { name: "up", avatarUrl: "https://gravatar.com/avatar/0" },
    ...over,
  });
  const search = JSON.stringify({
    query: "",
    offset: 0,
    limit: 100,
    total: 214,
    results: [post(5130, [["luna_rivers", "lunarivers"], ["photo"]]), post(5127, [["bikini"]], { type: "video", contentUrl: "data/posts/5127_aa.webm", lastEditTime: null })],
  });

  it("asks its API for JSON; lists posts newest first by offset, each read alone at /api/post/:id; a tag's aliases are words too; a video's thumbnail stands for it", () => {
    expect(adapter.request?.(listing)).toEqual({ url: listing, method: "GET", headers: { accept: "application/json" } });
    expect(adapter.defaultEntryPages(cfg(host))).toEqual([`https://${host}/api/posts/?offset=0&limit=100&query=`]);
    const page = adapter.parseListing(input(search, listing), cfg(host));
    expect(page.items.map((i) => [i.url, i.fetchUrl, i.key, i.time])).toEqual([
      [`https://${host}/booru/post/5130`, `https://${host}/booru/api/post/5130`, `p5130@${Date.parse("2026-11-01T09:00:00Z")}`, Date.parse("2026-11-01T08:01:00.123Z")],
      [`https://${host}/booru/post/5127`, `https://${host}/booru/api/post/5127`, "p5127@3", Date.parse("2026-11-01T08:01:00.123Z")],
    ]);
    expect(page.next).toBe(`https://${host}/booru/api/posts/?offset=2&limit=100&query=`);
    expect(adapter.parseListing(input(JSON.stringify({ offset: 300, limit: 100, total: 214, results: [] }), listing), cfg(host)).next).toBeNull();
    const url = `https://${host}/booru/api/post/5130`;
    const one = adapter.itemPage({ body: JSON.stringify(post(5130, [["luna_rivers", "lunarivers"], ["photo"]])), url, contentType: "application/json", item: { url: page.items[0]!.url, title: "" } }, cfg(host))!;
    expect(textOf(one.html, url)).toContain("luna_rivers (luna rivers)");
    expect(textOf(one.html, url)).toContain("lunarivers");
    expect(imagesOf(one.html, url)).toEqual([`https://${host}/booru/data/posts/5130_0f1e2d3c4b5a6978.jpg`]);
    const video = adapter.itemPage({ body: JSON.stringify(post(5127, [["bikini"]], { type: "video", contentUrl: "data/posts/5127_aa.webm" })), url, contentType: "application/json", item: { url: page.items[1]!.url, title: "" } }, cfg(host))!;
    expect(imagesOf(video.html, url)).toEqual([`https://${host}/booru/data/generated-thumbnails/5127_0f1e2d3c4b5a6978.jpg`]);
    // Its app's page (what it answers those who do not ask for JSON) lists nothing.
    expect(adapter.parseListing(input("<!DOCTYPE html><html><body><div id='content-holder'></div></body></html>", listing, "text/html"), cfg(host)).items).toEqual([]);
  });

  it("is told from its app shell, in the folder its <base href> names, and from its post search answer", () => {
    const shell = `<!DOCTYPE html><html><head><meta charset='utf-8'/><title>Loading...</title><base href="/booru/"/><link href='css/app.min.css' rel='stylesheet' type='text/css'/></head>
<body><noscript><p>You must enable Javascript to use this site.</p></noscript><div id='top-navigation-holder'></div><div id='content-holder'></div>
<script type='text/javascript' src='js/vendor.min.js'></script><script type='text/javascript' src='js/app.min.js'></script></body></html>`;
    expect(detectFamily({ url: `https://${host}/booru/`, body: shell, contentType: "text/html", headers: {} }, [host])).toMatchObject({ family: "szurubooru", entryPages: [listing] });
    expect(detectFamily({ url: listing, body: search, contentType: "application/json", headers: {} }, [host])).toMatchObject({ family: "szurubooru", entryPages: [listing] });
  });
});
