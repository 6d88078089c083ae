import http from "node:http";
import { readFileSync } from "node:fs";
import { TEST_STORE_ID } from "@leakwarden/test-support/billing-events";
import { startFakeLemonSqueezy } from "@leakwarden/test-support/fake-web/fake-lemon-squeezy";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";

/** The key the e2e server calls the Lemon Squeezy fake with (playwright.config.ts). */
export const E2E_LEMONSQUEEZY_API_KEY = "ls-e2e-api-key";

/**
 * A tiny local web for the dashboard journeys: a SearXNG-style search endpoint, a Reddit-style
 * search endpoint and the pages they list. The e2e server is configured to search here
 * (playwright.config.ts), so 'Start Manual Scan' finds real leaks through the real scanner.
 */

export const LEAK_PAGES = 1000;
/** Every tenth page only names her in a leak title: a finding for her review (medium confidence). */
export const isReviewPage = (i: number) => i % 10 === 5;
export const OTHER_CREATOR_PAGES = 6;
/** The takedown journey's creator: a few leaks on a site with a DMCA page; the last one is for her review. */
export const NOVA_PAGES = 4;
export const FIXTURE_DMCA_EMAIL = "copyright@leakfixture.test";
/** The autopilot journey's creator: her pages at first (PUT /__pages/ivy/N adds more); those below are for her review. */
export const IVY_PAGES = 12;
export const isIvyReviewPage = (i: number) => i === 5 || i === 13;

/** The re-upload journey's creator: her pages at first (PUT /__pages/wren/N adds more); the first shows her photo, the fourth posts it again. */
export const WREN_PAGES = 3;
/** The journeys' photos: /__img/her-….jpg is the reference photo (the creator's), /__img/other-….jpg someone else's. */
const photos = { her: readFileSync(fixturePath("reference-photo.jpg")), other: readFileSync(fixturePath("other-photo.jpg")) };

const pad = (i: number) => String(i).padStart(4, "0");

function lunaPage(i: number): string {
  if (isReviewPage(i)) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>luna_rivers leaked thread ${pad(i)}</title></head>
<body><h1>luna_rivers leaked?</h1><p>Somebody asked whether luna_rivers has new posts this week. Thread ${pad(i)}.</p></body></html>`;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>luna_rivers OnlyFans leaked pack ${pad(i)}</title></head>
<body><h1>luna_rivers onlyfans leaked pack ${pad(i)}</h1><p>Download the full luna_rivers leaked pack ${pad(i)}, 2.3 GB of videos and photos for free.</p>
<p><a href="https://mega.nz/folder/pk${pad(i)}#key">mega.nz folder</a> <a href="https://gofile.io/d/p${pad(i)}">gofile mirror</a></p></body></html>`;
}

function novaPage(i: number): string {
  if (i === NOVA_PAGES - 1) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>nova_lane leaked thread</title></head>
<body><h1>nova_lane leaked?</h1><p>Somebody asked whether nova_lane has new posts this week.</p></body></html>`;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>nova_lane OnlyFans leaked set ${i}</title></head>
<body><h1>nova_lane onlyfans leaked set ${i}</h1><p>Download the full nova_lane leaked set ${i}, 1.2 GB of videos and photos for free.</p>
<p><a href="https://mega.nz/folder/nova${i}#key">mega.nz folder</a></p></body></html>`;
}

function ivyPage(i: number): string {
  if (isIvyReviewPage(i)) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ivy_quinn leaked thread ${i}</title></head>
<body><h1>ivy_quinn leaked?</h1><p>Somebody asked whether ivy_quinn has new posts this week. Thread ${i}.</p></body></html>`;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ivy_quinn OnlyFans leaked set ${i}</title></head>
<body><h1>ivy_quinn onlyfans leaked set ${i}</h1><p>Download the full ivy_quinn leaked set ${i}, 1.4 GB of videos and photos for free.</p>
<p><a href="https://mega.nz/folder/ivy${i}#key">mega.nz folder</a></p></body></html>`;
}

