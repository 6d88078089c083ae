import http from "node:http";
import { listenOnLoopback } from "../loopback";

/** A file that is not a page (the image a page shows): served as it is, never listed by the search. */
export type LocalFile = { contentType: string; body: Buffer };

/** A tiny web on loopback: a SearXNG-style search endpoint that lists every page it serves. */
export interface LocalSearchWeb {
  server: http.Server;
  /** HTML pages by path; a test may add more before a scan. */
  pages: Map<string, string>;
  origin: string;
  close(): Promise<void>;
}

/** `resultFiles`: paths of files the search also returns as results of their own (an image search's hits). */
export async function startLocalSearchWeb(content: { pages?: Record<string, string>; files?: Record<string, LocalFile>; resultFiles?: string[] } = {}): Promise<LocalSearchWeb> {
  const pages = new Map(Object.entries(content.pages ?? {}));
  const files = new Map(Object.entries(content.files ?? {}));
  let origin = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/search") {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          query: url.searchParams.get("q"),
          results: [...pages.keys(), ...(content.resultFiles ?? [])].map((p, i) => ({ url: `${origin}${p}`, title: `Result ${i}`, content: "", engine: "test", engines: ["test"], score: 1 })),
          answers: [],
          corrections: [],
          infoboxes: [],
          suggestions: [],
          unresponsive_engines: [],
        }),
      );
      return;
    }
    const file = files.get(url.pathname);
    if (file) {
      res.setHeader("content-type", file.contentType);
      res.end(file.body);
      return;
    }
    const page = pages.get(url.pathname);
    res.statusCode = page ? 200 : 404;
    res.setHeader("content-type", page ? "text/html; charset=utf-8" : "text/plain");
    res.end(page ?? "not found");
  });
  ({ origin } = await listenOnLoopback(server));
  return { server, pages, origin, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** Settings that point the scanner at a local SearXNG-style web only (`overrides` win). */
export function localScanSettings(web: { origin: string }, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    SEARCH_PROVIDER: "searxng",
    SEARXNG_URL: web.origin,
    SCAN_ALLOW_PRIVATE_NETWORKS: "true",
    SCAN_REDDIT_SEARCH: "false",
    SCAN_LEAK_SITE_SEARCH: "false",
    SCAN_MAX_QUERIES: "2",
    SCAN_FETCH_TIMEOUT_MS: "3000",
    ...overrides,
  };
}

export const leakPage = (name: string) => `<!doctype html><html><head><title>${name} OnlyFans leaked — full pack</title></head><body>
<h1>${name} onlyfans leaked</h1><p>Download the full ${name} leaked pack, 2.3 GB of videos and photos for free.</p>
<p><a href="https://mega.nz/folder/abc123#key">mega.nz folder</a> <a href="https://gofile.io/d/xyz">gofile mirror</a></p></body></html>`;
