import http from "node:http";

/**
 * A tiny local web for the dashboard journeys: a SearXNG-style search endpoint, a Reddit-style
 * search endpoint and the pages they list. The e2e server is configured to search here
 * (playwright.config.ts), so 'Start Manual Scan' finds real leaks through the real scanner.
 */

export const LEAK_PAGES = 1000;
/** Every tenth page only names her in a leak title: a finding for her review (medium confidence). */
export const isReviewPage = (i: number) => i % 10 === 5;
export const OTHER_CREATOR_PAGES = 6;

const pad = (i: number) => String(i).padStart(4, "0");

function lunaPage(i: number): string {
  if (isReviewPage(i)) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>luna_rivers leaked thread ${pad(i)}</title></head>
<body><h1>luna_rivers leaked?</h1><p>Somebody asked whether luna_rivers has new posts this week. Thread ${pad(i)}.</p></body></html>`;
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>luna_rivers OnlyFans leaked pack ${pad(i)}</title></head>
<body><h1>luna_rivers onlyfans leaked pack ${pad(i)}</h1><p>Download the full luna_rivers leaked pack ${pad(i)}, 2.3 GB of videos and photos for free.</p>
<p><a href="https://mega.nz/folder/pack${pad(i)}#key">mega.nz folder</a> <a href="https://gofile.io/d/p${pad(i)}">gofile mirror</a></p></body></html>`;
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
    if (url.pathname === "/search") {
      const page = Number(url.searchParams.get("pageno") ?? 1);
      const paths = page > 1 ? [] : q.includes("luna") ? Array.from({ length: LEAK_PAGES }, (_, i) => `/luna/${i}`) : q.includes("mia") ? Array.from({ length: OTHER_CREATOR_PAGES }, (_, i) => `/mia/${i}`) : [];
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
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
