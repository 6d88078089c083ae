import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { ScanIdentity } from "../../../../apps/server/src/scanner/scan-types";
import { fixturePath, redditPermalink, redditSite, searxngSite, type FakeRedditPost, type FakeResult } from "./fake-search";
import { startForwardProxy, type ForwardProxy } from "./forward-proxy";
import {
  bytes,
  endlessBody,
  html,
  neverAnswers,
  redirect,
  startVirtualHostServer,
  type Site,
  type VirtualHostServer,
} from "./virtual-host-server";

/**
 * A small web of named hosts (reached through a recording forward proxy)
 * around one creator, "Luna Rivers": real leaks (by name, by nickname, by
 * image only, on a social network, only findable through a leak site's own
 * search) and the traps a careless scanner falls into (her own profiles, an
 * allow-listed affiliate, a creator whose name contains hers, the words in
 * another sense, a news article about leaks, an interview, a link-in-bio
 * page, dead, endless and looping hosts, redirects and links to private and
 * metadata addresses).
 */

export const FIXTURE_IDENTITY: ScanIdentity = {
  stageNames: [
    { platform: "OnlyFans", username: "luna_rivers" },
    { platform: "fansly", username: "LunaRivers" },
    { platform: "Reddit (u/username)", username: "u/luna_rivers" },
    { platform: "{host}", username: "lunarivers.example" },
  ],
  nicknames: ["Moon Bunny"],
  allowlist: ["https://www.LunaPromo.example/"],
  specific: "beach set",
};

const page = (title: string, body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const thumbs = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `<a href="${prefix}/full-${i}.jpg"><img src="/img/other.jpg?n=${i}" width="300" height="400" alt="photo ${i + 1}"></a>`).join("\n");

const REDDIT_POSTS: FakeRedditPost[] = [
  {
    id: "1lk9x2",
    subreddit: "OnlyFansLeaksHub",
    title: "Luna Rivers OnlyFans leak - full mega folder",
    selftext: "All her paid posts in one place. https://mega.nz/folder/Zx81LmNq#k3yk3yk3y",
    url: undefined,
  },
  {
    id: "1lk9x3",
    subreddit: "CreatorAdvice",
    title: "How do creators deal with leaked content?",
    selftext: "Asking for a friend: what do you do when your OnlyFans content gets leaked? DMCA services?",
  },
  {
    id: "1lk9x4",
    subreddit: "OnlyFansLeaksHub",
    title: "luna_rivers new set",
    url: "http://leakhub.example/luna-rivers-onlyfans-leaked",
  },
];

export type LeakFixtureWeb = {
  proxy: ForwardProxy;
  server: VirtualHostServer;
  identity: ScanIdentity;
  referenceImagePath: string;
  catalogPath: string;
  /** Env-style scanner settings for a scan of this web. */
  settings: Record<string, string>;
  expectedLeaks: string[];
  /** File-host links in the leaks' matched posts: leaks of their own (scanner/file-hosts.ts). */
  expectedFileLeaks: string[];
  /** Candidate pages that must not be reported. */
  traps: string[];
  /** Addresses that must never be asked for. */
  forbiddenHosts: string[];
  close(): Promise<void>;
};

