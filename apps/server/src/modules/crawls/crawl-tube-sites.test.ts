import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { leak } from "../../db/schema/scans";
import { parseCrawlSettings } from "../../scanner/crawl/crawl-settings";
import { createGuardedFetcher } from "../../scanner/guarded-fetch";
import { LeakSiteCatalog, leakSiteSchema } from "../../scanner/leak-site-catalog";
import { parseScannerSettings } from "../../scanner/scanner-settings";
import { IVY, LUNA } from "@leakwarden/test-support/fake-web/crawl-fixture-web";
import { startProxiedSites } from "@leakwarden/test-support/fake-web/proxied-sites";
import { html, json, type Site, type SiteHandler } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import type { SeenImage } from "../image-index/image-index.service";
import { CrawlRunner } from "./crawl-runner";

/**
 * The crawl runner against the tube scripts leak sites run: a Kernel Video Sharing site and a PeerTube
 * instance, catalogued by host alone, served in the shapes those packages send (fixtures/crawl, SOURCES.md)
 * behind the test forward proxy. Her names are disguised in titles, models and tags; one video has no text
 * at all; another creator's look-alike name, a federated copy and ordinary videos are traps.
 */

const HOSTS = { kvs: "www.hotclips.example", peertube: "tube.moonbay.example" };
const BLOCK = "list_videos_latest_videos_list";
const PAGE = 3;

type Video = { id: number; slug: string; title: string; models: string[]; tags: string[] };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