function wrenPage(i: number): string {
  // Set 0 shows her photo; set 3, added later, posts it again under another address; set 1 shows someone else's.
  const image = i === 0 ? `<img src="/__img/her-wren-set0.jpg" alt="">` : i === 3 ? `<img src="/__img/her-wren-repost.jpg" alt="">` : i === 1 ? `<img src="/__img/other-wren-set1.jpg" alt="">` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>wren_hollow OnlyFans leaked set ${i}</title></head>
<body><h1>wren_hollow onlyfans leaked set ${i}</h1><p>Download the full wren_hollow leaked set ${i}, 700 MB of videos and photos for free.</p>${image}
<p><a href="https://mega.nz/folder/wren${i}#key">mega.nz folder</a></p></body></html>`;
}

/** A Reddit user's submitted posts as /user/NAME/submitted.json lists them: one image (i.redd.it-style link and its preview) or a gallery. */
function redditPosts(origin: string, name: string, posts: { title: string; images: ("her" | "other")[] }[]) {
  const image = (kind: string, i: number, j: number) => `${origin}/__img/${kind}-${name.toLowerCase()}-${i}-${j}.jpg`;
  return {
    kind: "Listing",
    data: {
      after: null,
      dist: posts.length,
      children: posts.map((post, i) => {
        const id = `p${i}${name.length}`;
        const common = { id, name: `t3_${id}`, author: name, subreddit: `u_${name}`, title: post.title, over_18: true, permalink: `/r/u_${name}/comments/${id}/post_${i}/` };
        if (post.images.length === 1) {
          const direct = image(post.images[0]!, i, 0);
          return { kind: "t3", data: { ...common, post_hint: "image", url: direct, url_overridden_by_dest: direct, preview: { enabled: true, images: [{ id: `i${id}`, source: { url: direct, width: 1080, height: 1350 }, resolutions: [] }] } } };
        }
        const ids = post.images.map((_k, j) => `m${id}${j}`);
        return {
          kind: "t3",
          data: {
            ...common,
            is_gallery: true,
            url: `${origin}/gallery/${id}`,
            gallery_data: { items: ids.map((media_id, j) => ({ media_id, id: j + 1 })) },
            media_metadata: Object.fromEntries(ids.map((mid, j) => [mid, { status: "valid", e: "Image", m: "image/jpg", s: { x: 1080, y: 1350, u: image(post.images[j]!, i, j) } }])),
          },
        };
      }),
    },
  };
}

function miaPage(i: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>mia_moon OnlyFans leaked set ${i}</title></head>
<body><h1>mia_moon onlyfans leaked set ${i}</h1><p>Download the full mia_moon leaked set ${i}, 900 MB of videos and photos for free.</p>
<p><a href="https://mega.nz/folder/mia${i}#key">mega.nz folder</a></p></body></html>`;
}

function redditListing(origin: string) {
  const posts = [0, 1, 2].map((i) => ({
    kind: "t3",
    data: {
      id: `lk${i}`,
      subreddit: "LeaksHub",
      title: `luna_rivers OnlyFans leak ${i} - full mega folder`,
      selftext: `All of luna_rivers paid posts in one place, free download: https://mega.nz/folder/reddit${i}#key`,
      permalink: `/r/LeaksHub/comments/lk${i}/luna_rivers_onlyfans_leak_${i}/`,
      url: `${origin}/r/LeaksHub/comments/lk${i}/luna_rivers_onlyfans_leak_${i}/`,
      is_self: true,
      over_18: true,
    },
  }));
  return { kind: "Listing", data: { after: null, children: posts } };
}

