import { createHash } from "node:crypto";
import { startProxiedSites } from "./proxied-sites";
import { noisePhoto } from "./noise-photo";
import { bytes, html, type Site, type SiteHandler } from "./virtual-host-server";

/**
 * Paid-content archives running Kemono, as the software answers its API (v1, as gallery-dl's kemono extractor calls
 * it), behind the recording forward proxy:
 *
 * - a newer server (as coomer.st answers): its home page is the browser app's empty shell (nothing in it names the
 *   software); every /api/ call without "Accept: text/css" is refused (403); GET /api/v1/posts?o=N (N a multiple of 50,
 *   else 400) answers { count, true_count, posts } with list entries as the newer servers give them (substring, no content,
 *   no added); a post answers { post, attachments: [{ server, name, path }], previews, videos, props }, its files on a data
 *   server (n2.<host>);
 * - an older clone (as kemono.party answered): its Kemono2 page shell (og:site_name Kemono, the global sidebar), API calls
 *   answered whatever they accept, the post list a bare [Post] with full posts, a post a bare [Post], files under /data/.
 *
 * Creators have profiles (/api/v1/{service}/user/{id}/profile); posts can be added between crawls.
 */

export const KEMONO_HOSTS = { newer: "coomer.velvetvault.example", older: "kemono.paywallmirror.example" } as const;
export type KemonoArchive = keyof typeof KEMONO_HOSTS;
const H = KEMONO_HOSTS;
const DATA_HOST = `n2.${H.newer}`;

const PAGE = 50;
const T0 = Date.parse("2026-11-01T08:00:00Z");

export type KemonoCreator = { service: string; id: string; name: string };
export type KemonoFile = { name: string; path: string };
type Post = { id: string; creator: KemonoCreator; title: string; content: string; published: number; added: number; file: KemonoFile | null; attachments: KemonoFile[] };

/** Kemono writes naive UTC times: 2026-11-01T08:00:00 (added with microseconds). */
const naive = (at: number, micro = false) => new Date(at).toISOString().replace(/\.\d{3}Z$/, micro ? ".123456" : "");

export type KemonoArchiveWeb = Awaited<ReturnType<typeof startKemonoArchiveWeb>>;

