/**
 * Scan throughput on a local web: 1,000 pages spread over 20 hosts, each
 * answering after 50 ms, fetched through a forward proxy at the default
 * concurrency. The web runs in a child process, as a real web runs on other
 * machines: the scanner's event loop does only the scanner's work.
 * The network bound is concurrency ÷ latency (16 ÷ 0.05 s = 320 pages/s);
 * the figure to watch is the ratio to it (target ≥ 0.8).
 * The scan runs BENCH_RUNS times (default 3); best and median are printed with
 * the machine's load, since a shared machine moves these figures a lot.
 * The page parser's worker threads are started before timing, as they are in a
 * real scan while its first searches run.
 *
 *   npx tsx bench/scan-bench.ts
 *   BENCH_RUNS=5 npx tsx bench/scan-bench.ts
 */
import { fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { startForwardProxy } from "@leakwarden/test-support/fake-web/forward-proxy";
import { startVirtualHostServer, type Site } from "@leakwarden/test-support/fake-web/virtual-host-server";
import { LeakSiteCatalog } from "../apps/server/src/scanner/leak-site-catalog";
import { sharedPageParser } from "../apps/server/src/scanner/page-parser-pool";
import { runScan } from "../apps/server/src/scanner/run-scan";
import { parseScannerSettings } from "../apps/server/src/scanner/scanner-settings";
import type { SearchProvider } from "../apps/server/src/scanner/search-provider";

const PAGES = 1_000;
const HOSTS = 20;
const LATENCY_MS = 50;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serveWeb(): Promise<void> {
  const page = (i: number) =>
    `<!doctype html><html><head><title>Page ${i}</title></head><body><h1>Gardening notes ${i}</h1><p>${"Tomatoes like sun and regular water. ".repeat(40)}</p></body></html>`;
  const sites: Record<string, Site> = {};
  for (let h = 0; h < HOSTS; h++) {
    sites[`bench-${h}.example`] = {
      "/robots.txt": async (_req, res) => {
        await delay(LATENCY_MS);
        res.writeHead(404);
        res.end();
      },
      "*": async (_req, res, url) => {
        await delay(LATENCY_MS);
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(page(Number(url.pathname.split("/").pop())));
      },
    };
  }
  const server = await startVirtualHostServer(sites);
  const proxy = await startForwardProxy((host) => (sites[host] ? { host: "127.0.0.1", port: server.port } : null));
  process.send!({ proxyUrl: proxy.url });
  process.on("message", async () => {
    await proxy.close();
    await server.close();
    process.exit(0);
  });
}

async function bench(): Promise<void> {
  const web = fork(fileURLToPath(import.meta.url), ["--serve-web"], { execArgv: ["--import", "tsx"] });
  const { proxyUrl } = await new Promise<{ proxyUrl: string }>((resolve, reject) => {
    web.once("message", (m) => resolve(m as { proxyUrl: string }));
    web.once("error", reject);
  });

  const urls = Array.from({ length: PAGES }, (_, i) => `http://bench-${i % HOSTS}.example/page/${i}`);
  const provider: SearchProvider = {
    id: "bench",
    kind: "web",
    search: async (_q, p) => ({ hits: p === 1 ? urls.map((url) => ({ url, title: "", snippet: "", source: "bench" })) : [], hasMore: false }),
  };
  const settings = parseScannerSettings({ SCAN_PROXY_URL: proxyUrl, SCAN_MAX_PAGES: String(PAGES), SCAN_MAX_QUERIES: "1" });
  const identity = { stageNames: [{ platform: "OnlyFans", username: "luna_rivers" }], nicknames: [], allowlist: [], specific: "" };
  const limit = settings.SCAN_CONCURRENCY / (LATENCY_MS / 1000);
  const parser = sharedPageParser();
  parser.warm();
  await parser.parse({ body: Buffer.from("<p>ready</p>"), contentType: "text/html", url: "http://bench.example/", kind: "html" });

  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(`machine:          ${os.availableParallelism()} cores, load average ${load()} (1, 5, 15 min) before the runs`);
  console.log(`concurrency:      ${settings.SCAN_CONCURRENCY} global, ${settings.SCAN_PER_HOST_CONCURRENCY} per host; page latency ${LATENCY_MS} ms`);
  console.log(`network limit:    ${limit.toFixed(1)} pages/s (concurrency ÷ latency)`);
  const ratios: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const parsedBefore = parser.counts.onWorkers;
    const t0 = performance.now();
    const result = await runScan({ identity, referenceHashes: [] }, { settings, providers: [provider], catalog: new LeakSiteCatalog([]) });
    const seconds = (performance.now() - t0) / 1000;
    const pagesPerSecond = result.stats.linksChecked / seconds;
    ratios.push(pagesPerSecond / limit);
    console.log(
      `run ${run}:            ${result.stats.linksChecked} pages on ${result.stats.sitesAnalyzed} hosts (plus ${HOSTS} robots.txt reads) in ${seconds.toFixed(2)} s = ` +
        `${pagesPerSecond.toFixed(1)} pages/s, ratio ${(pagesPerSecond / limit).toFixed(3)}; ${parser.counts.onWorkers - parsedBefore} pages parsed on workers`,
    );
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(`throughput:       best ${(sorted.at(-1)! * limit).toFixed(1)} pages/s, median ${(median * limit).toFixed(1)} pages/s`);
  console.log(`ratio:            best ${sorted.at(-1)!.toFixed(3)}, median ${median.toFixed(3)} (target ≥ 0.8); load average ${load()} after`);

  web.send("stop");
  await new Promise((r) => web.once("exit", r));
}

if (process.argv.includes("--serve-web")) await serveWeb();
else await bench();