export function startFixtureWeb(port: number): Promise<http.Server> {
  const origin = `http://127.0.0.1:${port}`;
  // What journeys change on this web: a profile's bio (ownership proof), pages the site took down.
  const bios = new Map<string, string>();
  const removed = new Set<string>();
  // How many pages a creator has on this web (journeys add pages, as new leaks appear on the web).
  const pages = new Map<string, number>([
    ["ivy", IVY_PAGES],
    ["wren", WREN_PAGES],
  ]);
  // Reddit users' public posts (PUT /__posts/NAME with [{ title, images: ["her" | "other"] }]).
  const posts = new Map<string, { title: string; images: ("her" | "other")[] }[]>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const json = (body: unknown) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    };
    const html = (body: string) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(body);
    };
    const bio = /^\/__bio\/([\w-]+)$/.exec(url.pathname);
    if (bio && req.method === "PUT") {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        bios.set(bio[1]!.toLowerCase(), body);
        res.end("ok");
      });
      return;
    }
    const posted = /^\/__posts\/([\w-]+)$/.exec(url.pathname);
    if (posted && req.method === "PUT") {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        posts.set(posted[1]!.toLowerCase(), JSON.parse(body) as { title: string; images: ("her" | "other")[] }[]);
        res.end("ok");
      });
      return;
    }
    const photo = /^\/__img\/(her|other)-[\w-]+\.jpg$/.exec(url.pathname);
    if (photo && !removed.has(url.pathname)) {
      res.setHeader("content-type", "image/jpeg");
      res.end(photos[photo[1] as "her" | "other"]);
      return;
    }
    const more = /^\/__pages\/(ivy|wren)\/(\d{1,3})$/.exec(url.pathname);
    if (more && req.method === "PUT") {
      pages.set(more[1]!, Number(more[2]));
      res.end("ok");
      return;
    }
    if (url.pathname.startsWith("/__removed/") && req.method === "PUT") {
      removed.add(url.pathname.slice("/__removed".length));
      res.end("ok");
      return;
    }
    if (removed.has(url.pathname)) {
      res.statusCode = 404;
      res.end("This video was removed after a copyright complaint.");
      return;
    }
    // A Reddit user's public posts, read by the impersonation check.
    const submitted = /^\/user\/([\w-]+)\/submitted\.json$/.exec(url.pathname);
    if (submitted && bios.has(submitted[1]!.toLowerCase())) {
      json(redditPosts(origin, submitted[1]!, posts.get(submitted[1]!.toLowerCase()) ?? []));
      return;
    }
    // A post's own page (what a notice cites).
    const postPage = /^\/r\/u_([\w-]+)\/comments\/(\w+)\/[\w-]*\/?$/.exec(url.pathname);
    if (postPage && posts.has(postPage[1]!.toLowerCase())) {
      return html(`<!doctype html><html lang="en"><head><title>${postPage[1]} on Reddit</title></head><body><h1>Post by u/${postPage[1]}</h1></body></html>`);
    }
    // Reddit's public profile JSON, read by the ownership check.
    const about = /^\/user\/([\w-]+)\/about\.json$/.exec(url.pathname);
    if (about && bios.has(about[1]!.toLowerCase())) {
      json({ kind: "t2", data: { name: about[1], subreddit: { title: about[1], public_description: bios.get(about[1]!.toLowerCase()) } } });
      return;
    }
    if (url.pathname === "/dmca") {
      return html(`<!doctype html><html lang="en"><head><title>DMCA</title></head><body><h1>DMCA policy</h1>
<p>Send copyright complaints to <a href="mailto:${FIXTURE_DMCA_EMAIL}">our copyright agent</a>.</p></body></html>`);
    }
    if (url.pathname === "/search") {
      const page = Number(url.searchParams.get("pageno") ?? 1);
      const paths =
        page > 1
          ? []
          : q.includes("luna")
            ? Array.from({ length: LEAK_PAGES }, (_, i) => `/luna/${i}`)
            : q.includes("mia")
              ? Array.from({ length: OTHER_CREATOR_PAGES }, (_, i) => `/mia/${i}`)
              : q.includes("nova")
                ? Array.from({ length: NOVA_PAGES }, (_, i) => `/nova/${i}`)
                : q.includes("ivy")
                  ? Array.from({ length: pages.get("ivy")! }, (_, i) => `/ivy/${i}`)
                  : q.includes("wren")
                    ? Array.from({ length: pages.get("wren")! }, (_, i) => `/wren/${i}`)
                    : [];
      const answer = () => json({ query: q, results: paths.map((p, i) => ({ url: `${origin}${p}`, title: `Result ${i}`, content: "", engine: "fixture", engines: ["fixture"], score: 1 })), answers: [], corrections: [], infoboxes: [], suggestions: [], unresponsive_engines: [] });
      // The other creator's search is slow, so that her scan's progress can be watched.
      if (q.includes("mia")) setTimeout(answer, 3000);
      else answer();
      return;
    }
    if (url.pathname === "/search.json") {
      json(q.includes("luna") ? redditListing(origin) : { kind: "Listing", data: { after: null, children: [] } });
      return;
    }
    const luna = /^\/luna\/(\d+)$/.exec(url.pathname);
    if (luna && Number(luna[1]) < LEAK_PAGES) return html(lunaPage(Number(luna[1])));
    const nova = /^\/nova\/(\d+)$/.exec(url.pathname);
    if (nova && Number(nova[1]) < NOVA_PAGES) return html(novaPage(Number(nova[1])));
    const ivy = /^\/ivy\/(\d+)$/.exec(url.pathname);
    if (ivy && Number(ivy[1]) < pages.get("ivy")!) return html(ivyPage(Number(ivy[1])));
    const wren = /^\/wren\/(\d+)$/.exec(url.pathname);
    if (wren && Number(wren[1]) < pages.get("wren")!) return html(wrenPage(Number(wren[1])));
    const mia = /^\/mia\/(\d+)$/.exec(url.pathname);
    if (mia && Number(mia[1]) < OTHER_CREATOR_PAGES) return html(miaPage(Number(mia[1])));
    if (url.pathname === "/robots.txt") {
      res.setHeader("content-type", "text/plain");
      res.end("User-agent: *\nAllow: /\n");
      return;
    }
    res.statusCode = 404;
    res.end("not found");
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

export default async function globalSetup() {
  const port = Number(process.env.E2E_FIXTURE_PORT);
  if (!port) throw new Error("E2E_FIXTURE_PORT is not set (playwright.config.ts sets it).");
  const server = await startFixtureWeb(port);
  // The payment provider's API, so that 'Select Plan' opens a (fake) hosted checkout.
  const lemonSqueezyPort = Number(process.env.E2E_LEMONSQUEEZY_PORT);
  if (!lemonSqueezyPort) throw new Error("E2E_LEMONSQUEEZY_PORT is not set (playwright.config.ts sets it).");
  const lemonSqueezy = await startFakeLemonSqueezy({ apiKey: E2E_LEMONSQUEEZY_API_KEY, storeId: TEST_STORE_ID, port: lemonSqueezyPort });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await lemonSqueezy.close();
  };
}
