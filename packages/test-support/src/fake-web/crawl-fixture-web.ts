import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CrawlCreator } from "../../../../apps/server/src/scanner/crawl/creator-matcher";
import { searxngSite } from "./fake-search";
import { FIXTURE_IDENTITY } from "./leak-fixture-web";
import { startProxiedSites } from "./proxied-sites";
import { noisePhoto } from "./noise-photo";
import { html, json, type Site, type SiteHandler } from "./virtual-host-server";

/**
 * Leak sites that are only found by reading them: a XenForo forum (what's-new pages), a
 * Discourse forum (latest.json and topic JSON), a tube site (a paged listing), and her
 * allow-listed promo site, behind a recording forward proxy with realistic host names. The
 * web search on this web knows none of the leaks. Posts can be added between crawls; every
 * host counts the requests it is answering at once (and the most it ever saw).
 */

export const LUNA: CrawlCreator = { userId: "luna", identity: FIXTURE_IDENTITY };
export const IVY: CrawlCreator = {
  userId: "ivy",
  identity: { stageNames: [{ platform: "OnlyFans", username: "ivy_vale" }], nicknames: [], allowlist: [], specific: "" },
};

const HOSTS = { xenforo: "forum.leakfans.example", discourse: "talk.modleaks.example", tube: "www.cliptube.example", promo: "www.lunapromo.example" };

type Thread = { id: number; slug: string; title: string; body: string; at: number };
/** `at`: last bumped; `postedAt`: when each post (the first, then the replies) was made. */
type Topic = { id: number; slug: string; title: string; cooked: string; at: number; replies: string[]; postedAt: number[] };
type Video = { id: number; slug: string; title: string; body: string };

const doc = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const T0 = Date.parse("2026-11-01T12:00:00Z");

export type CrawlFixtureWeb = Awaited<ReturnType<typeof startCrawlFixtureWeb>>;

