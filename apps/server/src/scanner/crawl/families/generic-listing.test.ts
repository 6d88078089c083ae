import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { crawlAdapter } from "../crawl-adapters";
import type { CrawlAdapterConfig } from "../crawl-types";
import { detectFamily } from "../family-detect";

/**
 * The listing family on sites nobody described: items are the repeated blocks that link, mostly with a
 * thumbnail, to same-site pages of one URL shape; the next page is rel=next, a "Next"/"›" link, or the
 * page after the current one in a row of page numbers. Kernel Video Sharing and Piwigo as they ship,
 * then two layouts no line of the code was written against.
 */

const cfg = (host: string, over: Partial<CrawlAdapterConfig> = {}): CrawlAdapterConfig => ({
  baseUrl: `https://${host}`,
  domains: [host.replace(/^www\./, "")],
  selectors: {},
  itemPattern: null,
  threadPath: "res",
  ...over,
});

const list = (fixture: string, url: string, over: Partial<CrawlAdapterConfig> = {}, body = crawlFixture(fixture)) =>
  crawlAdapter("listing").parseListing({ body, url, contentType: "text/html", headers: {} }, cfg(new URL(url).hostname, over));

describe("the listing family by structure", () => {
  it("Kernel Video Sharing's latest updates: the video blocks (not the sidebar's most viewed, categories or menus), titles, rel=next", () => {
    const page = list("kvs-latest-updates.html", "https://www.tubeleaks.example/latest-updates/");
    expect(page.items.map((i) => [i.key, i.url, i.title])).toEqual([
      ["https://www.tubeleaks.example/videos/52211/luna-rivers-beach-clip/", "https://www.tubeleaks.example/videos/52211/luna-rivers-beach-clip/", "Luna Rivers beach clip"],
      ["https://www.tubeleaks.example/videos/52209/sunset-timelapse-4k/", "https://www.tubeleaks.example/videos/52209/sunset-timelapse-4k/", "Sunset timelapse 4k"],
      ["https://www.tubeleaks.example/videos/52208/moon-bunny-full-pack/", "https://www.tubeleaks.example/videos/52208/moon-bunny-full-pack/", "Moon Bunny full pack"],
      ["https://www.tubeleaks.example/videos/52204/city-walk-at-night/", "https://www.tubeleaks.example/videos/52204/city-walk-at-night/", "City walk at night"],
    ]);
    expect(page.items.every((i) => i.fetchUrl === null && i.time === null)).toBe(true);
    expect(page.next).toBe("https://www.tubeleaks.example/latest-updates/2/");
    // Without rel=next: the pagination's "Next", else the page after the current one ("01" → "02").
    const noRel = crawlFixture("kvs-latest-updates.html").replace('<link href="https://www.tubeleaks.example/latest-updates/2/" rel="next"/>', "");
    expect(list("", "https://www.tubeleaks.example/latest-updates/", {}, noRel).next).toBe("https://www.tubeleaks.example/latest-updates/2/");
    const numbersOnly = noRel.replace(/<li class="next">.*?<\/li>/s, "");
    expect(list("", "https://www.tubeleaks.example/latest-updates/", {}, numbersOnly).next).toBe("https://www.tubeleaks.example/latest-updates/2/");
  });

  it("Piwigo's recent photos: picture.php?/N/… thumbnails (not the album menu or the explore links), their captions, rel=next", () => {
    const page = list("piwigo-recent-pics.html", "https://photos.leakgallery.example/index.php?/recent_pics");
    expect(page.items.map((i) => [i.url, i.title])).toEqual([
      ["https://photos.leakgallery.example/picture.php?/1234/recent_pics", "Beach 03"],
      ["https://photos.leakgallery.example/picture.php?/1233/recent_pics", "Beach 02"],
      ["https://photos.leakgallery.example/picture.php?/1232/recent_pics", "Beach 01"],
      ["https://photos.leakgallery.example/picture.php?/1229/recent_pics", "Sunset 7"],
      ["https://photos.leakgallery.example/picture.php?/1228/recent_pics", "Sunset 6"],
    ]);
    expect(page.next).toBe("https://photos.leakgallery.example/index.php?/recent_pics/start-15");
  });

  it("an unseen tube layout: cards with hashed ids, their headings and times; not the tag cloud, the authors or the trending rail; › before »", () => {
    const page = list("invented-tube-cards.html", "https://clips.neverseen.example/fresh");
    expect(page.items.map((i) => [i.url, i.title, i.time])).toEqual([
      ["https://clips.neverseen.example/watch/k3x9QpLm2a", "Luna by the sea (full)", Date.parse("2026-11-01T10:00:00Z")],
      ["https://clips.neverseen.example/watch/Zz81bbQ0rt", "Rooftop sunset", Date.parse("2026-11-01T08:30:00Z")],
      ["https://clips.neverseen.example/watch/m00nBunnY7", "Bunny pack part 2", Date.parse("2026-10-31T22:00:00Z")],
      ["https://clips.neverseen.example/watch/Qa7Vv0x1Kc", "Night drive", Date.parse("2026-10-31T20:00:00Z")],
      ["https://clips.neverseen.example/watch/Pp2Ww9Rr4e", "Cabin weekend", Date.parse("2026-10-31T18:00:00Z")],
    ]);
    expect(page.next).toBe("https://clips.neverseen.example/fresh?p=2");
  });

  it("an unseen gallery layout: a table grid of thumbnails and captions (not the category bar or the partner link); the page after the current number", () => {
    const page = list("invented-gallery-table.html", "https://pics.unknownsets.example/");
    expect(page.items.map((i) => [i.url, i.title])).toEqual([
      ["https://pics.unknownsets.example/g/2026/11/beach-set-4411.html", "Luna beach set"],
      ["https://pics.unknownsets.example/g/2026/11/sunset-album-4410.html", "Sunset album"],
      ["https://pics.unknownsets.example/g/2026/10/cabin-weekend-4402.html", "Cabin weekend"],
      ["https://pics.unknownsets.example/g/2026/10/bunny-cosplay-4399.html", "Bunny cosplay"],
      ["https://pics.unknownsets.example/g/2026/10/rooftop-4398.html", "Rooftop"],
    ]);
    expect(page.next).toBe("https://pics.unknownsets.example/new/page-2.html");
    // Page 2 of the same listing: the current number is 2, so the next is 3.
    const second = crawlFixture("invented-gallery-table.html").replace('<span class="cur">1</span> <a href="/new/page-2.html">2</a>', '<a href="/">1</a> <span class="cur">2</span>');
    expect(list("", "https://pics.unknownsets.example/new/page-2.html", {}, second).next).toBe("https://pics.unknownsets.example/new/page-3.html");
  });

  it("a grid split into rows is one listing; an extra class on a block does not split it; 'Next →'", () => {
    const card = (id: number, extra = "") =>
      `<div class="col-md-4${extra}"><div class="card"><a href="/v/${id}-clip-${id}"><img src="/t/${id}.jpg" alt=""></a><div class="card-body"><a href="/v/${id}-clip-${id}">Clip ${id}</a><a class="badge" href="/m/someone">someone</a></div></div></div>`;
    const body = `<div class="container"><div class="row">${card(901)}${card(900, " featured")}${card(899)}</div><div class="row">${card(898)}${card(897)}${card(896)}</div>
      <ul class="pagination"><li class="page-item active"><span class="page-link">1</span></li><li class="page-item"><a class="page-link" href="/?page=2">2</a></li><li class="page-item"><a class="page-link" href="/?page=2">Next →</a></li></ul></div>`;
    const page = list("", "https://grid.neverseen.example/", {}, body);
    expect(page.items.map((i) => [i.url, i.title])).toEqual([901, 900, 899, 898, 897, 896].map((id) => [`https://grid.neverseen.example/v/${id}-clip-${id}`, `Clip ${id}`]));
    expect(page.next).toBe("https://grid.neverseen.example/?page=2");
  });

  it("thumbnails drawn as CSS backgrounds count as thumbnails: three tiles win over a longer list of text links", () => {
    const tiles = [7001, 7002, 7003].map((id) => `<div class="tile"><a href="/set/${id}"><div class="poster" style="background-image: url('/p/${id}.jpg')"></div><span>Set ${id}</span></a></div>`).join("");
    const comments = [11, 12, 13, 14, 15, 16].map((id) => `<p class="c"><a href="/comment/${id}00">comment ${id}</a></p>`).join("");
    const page = list("", "https://tiles.neverseen.example/new", {}, `<main><div class="wall">${tiles}</div><div class="latest">${comments}</div></main>`);
    expect(page.items.map((i) => i.url)).toEqual([7001, 7002, 7003].map((id) => `https://tiles.neverseen.example/set/${id}`));
  });

  it("a listing's last page of two thumbnails still lists them, beside a menu that repeats more; two blocks without thumbnails, or in chrome, list nothing", () => {
    const menu = `<header><ul class="pop-box-menu">${["recent", "trending", "popular", "animated"].map((k) => `<li><a href="/explore/${k}">${k}</a></li>`).join("")}</ul></header>`;
    const tile = (id: string, media: boolean) => `<div class="list-item"><div class="list-item-image"><a href="/image/set-${id}.${id}" class="image-container">${media ? `<img src="/images/${id}.md.jpg" alt="">` : `set ${id}`}</a></div><div class="list-item-desc"><a href="/uploader">uploader</a></div></div>`;
    const page = (media: boolean) => `<html><body>${menu}<div class="content-width"><div class="pad-content-listing">${tile("Ab1", media)}${tile("Cd2", media)}</div></div></body></html>`;
    expect(list("", "https://img.neverseen.example/explore/recent/?page=2", {}, page(true)).items.map((i) => i.url)).toEqual([
      "https://img.neverseen.example/image/set-Ab1.Ab1",
      "https://img.neverseen.example/image/set-Cd2.Cd2",
    ]);
    expect(list("", "https://img.neverseen.example/explore/recent/?page=2", {}, page(false)).items.map((i) => i.url)).not.toContain("https://img.neverseen.example/image/set-Ab1.Ab1");
    const inSidebar = `<html><body><aside class="sidebar"><div class="pad">${tile("Ab1", true)}${tile("Cd2", true)}</div></aside></body></html>`;
    expect(list("", "https://img.neverseen.example/", {}, inSidebar).items).toEqual([]);
  });

  it("the catalog's selectors and item pattern still decide when given; a missing next selector falls back to the structure", () => {
    const body = crawlFixture("invented-tube-cards.html");
    const byPattern = list("", "https://clips.neverseen.example/fresh", { itemPattern: /\/u\// }, body);
    expect(byPattern.items.map((i) => i.url)).toEqual(["https://clips.neverseen.example/u/driftwood", "https://clips.neverseen.example/u/shoreline", "https://clips.neverseen.example/u/nightowl"]);
    expect(byPattern.next).toBe("https://clips.neverseen.example/fresh?p=2");
    expect(list("", "https://clips.neverseen.example/fresh", { selectors: { item: "aside a" } }, body).items).toHaveLength(3);
  });

  it("hostile pages are bounded: no repeated blocks is no items; five thousand blocks give at most 200 items; deep nesting is no error", () => {
    expect(list("", "https://x.example/", {}, "<html><body><p>nothing here</p><a href='/a'>a</a></body></html>")).toEqual({ items: [], next: null });
    const many = `<div>${Array.from({ length: 5000 }, (_, i) => `<div class="c"><a href="/v/${i + 1000}/x"><img src="/t/${i}.jpg"></a></div>`).join("")}</div>`;
    expect(list("", "https://x.example/", {}, many).items.length).toBe(200);
    const deep = `<html><body>${"<div>".repeat(3000)}<a href="/v/1234/x">x</a>${"</div>".repeat(3000)}</body></html>`;
    expect(list("", "https://x.example/", {}, deep).items).toEqual([]);
  });

  it("Kernel Video Sharing (its own family), Piwigo and Chevereto (the listing family) are told from their pages, at their newest-first pages", () => {
    const d = (fixture: string, url: string) => detectFamily({ url, body: crawlFixture(fixture), contentType: "text/html", headers: {} }, [new URL(url).hostname.replace(/^www\./, "")]);
    expect(d("kvs-latest-updates.html", "https://www.tubeleaks.example/")).toMatchObject({ family: "kvs", entryPages: ["https://www.tubeleaks.example/latest-updates/"] });
    expect(d("piwigo-recent-pics.html", "https://photos.leakgallery.example/")).toMatchObject({ family: "listing", entryPages: ["https://photos.leakgallery.example/index.php?/recent_pics"] });
    expect(
      detectFamily(
        { url: "https://img.snapvault.example/", body: '<html><head><meta name="generator" content="Chevereto 4"></head><body><a href="https://img.snapvault.example/explore/recent">Recent</a></body></html>', contentType: "text/html", headers: {} },
        ["img.snapvault.example"],
      ),
    ).toMatchObject({ family: "listing", entryPages: ["https://img.snapvault.example/explore/recent"] });
    // A layout of no known package stays unknown (the catalog names its family).
    expect(d("invented-tube-cards.html", "https://clips.neverseen.example/")).toBeNull();
  });
});

describe("a listing whose older items come through a \"Load more\" control's JSON", () => {
  const host = "www.clipnest.example";
  const at = (body: string, url: string) => crawlAdapter("listing").parseListing({ body, url, contentType: "application/json", headers: {} }, cfg(host));
  const card = (id: number) => `<div class="card"><a href="/v/${id}/clip-${id}"><img src="/t/${id}.jpg" alt=""></a><a href="/v/${id}/clip-${id}">Clip ${id}</a></div>`;

  it("the control's data address is the next page, whatever its tag, when its label or class says load more", () => {
    const page = (button: string) => list("", `https://${host}/`, {}, `<html><body><div class="grid">${[1, 2, 3].map(card).join("")}</div>${button}</body></html>`);
    expect(page('<button class="btn js-load-more" data-url="/ajax/videos?page=2">Load more</button>').next).toBe(`https://${host}/ajax/videos?page=2`);
    expect(page('<div role="button" data-next-url="/api/list?cursor=abc">Show more videos</div>').next).toBe(`https://${host}/api/list?cursor=abc`);
    expect(page('<a class="more-btn" href="#" data-href="/more?p=2">↓</a>').next).toBe(`https://${host}/more?p=2`);
    // Not a load-more control, off-site, or not http: no next page.
    expect(page('<button data-url="/share?id=1">Share</button>').next).toBeNull();
    expect(page('<button class="load-more" data-url="https://elsewhere.example/api?page=2">Load more</button>').next).toBeNull();
    expect(page('<button class="load-more" data-url="javascript:load()">Load more</button>').next).toBeNull();
  });

  it("reads Laravel's paginator, a bare list, and an HTML fragment; the next page by its address, its number or has_more; an empty page ends", () => {
    const laravel = {
      current_page: 2,
      data: [
        { id: 3, title: "Clip &amp; three", url: `https://${host}/v/3/clip-3`, created_at: "2026-11-01T08:03:00.000000Z" },
        { id: 9, title: "off site", url: "https://elsewhere.example/v/9" },
        { id: 2, title: "Clip two", url: "/v/2/clip-2" },
      ],
      next_page_url: `https://${host}/ajax/videos?page=3`,
      prev_page_url: `https://${host}/ajax/videos?page=1`,
    };
    const p2 = at(JSON.stringify(laravel), `https://${host}/ajax/videos?page=2`);
    expect(p2.items).toEqual([
      { key: `https://${host}/v/3/clip-3`, url: `https://${host}/v/3/clip-3`, fetchUrl: null, title: "Clip & three", time: Date.parse("2026-11-01T08:03:00Z") },
      { key: `https://${host}/v/2/clip-2`, url: `https://${host}/v/2/clip-2`, fetchUrl: null, title: "Clip two", time: null },
    ]);
    expect(p2.next).toBe(`https://${host}/ajax/videos?page=3`);
    expect(at(JSON.stringify({ ...laravel, next_page_url: null }), `https://${host}/ajax/videos?page=3`).next).toBeNull();
    // A bare list on a numbered page: the next number.
    expect(at(JSON.stringify([{ link: "/v/4/x" }]), `https://${host}/api/videos?p=4`).next).toBe(`https://${host}/api/videos?p=5`);
    // wp_send_json_success with a fragment of blocks and has_more.
    const wp = { success: true, data: { html: [5, 6, 7].map(card).join(""), has_more: true } };
    const frag = at(JSON.stringify(wp), `https://${host}/wp-admin/admin-ajax.php?action=load_videos&paged=2`);
    expect(frag.items.map((i) => i.url)).toEqual([5, 6, 7].map((id) => `https://${host}/v/${id}/clip-${id}`));
    expect(frag.next).toBe(`https://${host}/wp-admin/admin-ajax.php?action=load_videos&paged=3`);
    expect(at(JSON.stringify({ ...wp, data: { ...wp.data, has_more: false } }), `https://${host}/wp-admin/admin-ajax.php?paged=2`).next).toBeNull();
    expect(at(JSON.stringify({ data: [], next_page_url: `https://${host}/x?page=9` }), `https://${host}/x?page=8`)).toEqual({ items: [], next: null });
  });

  it("hostile answers: deep nesting and huge lists are bounded; broken JSON is read as a page", () => {
    const deep = `{"data":${"[".repeat(50_000)}{"url":"/v/1/x"}${"]".repeat(50_000)}}`;
    expect(at(deep, `https://${host}/a?page=1`).items).toEqual([]);
    const many = Array.from({ length: 50_000 }, (_, i) => ({ url: `/v/${i}/x` }));
    expect(at(JSON.stringify(many), `https://${host}/a?page=1`).items.length).toBe(200);
    expect(at("{not json", `https://${host}/a`)).toEqual({ items: [], next: null });
  });
});
