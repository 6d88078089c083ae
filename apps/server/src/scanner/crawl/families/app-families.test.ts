import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { documentFromBody, type PageDocument } from "../../html-document";
import { crawlAdapter } from "../crawl-adapters";
import type { CrawlAdapterConfig, CrawlFamily, CrawlItem } from "../crawl-types";
import { detectFamily } from "../family-detect";
import { leakSiteSchema } from "../../leak-site-catalog";

/**
 * Flarum, NodeBB and Telegram channel previews against what they serve (fixtures/crawl, see
 * SOURCES.md): their APIs' newest lists → items keyed by their newest post and read where it is, the
 * next page; a discussion's, topic's or message's answer → the text a name is looked for in and its
 * full-size images; and each told from its own pages.
 */

const cfg = (host: string, domains: string[] = [host]): CrawlAdapterConfig => ({ baseUrl: `https://${host}`, domains, selectors: {}, itemPattern: null, threadPath: "res" });

function list(family: CrawlFamily, fixture: string, url: string, config = cfg(new URL(url).hostname)) {
  return crawlAdapter(family).parseListing({ body: crawlFixture(fixture), url, contentType: "application/json", headers: {} }, config);
}

function read(family: CrawlFamily, fixture: string, fetchedUrl: string, item: Pick<CrawlItem, "url" | "title">): PageDocument {
  const body = crawlFixture(fixture);
  const converted = crawlAdapter(family).itemPage({ body, url: fetchedUrl, contentType: "application/json", item }, cfg(new URL(item.url).hostname));
  return documentFromBody({ body: Buffer.from(converted ? converted.html : body), contentType: "text/html; charset=utf-8", url: converted ? item.url : fetchedUrl, kind: "html" });
}

const detect = (fixture: string, url: string, headers: Record<string, string> = {}) =>
  detectFamily({ url, body: crawlFixture(fixture), contentType: fixture.endsWith(".json") ? "application/json" : "text/html", headers }, [new URL(url).hostname]);

const T = (iso: string) => Date.parse(iso);
const srcs = (doc: PageDocument) => doc.images.map((i) => i.src);

describe("Flarum 1.x", () => {
  const H = "https://community.leakhub.example";
  it("the discussions API: discussions versioned by their last post number, read from the posts API newest first; links.next", () => {
    const page = list("flarum", "flarum-discussions.json", `${H}/api/discussions?sort=-lastPostedAt`);
    expect(page.items).toEqual([
      {
        key: "d412@n3",
        url: `${H}/d/412-luna-rivers-beach-set-40-pics`,
        fetchUrl: `${H}/api/posts?filter%5Bdiscussion%5D=412&sort=-number&page%5Blimit%5D=20`,
        title: "Lunа Rіvers – beach set (40 pics)",
        time: T("2026-11-01T09:58:41Z"),
      },
      {
        key: "d409@n1",
        url: `${H}/d/409-sunset-timelapse-from-the-pier`,
        fetchUrl: `${H}/api/posts?filter%5Bdiscussion%5D=409&sort=-number&page%5Blimit%5D=20`,
        title: "Sunset timelapse from the pier",
        time: T("2026-10-30T18:00:00Z"),
      },
    ]);
    expect(page.next).toBe(`${H}/api/discussions?sort=-lastPostedAt&page%5Boffset%5D=20`);
  });

  it("the posts API: comments in order with their images (the full size behind a thumbnail); renames are not text", () => {
    const doc = read("flarum", "flarum-posts.json", `${H}/api/posts?filter%5Bdiscussion%5D=412`, { url: `${H}/d/412-luna-rivers-beach-set-40-pics`, title: "Lunа Rіvers – beach set (40 pics)" });
    expect(doc.text.indexOf("l.u.n.a r.i.v.e.r.s")).toBeLessThan(doc.text.indexOf("mirror:"));
    expect(doc.title).toBe("Lunа Rіvers – beach set (40 pics)");
    expect(doc.text).not.toContain("Beach set Lуna");
    expect(srcs(doc)).toEqual(
      expect.arrayContaining([
        `${H}/assets/files/2026-10-31/1730405642-118320-beach-01.jpg`,
        `${H}/assets/files/2026-10-31/1730405642-118320-beach-01-thumb.jpg`,
        `${H}/assets/files/2026-11-01/1730455121-881204-beach-03.jpg`,
      ]),
    );
  });

  it("the no-JavaScript page lists the same discussions and its next page", () => {
    const page = list("flarum", "flarum-home.html", `${H}/`);
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl])).toEqual([
      ["d412", `${H}/d/412-luna-rivers-beach-set-40-pics`, `${H}/api/posts?filter%5Bdiscussion%5D=412&sort=-number&page%5Blimit%5D=20`],
      ["d409", `${H}/d/409-sunset-timelapse-from-the-pier`, `${H}/api/posts?filter%5Bdiscussion%5D=409&sort=-number&page%5Blimit%5D=20`],
    ]);
    expect(page.next).toBe(`${H}/?page=2`);
  });

  it("is told from its page (payload, loading blocks) and from its API", () => {
    expect(detect("flarum-home.html", `${H}/`)).toMatchObject({ family: "flarum", entryPages: [`${H}/api/discussions?sort=-lastPostedAt`] });
    expect(detect("flarum-discussions.json", `${H}/api/discussions`)).toMatchObject({ family: "flarum", entryPages: [`${H}/api/discussions?sort=-lastPostedAt`] });
  });
});

