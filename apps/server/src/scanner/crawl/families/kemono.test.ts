import { describe, expect, it } from "vitest";
import { documentFromBody } from "../../html-document";
import { crawlAdapter } from "../crawl-adapters";
import type { CrawlAdapterConfig, ListingInput } from "../crawl-types";
import { detectFamily, probeRequest, wellKnownProbes } from "../family-detect";
import { kemonoRequest } from "./kemono";

/**
 * Kemono archives on the shapes the software sends (its v1 API, as gallery-dl's kemono extractor reads it): the post list
 * in both its shapes paged by offsets of 50, a post (newer and older answers) read with its creator's profile into a page
 * that names her and shows its images, the Accept the API wants, and the software told from its answers and its shell.
 */

const host = "coomer.velvetvault.example";
const cfg: CrawlAdapterConfig = { baseUrl: `https://${host}`, domains: [host], selectors: {}, itemPattern: null, threadPath: "res" };
const input = (body: string, url: string): ListingInput => ({ body, url, contentType: "application/json", headers: {} });
const adapter = crawlAdapter("kemono");
const read = (html: string, url: string) => documentFromBody({ body: Buffer.from(html), contentType: "text/html; charset=utf-8", url, kind: "html" });

/** A post as GET /api/v1/posts lists it on a newer server (substring, no content). */
const listed = (id: string, user: string, service = "onlyfans", extra: Record<string, unknown> = {}) => ({
  id,
  user,
  service,
  title: `post ${id}`,
  substring: "new pics",
  published: "2026-10-02T18:30:00",
  file: { name: `${id}.jpg`, path: `/5c/98/5c98${id}.jpg` },
  attachments: [{ name: "2.jpg", path: "/a1/b2/a1b2c3.jpg" }],
  ...extra,
});

/** GET /api/v1/onlyfans/user/luna_rivers/post/1402220007 on a newer server. */
const newerPost = {
  post: {
    id: "1402220007",
    user: "luna_rivers",
    service: "onlyfans",
    title: "Beach day 🌊",
    content: "<p>40 new pics <b>in your DMs</b></p><img src=\"/data/11/22/1122aa.jpg\">",
    embed: {},
    shared_file: false,
    added: "2026-11-01T08:07:00.123456",
    published: "2026-10-31T08:07:00",
    edited: null,
    file: { name: "IMG_4409.jpg", path: "/0a/1b/0a1bffee.jpg" },
    attachments: [
      { name: "IMG_4410.jpg", path: "/9c/f7/9cf76466.jpg" },
      { name: "clip.mp4", path: "/77/88/7788.mp4" },
    ],
    tags: ["beach", "bikini"],
  },
  attachments: [
    { server: "https://n2.coomer.velvetvault.example", name: "IMG_4410.jpg", path: "/9c/f7/9cf76466.jpg" },
    { server: "https://n2.coomer.velvetvault.example", name: "clip.mp4", path: "/77/88/7788.mp4" },
  ],
  previews: [
    { type: "thumbnail", server: "https://n2.coomer.velvetvault.example", name: "IMG_4409.jpg", path: "/0a/1b/0a1bffee.jpg" },
    { type: "thumbnail", server: "https://n2.coomer.velvetvault.example", name: "IMG_4410.jpg", path: "/9c/f7/9cf76466.jpg" },
  ],
  videos: [{ index: 0, path: "/77/88/7788.mp4", name: "clip.mp4", extension: ".mp4", server: "https://n2.coomer.velvetvault.example" }],
  props: { service: "onlyfans", flagged: null, revisions: [] },
};

