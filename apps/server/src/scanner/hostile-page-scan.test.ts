import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostilePage } from "@leakwarden/test-support/hostile-pages";
import { LeakSiteCatalog } from "./leak-site-catalog";
import { runScan } from "./run-scan";
import type { SearchProvider } from "./search-provider";
import { parseScannerSettings } from "./scanner-settings";

// A scan in the server's own process (the embedded mode) meets a megabyte page
// crafted against every pattern the scanner applies; the process keeps answering.

const identity = { stageNames: [{ platform: "OnlyFans", username: "luna_rivers" }], nicknames: [], allowlist: [], specific: "" };
const hostile = hostilePage("luna_rivers", 1_000_000);
const leakPage = `<!doctype html><title>luna_rivers OnlyFans leaked</title><h1>luna_rivers leaks</h1><p>Download: <a href="https://mega.nz/folder/abc">mega</a></p>`;

let web: http.Server;
let health: http.Server;
let origin: string;
let healthUrl: string;

beforeAll(async () => {
  web = http.createServer((req, res) => {
    if (req.url === "/robots.txt") return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(req.url === "/hostile" ? hostile : leakPage);
  });
  health = http.createServer((_req, res) => res.writeHead(200).end("ok"));
  await Promise.all([web, health].map((s) => new Promise<void>((r) => s.listen(0, "127.0.0.1", r))));
  origin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/healthz`;
});

afterAll(async () => {
  await Promise.all([web, health].map((s) => new Promise((r) => s.close(r))));
});

function scan(settings: Record<string, string>) {
  const provider: SearchProvider = {
    id: "test",
    kind: "web",
    search: async (_q, p) => ({
      hits: p === 1 ? ["/hostile", "/leak"].map((path) => ({ url: `${origin}${path}`, title: "", snippet: "", source: "test" })) : [],
      hasMore: false,
    }),
  };
  return runScan(
    { identity, referenceHashes: [] },
    {
      settings: parseScannerSettings({ SCAN_ALLOW_PRIVATE_NETWORKS: "true", SCAN_MAX_QUERIES: "1", SCAN_MAX_BYTES: String(2 * 1024 * 1024), ...settings }),
      providers: [provider],
      catalog: new LeakSiteCatalog([]),
    },
  );
}

/** Asks for /healthz every 50 ms while `work` runs; the longest wait for an answer. */
async function slowestHealthAnswer<T>(work: Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let done = false;
  let slowestMs = 0;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(healthUrl);
      await res.text();
      slowestMs = Math.max(slowestMs, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const result = await work.finally(() => (done = true));
  await probe;
  return { result, slowestMs };
}

describe("a hostile page during a scan in the server's process", () => {
  it("is read off the request thread: /healthz answers within a second, and the scan goes on", async () => {
    const { result, slowestMs } = await slowestHealthAnswer(scan({}));
    expect(result.outcome).toBe("completed");
    expect(result.leaks.map((l) => l.url)).toContain(`${origin}/leak`);
    // The file links of her post on the hostile page were read too (linked-file findings).
    expect(result.leaks.map((l) => l.url)).toContain("https://gofile.io/d/Hostile01");
    expect(result.analysedUrls).toEqual(expect.arrayContaining([`${origin}/hostile`, `${origin}/leak`]));
    expect(slowestMs).toBeLessThan(1000);
  }, 60_000);

  it("is skipped past the page time limit, and the other pages are still judged", async () => {
    const { result, slowestMs } = await slowestHealthAnswer(scan({ SCAN_PAGE_TIME_LIMIT_MS: "100" }));
    expect(result.skipped).toBe(1);
    expect(result.leaks.map((l) => l.url)).toEqual([`${origin}/leak`]);
    expect(result.analysedUrls).toEqual(expect.arrayContaining([`${origin}/hostile`, `${origin}/leak`]));
    expect(slowestMs).toBeLessThan(1000);
  }, 60_000);
});
