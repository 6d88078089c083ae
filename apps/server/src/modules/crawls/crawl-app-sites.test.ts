import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NameEvasion } from "@leakwarden/contracts/scans";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { crawlSite } from "../../db/schema/crawls";
import { leak } from "../../db/schema/scans";
import { parseCrawlSettings } from "../../scanner/crawl/crawl-settings";
import { createGuardedFetcher } from "../../scanner/guarded-fetch";
import { LeakSiteCatalog, leakSiteSchema } from "../../scanner/leak-site-catalog";
import { parseScannerSettings } from "../../scanner/scanner-settings";
import { IVY, LUNA } from "@leakwarden/test-support/fake-web/crawl-fixture-web";
import { startProxiedSites } from "@leakwarden/test-support/fake-web/proxied-sites";
import { html, json, type Site, type SiteHandler } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { CrawlRunner } from "./crawl-runner";
import type { SeenImage } from "../image-index/image-index.service";

/**
 * The crawl runner against the kinds of leak web it had no reader for: a Flarum forum and a NodeBB
 * forum (catalogued by host only: told from their home pages, read through their JSON APIs) and a
 * Telegram channel's public preview (t.me/s/<channel>, its photos on Telegram's CDN), served as those
 * programs serve them (fixtures/crawl, SOURCES.md) behind the test forward proxy.
 */

const HOSTS = { flarum: "community.leakhub.example", nodebb: "board.bunnyleaks.example", telegram: "t.me", cdn: "cdn4.telesco.pe" };
const SITES = { flarum: "LeakHub Community", nodebb: "Bunny Board", telegram: "Leak Drops (Telegram)" } as const;
type SiteId = keyof typeof SITES;
const ids = Object.keys(SITES) as SiteId[];
const PAGE = 3;
const T0 = Date.parse("2026-11-01T10:00:00Z");
const PRIVATE_IMG = '<img src="http://10.20.0.5/uploads/leak.jpg" alt=""><img src="http://127.0.0.1:5432/x.jpg" alt="">';

type Post = { html: string; at: number };
type Thread = { id: number; slug: string; title: string; posts: Post[] };
type Message = { id: number; text: string; photos: string[]; at: number };

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const slugOf = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "x";