async function startTubeWeb() {
  const px = Buffer.alloc(64 * 64 * 3);
  let x = 777;
  for (let i = 0; i < px.length; i++) px[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  const photo = await sharp(px, { raw: { width: 64, height: 64, channels: 3 } }).jpeg().toBuffer();
  const servePhoto: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "image/jpeg" });
    res.end(photo);
  };
  const robots: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("User-agent: *\nDisallow: /admin/\n");
  };

  // KVS: newest first.
  const videos: Video[] = [];
  const base = `http://${HOSTS.kvs}`;
  const videoUrl = (v: Video) => `${base}/videos/${v.id}/${v.slug}/`;
  const shot = (v: Video, n: number, size: string) => `${base}/contents/videos_screenshots/${Math.floor(v.id / 1000) * 1000}/${v.id}/${size}/${n}.jpg`;
  const full = (v: Video, n: number) => `${base}/get_image/2/0f1e2d3c4b5a69788796a5b4c3d2e1f0/main/1280x720/${Math.floor(v.id / 1000) * 1000}/${v.id}/${n}.jpg/`;
  const card = (v: Video) =>
    `<div class="item  "><a href="${videoUrl(v)}" title="${esc(v.title)}"><div class="img"><img class="thumb lazy-load" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" data-original="${shot(v, 1, "320x180")}" alt="${esc(v.title)}"/></div><strong class="title">${esc(v.title)}</strong><div class="wrap"><div class="added"><em>1 day ago</em></div></div></a></div>`;
  const block = (page: number) => {
    const shown = videos.slice((page - 1) * PAGE, page * PAGE);
    const pages = Math.max(1, Math.ceil(videos.length / PAGE));
    const link = (n: number, label: string, cls: string) => `<li class="${cls}"><a href="/latest-updates/${n > 1 ? `${n}/` : ""}" data-action="ajax" data-container-id="${BLOCK}_pagination" data-block-id="${BLOCK}" data-parameters="sort_by:post_date;from:${String(n).padStart(2, "0")}">${label}</a></li>`;
    const nums = Array.from({ length: pages }, (_, i) => (i + 1 === page ? `<li class="page-current"><span>${String(page).padStart(2, "0")}</span></li>` : link(i + 1, String(i + 1).padStart(2, "0"), "page")));
    return `<div id="${BLOCK}"><div class="box"><div class="list-videos"><div class="margin-fix" id="${BLOCK}_items">${shown.map(card).join("\n")}</div></div></div><div class="pagination" id="${BLOCK}_pagination"><div class="pagination-holder"><ul>${page > 1 ? link(page - 1, "Back", "prev") : ""}${nums.join("")}${page < pages ? link(page + 1, "Next", "next") : ""}</ul></div></div></div>`;
  };
  const sidebar = `<div class="sidebar"><ul class="list"><li><a href="${base}/models/luna-rivers/">Luna Rivers</a></li><li><a href="${base}/categories/amateur/">Amateur</a></li></ul></div>`;
  const shell = (body: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Hot Clips</title></head><body><nav><a href="${base}/latest-updates/">Latest</a></nav>${sidebar}<div class="main-container">${body}</div></body></html>`;
  const watch = (v: Video) =>
    shell(
      `<div class="headline"><h1>${esc(v.title)}</h1></div><div class="player"><script src="${base}/player/kt_player.js?v=15.9.1"></script><script>var flashvars = { video_id: '${v.id}', video_title: '${v.title.replace(/'/g, "\\'")}', video_tags: '${v.tags.join(", ")}', video_url: 'function/0/${base}/get_file/1/abc/${v.id}/${v.id}.mp4/', preview_url: '${shot(v, 0, "preview")}' };\nkt_player('kt_player', '${base}/player/kt_player.swf', '100%', '100%', flashvars);</script></div><div class="video-info"><div class="info"><div class="item">Tags: ${v.tags.map((t) => `<a href="${base}/tags/${t}/">${esc(t)}</a>`).join(" ")}</div><div class="item">Models: ${v.models.map((m) => `<a href="${base}/models/${m.replace(/\W+/g, "-").toLowerCase()}/">${esc(m)}</a>`).join(" ")}</div></div><div class="block-screenshots">${[1, 2].map((n) => `<a href="${full(v, n)}" class="item" rel="screenshots"><img class="thumb lazy-load" data-original="${shot(v, n, "180x135")}"></a>`).join("")}</div></div>`,
    );
  const kvsSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return html(shell(block(1)))(req, res, url);
    if (url.pathname === "/latest-updates/" && url.searchParams.get("mode") === "async") {
      if (url.searchParams.get("block_id") !== BLOCK) return html("", 404)(req, res, url);
      return html(block(Number(url.searchParams.get("from") ?? "1") || 1))(req, res, url);
    }
    const page = /^\/latest-updates\/(?:(\d+)\/)?$/.exec(url.pathname);
    if (page) return html(shell(block(Number(page[1] ?? "1"))))(req, res, url);
    const m = /^\/videos\/(\d+)\/[^/]+\/$/.exec(url.pathname);
    const v = m ? videos.find((y) => y.id === Number(m[1])) : undefined;
    if (v) return html(watch(v))(req, res, url);
    if (/^\/(?:get_image|contents)\//.test(url.pathname)) return servePhoto(req, res, url);
    return html("<h1>Not found</h1>", 404)(req, res, url);
  };

  // PeerTube: the instance's videos, newest first, and a copy federated from elsewhere.
  type PtVideo = { uuid: string; shortUUID: string; name: string; tags: string[]; description: string; isLocal: boolean; publishedAt: string };
  const ptVideos: PtVideo[] = [];
  const ptBase = `http://${HOSTS.peertube}`;
  const ptSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/")
      return html(`<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>Moonbay</title><meta property="og:platform" content="PeerTube" /><link rel="stylesheet" href="/client/en-US/styles.css"></head><body><my-app></my-app><script src="/client/en-US/main.js" type="module"></script></body></html>`)(req, res, url);
    const summary = (v: PtVideo) => ({ id: ptVideos.indexOf(v) + 1, uuid: v.uuid, shortUUID: v.shortUUID, name: v.name, description: v.description.slice(0, 20), isLocal: v.isLocal, publishedAt: v.publishedAt, thumbnailPath: `/lazy-static/thumbnails/${v.uuid}.jpg`, previewPath: `/lazy-static/previews/${v.uuid}.jpg`, account: { name: "up", displayName: "up", host: HOSTS.peertube } });
    if (url.pathname === "/api/v1/videos") {
      // As a server older than isLocal answers: federated copies are listed too (isLocal: false), the reader skips them.
      const sorted = [...ptVideos].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
      const start = Number(url.searchParams.get("start") ?? "0");
      const count = Number(url.searchParams.get("count") ?? "15");
      return json({ total: sorted.length, data: sorted.slice(start, start + count).map(summary) })(req, res, url);
    }
    const d = /^\/api\/v1\/videos\/([0-9a-f-]{36})$/.exec(url.pathname);
    const v = d ? ptVideos.find((y) => y.uuid === d[1]) : undefined;
    if (v) return json({ ...summary(v), description: v.description, tags: v.tags })(req, res, url);
    if (url.pathname.startsWith("/lazy-static/")) return servePhoto(req, res, url);
    return json({ status: 404 }, 404)(req, res, url);
  };

  const sites: Record<string, Site> = {
    [HOSTS.kvs]: { "/robots.txt": robots, "*": kvsSite },
    [HOSTS.peertube]: { "/robots.txt": robots, "*": ptSite },
  };
  const web = await startProxiedSites(sites);

  let nextId = 61000;
  const addVideo = (title: string, models: string[] = [], tags: string[] = []) => {
    const v: Video = { id: nextId++, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "video", title, models, tags };
    videos.unshift(v);
    return { url: videoUrl(v), screenshots: [full(v, 1), full(v, 2)] };
  };
  let n = 0;
  const addPt = (name: string, tags: string[] = [], description = "", isLocal = true) => {
    n++;
    const hex = n.toString(16).padStart(12, "0");
    const v: PtVideo = { uuid: `9c9de5e8-0a1b-4b2c-8d3e-${hex}`, shortUUID: `kXbYt3f5Qp${hex}`, name, tags, description, isLocal, publishedAt: new Date(Date.UTC(2026, 10, 1, 10, n)).toISOString() };
    ptVideos.push(v);
    return { url: `${ptBase}/w/${v.shortUUID}`, preview: `${ptBase}/lazy-static/previews/${v.uuid}.jpg` };
  };
  return {
    addVideo,
    addPt,
    requests: web.requests,
    settings: web.settings,
    close: web.close,
  };
}