export async function startLeakFixtureWeb(): Promise<LeakFixtureWeb> {
  const referenceImagePath = fixturePath("reference-photo.jpg");
  const ref = sharp(referenceImagePath);
  const { width: W = 1600, height: H = 1004 } = await ref.metadata();
  const copies = {
    resized: await sharp(referenceImagePath).resize(560).jpeg({ quality: 70 }).toBuffer(),
    cropped: await sharp(referenceImagePath)
      .extract({ left: Math.round(W * 0.03), top: Math.round(H * 0.04), width: Math.round(W * 0.95), height: Math.round(H * 0.91) })
      .jpeg({ quality: 85 })
      .toBuffer(),
    webp: await sharp(referenceImagePath).resize(820).webp({ quality: 50 }).toBuffer(),
    watermarked: await sharp(referenceImagePath)
      .resize(1000)
      .composite([
        {
          input: Buffer.from(
            `<svg width="1000" height="628"><rect x="0" y="560" width="1000" height="50" fill="black" fill-opacity="0.35"/><text x="30" y="598" font-size="36" fill="white" fill-opacity="0.8" font-family="sans-serif">pixvault.example · leaked</text></svg>`,
          ),
        },
      ])
      .jpeg({ quality: 80 })
      .toBuffer(),
    mirrored: await sharp(referenceImagePath).flop().resize(900).jpeg({ quality: 82 }).toBuffer(),
  };
  const other = readFileSync(fixturePath("other-photo.jpg"));
  const third = readFileSync(fixturePath("third-photo.jpg"));
  const common: Site = {
    "/img/other.jpg": bytes(other, "image/jpeg"),
    "/img/third.jpg": bytes(third, "image/jpeg"),
  };

  const leakhubSearchResults = [
    { href: "/models/luna-rivers-2", text: "luna_rivers (120 photos)" },
    { href: "/luna-riverside-onlyfans-leaked", text: "luna_riverside" },
  ];

  const sites: Record<string, Site> = {
    // ---- leaks ----
    "leakhub.example": {
      ...common,
      "/robots.txt": (_q, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("User-agent: *\nDisallow: /models/\n");
      },
      "/luna-rivers-onlyfans-leaked": html(
        page(
          "Luna Rivers OnlyFans Leaked (58 photos) – LeakHub",
          `<header><a href="/">LeakHub</a></header><main><h1>Luna Rivers OnlyFans Leaked</h1>
           <p>58 photos and 6 videos from her paid feed. Download the full pack below.</p>
           <div class="gallery">${thumbs(14, "/files/luna")}</div>
           <p><a href="https://mega.nz/folder/Zx81LmNq#k3yk3yk3y">MEGA folder</a></p></main>
           <aside><h3>Related</h3><a href="/luna-riverside-onlyfans-leaked">luna_riverside</a></aside>`,
          '<meta property="og:type" content="article">',
        ),
      ),
      "/models/luna-rivers-2": html(
        page(
          "luna_rivers nude leaks | LeakHub",
          `<h1>luna_rivers</h1><p>120 photos · 14 videos · updated daily</p>
           <video src="/v/1.mp4" poster="/img/third.jpg"></video><video src="/v/2.mp4"></video><video src="/v/3.mp4"></video>
           <p>Mirror: <a href="https://gofile.io/d/Xy12Ab">gofile</a></p>`,
        ),
      ),
      "/luna-riverside-onlyfans-leaked": html(
        page(
          "luna_riverside OnlyFans Leaked – LeakHub",
          `<h1>luna_riverside OnlyFans Leaked</h1><p>Full pack of luna_riverside: <a href="https://mega.nz/folder/Riv3rS1de">mega.nz/folder/Riv3rS1de</a></p>
           <div class="gallery">${thumbs(12, "/files/riverside")}</div>
           <aside><h3>You may also like</h3><ul><li><a href="/models/luna-rivers-2">Luna Rivers</a></li><li><a href="/x">Mia Dawn</a></li></ul></aside>`,
        ),
      ),
      "/search": (_req, res, url) => {
        const q = (url.searchParams.get("q") ?? "").toLowerCase();
        const hits = q.includes("luna") || q.includes("moon") ? leakhubSearchResults : [];
        res.writeHead(200, { "content-type": "text/html" });
        res.end(page("Search – LeakHub", `<ul>${hits.map((h) => `<li><a class="result" href="${h.href}">${h.text}</a></li>`).join("")}</ul><a href="/login">Log in</a>`));
      },
    },
    "fans-forum.example": {
      ...common,
      "/threads/luna_rivers-mega-folder.4411/": html(
        page(
          "luna_rivers mega folder | Fans Forum",
          `<div class="p-title"><h1 class="p-title-value">luna_rivers mega folder</h1></div>
           <article class="message"><div class="message-content"><div class="bbWrapper">
           Here's everything from her OF, 2.3 GB. <br>https://gofile.io/d/Xy12Ab<br>Enjoy and leave a like.</div></div></article>`,
        ),
      ),
      "/threads/moon-bunny-onlyfans.5120/": html(
        page(
          "Moon Bunny OnlyFans leaked pics | Fans Forum",
          `<h1>Moon Bunny OnlyFans leaked pics</h1><article class="message"><div class="bbWrapper">new ones from this week ${thumbs(13, "/attachments/mb")}</div></article>`,
        ),
      ),
    },
    "gossipblog.example": {
      ...common,
      "/2025/07/luna-rivers-leaked-content/": html(
        page(
          "Luna Rivers leaked content – free download links inside",
          `<h1>Luna Rivers leaked content</h1><p>Everyone is looking for it, so here it is. Free download, no signup.</p><p><a href="/dl/luna.zip">Download now</a></p>`,
        ),
      ),
    },
    "pixvault.example": {
      "/img/a.jpg": bytes(copies.resized, "image/jpeg"),
      "/img/b.jpg": bytes(copies.cropped, "image/jpeg"),
      "/img/c.webp": bytes(copies.webp, "image/webp"),
      "/img/d.jpg": bytes(copies.watermarked, "image/jpeg"),
      "/img/e.jpg": bytes(copies.mirrored, "image/jpeg"),
      "/img/z.jpg": bytes(other, "image/jpeg"),
      "/img/logo.png": bytes(other, "image/jpeg"),
      "/p/1001": html(page("Upload #1001 – PixVault", `<h1>Upload #1001</h1><img src="/img/logo.png" width="32" height="32"><img src="/img/a.jpg" alt="upload">`)),
      "/p/1002": html(page("Upload #1002 – PixVault", `<h1>Upload #1002</h1><img src="/img/b.jpg" alt="">`)),
      "/p/1003": html(page("Upload #1003 – PixVault", `<h1>Upload #1003</h1><picture><source srcset="/img/c.webp 820w" type="image/webp"><img src="/img/z.jpg" alt=""></picture>`)),
      "/p/1004": html(page("Upload #1004 – PixVault", `<h1>Upload #1004</h1><img data-src="/img/d.jpg" class="lazy" alt="hot">`)),
      "/p/1005": html(page("Upload #1005 – PixVault", `<h1>Upload #1005</h1><meta property="og:image" content="/img/e.jpg"><img src="/img/e.jpg">`)),
      "/p/2001": html(page("Upload #2001 – PixVault", `<h1>Upload #2001</h1><img src="/img/z.jpg" alt="upload">`)),
    },
    "reddit.example": redditSite(REDDIT_POSTS, {
      rateLimitHeaders: { "x-ratelimit-remaining": "99.0", "x-ratelimit-used": "1", "x-ratelimit-reset": "300" },
      page,
      postBody: (post) =>
        `<shreddit-post><h1 slot="title">${post.title}</h1><div slot="text-body"><p>${(post.selftext ?? "").replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p></div></shreddit-post>`,
    }),

    // ---- traps ----
    "onlyfans.com": { "*": html(page("Luna Rivers (@luna_rivers) | OnlyFans", "<h1>Luna Rivers</h1><p>1.2K photos · 300 videos · exclusive content, free trial</p>")) },
    "fansly.com": { "*": html(page("LunaRivers | Fansly", "<h1>LunaRivers</h1><p>Full pack of exclusive content</p>")) },
    "lunarivers.example": { "*": html(page("Luna Rivers – official site", `<h1>Luna Rivers</h1><img src="/img/me.jpg">`)) },
    "lunapromo.example": {
      "*": html(page("Luna Rivers OnlyFans free trial – leaked? No, 100% official", `<h1>Luna Rivers OnlyFans for free</h1><p>Full pack discount: <a href="https://mega.nz/folder/promo">mega</a></p>${thumbs(14, "/p")}`)),
    },
    "plumbing.example": {
      "/blog/luna-rivers-roof-leak": html(
        page(
          "Luna Rivers Plumbing – how we fixed a roof leak",
          `<h1>Luna Rivers Plumbing: fixing a roof leak</h1><p>Our founder Luna Rivers explains how water leaked through the flashing.
           Mega savings this month on leak detection! Free download of our leak checklist.</p>`,
        ),
      ),
    },
    "news.example": {
      "/2025/06/onlyfans-leaks-explained": html(
        page(
          "OnlyFans leaks: why creators keep losing paid content",
          `<article><h1>OnlyFans leaks: why creators keep losing paid content</h1><p class="byline">By Dana Fields</p>
           <p>Leaked OnlyFans content spreads across forums within hours of being posted, according to researchers who studied piracy networks for a year. Creators said the leaks cost them subscribers and income, and that takedown requests often go unanswered by the sites that host them.</p>
           <p>Luna Rivers, a creator with a large following, told us that her OnlyFans content leaked last spring and that she spent weeks filing DMCA notices. "It felt endless," she said in an interview, adding that platforms should do more to stop repeat uploaders from coming back.</p>
           <p>Industry experts say the problem is structural: a subscription platform cannot control what a paying fan does with a download, and the legal tools available to creators were written for a different era of copyright enforcement.</p>
           <p>A spokesperson for one platform said in a statement that it bans accounts that share content and cooperates with copyright holders, but declined to give figures on how many accounts were removed.</p></article>`,
          '<meta property="og:type" content="article"><meta name="author" content="Dana Fields">',
        ),
      ),
    },
    "fanzine.example": {
      "/interviews/luna-rivers": html(
        page(
          "Luna Rivers on building her OnlyFans – Fanzine interview",
          `<h1>Luna Rivers on building her OnlyFans</h1>
           <p>We sat down with Luna Rivers to talk about her first year on OnlyFans and Fansly, her photo sets and how she deals with leaks.</p>
           ${thumbs(5, "/interviews/photos")}
           <p>Follow her: <a href="https://onlyfans.com/luna_rivers">OnlyFans</a> · <a href="https://fansly.com/LunaRivers">Fansly</a> · <a href="https://instagram.com/lunarivers">Instagram</a></p>`,
        ),
      ),
    },
    "links.example": {
      "/lunarivers": html(
        page(
          "Luna Rivers | Links",
          `<h1>Luna Rivers</h1><ul><li><a href="https://onlyfans.com/luna_rivers">My OnlyFans (free for 30 days!)</a></li><li><a href="https://fansly.com/LunaRivers">Fansly</a></li><li><a href="https://www.reddit.com/user/luna_rivers">Reddit</a></li></ul>`,
        ),
      ),
    },
    "dead.example": { "*": html(page("404 Not Found", "<h1>Luna Rivers OnlyFans leaked — removed</h1><p>This content was removed after a DMCA notice. Mega link dead.</p>"), 404) },
    "slow.example": { "*": neverAnswers },
    "endless.example": { "*": endlessBody },
    "loop.example": { "/a": redirect("/b"), "/b": redirect("http://loop.example/a") },
    "redirector.example": {
      "/go/1": redirect("http://10.0.0.1/luna-rivers-leaked"),
      "/go/2": redirect("http://169.254.169.254/latest/meta-data/"),
      "/go/3": redirect("http://192.168.1.20/luna_rivers"),
      "/go/4": redirect("http://metadata.google.internal/computeMetadata/v1/"),
      "/go/5": redirect("http://localhost/admin"),
    },
  };


  const webResults: FakeResult[] = [
    ["http://leakhub.example/luna-rivers-onlyfans-leaked?utm_source=twitter#top", "Luna Rivers OnlyFans Leaked (58 photos)"],
    ["http://fans-forum.example/threads/luna_rivers-mega-folder.4411/", "luna_rivers mega folder"],
    ["http://fans-forum.example/threads/moon-bunny-onlyfans.5120/", "Moon Bunny OnlyFans leaked pics"],
    ["http://gossipblog.example/2025/07/luna-rivers-leaked-content/", "Luna Rivers leaked content"],
    ["http://pixvault.example/p/1001", "Upload #1001"],
    ["http://pixvault.example/p/1002", "Upload #1002"],
    ["http://pixvault.example/p/1003", "Upload #1003"],
    ["http://pixvault.example/p/1004", "Upload #1004"],
    ["http://pixvault.example/p/1005", "Upload #1005"],
    ["http://pixvault.example/p/2001", "Upload #2001"],
    ["https://OnlyFans.com/Luna_Rivers/", "Luna Rivers | OnlyFans"],
    ["http://www.onlyfans.com/luna_rivers?ref=abc", "Luna Rivers | OnlyFans"],
    ["https://fansly.com/LunaRivers/posts", "LunaRivers | Fansly"],
    ["http://lunarivers.example/gallery", "Luna Rivers – official site"],
    ["http://lunapromo.example/luna-rivers-free-onlyfans", "Luna Rivers OnlyFans for free"],
    ["http://deals.lunapromo.example/luna", "Luna Rivers deals"],
    ["http://plumbing.example/blog/luna-rivers-roof-leak", "Luna Rivers Plumbing"],
    ["http://news.example/2025/06/onlyfans-leaks-explained", "OnlyFans leaks explained"],
    ["http://fanzine.example/interviews/luna-rivers", "Luna Rivers interview"],
    ["http://links.example/lunarivers", "Luna Rivers | Links"],
    ["http://leakhub.example/luna-riverside-onlyfans-leaked", "luna_riverside OnlyFans Leaked"],
    ["http://dead.example/luna-rivers-leaked", "Luna Rivers leaked"],
    ["http://slow.example/luna-rivers", "Luna Rivers"],
    ["http://endless.example/luna-rivers-stream", "Luna Rivers stream"],
    ["http://loop.example/a", "Luna Rivers loop"],
    ["http://redirector.example/go/1", "Luna Rivers"],
    ["http://redirector.example/go/2", "Luna Rivers"],
    ["http://redirector.example/go/3", "Luna Rivers"],
    ["http://redirector.example/go/4", "Luna Rivers"],
    ["http://redirector.example/go/5", "Luna Rivers"],
    ["http://10.0.0.1/luna-rivers-leaked", "Luna Rivers leaked"],
    ["http://192.168.0.10/luna_rivers", "luna_rivers"],
    ["http://169.254.169.254/latest/meta-data/iam/", "meta"],
    ["http://[::ffff:a9fe:a9fe]/latest/meta-data/", "meta"],
    ["http://127.0.0.1:1/luna", "local"],
  ].map(([url, title]) => ({ url: url!, title: title!, snippet: `${title} …` }));
  sites["search.example"] = searxngSite(() => webResults, { pageSize: 50 });

  const server = await startVirtualHostServer(sites);
  const proxy = await startForwardProxy((host) => (sites[host] ? { host: "127.0.0.1", port: server.port } : null));

  const dir = mkdtempSync(path.join(tmpdir(), "lw-catalog-"));
  const catalogPath = path.join(dir, "leak-sites.json");
  writeFileSync(
    catalogPath,
    JSON.stringify({
      includeBuiltin: false,
      sites: [
        {
          id: "leakhub",
          name: "LeakHub",
          domains: ["leakhub.example"],
          searchUrl: "http://leakhub.example/search?q={query}",
          resultSelector: "a.result",
        },
      ],
    }),
  );

  const postUrl = (p: FakeRedditPost) => `http://reddit.example${redditPermalink(p)}`;
  return {
    proxy,
    server,
    identity: FIXTURE_IDENTITY,
    referenceImagePath,
    catalogPath,
    settings: {
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: "http://search.example/",
      REDDIT_URL: "http://reddit.example",
      SCAN_PROXY_URL: proxy.url,
      SCAN_ALLOW_PRIVATE_NETWORKS: "false",
      LEAK_SITE_CATALOG_PATH: catalogPath,
      // Short enough that the host that never answers costs little, long enough
      // for a loaded CI machine (image fetches share the CPU with hashing).
      SCAN_FETCH_TIMEOUT_MS: "4000",
      SCAN_CONNECT_TIMEOUT_MS: "2000",
      SCAN_MAX_BYTES: "1000000",
      SCAN_MAX_RETRIES: "1",
      SCAN_BUDGET_MS: "60000",
    },
    expectedLeaks: [
      "http://leakhub.example/luna-rivers-onlyfans-leaked",
      "http://leakhub.example/models/luna-rivers-2",
      "http://fans-forum.example/threads/luna_rivers-mega-folder.4411/",
      "http://fans-forum.example/threads/moon-bunny-onlyfans.5120/",
      "http://gossipblog.example/2025/07/luna-rivers-leaked-content/",
      "http://pixvault.example/p/1001",
      "http://pixvault.example/p/1002",
      "http://pixvault.example/p/1003",
      "http://pixvault.example/p/1004",
      "http://pixvault.example/p/1005",
      postUrl(REDDIT_POSTS[0]!),
      postUrl(REDDIT_POSTS[2]!),
    ],
    expectedFileLeaks: ["https://gofile.io/d/Xy12Ab", "https://mega.nz/folder/Zx81LmNq"],
    traps: [
      ...webResults.map((r) => r.url).filter((u) => !/leakhub\.example\/luna-rivers-onlyfans|fans-forum|gossipblog|pixvault\.example\/p\/100/.test(u)),
      postUrl(REDDIT_POSTS[1]!),
    ],
    forbiddenHosts: ["10.0.0.1", "192.168.0.10", "192.168.1.20", "169.254.169.254", "::ffff:a9fe:a9fe", "metadata.google.internal", "localhost", "127.0.0.1"],
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
}
