import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { crawlAdapter } from "../crawl-adapters";
import type { CrawlAdapterConfig, ListingInput } from "../crawl-types";
import { detectFamily } from "../family-detect";
import { flashvars } from "./kvs";

/**
 * The tube scripts leak sites run (fixtures/crawl, SOURCES.md): Kernel Video Sharing's latest-updates
 * listing and its async block pages, a KVS video page read for title, tags, models and full-size images;
 * PeerTube's local videos newest first and a video's details; both told from their pages or NodeInfo.
 */

const kvsHost = "www.tubeleaks.example";
const ptHost = "tube.moonbay.example";
const cfg = (host: string): CrawlAdapterConfig => ({ baseUrl: `https://${host}`, domains: [host], selectors: {}, itemPattern: null, threadPath: "res" });
const input = (body: string, url: string, contentType = "text/html"): ListingInput => ({ body, url, contentType, headers: {} });
const detect = (body: string, url: string, domain: string) => detectFamily({ url, body, contentType: "text/html", headers: {} }, [domain]);

describe("Kernel Video Sharing", () => {
  const kvs = crawlAdapter("kvs");
  const asyncPage2 = `https://${kvsHost}/latest-updates/?mode=async&function=get_block&block_id=list_videos_latest_videos_list&sort_by=post_date&from=02`;

  it("reads /latest-updates/ newest first (not the sidebar's lists) and goes on through the async block API", () => {
    const page = kvs.parseListing(input(crawlFixture("kvs-latest-updates.html"), `https://${kvsHost}/latest-updates/`), cfg(kvsHost));
    expect(page.items.map((i) => [i.key, i.url, i.title])).toEqual([
      ["v52211", `https://${kvsHost}/videos/52211/luna-rivers-beach-clip/`, "Luna Rivers beach clip"],
      ["v52209", `https://${kvsHost}/videos/52209/sunset-timelapse-4k/`, "Sunset timelapse 4k"],
      ["v52208", `https://${kvsHost}/videos/52208/moon-bunny-full-pack/`, "Moon Bunny full pack"],
      ["v52204", `https://${kvsHost}/videos/52204/city-walk-at-night/`, "City walk at night"],
    ]);
    expect(page.next).toBe(asyncPage2);
    // The async answer is the block alone; its next page is from=03, not the "Back" or "Last" links.
    const two = kvs.parseListing(input(crawlFixture("kvs-latest-updates-async.html"), asyncPage2), cfg(kvsHost));
    expect(two.items.map((i) => i.key)).toEqual(["v52190", "v52188"]);
    expect(two.next).toBe(asyncPage2.replace("from=02", "from=03"));
  });

  it("falls back to the next link of a theme without ajax pagination, and ignores odd block parameters and off-site links", () => {
    const html = crawlFixture("kvs-latest-updates.html")
      .replaceAll(/data-parameters="[^"]*"/g, 'data-parameters="sort_by:post_date;from:02;evil:&lt;script&gt;"')
      .replace("https://www.tubeleaks.example/videos/52209/", "https://evil.example/videos/52209/");
    const page = kvs.parseListing(input(html, `https://${kvsHost}/latest-updates/`), cfg(kvsHost));
    expect(page.items.map((i) => i.key)).toEqual(["v52211", "v52208", "v52204"]);
    expect(page.next).toBe(`https://${kvsHost}/latest-updates/2/`);
    // A listing of nothing has no next page.
    expect(kvs.parseListing(input("<html><body><div class='pagination'></div></body></html>", `https://${kvsHost}/latest-updates/`), cfg(kvsHost))).toEqual({ items: [], next: null });
  });

  it("a video page becomes its title, description, categories, tags, models and poster and screenshots at full size", () => {
    const url = `https://${kvsHost}/videos/52211/luna-rivers-beach-clip/`;
    const page = kvs.itemPage({ body: crawlFixture("kvs-view-video.html"), url, contentType: "text/html", item: { url, title: "Luna Rivers beach clip" } }, cfg(kvsHost));
    const $ = cheerio.load(page!.html);
    expect($("h1").text()).toBe("Lun4 R1vers beach clip");
    expect($(".description").text()).toBe("Summer at the sea, full set inside");
    expect($(".tags span").toArray().map((a) => $(a).text())).toEqual(["beach", "summer", "lunariv3rs"]);
    expect($(".categories span").toArray().map((a) => $(a).text())).toEqual(["Amateur", "Beach"]);
    // The info block's models, not the sidebar's "Top Models".
    expect($(".models span").toArray().map((a) => $(a).text())).toEqual(["L.u.n.a Rivers"]);
    expect($("img").toArray().map((i) => i.attribs.src)).toEqual([
      `https://${kvsHost}/contents/videos_screenshots/52000/52211/preview.jpg`,
      `https://${kvsHost}/get_image/2/9f8e7d6c5b4a39281706f5e4d3c2b1a0/main/1280x720/52000/52211/1.jpg/`,
      `https://${kvsHost}/get_image/2/1a2b3c4d5e6f708192a3b4c5d6e7f809/main/1280x720/52000/52211/2.jpg/`,
    ]);
  });

  it("flashvars are read as strings, escapes undone, script in them kept as text", () => {
    expect(flashvars("var flashvars = { video_title: 'It\\'s <b>x</b>', video_tags: \"a, b\", n: 5, javascript_url: 'javascript:alert(1)' };")).toEqual({ video_title: "It's <b>x</b>", video_tags: "a, b", javascript_url: "javascript:alert(1)" });
    expect(flashvars("no player here")).toEqual({});
    const url = `https://${kvsHost}/videos/1/x/`;
    const hostile = `<script>var flashvars = { video_title: '<img src=x onerror=alert(1)>', preview_url: 'javascript:alert(1)' };</script>`;
    const html = kvs.itemPage({ body: hostile, url, contentType: "text/html", item: { url, title: "x" } }, cfg(kvsHost))!.html;
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("javascript:");
  });

  it("is told from its home page by host alone: the player, the credit, or two of its markers", () => {
    expect(detect(crawlFixture("kvs-latest-updates.html"), `https://${kvsHost}/`, kvsHost)).toMatchObject({ family: "kvs", entryPages: [`https://${kvsHost}/latest-updates/`] });
    expect(detect(crawlFixture("kvs-view-video.html"), `https://${kvsHost}/videos/52211/x/`, kvsHost)).toMatchObject({ family: "kvs", evidence: "Kernel Video Sharing's player (kt_player)" });
    const two = `<html><body><a href="/latest-updates/">New</a><div class="item"><img data-original="/contents/videos_screenshots/0/1/320x180/1.jpg"></div></body></html>`;
    expect(detect(two, `https://${kvsHost}/`, kvsHost)).toMatchObject({ family: "kvs" });
    // One weak marker alone (a blog linking to "latest-updates") is not KVS.
    expect(detect(`<html><body><a href="/latest-updates/">News</a></body></html>`, `https://${kvsHost}/`, kvsHost)).toBeNull();
  });
});