async function startAppWeb() {
  let clock = T0;
  const tick = () => (clock += 60_000);
  const flarum: Thread[] = [];
  const nodebb: Thread[] = [];
  const messages: Message[] = [];
  const mode = { nodebbScrolls: false };

  const px = Buffer.alloc(96 * 96 * 3);
  let x = 12345;
  for (let i = 0; i < px.length; i++) px[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  const photo = await sharp(px, { raw: { width: 96, height: 96, channels: 3 } }).jpeg().toBuffer();
  const servePhoto: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "image/jpeg" });
    res.end(photo);
  };

  // --- Flarum: the home page (payload, loading and no-JavaScript blocks), its JSON:API.
  const flarumHome = `<!doctype html><html dir="ltr" lang="en"><head><meta charset="utf-8"><title>LeakHub Community</title></head><body><div id="app" class="App"><main class="App-content"><div id="content"></div>
<div id="flarum-loading" style="display: none">Loading...</div><div id="flarum-loading-error" style="display: none"></div>
<noscript id="flarum-content"><div class="container"><h2>All Discussions</h2><ul>${"" /* filled per request */}</ul></div></noscript></main></div>
<script>document.getElementById('flarum-loading').style.display = 'block'; var flarum = {extensions: {}};</script>
<script id="flarum-json-payload" type="application/json">{"resources":[{"type":"forums","id":"1","attributes":{"title":"LeakHub Community","baseUrl":"http:\\/\\/${HOSTS.flarum}","basePath":"","apiUrl":"http:\\/\\/${HOSTS.flarum}\\/api"}}],"session":{"userId":0}}</script>
<script>const data = JSON.parse(document.getElementById('flarum-json-payload').textContent); flarum.core.app.load(data);</script></body></html>`;
  const flarumSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return html(flarumHome)(req, res, url);
    if (url.pathname === "/api/discussions") {
      const offset = Number(url.searchParams.get("page[offset]") ?? 0);
      const sorted = [...flarum].sort((a, b) => b.posts.at(-1)!.at - a.posts.at(-1)!.at);
      const slice = sorted.slice(offset, offset + PAGE);
      const base = `http://${HOSTS.flarum}/api/discussions?sort=-lastPostedAt`;
      return json({
        links: { first: base, ...(offset + PAGE < sorted.length ? { next: `${base}&page%5Boffset%5D=${offset + PAGE}` } : {}) },
        data: slice.map((d) => ({
          type: "discussions",
          id: String(d.id),
          attributes: { title: d.title, slug: `${d.id}-${d.slug}`, commentCount: d.posts.length, lastPostedAt: new Date(d.posts.at(-1)!.at).toISOString().replace(/\.\d+Z$/, "+00:00"), lastPostNumber: d.posts.length },
        })),
      })(req, res, url);
    }
    if (url.pathname === "/api/posts") {
      const d = flarum.find((t) => String(t.id) === url.searchParams.get("filter[discussion]"));
      if (!d) return json({ errors: [{ status: "404" }] }, 404)(req, res, url);
      const posts = d.posts.map((p, i) => ({ type: "posts", id: String(d.id * 100 + i), attributes: { number: i + 1, createdAt: new Date(p.at).toISOString(), contentType: "comment", contentHtml: p.html } }));
      // As ListPostsController pages them: sort=-number newest first, else by time; page[near]=N from limit/2 before post N.
      const limit = Math.min(50, Number(url.searchParams.get("page[limit]") ?? 20));
      const near = Number(url.searchParams.get("page[near]") ?? 0);
      const offset = near > 1 ? Math.max(0, Math.min(near, posts.length) - 1 - limit / 2) : Number(url.searchParams.get("page[offset]") ?? 0);
      const ordered = url.searchParams.get("sort") === "-number" ? posts.reverse() : posts;
      return json({ data: ordered.slice(offset, offset + limit) })(req, res, url);
    }
    if (url.pathname.startsWith("/assets/files/")) return servePhoto(req, res, url);
    return html("<h1>Not found</h1>", 404)(req, res, url);
  };

  // --- NodeBB: the home page with its config script, /api/recent, /api/topic/N/slug/I.
  const nodebbHome = `<!DOCTYPE html><html lang="en-GB"><head><title>Recent Topics | Bunny Board</title>
<script>var config = JSON.parse('{"relative_path":"","upload_url":"/assets/uploads","asset_base_url":"/assets","siteTitle":"Bunny Board","topicsPerPage":20,"postsPerPage":20}');
var app = { user: JSON.parse('{"uid":0}') };</script></head>
<body class="page-recent page-status-200 theme-harmony user-guest"><main id="panel"><div id="content"><div data-widget-area="header"></div><ul component="category" class="topics-list"></ul></div></main></body></html>`;
  const nodebbSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return html(nodebbHome, 200, { "x-powered-by": "NodeBB" })(req, res, url);
    if (url.pathname === "/api/recent") {
      const page = Number(url.searchParams.get("page") ?? 1);
      const sorted = [...nodebb].sort((a, b) => b.posts.at(-1)!.at - a.posts.at(-1)!.at);
      const pageCount = Math.max(1, Math.ceil(sorted.length / PAGE));
      return json({
        topics: sorted.slice((page - 1) * PAGE, page * PAGE).map((t) => ({ tid: t.id, slug: `${t.id}/${t.slug}`, title: esc(t.title), titleRaw: t.title, postcount: t.posts.length, lastposttime: t.posts.at(-1)!.at, deleted: 0 })),
        pagination: { next: { page: Math.min(page + 1, pageCount), active: page < pageCount }, currentPage: page, pageCount },
        relative_path: "",
      })(req, res, url);
    }
    const m = /^\/api\/topic\/(\d+)(?:\/[^/]+)?(?:\/(\d+))?$/.exec(url.pathname);
    if (m) {
      const t = nodebb.find((x) => x.id === Number(m[1]));
      if (!t) return json({}, 404)(req, res, url);
      const at = Number(m[2] ?? 1);
      // A visitor who pages topics gets the page holding post I; one who scrolls (NodeBB's default), 20 posts from 10 before it.
      const from = mode.nodebbScrolls ? (at > 1 ? Math.max(0, at - 10) : 0) : Math.floor((Math.max(at, 1) - 1) / 20) * 20;
      return json({ tid: t.id, title: esc(t.title), titleRaw: t.title, slug: `${t.id}/${t.slug}`, postcount: t.posts.length, posts: t.posts.slice(from, from + 20).map((p, i) => ({ pid: t.id * 100 + from + i, index: from + i, content: p.html, timestamp: p.at })) })(req, res, url);
    }
    if (url.pathname.startsWith("/assets/uploads/")) return servePhoto(req, res, url);
    return html("<h1>Not found</h1>", 404)(req, res, url);
  };

  // --- Telegram: the channel preview (oldest first, ?before= for older) and each message's embed.
  const widget = (m: Message) => `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="leakdrops/${m.id}">
<div class="tgme_widget_message_bubble"><div class="tgme_widget_message_author accent_color"><a class="tgme_widget_message_owner_name" href="http://t.me/leakdrops"><span dir="auto">Leak Drops</span></a></div>
${m.photos.map((p, i) => `<a class="tgme_widget_message_photo_wrap" href="http://t.me/leakdrops/${m.id + i}?single" style="width:640px;background-image:url('${p}')"><div class="tgme_widget_message_photo" style="padding-top:125%"></div></a>`).join("")}
${m.text ? `<div class="tgme_widget_message_text js-message_text" dir="auto">${m.text}</div>` : ""}
<div class="tgme_widget_message_footer compact js-message_footer"><div class="tgme_widget_message_info short js-message_info"><span class="tgme_widget_message_meta"><a class="tgme_widget_message_date" href="http://t.me/leakdrops/${m.id}"><time datetime="${new Date(m.at).toISOString().replace(/\.\d+Z$/, "+00:00")}" class="time">10:00</time></a></span></div></div></div></div></div>`;
  const telegramSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/s/leakdrops") {
      const before = Number(url.searchParams.get("before") ?? Infinity);
      const older = messages.filter((m) => m.id < before);
      const shown = older.slice(-PAGE);
      const more = older.length > shown.length ? `<link rel="prev" href="/s/leakdrops?before=${shown[0]!.id}">` : "";
      const moreLink = more ? `<a href="/s/leakdrops?before=${shown[0]!.id}" class="tme_messages_more js-messages_more" data-before="${shown[0]!.id}"></a>` : "";
      return html(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Leak Drops – Telegram</title><meta property="og:site_name" content="Telegram">${more}</head><body class="widget_frame_base tgme_webpreview"><main class="tgme_main"><section class="tgme_channel_history js-message_history">${moreLink}${shown.map(widget).join("\n")}</section></main></body></html>`)(req, res, url);
    }
    const m = /^\/leakdrops\/(\d+)$/.exec(url.pathname);
    const msg = m && url.searchParams.get("embed") === "1" ? messages.find((x) => x.id === Number(m[1])) : undefined;
    if (msg) return html(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Leak Drops</title></head><body class="body_widget_post emoji_image nodesktop">${widget(msg)}</body></html>`)(req, res, url);
    return html("<h1>Not found</h1>", 404)(req, res, url);
  };

  const robots: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("User-agent: *\nDisallow: /admin\n");
  };
  const sites: Record<string, Site> = {
    [HOSTS.flarum]: { "/robots.txt": robots, "*": flarumSite },
    [HOSTS.nodebb]: { "/robots.txt": robots, "*": nodebbSite },
    [HOSTS.telegram]: { "/robots.txt": robots, "*": telegramSite },
    [HOSTS.cdn]: { "*": servePhoto },
  };
  const web = await startProxiedSites(sites);
  const requests = web.requests;

  let nextId = 1;
  const addThread = (site: "flarum" | "nodebb", title: string, first: string) => {
    const t: Thread = { id: (site === "flarum" ? 400 : 300) + nextId++, slug: slugOf(title), title, posts: [{ html: first, at: tick() }] };
    (site === "flarum" ? flarum : nodebb).push(t);
    return { thread: t, url: site === "flarum" ? `http://${HOSTS.flarum}/d/${t.id}-${t.slug}` : `http://${HOSTS.nodebb}/topic/${t.id}/${t.slug}` };
  };
  const addPost = (t: Thread, body: string) => void t.posts.push({ html: body, at: tick() });
  let nextMsg = 4580;
  const addMessage = (text: string, photos: string[] = []) => {
    const m: Message = { id: nextMsg, text, photos, at: tick() };
    nextMsg += Math.max(1, photos.length);
    messages.push(m);
    return `http://t.me/leakdrops/${m.id}`;
  };
  return {
    proxy: web.proxy,
    requests,
    mode,
    addThread,
    addPost,
    addMessage,
    itemRequests: () => requests.filter((r) => /^\/api\/posts\?|^\/api\/topic\/|^\/leakdrops\/\d+\?embed=1/.test(r.path)).map((r) => `${r.host} ${r.path}`),
    settings: web.settings,
    close: web.close,
  };
}