describe("NodeBB", () => {
  const H = "https://board.bunnyleaks.example";
  it("/api/recent: topics versioned by their post count, read around their last post; the next page", () => {
    const page = list("nodebb", "nodebb-recent.json", `${H}/api/recent`);
    expect(page.items).toEqual([
      {
        key: "t318@p4",
        url: `${H}/topic/318/m00n-bunny-full-set-60-pics`,
        fetchUrl: `${H}/api/topic/318/m00n-bunny-full-set-60-pics/4`,
        title: "M00n Bunny / full set, 60 pics",
        time: 1793524200000,
      },
      {
        key: "t317@p1",
        url: `${H}/topic/317/best-hiking-trails-near-the-coast`,
        fetchUrl: `${H}/api/topic/317/best-hiking-trails-near-the-coast`,
        title: "Best hiking trails near the coast?",
        time: 1793516400000,
      },
    ]);
    expect(page.next).toBe(`${H}/api/recent?page=2`);
  });

  it("a subfolder install keeps its relative path; a hostile slug is not put in a path", () => {
    const body = JSON.stringify({ topics: [{ tid: 9, slug: "9/../../admin", postcount: 2, titleRaw: "x" }, { tid: 10, slug: "10/ok", postcount: 1, titleRaw: "y" }], pagination: { next: { page: 1, active: false } } });
    const page = crawlAdapter("nodebb").parseListing({ body, url: `${H}/forum/api/recent`, contentType: "application/json", headers: {} }, cfg("board.bunnyleaks.example"));
    expect(page.items.map((i) => i.url)).toEqual([`${H}/forum/topic/9`, `${H}/forum/topic/10/ok`]);
    expect(page.next).toBeNull();
  });

  it("a topic's API answer: its posts' text and images, the full size behind a resized one", () => {
    const doc = read("nodebb", "nodebb-topic.json", `${H}/api/topic/318/m00n-bunny-full-set-60-pics/4`, { url: `${H}/topic/318/m00n-bunny-full-set-60-pics`, title: "" });
    expect(doc.title).toBe("M00n Bunny / full set, 60 pics");
    expect(doc.text).toContain("more of the m00n bunny");
    expect(doc.links.map((l) => l.href)).toContain("https://gofile.io/d/Nb318x");
    expect(srcs(doc)).toEqual(
      expect.arrayContaining([`${H}/assets/uploads/files/1793520000001-mb-01.jpg`, `${H}/assets/uploads/files/1793524200002-mb-02.jpg`]),
    );
  });

  it("the server-rendered page lists the same topics; NodeBB is told from its config script and from its API", () => {
    const page = list("nodebb", "nodebb-home.html", `${H}/`);
    expect(page.items.map((i) => [i.url, i.fetchUrl, i.time])).toEqual([
      [`${H}/topic/318/m00n-bunny-full-set-60-pics`, `${H}/api/topic/318/m00n-bunny-full-set-60-pics`, T("2026-11-01T11:10:00Z")],
      [`${H}/topic/317/best-hiking-trails-near-the-coast`, `${H}/api/topic/317/best-hiking-trails-near-the-coast`, T("2026-11-01T09:00:00Z")],
    ]);
    expect(detect("nodebb-home.html", `${H}/`)).toMatchObject({ family: "nodebb", entryPages: [`${H}/api/recent`] });
    expect(detect("nodebb-recent.json", `${H}/api/recent`)).toMatchObject({ family: "nodebb", entryPages: [`${H}/api/recent`] });
  });
});

describe("Telegram channel previews", () => {
  const c = cfg("t.me", ["t.me", "telesco.pe"]);
  it("t.me/s/<channel>: each message an item read alone from its embed; older messages with ?before=", () => {
    const page = list("telegram", "telegram-channel-preview.html", "https://t.me/s/leakdrops", c);
    expect(page.items.map((i) => [i.key, i.url, i.fetchUrl, i.time])).toEqual([
      ["leakdrops/4580", "https://t.me/leakdrops/4580", "https://t.me/leakdrops/4580?embed=1&mode=tme", T("2026-11-01T09:00:00Z")],
      ["leakdrops/4581", "https://t.me/leakdrops/4581", "https://t.me/leakdrops/4581?embed=1&mode=tme", T("2026-11-01T10:00:00Z")],
      ["leakdrops/4583", "https://t.me/leakdrops/4583", "https://t.me/leakdrops/4583?embed=1&mode=tme", T("2026-11-01T11:00:00Z")],
    ]);
    expect(page.next).toBe("https://t.me/s/leakdrops?before=4580");
  });

  it("a message's photos are its background images; the channel page is told as Telegram", () => {
    const doc = read("telegram", "telegram-channel-preview.html", "https://t.me/s/leakdrops", { url: "https://t.me/s/leakdrops", title: "" });
    expect(srcs(doc)).toEqual(expect.arrayContaining(["https://cdn4.telesco.pe/file/lr-beach-01.jpg", "https://cdn4.telesco.pe/file/lr-beach-02.jpg", "https://cdn4.telesco.pe/file/iv-set-07.jpg"]));
    expect(detect("telegram-channel-preview.html", "https://t.me/s/leakdrops")).toMatchObject({ family: "telegram", entryPages: ["https://t.me/s/leakdrops"] });
  });

  it("a Telegram site is catalogued with its channels' pages: without them it is refused", () => {
    const site = { id: "tg", name: "Leak Drops", domains: ["t.me", "telesco.pe"] };
    expect(leakSiteSchema.safeParse({ ...site, crawl: { family: "telegram" } }).success).toBe(false);
    expect(leakSiteSchema.safeParse({ ...site, crawl: { family: "telegram", entryPages: ["https://t.me/s/leakdrops"] } }).success).toBe(true);
  });
});