describe("Kemono", () => {
  it("asks the API with Accept: text/css (newer servers refuse others), and nothing else", () => {
    expect(kemonoRequest(`https://${host}/api/v1/posts?o=50`)).toEqual({ url: `https://${host}/api/v1/posts?o=50`, method: "GET", headers: { accept: "text/css" } });
    expect(kemonoRequest(`https://${host}/api/v1/fansly/user/418804225180983296/profile`)?.headers).toEqual({ accept: "text/css" });
    expect(kemonoRequest(`https://${host}/api/v1/onlyfans/user/luna_rivers/post/1402220007`)?.method).toBe("GET");
    expect(probeRequest(`https://${host}/api/v1/posts?o=0`)?.headers).toEqual({ accept: "text/css" });
    // Pages, files and other software's /api/v1/ (Mastodon, PeerTube) are plain GETs.
    for (const url of [`https://${host}/onlyfans/user/luna_rivers/post/1`, `https://${host}/data/0a/1b/x.jpg`, "https://m.example/api/v1/timelines/public?local=true", "https://tube.example/api/v1/videos?sort=-publishedAt", "https://x.example/latest.json"]) {
      expect(kemonoRequest(url), url).toBeNull();
      expect(probeRequest(url), url).toBeNull();
    }
  });

  it("recent posts, in both shapes: each at its page, read through the API, known by its version; older posts by the next offset of 50", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => listed(String(1402220100 - i), i % 2 ? "mia.sol" : "luna_rivers"));
    const newer = adapter.parseListing(input(JSON.stringify({ count: 120, true_count: 120, posts: fifty }), `https://${host}/api/v1/posts?o=0`), cfg);
    expect(newer.items).toHaveLength(50);
    expect(newer.items[0]).toEqual({
      key: "onlyfans/luna_rivers/1402220100",
      url: `https://${host}/onlyfans/user/luna_rivers/post/1402220100`,
      fetchUrl: `https://${host}/api/v1/onlyfans/user/luna_rivers/post/1402220100`,
      title: "post 1402220100",
      // The list is ordered by when posts were added: without "added", no time (published is often years older).
      time: null,
    });
    expect(newer.next).toBe(`https://${host}/api/v1/posts?o=50`);
    // The last page by the total; an edited post is a new version; a post without a title is named by its creator.
    const older = [
      listed("1402220001", "luna_rivers", "onlyfans", { added: "2026-11-01T08:01:00.654321", edited: "2026-11-02T10:00:00", content: "<p>x</p>", title: "" }),
      listed("77120", "7712044", "fanbox", { added: "2026-11-01T08:00:00" }),
    ];
    const last = adapter.parseListing(input(JSON.stringify({ count: 102, posts: older }), `https://${host}/api/v1/posts?o=100`), cfg);
    expect(last.next).toBeNull();
    expect(last.items.map((i) => [i.key, i.title, i.time])).toEqual([
      [`onlyfans/luna_rivers/1402220001@${Date.parse("2026-11-02T10:00:00Z")}`, "luna_rivers (onlyfans)", Date.parse("2026-11-01T08:01:00.654Z")],
      ["fanbox/7712044/77120", "post 77120", Date.parse("2026-11-01T08:00:00Z")],
    ]);
    // An older server's bare array: a full page goes on, a short one ends; an empty one ends.
    const bare = adapter.parseListing(input(JSON.stringify(fifty), `https://${host}/api/v1/posts?o=0`), cfg);
    expect([bare.items.length, bare.next]).toEqual([50, `https://${host}/api/v1/posts?o=50`]);
    expect(adapter.parseListing(input(JSON.stringify(older), `https://${host}/api/v1/posts?o=50`), cfg).next).toBeNull();
    expect(adapter.parseListing(input("[]", `https://${host}/api/v1/posts?o=50`), cfg)).toEqual({ items: [], next: null });
  });

  it("hostile lists: bad ids, users and services, other hosts, duplicates and junk are dropped; the list is capped", () => {
    const junk = [
      listed("1", "../../etc"),
      listed("2", "luna_rivers", "only fans"),
      listed("3<script>", "luna_rivers"),
      { id: "4", user: "u", service: "onlyfans", title: { x: 1 } },
      null,
      "post",
      listed("5", "luna_rivers"),
      listed("5", "luna_rivers"),
    ];
    const page = adapter.parseListing(input(JSON.stringify({ posts: junk }), `https://${host}/api/v1/posts?o=0`), cfg);
    expect(page.items.map((i) => i.key)).toEqual(["onlyfans/u/4", "onlyfans/luna_rivers/5"]);
    expect(page.items[0]!.title).toBe("u (onlyfans)");
    expect(adapter.parseListing(input("{not json", `https://${host}/api/v1/posts?o=0`), cfg)).toEqual({ items: [], next: null });
    expect(adapter.parseListing(input('{"error":"x"}', `https://${host}/api/v1/posts?o=0`), cfg)).toEqual({ items: [], next: null });
    const many = Array.from({ length: 5000 }, (_, i) => listed(String(i + 1), "mia.sol"));
    expect(adapter.parseListing(input(JSON.stringify(many), `https://${host}/api/v1/posts?o=0`), cfg).items.length).toBeLessThanOrEqual(200);
    // An offset that is no multiple of 50 is put back on one; offsets past the cap are not followed.
    expect(adapter.parseListing(input(JSON.stringify(fifty()), `https://${host}/api/v1/posts?o=70`), cfg).next).toBe(`https://${host}/api/v1/posts?o=100`);
    expect(adapter.parseListing(input(JSON.stringify(fifty()), `https://${host}/api/v1/posts?o=100000`), cfg).next).toBeNull();
    function fifty() {
      return Array.from({ length: 50 }, (_, i) => listed(String(i + 1), "mia.sol"));
    }
  });

  it("a post is read as a page: her profile's name and her handle, the title, the text, and its images at full size from the data server", () => {
    const item = { url: `https://${host}/onlyfans/user/luna_rivers/post/1402220007`, title: "Beach day 🌊" };
    expect(adapter.itemCompanion?.({ ...item, fetchUrl: null })).toBe(`https://${host}/api/v1/onlyfans/user/luna_rivers/profile`);
    const profile = JSON.stringify({ id: "luna_rivers", name: "Luna Rivers", service: "onlyfans", indexed: "2026-01-01T00:00:00", updated: "2026-11-01T00:00:00", public_id: "luna_rivers" });
    const page = adapter.itemPage({ body: JSON.stringify(newerPost), url: `https://${host}/api/v1/onlyfans/user/luna_rivers/post/1402220007`, contentType: "application/json", item, companion: profile }, cfg)!;
    const doc = read(page.html, item.url);
    expect(doc.title).toBe("Beach day 🌊 | Luna Rivers (@luna_rivers) | onlyfans");
    expect(doc.text).toContain("Luna Rivers @luna_rivers onlyfans");
    expect(doc.text).toContain("40 new pics in your DMs");
    expect(doc.text).toContain("beach bikini");
    expect(doc.images.map((i) => i.src)).toEqual([
      `https://${host}/data/11/22/1122aa.jpg`,
      "https://n2.coomer.velvetvault.example/data/0a/1b/0a1bffee.jpg",
      "https://n2.coomer.velvetvault.example/data/9c/f7/9cf76466.jpg",
    ]);
    // The video is a link, not an image.
    expect(page.html).toContain('href="https://n2.coomer.velvetvault.example/data/77/88/7788.mp4"');

    // An older server's bare [post], without a profile (or with another creator's): her handle alone, files under /data.
    const bare = [{ ...newerPost.post, attachments: [{ name: "IMG_4410.jpg", path: "/9c/f7/9cf76466.jpg" }] }];
    const other = JSON.stringify({ id: "mia.sol", name: "Mia", service: "onlyfans" });
    const old = adapter.itemPage({ body: JSON.stringify(bare), url: `https://${host}/api/v1/onlyfans/user/luna_rivers/post/1402220007`, contentType: "application/json", item, companion: other }, cfg)!;
    const oldDoc = read(old.html, item.url);
    expect(oldDoc.title).toBe("Beach day 🌊 | luna_rivers | onlyfans");
    expect(oldDoc.text).not.toContain("Mia");
    // A profile whose id is a number (as some services' are) is hers when it is her user.
    const numeric = { ...newerPost, post: { ...newerPost.post, user: "40123456", service: "patreon" } };
    const patreon = adapter.itemPage({ body: JSON.stringify(numeric), url: `https://${host}/api/v1/patreon/user/40123456/post/1402220007`, contentType: "application/json", item, companion: '{"id":40123456,"name":"Moon Bunny","service":"patreon"}' }, cfg)!;
    expect(read(patreon.html, item.url).title).toBe("Beach day 🌊 | Moon Bunny (@40123456) | patreon");
    expect(oldDoc.images.map((i) => i.src)).toEqual([`https://${host}/data/11/22/1122aa.jpg`, `https://${host}/data/0a/1b/0a1bffee.jpg`, `https://${host}/data/9c/f7/9cf76466.jpg`]);
  });

  it("hostile posts: names and titles escaped, file paths that leave /data or the site dropped, files capped, junk is no page", () => {
    const item = { url: `https://${host}/onlyfans/user/luna_rivers/post/1`, title: "t" };
    const post = {
      id: "1",
      user: "luna_rivers",
      service: "onlyfans",
      title: '<img src=x onerror="alert(1)">',
      content: "",
      file: { name: "a.jpg", path: "/../../etc/passwd.jpg" },
      attachments: [
        { name: "b.jpg", path: "https://evil.example/b.jpg" },
        { name: "c.jpg", path: "/cc/dd/c.jpg", server: "https://evil.example" },
        ...Array.from({ length: 200 }, (_, i) => ({ name: `${i}.jpg`, path: `/ee/ff/${i}.jpg` })),
      ],
    };
    const profile = JSON.stringify({ id: "luna_rivers", service: "onlyfans", name: "<b>Luna</b>" });
    const page = adapter.itemPage({ body: JSON.stringify(post), url: `https://${host}/api/v1/onlyfans/user/luna_rivers/post/1`, contentType: "application/json", item, companion: profile }, cfg)!;
    const doc = read(page.html, item.url);
    expect(doc.title).toContain('<img src=x onerror="alert(1)">');
    expect(page.html).not.toContain("<img src=x");
    expect(page.html).not.toContain("<b>Luna");
    const srcs = doc.images.map((i) => i.src);
    expect(srcs[0]).toBe(`https://${host}/data/cc/dd/c.jpg`);
    expect(srcs.every((s) => s.startsWith(`https://${host}/data/`))).toBe(true);
    expect(srcs.length).toBeLessThanOrEqual(40);
    for (const body of ["{not json", "[]", '{"post":null}', '{"id":"1","user":"../x","service":"onlyfans"}', '"x"']) {
      expect(adapter.itemPage({ body, url: `https://${host}/api/v1/onlyfans/user/luna_rivers/post/1`, contentType: "application/json", item }, cfg), body).toBeNull();
    }
  });

  it("is told from its post list (by the probe every unknown site gets), from its page shell, never from a list that only looks alike", () => {
    expect(wellKnownProbes(`https://${host}/`)).toContain(`https://${host}/api/v1/posts?o=0`);
    const entry = [`https://${host}/api/v1/posts?o=0`];
    const newer = JSON.stringify({ count: 2, true_count: 2, posts: [listed("1", "luna_rivers"), listed("2", "mia.sol")] });
    expect(detectFamily({ body: newer, url: `https://${host}/api/v1/posts?o=0`, contentType: "application/json", headers: {} }, [host])).toMatchObject({ family: "kemono", entryPages: entry });
    const bare = JSON.stringify([listed("1", "40123456", "patreon")]);
    expect(detectFamily({ body: bare, url: `https://${host}/api/v1/posts?o=0`, contentType: "application/json", headers: {} }, [host])).toMatchObject({ family: "kemono", entryPages: entry });
    const empty = JSON.stringify({ count: 0, true_count: 0, posts: [] });
    expect(detectFamily({ body: empty, url: `https://${host}/api/v1/posts?o=0`, contentType: "application/json", headers: {} }, [host])?.family).toBe("kemono");
    // The Kemono2 shell: og:site_name, or its global sidebar linking to the artists and the posts.
    const shell = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body class="transition-preload">${body}</body></html>`;
    expect(detectFamily({ body: shell('<meta property="og:site_name" content="Coomer">', ""), url: `https://${host}/`, contentType: "text/html", headers: {} }, [host])).toMatchObject({ family: "kemono", entryPages: entry });
    const sidebar = '<div class="global-sidebar"><a href="/artists">Artists</a><a href="/posts">Posts</a></div>';
    expect(detectFamily({ body: shell("", sidebar), url: `https://${host}/`, contentType: "text/html", headers: {} }, [host])?.family).toBe("kemono");
    // Look-alikes: a post list of another shape, a page naming Kemono in its text, a sidebar without the archive's links.
    const lookalike = JSON.stringify({ posts: [{ id: 1, title: "x", service: "blog" }] });
    expect(detectFamily({ body: lookalike, url: `https://x.example/api/v1/posts`, contentType: "application/json", headers: {} }, ["x.example"])).toBeNull();
    expect(detectFamily({ body: shell("<title>Kemono leaks</title>", "<p>kemono coomer mirror</p>"), url: "https://x.example/", contentType: "text/html", headers: {} }, ["x.example"])).toBeNull();
    expect(detectFamily({ body: shell("", '<div class="global-sidebar"><a href="/home">Home</a></div>'), url: "https://x.example/", contentType: "text/html", headers: {} }, ["x.example"])).toBeNull();
  });
});