export async function startKemonoArchiveWeb() {
  let clock = T0;
  const tick = () => (clock += 60_000);
  const posts: Record<KemonoArchive, Post[]> = { newer: [], older: [] };
  const creators: Record<KemonoArchive, KemonoCreator[]> = { newer: [], older: [] };
  let nextId = 1_402_220_000;

  // A photo every file address answers with (the index hashes it).
  const servePhoto = bytes(await noisePhoto(4242), "image/jpeg");
  const json = (status: number, body: unknown): SiteHandler => (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const notFound = html("<h1>404 Not Found</h1>", 404);

  /** A file as the archive stores it: /ab/cd/<sha256>.<ext>. */
  const stored = (name: string, seed: string): KemonoFile => {
    const hash = createHash("sha256").update(seed).digest("hex");
    const ext = /\.(\w{2,4})$/.exec(name)?.[1] ?? "bin";
    return { name, path: `/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.${ext}` };
  };

  const listEntry = (site: KemonoArchive, p: Post) => {
    const base = {
      id: p.id,
      user: p.creator.id,
      service: p.creator.service,
      title: p.title,
      published: naive(p.published),
      file: p.file ?? {},
      attachments: p.attachments,
    };
    // Newer servers list a post by the start of its text; older ones list it whole.
    return site === "newer"
      ? { ...base, substring: p.content.replace(/<[^>]*>/g, "").slice(0, 50) }
      : { ...base, content: p.content, added: naive(p.added, true), edited: null, embed: {}, shared_file: false };
  };
  const fullPost = (p: Post) => ({
    id: p.id,
    user: p.creator.id,
    service: p.creator.service,
    title: p.title,
    content: p.content,
    embed: {},
    shared_file: false,
    added: naive(p.added, true),
    published: naive(p.published),
    edited: null,
    file: p.file ?? {},
    attachments: p.attachments,
    poll: null,
    captions: null,
    tags: null,
  });

  const api = (site: KemonoArchive): SiteHandler => (req, res, url) => {
    if (site === "newer" && !/\btext\/css\b/.test(String(req.headers.accept ?? ""))) {
      res.writeHead(403, { "content-type": "text/plain" });
      res.end("Forbidden");
      return;
    }
    const newest = [...posts[site]].sort((a, b) => b.added - a.added);
    if (url.pathname === "/api/v1/posts") {
      const o = Number(url.searchParams.get("o") ?? "0");
      if (!Number.isInteger(o) || o < 0 || o % PAGE !== 0) return json(400, { error: "Offset provided which is not a multiple of 50." })(req, res, url);
      const page = newest.slice(o, o + PAGE).map((p) => listEntry(site, p));
      return json(200, site === "newer" ? { count: newest.length, true_count: newest.length, posts: page } : page)(req, res, url);
    }
    const profile = /^\/api\/v1\/([\w-]+)\/user\/([\w.-]+)\/profile$/.exec(url.pathname);
    if (profile) {
      const c = creators[site].find((k) => k.service === profile[1] && k.id === profile[2]);
      if (!c) return json(404, { error: "Creator not found." })(req, res, url);
      return json(200, { id: c.id, name: c.name, service: c.service, indexed: naive(T0), updated: naive(clock), public_id: c.service === "onlyfans" ? c.id : null, relation_id: null })(req, res, url);
    }
    const one = /^\/api\/v1\/([\w-]+)\/user\/([\w.-]+)\/post\/([\w-]+)$/.exec(url.pathname);
    const p = one ? posts[site].find((q) => q.creator.service === one[1] && q.creator.id === one[2] && q.id === one[3]) : null;
    if (!one || !p) return json(404, { error: "Post not found." })(req, res, url);
    if (site === "older") return json(200, [fullPost(p)])(req, res, url);
    const server = `http://${DATA_HOST}`;
    const files = [...(p.file ? [p.file] : []), ...p.attachments];
    return json(200, {
      post: fullPost(p),
      attachments: p.attachments.map((a) => ({ server, name: a.name, path: a.path })),
      previews: files.filter((f) => /\.(?:jpe?g|png|gif|webp)$/i.test(f.name)).map((f) => ({ type: "thumbnail", server, name: f.name, path: f.path })),
      videos: [],
      props: { service: p.creator.service, flagged: null, revisions: [] },
    })(req, res, url);
  };

  const newerHome = html(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <link rel="icon" href="/static/favicon.ico" />
    <title>VelvetVault</title>
    <script type="module" crossorigin src="/static/assets/index-9f2c41aa.js"></script>
    <link rel="stylesheet" crossorigin href="/static/assets/index-3b7d10ce.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`);
  const olderHome = html(`<!DOCTYPE html>
<html prefix="og: https://ogp.me/ns#">
  <head>
    <script>var page_data = {}</script>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Kemono</title>
    <link rel="shortcut icon" href="/static/favicon.ico">
    <meta property="og:title" content="Kemono">
    <meta property="og:type" content="website">
    <meta property="og:site_name" content="Kemono">
    <meta property="og:image" content="http://${H.older}/static/kemono-logo.svg">
  </head>
  <body class="transition-preload">
    <div class="global-sidebar">
      <div class="global-sidebar-entry stuck-bottom">
        <a href="/artists" class="global-sidebar-entry-item"><span>Artists</span></a>
        <a href="/posts" class="global-sidebar-entry-item"><span>Posts</span></a>
        <a href="/importer" class="global-sidebar-entry-item"><span>Import</span></a>
      </div>
    </div>
    <main id="main" class="main" tabindex="-1"><h1>Paywall Mirror</h1><p>Welcome to the archive.</p></main>
  </body>
</html>`);
  const robots: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("User-agent: *\nDisallow: /account\n");
  };
  const siteOf = (site: KemonoArchive): SiteHandler => (req, res, url) => {
    if (url.pathname === "/") return (site === "newer" ? newerHome : olderHome)(req, res, url);
    if (url.pathname.startsWith("/api/")) return api(site)(req, res, url);
    if (site === "older" && (url.pathname.startsWith("/data/") || url.pathname.startsWith("/thumbnail/data/"))) return servePhoto(req, res, url);
    // The newer server keeps its files on data servers: /data/… on the site redirects there.
    if (site === "newer" && url.pathname.startsWith("/data/")) {
      res.writeHead(302, { location: `http://${DATA_HOST}${url.pathname}` });
      res.end();
      return;
    }
    return notFound(req, res, url);
  };
  const dataServer: SiteHandler = (req, res, url) => (url.pathname.startsWith("/data/") ? servePhoto(req, res, url) : notFound(req, res, url));
  const sites: Record<string, Site> = {
    [H.newer]: { "/robots.txt": robots, "*": siteOf("newer") },
    [H.older]: { "/robots.txt": robots, "*": siteOf("older") },
    [DATA_HOST]: { "*": dataServer },
  };
  const web = await startProxiedSites(sites);

  const fileUrl = (site: KemonoArchive, f: KemonoFile) => (site === "newer" ? `http://${DATA_HOST}/data${f.path}` : `http://${H.older}/data${f.path}`);

  return {
    hosts: KEMONO_HOSTS,
    dataHost: DATA_HOST,
    proxy: web.proxy,
    requests: web.requests,
    settings: web.settings,
    close: web.close,
    /** A creator archived on a site: her platform's id (her handle on OnlyFans) and her profile's name. */
    addCreator(site: KemonoArchive, service: string, id: string, name: string): KemonoCreator {
      const c = { service, id, name };
      creators[site].push(c);
      return c;
    },
    /** A stored file (its name as uploaded), the same path for the same seed. */
    file: stored,
    /**
     * A post archived now: its page, and the addresses of its files (file first, then attachments) as the archive
     * serves them.
     */
    addPost(site: KemonoArchive, creator: KemonoCreator, post: { title: string; content?: string; file?: KemonoFile | null; attachments?: KemonoFile[]; publishedDaysAgo?: number }) {
      const id = String((nextId += 7 + (posts[site].length % 5)));
      const added = tick();
      const p: Post = {
        id,
        creator,
        title: post.title,
        content: post.content ?? "",
        // Archives import old posts: published may be long before added.
        published: added - (post.publishedDaysAgo ?? 1) * 86_400_000,
        added,
        file: post.file === undefined ? stored(`${id}.jpg`, `${site}:${id}:file`) : post.file,
        attachments: post.attachments ?? [],
      };
      posts[site].push(p);
      return {
        url: `http://${H[site]}/${creator.service}/user/${creator.id}/post/${id}`,
        files: [...(p.file ? [p.file] : []), ...p.attachments].map((f) => fileUrl(site, f)),
      };
    },
  };
}