/** By host alone (the family found from the home page), or as before these families: read by structure from the home page. */
const catalogOf = (mode: "auto" | "before") =>
  new LeakSiteCatalog(
    (["kvs", "peertube"] as const).map((id) =>
      leakSiteSchema.parse({ id, name: id, domains: [HOSTS[id]], crawl: mode === "auto" ? { baseUrl: `http://${HOSTS[id]}` } : { family: "listing", baseUrl: `http://${HOSTS[id]}`, entryPages: [`http://${HOSTS[id]}/`] } }),
    ),
  );

describe("crawling Kernel Video Sharing and PeerTube sites catalogued by host alone", () => {
  let database: Database;
  let web: Awaited<ReturnType<typeof startTubeWeb>>;
  let indexed: SeenImage[];

  const crawl = async (mode: "auto" | "before") => {
    const settings = { ...parseScannerSettings(web.settings), ...parseCrawlSettings(web.settings) };
    const r = new CrawlRunner({ db: database.db, fetcher: createGuardedFetcher(settings), settings, catalog: catalogOf(mode), creators: async () => [LUNA, IVY], indexImages: async (seen) => void indexed.push(...seen) });
    return [await r.run("kvs"), await r.run("peertube")];
  };
  const leaksOf = async (userId: string) => (await database.db.select().from(leak).where(eq(leak.userId, userId))).map((l) => l.canonicalUrl).sort();

  beforeEach(async () => {
    database = await openTestDatabase();
    for (const id of ["luna", "ivy"]) await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` }).onConflictDoNothing();
    web = await startTubeWeb();
    indexed = [];
  });
  afterEach(async () => {
    await web.close();
    await database.close();
  });

  const build = () => {
    const luna: string[] = [];
    // Oldest first: the listing shows them newest first, three to a page (three pages, read through the async block API).
    web.addVideo("Garden party");
    const imageOnly = web.addVideo("", [], []);
    const ivy = web.addVideo("ivy_vale OnlyFans leaked", ["Ivy Vale"]);
    const trap = web.addVideo("Lun4 R1verside vlog leaked", ["Lun4 R1verside"], ["leaked"]);
    luna.push(web.addVideo("Backstage 4k full leaked set", ["l.u.n.a r.i.v.e.r.s"], ["backstage"]).url);
    web.addVideo("Sunset timelapse");
    luna.push(web.addVideo("Lun4 R1vers beach clip", [], ["beach"]).url);
    // PeerTube: her nickname in CamelCase; her name only as a tag; a federated copy (another instance's); an ordinary video.
    web.addPt("Lighthouse at dusk");
    const tagged = web.addPt("new upload", ["leaked", "luna_rivers"]);
    luna.push(tagged.url);
    const federated = web.addPt("Luna Rivers leaked set", [], "", false);
    luna.push(web.addPt("MoonBunny poolside", ["leak"], "set of 40").url);
    return { luna: luna.sort(), ivy: [ivy.url], traps: [trap.url, federated.url], imageOnly, tagged };
  };

  it("tells each script, finds her disguised names in titles, models and tags, indexes the full-size images of a video with no text, and nothing of others'", async () => {
    const w = build();
    const results = await crawl("auto");
    for (const r of results) expect(r.outcome, r.siteId).toBe("completed");
    const found = await leaksOf("luna");
    expect(found).toEqual(w.luna);
    expect(await leaksOf("ivy")).toEqual(w.ivy);
    for (const t of w.traps) expect(found).not.toContain(t);
    // The async block pages were read (not the full pages), and no video twice.
    const kvsPaths = web.requests.filter((q) => q.host === HOSTS.kvs).map((q) => q.path);
    expect(kvsPaths.filter((p) => p.includes("mode=async")).length).toBe(2);
    expect(new Set(kvsPaths.filter((p) => p.startsWith("/videos/"))).size).toBe(kvsPaths.filter((p) => p.startsWith("/videos/")).length);
    // The video with no text: its screenshots at full size are in the shared image index.
    const seen = new Set(indexed.map((s) => s.imageUrl));
    for (const u of w.imageOnly.screenshots) expect(seen).toContain(u);
    expect(seen).toContain(w.tagged.preview);
    // The federated copy is the other instance's to read.
    expect(web.requests.some((q) => q.path.includes("-000000000003"))).toBe(false);
    console.info(`tube crawl, by family: luna found ${found.filter((u) => w.luna.includes(u)).length}/${w.luna.length}, ivy ${(await leaksOf("ivy")).length}/1, false finds ${found.filter((u) => !w.luna.includes(u)).length}`);
  });

  it("before these families (the home pages read by structure), the same web gives less", async () => {
    const w = build();
    await crawl("before");
    const found = await leaksOf("luna");
    console.info(`tube crawl, families off: luna found ${found.filter((u) => w.luna.includes(u)).length}/${w.luna.length}, ivy ${(await leaksOf("ivy")).length}/1, false finds ${found.filter((u) => !w.luna.includes(u)).length}`);
    // Only the title in plain leetspeak on the KVS home page; the PeerTube shell lists nothing.
    expect(found.filter((u) => w.luna.includes(u)).length).toBe(1);
  });
});