describe("PeerTube", () => {
  const pt = crawlAdapter("peertube");
  const listing = `https://${ptHost}/api/v1/videos?sort=-publishedAt&start=0&count=25&isLocal=true&nsfw=both`;

  it("reads the instance's own videos newest first, skipping federated and malformed ones, and pages by start", () => {
    expect(pt.defaultEntryPages(cfg(ptHost))).toEqual([listing]);
    const page = pt.parseListing(input(crawlFixture("peertube-videos.json"), listing, "application/json"), cfg(ptHost));
    expect(page.items).toEqual([
      { key: "v9c9de5e8-0a1b-4b2c-8d3e-4f5a6b7c8d9e", url: `https://${ptHost}/w/kXbYt3f5QpXw2nQe8VtLrA`, fetchUrl: `https://${ptHost}/api/v1/videos/9c9de5e8-0a1b-4b2c-8d3e-4f5a6b7c8d9e`, title: "MoonlightLuna poolside", time: Date.parse("2026-11-27T21:10:40.000Z") },
      { key: "v1b2c3d4e-5f60-4718-92a3-b4c5d6e7f809", url: `https://${ptHost}/w/5mQpZr8LxT2wKc9yNbVfJd`, fetchUrl: `https://${ptHost}/api/v1/videos/1b2c3d4e-5f60-4718-92a3-b4c5d6e7f809`, title: "Lighthouse at dusk", time: Date.parse("2026-11-27T18:05:00.000Z") },
    ]);
    // Four of 27 on a page of 25: the answer is short, so this is the last page.
    expect(page.next).toBeNull();
    const small = listing.replace("count=25", "count=4");
    expect(pt.parseListing(input(crawlFixture("peertube-videos.json"), small, "application/json"), cfg(ptHost)).next).toBe(small.replace("start=0", "start=4"));
    expect(pt.parseListing(input('{"total":0,"data":"x"}', listing, "application/json"), cfg(ptHost))).toEqual({ items: [], next: null });
  });

  it("a video becomes its name, channel, tags, description and preview and thumbnail on the instance", () => {
    const url = `https://${ptHost}/api/v1/videos/9c9de5e8-0a1b-4b2c-8d3e-4f5a6b7c8d9e`;
    const page = pt.itemPage({ body: crawlFixture("peertube-video.json"), url, contentType: "application/json", item: { url: `https://${ptHost}/w/kXbYt3f5QpXw2nQe8VtLrA`, title: "x" } }, cfg(ptHost));
    const $ = cheerio.load(page!.html);
    expect($("h1").text()).toBe("MoonlightLuna poolside");
    expect($(".tags span").toArray().map((a) => $(a).text())).toEqual(["#leak", "#poolside", "#m00nlight_luna"]);
    expect($(".description strong").text()).toBe("all");
    expect($(".account").text()).toContain("Main uploader9 channel");
    expect($("img").toArray().map((i) => i.attribs.src)).toEqual([
      `https://${ptHost}/lazy-static/previews/7a0f1e2d-22bb-4d44-8e66-7f8809aabbcc.jpg`,
      `https://${ptHost}/lazy-static/thumbnails/2d4b1c0e-11aa-4c33-9d55-6e77f8899aab.jpg`,
    ]);
    // Raw HTML in a description is shown as text.
    const hostile = JSON.stringify({ name: "x", description: "<script>alert(1)</script>", previewPath: "javascript:alert(1)" });
    const html = pt.itemPage({ body: hostile, url, contentType: "application/json", item: { url, title: "x" } }, cfg(ptHost))!.html;
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("javascript:");
  });

  it("is told from its web client or its NodeInfo", () => {
    expect(detect(crawlFixture("peertube-home.html"), `https://${ptHost}/`, ptHost)).toMatchObject({ family: "peertube", entryPages: [listing] });
    const nodeinfo = JSON.stringify({ version: "2.0", software: { name: "peertube", version: "6.3.2" }, protocols: ["activitypub"], usage: {}, openRegistrations: false, metadata: {} });
    expect(detectFamily({ url: `https://${ptHost}/nodeinfo/2.0.json`, body: nodeinfo, contentType: "application/json", headers: {} }, [ptHost])).toMatchObject({ family: "peertube", evidence: "NodeInfo: peertube 6.3.2", entryPages: [listing] });
  });
});