export async function startCrawlFixtureWeb(
  opts: {
    latencyMs?: number;
    xenforoPageSize?: number;
    discoursePageSize?: number;
    tubePageSize?: number;
    robots?: string;
    /** Files served at these paths on every host (e.g. the images of posts added later). */
    files?: Record<string, { contentType: string; body: Buffer }>;
    /** Paths answered 302 to these URLs, on every host (may be set after the start). */
    redirects?: Record<string, string>;
  } = {},
) {
  const latency = opts.latencyMs ?? 15;
  const xfSize = opts.xenforoPageSize ?? 3;
  const dcSize = opts.discoursePageSize ?? 3;
  const tubeSize = opts.tubePageSize ?? 4;

  const threads: Thread[] = [];
  const topics: Topic[] = [];
  const videos: Video[] = [];
  let clock = T0;
  const tick = () => (clock += 60_000);

  const addThread = (slug: string, title: string, body: string) => {
    const t = { id: 1000 + threads.length, slug, title, body, at: tick() };
    threads.push(t);
    return `http://${HOSTS.xenforo}/threads/${slug}.${t.id}/`;
  };
  const addTopic = (slug: string, title: string, cooked: string) => {
    const at = tick();
    const t: Topic = { id: 200 + topics.length, slug, title, cooked, at, replies: [], postedAt: [at] };
    topics.push(t);
    return `http://${HOSTS.discourse}/t/${slug}/${t.id}`;
  };
  /** A reply at the end of a topic (which bumps it). */
  const addReply = (topicUrl: string, cooked: string) => {
    const t = topics.find((x) => topicUrl.endsWith(`/${x.id}`))!;
    t.replies.push(cooked);
    t.at = tick();
    t.postedAt.push(t.at);
  };
  const addVideo = (slug: string, title: string, body: string) => {
    const v = { id: 5000 + videos.length, slug, title, body };
    videos.push(v);
    return `http://${HOSTS.tube}/video/${v.id}/${slug}/`;
  };

  const leaks: string[] = [];
  const traps: string[] = [];
  // Photos on the posts: distinct noise images, large enough to hash.
  const photos = await Promise.all(Array.from({ length: 16 }, (_, i) => noisePhoto((i + 1) * 2654435761)));
  const servePhoto: SiteHandler = (_req, res, url) => {
    const n = Number(/(?<!\d)(\d+)\.jpe?g$/.exec(url.pathname)?.[1] ?? 0);
    res.writeHead(200, { "content-type": "image/jpeg" });
    res.end(photos[n % photos.length]);
  };

  // --- the forums' and the tube's posts: leaks of Luna, of Ivy, and the traps.
  traps.push(addThread("welcome-read-the-rules", "Welcome! Read the rules", "<p>No spam. Be nice.</p>"));
  leaks.push(addThread("luna_rivers-mega-folder", "luna_rivers mega folder", "<p>Here's everything from her OF, 2.3 GB.<br>https://gofile.io/d/Xy12Ab<br>Enjoy and leave a like.</p>"));
  traps.push(addThread("luna_riverside-pack", "luna_riverside OnlyFans leaked pack", "<p>luna_riverside full pack, 80 videos, https://mega.nz/folder/AbCdEf#k</p>"));
  const ivyThread = addThread("ivy-vale-onlyfans-leak", "Ivy Vale OnlyFans leak – 120 photos", "<p>ivy_vale leaked, all 120 photos: https://mega.nz/folder/IvY123#key</p>");
  traps.push(addThread("river-fishing-trip", "Moonlit river fishing trip photos", "<p>Rivers at night, luna moths everywhere. 40 photos.</p>"));
  leaks.push(addThread("moon-bunny-onlyfans", "Moon Bunny OnlyFans leaked pics", `<p>new ones from this week</p>${Array.from({ length: 13 }, (_, i) => `<a href="/attachments/mb-${i}.jpg"><img src="/attachments/mb-${i}.jpg" width="300" height="400" alt="pic ${i + 1}"></a>`).join("")}`));
  traps.push(addThread("request-thread-rules", "Request thread rules", "<p>One request per post. Rivers of requests get deleted.</p>"));

  leaks.push(addTopic("luna-rivers-of-leak", "Luna Rivers OF leak (full)", '<p>Luna Rivers onlyfans leaked, full set: <a href="https://pixeldrain.com/u/Lr0001">pixeldrain</a> 1.8 GB</p><p><img src="/uploads/default/original/1X/lr1.jpeg" width="600" height="800"></p>'));
  traps.push(addTopic("site-feedback", "Site feedback", "<p>Please add dark mode.</p>"));
  const ivyTopic = addTopic("ivy-vale-new-set", "ivy_vale new set leaked", '<p>ivy_vale leaked set, 60 pics <a href="https://mega.nz/file/IvY987#k">mega</a></p>');
  // Her name in leetspeak, to dodge scanners: found, and marked as seen only in disguise.
  leaks.push(addTopic("lun4-r1vers-mega", "lun4_r1vers OnlyFans leaked mega", '<p>lun4_r1vers full leak, 2 GB: <a href="https://mega.nz/folder/L33t#k">mega</a> 340 photos</p>'));
  traps.push(addTopic("luna-rivers-fan-art", "Luna Rivers fan art thread", '<p>Post your drawings! Her official page: <a href="https://onlyfans.com/luna_rivers">onlyfans.com/luna_rivers</a></p>'));

  traps.push(addVideo("sunset-timelapse", "Sunset timelapse", "<p>A calm sunset.</p>"));
  leaks.push(addVideo("luna-rivers-leaked-video", "Luna Rivers leaked OnlyFans video", '<h1>Luna Rivers leaked OnlyFans video</h1><video src="/media/5001.mp4"></video><p>Download: <a href="https://mega.nz/file/LrVid1#k">mega</a> 720p</p>'));
  traps.push(addVideo("cooking-show", "Cooking show ep. 4", "<p>Pasta.</p>"));
  traps.push(addVideo("city-walk", "City walk 4k", "<p>Walking.</p>"));
  traps.push(addVideo("beach-volley", "Beach volley highlights", "<p>Sports.</p>"));
  leaks.push(addVideo("moon-bunny-full-pack", "Moon Bunny full pack leaked", '<h1>Moon Bunny full pack leaked</h1><p>Moon Bunny onlyfans leak, 45 videos + 300 pics, <a href="https://gofile.io/d/MbPk01">gofile</a></p>'));
  traps.push(addVideo("news-recap", "News recap", "<p>Today in news.</p>"));
  traps.push(addVideo("drone-flight", "Drone flight", "<p>Up high.</p>"));
  traps.push(addVideo("cat-compilation", "Cat compilation", "<p>Cats.</p>"));

  // --- concurrency per host, as the servers see it; every host's latency, failures, redirects and files.
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  const statusOverride = new Map<string, { status: number; headers: Record<string, string>; times: number }>();
  const tracked =
    (host: string, handler: SiteHandler): SiteHandler =>
    async (req, res, url) => {
      const n = (inFlight.get(host) ?? 0) + 1;
      inFlight.set(host, n);
      maxInFlight.set(host, Math.max(maxInFlight.get(host) ?? 0, n));
      let done = false;
      const end = () => {
        if (done) return;
        done = true;
        inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
      };
      res.on("close", end);
      res.on("finish", end);
      await new Promise((r) => setTimeout(r, latency));
      const o = statusOverride.get(host);
      if (o && o.times > 0) {
        o.times--;
        res.writeHead(o.status, { "content-type": "text/html", ...o.headers });
        res.end("<h1>Slow down</h1>");
        return;
      }
      const location = opts.redirects?.[url.pathname];
      if (location) {
        res.writeHead(302, { location, "content-type": "text/html" });
        res.end(`<a href="${location}">moved</a>`);
        return;
      }
      const file = opts.files?.[url.pathname];
      if (file) {
        res.writeHead(200, { "content-type": file.contentType, "content-length": String(file.body.length) });
        res.end(file.body);
        return;
      }
      await handler(req, res, url);
    };
  const track = (host: string, site: Site): Site => Object.fromEntries(Object.entries(site).map(([k, h]) => [k, tracked(host, h!)]));

  const robots: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(opts.robots ?? "User-agent: *\nDisallow: /account/\n");
  };

  // --- XenForo 2: /whats-new/posts/ (page-N), newest activity first; thread pages.
  const xfList: SiteHandler = (_req, res, url) => {
    const m = /^\/whats-new\/posts\/(?:page-(\d+))?$/.exec(url.pathname);
    const pageNo = Number(m?.[1] ?? 1);
    const sorted = [...threads].sort((a, b) => b.at - a.at);
    const slice = sorted.slice((pageNo - 1) * xfSize, pageNo * xfSize);
    const rows = slice
      .map(
        (t) => `<div class="structItem structItem--thread js-inlineModContainer" data-author="someone">
  <div class="structItem-cell structItem-cell--main"><div class="structItem-title">
    <a href="/forums/leaks.3/?prefix_id=2" class="labelLink"><span class="label label--red">Leak</span></a>
    <a href="/threads/${t.slug}.${t.id}/" data-tp-primary="on">${t.title}</a></div></div>
  <div class="structItem-cell structItem-cell--latest"><a href="/threads/${t.slug}.${t.id}/latest" rel="nofollow"><time class="structItem-latestDate u-dt" dir="auto" datetime="${new Date(t.at).toISOString()}" data-time="${Math.floor(t.at / 1000)}">${new Date(t.at).toUTCString()}</time></a></div>
</div>`,
      )
      .join("\n");
    const more = pageNo * xfSize < sorted.length;
    const nav = more ? `<div class="pageNav"><a href="/whats-new/posts/page-${pageNo + 1}" class="pageNav-jump pageNav-jump--next">Next</a></div>` : "";
    html(doc("New posts | LeakFans", `<div class="structItemContainer">${rows}</div>${nav}`))(_req, res, url);
  };
  const xfThread: SiteHandler = (req, res, url) => {
    const m = /^\/threads\/([^/]*)\.(\d+)\/$/.exec(url.pathname);
    const t = m ? threads.find((x) => x.id === Number(m[2])) : undefined;
    if (!t) return html(doc("Oops!", "<h1>Oops! We ran into some problems.</h1><p>The requested thread could not be found.</p>"), 404)(req, res, url);
    html(doc(`${t.title} | LeakFans`, `<div class="p-title"><h1 class="p-title-value">${t.title}</h1></div><article class="message"><div class="bbWrapper">${t.body}</div></article>`))(req, res, url);
  };

  // --- Discourse: /latest.json(?page=N) with more_topics_url; /t/{slug}/{id}.json.
  const dcLatest: SiteHandler = (req, res, url) => {
    const pageNo = Number(url.searchParams.get("page") ?? 0);
    const sorted = [...topics].sort((a, b) => b.at - a.at);
    const slice = sorted.slice(pageNo * dcSize, (pageNo + 1) * dcSize);
    const more = (pageNo + 1) * dcSize < sorted.length;
    json({
      users: [],
      topic_list: {
        can_create_topic: false,
        per_page: dcSize,
        ...(more ? { more_topics_url: `/latest?no_definitions=true&page=${pageNo + 1}` } : {}),
        topics: slice.map((t) => ({
          id: t.id,
          title: t.title,
          fancy_title: t.title,
          slug: t.slug,
          posts_count: 1 + t.replies.length,
          highest_post_number: 1 + t.replies.length,
          created_at: new Date(t.at).toISOString(),
          last_posted_at: new Date(t.at).toISOString(),
          bumped_at: new Date(t.at).toISOString(),
        })),
      },
    })(req, res, url);
  };
  // A topic's posts as Discourse serves them: /t/{slug}/{id}.json has the first 20; /t/{slug}/{id}/{n}.json the ~20 around
  // post n (the last 20 when n is at the end); /t/{id}/posts.json?post_number=N the 20 before N, newest first.
  const allPosts = (t: Topic) =>
    [t.cooked, ...t.replies].map((cooked, i) => ({
      id: t.id * 1000 + i,
      username: i === 0 ? "uploader" : `user${i}`,
      cooked,
      post_number: i + 1,
      created_at: new Date(t.postedAt[i]!).toISOString(),
    }));
  const postsNear = (t: Topic, n: number) => {
    const all = allPosts(t);
    const start = Math.max(0, Math.min(n - 5, all.length - 20));
    return all.slice(start, start + 20);
  };
  const notFound = json({ errors: ["The requested URL or resource could not be found."], error_type: "not_found" }, 404);
  const dcTopic: SiteHandler = (req, res, url) => {
    const pm = /^\/t\/(\d+)\/posts\.json$/.exec(url.pathname);
    if (pm) {
      const t = topics.find((x) => x.id === Number(pm[1]));
      if (!t) return notFound(req, res, url);
      const before = Number(url.searchParams.get("post_number") ?? 0);
      const posts = before > 0 ? allPosts(t).filter((p) => p.post_number < before).slice(-20).reverse() : allPosts(t).slice(0, 20);
      return json({ post_stream: { posts }, id: t.id })(req, res, url);
    }
    const m = /^\/t\/([^/]+)\/(\d+)(?:\/(\d+))?(\.json)?$/.exec(url.pathname);
    const t = m ? topics.find((x) => x.id === Number(m[2])) : undefined;
    if (!t) return notFound(req, res, url);
    if (!m![4]) return html(doc(t.title, `<noscript><h1>${t.title}</h1>${t.cooked}</noscript>`))(req, res, url);
    const posts = m![3] ? postsNear(t, Number(m![3])) : allPosts(t).slice(0, 20);
    json({ id: t.id, title: t.title, fancy_title: t.title, slug: t.slug, posts_count: 1 + t.replies.length, highest_post_number: 1 + t.replies.length, post_stream: { posts } })(req, res, url);
  };

  // --- A tube script: /videos/?page=N with thumbnails and a "next" link; /video/{id}/{slug}/.
  const tubeList: SiteHandler = (req, res, url) => {
    const pageNo = Number(url.searchParams.get("page") ?? 1);
    const sorted = [...videos].reverse();
    const slice = sorted.slice((pageNo - 1) * tubeSize, pageNo * tubeSize);
    const items = slice.map((v) => `<div class="thumb"><a class="thumb-link" href="/video/${v.id}/${v.slug}/"><img src="/thumbs/${v.id}.jpg" alt="${v.title}"></a><a href="/video/${v.id}/${v.slug}/">${v.title}</a></div>`).join("\n");
    const more = pageNo * tubeSize < sorted.length;
    const nav = `<nav class="pagination"><a href="/videos/">Home</a>${more ? `<a class="next" href="/videos/?page=${pageNo + 1}">Next »</a>` : ""}</nav>`;
    html(doc("Latest videos – ClipTube", `<a href="/tags/">Tags</a><div class="list">${items}</div>${nav}`))(req, res, url);
  };
  const tubeVideo: SiteHandler = (req, res, url) => {
    const m = /^\/video\/(\d+)\/[^/]*\/$/.exec(url.pathname);
    const v = m ? videos.find((x) => x.id === Number(m[1])) : undefined;
    if (!v) return html(doc("Not found", "<h1>Video not found</h1>"), 404)(req, res, url);
    html(doc(`${v.title} – ClipTube`, v.body))(req, res, url);
  };

  // --- Her own promo site (allow-listed): its posts name her in leak words and never count.
  const promoBody = '<p>Luna Rivers onlyfans leaked pack download — 300 photos and 40 videos, mega links: <a href="https://mega.nz/folder/promo#k">mega</a></p>';
  const promoPosts = [{ slug: "luna-rivers-full-pack-now-on-onlyfans", title: "Luna Rivers full pack: leaked? No — get it on my OnlyFans, 300 pics", body: promoBody }];
  const promoList: SiteHandler = (req, res, url) =>
    html(doc("Luna's news", [...promoPosts].reverse().map((p) => `<article><a class="post" href="/news/${p.slug}/">${p.title}</a></article>`).join("")))(req, res, url);
  const promoPost: SiteHandler = (req, res, url) => {
    const p = promoPosts.find((x) => url.pathname === `/news/${x.slug}/`);
    if (!p) return html(doc("Not found", "nothing"), 404)(req, res, url);
    html(doc(p.title, `<h1>${p.title}</h1>${p.body}`))(req, res, url);
  };
  const addPromoPost = (slug: string, title: string, body: string) => {
    promoPosts.push({ slug, title, body });
    return `http://${HOSTS.promo}/news/${slug}/`;
  };

  const sites: Record<string, Site> = {
    [HOSTS.xenforo]: track(HOSTS.xenforo, {
      "/robots.txt": robots,
      "*": (req, res, url) => (url.pathname.startsWith("/threads/") ? xfThread(req, res, url) : url.pathname.startsWith("/attachments/") ? servePhoto(req, res, url) : xfList(req, res, url)),
    }),
    [HOSTS.discourse]: track(HOSTS.discourse, { "/robots.txt": robots, "/latest.json": dcLatest, "*": (req, res, url) => (url.pathname.startsWith("/uploads/") ? servePhoto(req, res, url) : dcTopic(req, res, url)) }),
    [HOSTS.tube]: track(HOSTS.tube, { "/robots.txt": robots, "/videos/": tubeList, "*": tubeVideo }),
    [HOSTS.promo]: track(HOSTS.promo, { "/robots.txt": robots, "/news/": promoList, "*": promoPost }),
  };
  // The web search knows the sites' home pages, none of the posts.
  const search: Record<string, Site> = {
    "search.example": searxngSite(() => [
      { url: `http://${HOSTS.xenforo}/`, title: "LeakFans forum", snippet: "A forum." },
      { url: `http://${HOSTS.tube}/videos/`, title: "ClipTube", snippet: "Videos." },
    ]),
  };

  const catalogSites = [
    { id: "leakfans", name: "LeakFans", domains: [HOSTS.xenforo], crawl: { family: "xenforo", baseUrl: `http://${HOSTS.xenforo}` } },
    { id: "modleaks", name: "ModLeaks", domains: [HOSTS.discourse], crawl: { family: "discourse", baseUrl: `http://${HOSTS.discourse}` } },
    {
      id: "cliptube",
      name: "ClipTube",
      domains: [HOSTS.tube],
      crawl: { family: "listing", entryPages: [`http://${HOSTS.tube}/videos/`], itemPattern: "/video/\\d+/", selectors: { next: "nav.pagination a.next" } },
    },
    { id: "lunapromo", name: "Luna promo", domains: [HOSTS.promo], crawl: { family: "listing", entryPages: [`http://${HOSTS.promo}/news/`], selectors: { item: "a.post" } } },
  ];
  const dir = mkdtempSync(path.join(tmpdir(), "lw-crawl-catalog-"));
  const catalogPath = path.join(dir, "leak-sites.json");
  writeFileSync(catalogPath, JSON.stringify({ includeBuiltin: false, sites: catalogSites }));

  const web = await startProxiedSites(
    sites,
    { LEAK_SITE_CATALOG_PATH: catalogPath, SEARCH_PROVIDER: "searxng", SEARXNG_URL: "http://search.example/", SCAN_REDDIT_SEARCH: "false" },
    { unrecorded: search },
  );
  /** Every request to the leak sites as it arrived (`at`: when, ms); the web search's are not counted. */
  const requests = web.requests;

  return {
    proxy: web.proxy,
    hosts: HOSTS,
    catalogPath,
    siteIds: catalogSites.map((s) => s.id),
    creators: [LUNA, IVY],
    /** Luna's leaks (canonical URLs) as of now; Ivy's below. */
    leaks,
    /** The file-host links in Luna's posts (leaks of their own, scanner/file-hosts.ts). */
    lunaFileLeaks: ["https://gofile.io/d/Xy12Ab", "https://pixeldrain.com/u/Lr0001", "https://gofile.io/d/MbPk01"],
    ivyLeaks: [ivyThread, ivyTopic],
    traps,
    addThread: (slug: string, title: string, body: string) => addThread(slug, title, body),
    addTopic: (slug: string, title: string, cooked: string) => addTopic(slug, title, cooked),
    addVideo: (slug: string, title: string, body: string) => addVideo(slug, title, body),
    addReply,
    /** A post on her own (allow-listed) promo site. */
    addPromoPost,
    /** The next `times` requests to `host` are answered `status` (e.g. 429 with Retry-After). */
    failNext: (host: string, status: number, times: number, headers: Record<string, string> = {}) => statusOverride.set(host, { status, headers, times }),
    requests,
    maxInFlight,
    /** Requests for item pages (not listings or robots.txt), "host path". */
    itemRequests: () => requests.filter((r) => /^\/(?:threads|t|video|news)\/./.test(r.path)).map((r) => `${r.host} ${r.path}`),
    settings: web.settings,
    close: web.close,
  };
}