const catalogOf = () =>
  new LeakSiteCatalog([
    leakSiteSchema.parse({ id: "flarum", name: SITES.flarum, domains: [HOSTS.flarum], crawl: { baseUrl: `http://${HOSTS.flarum}` } }),
    leakSiteSchema.parse({ id: "nodebb", name: SITES.nodebb, domains: [HOSTS.nodebb], crawl: { baseUrl: `http://${HOSTS.nodebb}` } }),
    leakSiteSchema.parse({ id: "telegram", name: SITES.telegram, domains: ["t.me", "telesco.pe"], crawl: { family: "telegram", baseUrl: "http://t.me", entryPages: ["http://t.me/s/leakdrops"] } }),
  ]);

describe("crawling Flarum, NodeBB and Telegram channel previews", () => {
  let database: Database;
  let web: Awaited<ReturnType<typeof startAppWeb>>;
  let indexed: SeenImage[];

  const runner = () => {
    const settings = { ...parseScannerSettings(web.settings), ...parseCrawlSettings(web.settings) };
    return new CrawlRunner({ db: database.db, fetcher: createGuardedFetcher(settings), settings, catalog: catalogOf(), creators: async () => [LUNA, IVY], indexImages: async (seen) => void indexed.push(...seen) });
  };
  const crawlAll = async () => {
    const r = runner();
    const out = [];
    for (const id of ids) out.push(await r.run(id));
    return out;
  };
  const leaksOf = async (userId: string) => (await database.db.select().from(leak).where(eq(leak.userId, userId))).map((l) => l.canonicalUrl).sort();

  beforeEach(async () => {
    database = await openTestDatabase();
    for (const id of ["luna", "ivy"]) await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` }).onConflictDoNothing();
    web = await startAppWeb();
    indexed = [];
  });
  afterEach(async () => {
    await web.close();
    await database.close();
  });

  it("tells each kind, finds her disguised names and the photos of image-only posts, nothing of others', and reads nothing twice", async () => {
    const luna: string[] = [];
    // Flarum: look-alike letters in the title and her handle in leetspeak; her name dotted in a later reply of an ordinary discussion; an image-only post.
    const beach = web.addThread("flarum", "Lunа Rіvers – beach set (40 pics)", `<p>Full set from @lun4_r1vers, 40 pics</p><p><a href="http://${HOSTS.flarum}/assets/files/2026-11-01/beach-01.jpg"><img src="http://${HOSTS.flarum}/assets/files/2026-11-01/beach-01-thumb.jpg"></a></p><p><a href="https://mega.nz/folder/Fl1#k" rel="ugc nofollow">mega</a></p>${PRIVATE_IMG}`);
    luna.push(beach.url);
    const chat = web.addThread("flarum", "Weekly chat", "<p>what are you all up to</p>");
    web.addPost(chat.thread, "<p>gardening mostly</p>");
    web.addPost(chat.thread, '<p>new set from l.u.n.a r.i.v.e.r.s, the pool one: <a href="https://pixeldrain.com/u/Fl2x" rel="ugc nofollow">pixeldrain</a></p>');
    luna.push(chat.url);
    const flarumIvy = web.addThread("flarum", "ivy_vale OnlyFans leaked – 120 pics", '<p>ivy_vale full leak: <a href="https://mega.nz/folder/Iv1#k">mega</a></p>');
    const sunset = web.addThread("flarum", "Sunset timelapse from the pier", "<p>the pier at dusk</p>");
    const imageOnly = web.addThread("flarum", "pics", `<p><img src="http://${HOSTS.flarum}/assets/files/2026-11-01/only-07.jpg" loading="lazy"></p>`);
    // NodeBB: her nickname in leetspeak; another creator's name that is no creator's here; an ordinary topic.
    const bunny = web.addThread("nodebb", "M00n Bunny / full set, 60 pics", `<p dir="auto">more of the m00n bunny, full set below</p><p dir="auto"><img src="/assets/uploads/files/mb-01.jpg" class="img-fluid img-markdown"></p><p><a href="https://gofile.io/d/Nb318x" rel="nofollow ugc">gofile</a></p>`);
    luna.push(bunny.url);
    const jade = web.addThread("nodebb", "Jade Skye OnlyFans leaked", '<p>jade_skye leaked set: <a href="https://mega.nz/folder/Jd1#k">mega</a></p>');
    const hiking = web.addThread("nodebb", "Best hiking trails near the coast?", "<p>any tips?</p>");
    // Telegram: an ordinary message, her name spaced out beside an album, Ivy's, a photo with no text (oldest first).
    web.addMessage("Cooking show ep. 4 – the pasta one");
    luna.push(web.addMessage('New set from L u n a  R i v e r s 🔥 40 pics<br/><a href="https://mega.nz/folder/Tg4581Lr#k" target="_blank" rel="noopener">https://mega.nz/folder/Tg4581Lr#k</a>', [`http://${HOSTS.cdn}/file/lr-beach-01.jpg`, `http://${HOSTS.cdn}/file/lr-beach-02.jpg`]));
    const tgIvy = web.addMessage('ivy_vale OnlyFans leaked – 120 pics <a href="https://gofile.io/d/Iv4583">gofile.io/d/Iv4583</a>', [`http://${HOSTS.cdn}/file/iv-set-07.jpg`]);
    web.addMessage("", [`http://${HOSTS.cdn}/file/only-photo-09.jpg`, "http://127.0.0.1:5432/x.jpg"]);

    const first = await crawlAll();
    for (const r of first) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");

    // Each forum was told from its home page, and read from its API.
    const detected = Object.fromEntries((await database.db.select().from(crawlSite)).map((s) => [s.siteId, (s.lastRun as { detected?: { family: string; entryPages: string[] } }).detected]));
    expect(detected.flarum).toMatchObject({ family: "flarum", entryPages: [`http://${HOSTS.flarum}/api/discussions?sort=-lastPostedAt`] });
    expect(detected.nodebb).toMatchObject({ family: "nodebb", entryPages: [`http://${HOSTS.nodebb}/api/recent`] });

    // The file-host links of her posts and messages are leaks of their own (MEGA links without a whole 8-character handle are not taken);
    // the key after the "#" is never kept.
    const lunaFiles = ["https://gofile.io/d/Nb318x", "https://pixeldrain.com/u/Fl2x", "https://mega.nz/folder/Tg4581Lr"];
    expect(await leaksOf("luna")).toEqual([...luna, ...lunaFiles].sort());
    expect(await leaksOf("ivy")).toEqual([flarumIvy.url, tgIvy, "https://gofile.io/d/Iv4583"].sort());
    for (const trap of [sunset.url, imageOnly.url, jade.url, hiking.url]) expect(await leaksOf("luna")).not.toContain(trap);

    const rows = await database.db.select().from(leak).where(eq(leak.userId, "luna"));
    const forms = (url: string) => new Set(((rows.find((l) => l.canonicalUrl === url)!.evidence.evasions ?? []) as NameEvasion[]).flatMap((e) => e.forms));
    expect([...forms(beach.url)]).toContain("lookalike");
    expect([...forms(chat.url)]).toEqual(["dotted"]);
    expect([...forms(bunny.url)]).toEqual(["leetspeak"]);
    expect([...forms(luna[3]!)]).toEqual(["spaced"]);
    for (const l of rows) expect(l.evidence.discovery).toMatchObject({ how: "crawl" });

    // The photos of every post, image-only ones too, at full size, went to the image index; private addresses were never asked.
    const seen = new Set(indexed.map((s) => s.imageUrl));
    for (const src of [
      `http://${HOSTS.flarum}/assets/files/2026-11-01/beach-01.jpg`,
      `http://${HOSTS.flarum}/assets/files/2026-11-01/only-07.jpg`,
      `http://${HOSTS.nodebb}/assets/uploads/files/mb-01.jpg`,
      `http://${HOSTS.cdn}/file/lr-beach-01.jpg`,
      `http://${HOSTS.cdn}/file/lr-beach-02.jpg`,
      `http://${HOSTS.cdn}/file/only-photo-09.jpg`,
    ])
      expect(seen.has(src), src).toBe(true);
    expect([...seen].some((u) => /10\.20\.0\.5|127\.0\.0\.1/.test(u))).toBe(false);
    const known = new Set<string>(Object.values(HOSTS));
    for (const rec of web.proxy.records) expect(known.has(rec.host), `${rec.host} ${rec.path}`).toBe(true);

    // Each item was read once; the second crawl reads nothing.
    const read = web.itemRequests();
    expect(new Set(read).size).toBe(read.length);
    expect(read.length).toBe(5 + 3 + 4);
    const second = await crawlAll();
    for (const r of second) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");
    expect(web.itemRequests().length).toBe(read.length);
    expect(second.reduce((n, r) => n + r.itemsFound + r.itemsRead, 0)).toBe(0);

    // A reply naming her on an ordinary NodeBB topic: that topic, and only it, is read again, around its new post.
    web.addPost(hiking.thread, '<p>found more of the m00n bunny here <a href="https://gofile.io/d/Mb3x02">gofile</a></p>');
    const third = await crawlAll();
    expect(third.find((r) => r.siteId === "nodebb")!.itemsRead).toBe(1);
    expect(web.itemRequests().slice(read.length)).toEqual([`${HOSTS.nodebb} /api/topic/${hiking.thread.id}/${hiking.thread.slug}/2`]);
    expect(await leaksOf("luna")).toContain(hiking.url);
  });

  for (const scrolls of [false, true])
    it(`walks a discussion and a topic back to the oldest of 45 posts that came since the last crawl, each page once (NodeBB visitors ${scrolls ? "scroll" : "page"})`, async () => {
      web.mode.nodebbScrolls = scrolls;
      const chat = web.addThread("flarum", "Weekly chat", "<p>what are you all up to</p>");
      const trails = web.addThread("nodebb", "Best hiking trails near the coast?", "<p>any tips?</p>");
      for (const t of [chat.thread, trails.thread]) for (const n of [2, 3]) web.addPost(t, `<p>reply ${n}</p>`);
      const r = runner();
      for (const id of ["flarum", "nodebb"] as const) expect((await r.run(id)).outcome).toBe("completed");
      const before = web.itemRequests().length;
      expect(before).toBe(2);

      // 45 replies each: the oldest of them names her.
      web.addPost(chat.thread, '<p>new set from l.u.n.a r.i.v.e.r.s, the pool one: <a href="https://pixeldrain.com/u/Fl9x" rel="ugc nofollow">pixeldrain</a></p>');
      web.addPost(trails.thread, "<p>found more of the m00n bunny here</p>");
      for (let n = 5; n <= 48; n++) for (const t of [chat.thread, trails.thread]) web.addPost(t, `<p>reply ${n}: nice weather today</p>`);
      const second = runner();
      for (const id of ["flarum", "nodebb"] as const) expect((await second.run(id)).outcome).toBe("completed");
      expect(await leaksOf("luna")).toEqual(expect.arrayContaining([chat.url, trails.url]));

      // From the newest page back to the one holding her post and one read before, each once.
      const read = web.itemRequests().slice(before);
      expect(new Set(read).size).toBe(read.length);
      const posts = `${HOSTS.flarum} /api/posts?filter%5Bdiscussion%5D=${chat.thread.id}`;
      const topic = `${HOSTS.nodebb} /api/topic/${trails.thread.id}/${trails.thread.slug}`;
      expect(read).toEqual([
        `${posts}&sort=-number&page%5Blimit%5D=20`,
        `${posts}&page%5Bnear%5D=19&page%5Blimit%5D=20`,
        `${posts}&page%5Boffset%5D=0&page%5Blimit%5D=20`,
        ...(scrolls ? [`${topic}/48`, `${topic}/33`, `${topic}/13`, `${topic}/1`] : [`${topic}/48`, `${topic}/36`, `${topic}/10`]),
      ]);

      // A third crawl reads nothing again.
      const third = runner();
      for (const id of ["flarum", "nodebb"] as const) expect((await third.run(id)).itemsRead).toBe(0);
      expect(web.itemRequests().length).toBe(before + read.length);
    });
});
