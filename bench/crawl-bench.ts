/**
 * Crawl throughput across worker processes on PostgreSQL: 12 leak sites (a tube-style
 * listing each, on its own host) with 40 items apiece, answering after 40 ms, crawled by
 * 1, 2 and 3 worker processes that each run two site crawls at once (as a worker runs
 * `crawl.site` jobs). Politeness is the default one request at a time per host, with no
 * extra delay, kept in the database: the fake web records the most requests it ever saw
 * at once on one host. The web runs in its own process; each configuration gets a fresh
 * database. Prints pages/s, worker CPU per page (the database server's is not counted),
 * the scaling ratio to one worker and the largest concurrency per host.
 *
 *   npm run bench:crawl
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:crawl
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPostgres } from "../apps/server/src/db/client";
import { runMigrations } from "../apps/server/src/db/migrate";
import { CrawlRunner } from "../apps/server/src/modules/crawls/crawl-runner";
import { parseCrawlSettings } from "../apps/server/src/scanner/crawl/crawl-settings";
import { createGuardedFetcher } from "../apps/server/src/scanner/guarded-fetch";
import { loadLeakSiteCatalog } from "../apps/server/src/scanner/leak-site-catalog";
import { parseScannerSettings } from "../apps/server/src/scanner/scanner-settings";
import { startForwardProxy } from "@leakwarden/test-support/fake-web/forward-proxy";
import { startVirtualHostServer, type Site } from "@leakwarden/test-support/fake-web/virtual-host-server";

const SITES = 12;
const ITEMS = 40;
const PAGE_SIZE = 20;
const LATENCY_MS = 40;
const SLOTS_PER_WORKER = 2;
const CREATORS = 200;
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,2,3").split(",").map(Number);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const host = (s: number) => `tube-${s}.example`;

async function serveWeb(): Promise<void> {
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  let served = 0;
  const sites: Record<string, Site> = {};
  for (let s = 0; s < SITES; s++) {
    const h = host(s);
    const track =
      (fn: (url: URL) => { status: number; body: string }): Site[string] =>
      async (_req, res, url) => {
        const n = (inFlight.get(h) ?? 0) + 1;
        inFlight.set(h, n);
        maxInFlight.set(h, Math.max(maxInFlight.get(h) ?? 0, n));
        served++;
        await delay(LATENCY_MS);
        const { status, body } = fn(url);
        res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
        res.end(body);
        inFlight.set(h, (inFlight.get(h) ?? 1) - 1);
      };
    sites[h] = {
      "/robots.txt": track(() => ({ status: 404, body: "" })),
      "/videos/": track((url) => {
        const page = Number(url.searchParams.get("page") ?? 1);
        const ids = Array.from({ length: ITEMS }, (_, i) => ITEMS - 1 - i).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
        const more = page * PAGE_SIZE < ITEMS;
        return {
          status: 200,
          body: `<!doctype html><title>Videos</title>${ids.map((i) => `<div class="thumb"><a href="/video/${i}/clip-${i}/"><img src="/t/${i}.jpg" alt="clip ${i}"></a></div>`).join("")}${more ? `<a class="next" href="/videos/?page=${page + 1}">Next</a>` : ""}`,
        };
      }),
      "*": track((url) => {
        const i = Number(url.pathname.split("/")[2]);
        // Every tenth video names a creator, in a leak context.
        const named = i % 10 === 0 ? `creator_${(s * ITEMS + i) % CREATORS} onlyfans leaked, 40 videos: <a href="https://mega.nz/file/x${i}#k">mega</a>` : "A calm video of the sea.";
        return { status: 200, body: `<!doctype html><title>Clip ${i}</title><h1>Clip ${i}</h1><p>${named}</p><p>${"Waves and sand, filmed at dawn. ".repeat(60)}</p><video src="/v/${i}.mp4"></video>` };
      }),
    };
  }
  const server = await startVirtualHostServer(sites);
  const proxy = await startForwardProxy((h) => (sites[h] ? { host: "127.0.0.1", port: server.port } : null));
  process.send!({ proxyUrl: proxy.url });
  process.on("message", async (m: { cmd: string }) => {
    if (m.cmd === "reset") {
      served = 0;
      maxInFlight.clear();
      process.send!({ ok: true });
    } else if (m.cmd === "counts") {
      process.send!({ served, maxPerHost: Math.max(0, ...maxInFlight.values()) });
    } else {
      await proxy.close();
      await server.close();
      process.exit(0);
    }
  });
}

type WorkerArgs = { databaseUrl: string; proxyUrl: string; catalogPath: string; worker: number; workers: number };

async function worker(args: WorkerArgs): Promise<void> {
  const database = openPostgres(args.databaseUrl, 4);
  const all = { SCAN_PROXY_URL: args.proxyUrl, CRAWL_MIN_DELAY_MS: "0", CRAWL_PER_HOST_CONCURRENCY: "1", CRAWL_FIRST_LISTING_PAGES: "10", CRAWL_MAX_REQUESTS_PER_RUN: "10000" };
  const settings = { ...parseScannerSettings(all), ...parseCrawlSettings(all) };
  const catalog = await loadLeakSiteCatalog(args.catalogPath);
  const creators = Array.from({ length: CREATORS }, (_, i) => ({
    userId: `creator-${i}`,
    identity: { stageNames: [{ platform: "OnlyFans", username: `creator_${i}` }], nicknames: [], allowlist: [], specific: "" },
  }));
  const runner = new CrawlRunner({ db: database.db, fetcher: createGuardedFetcher(settings), settings, catalog, creators: async () => creators, holder: `bench-${args.worker}` });
  process.send!({ ready: true });
  await new Promise((r) => process.once("message", r));
  const cpu0 = process.cpuUsage();
  const slots = args.workers * SLOTS_PER_WORKER;
  let leaks = 0;
  let itemsRead = 0;
  await Promise.all(
    Array.from({ length: SLOTS_PER_WORKER }, async (_, s) => {
      const slot = args.worker * SLOTS_PER_WORKER + s;
      for (let site = slot; site < SITES; site += slots) {
        const r = await runner.run(`tube-${site}`);
        leaks += r.leaks;
        itemsRead += r.itemsRead;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  process.send!({ cpuMs: (cpu.user + cpu.system) / 1000, leaks, itemsRead });
  await database.close();
  process.exit(0);
}

function once<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once("message", (m) => resolve(m as T));
    child.once("error", reject);
  });
}

async function bench(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const web = fork(self, ["--serve-web"], { execArgv: ["--import", "tsx"] });
  const { proxyUrl } = await once<{ proxyUrl: string }>(web);
  // Users the findings belong to: the leak table's rows point at them.
  const dir = mkdtempSync(path.join(os.tmpdir(), "lw-crawl-bench-"));
  const catalogPath = path.join(dir, "catalog.json");
  writeFileSync(
    catalogPath,
    JSON.stringify({
      includeBuiltin: false,
      sites: Array.from({ length: SITES }, (_, s) => ({
        id: `tube-${s}`,
        name: `Tube ${s}`,
        domains: [host(s)],
        crawl: { family: "listing", entryPages: [`http://${host(s)}/videos/`], itemPattern: "/video/\\d+/", selectors: { next: "a.next" } },
      })),
    }),
  );

  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
  const perHostBound = 1000 / LATENCY_MS;
  console.log(`machine:       ${os.availableParallelism()} cores, load average ${load()} (1, 5, 15 min) before the runs`);
  console.log(`web:           ${SITES} sites × ${ITEMS} items (+${ITEMS / PAGE_SIZE} listing pages, robots.txt), ${LATENCY_MS} ms per answer; ${CREATORS} creators`);
  console.log(`politeness:    1 request at a time per host (PostgreSQL leases): at most ${perHostBound.toFixed(0)} pages/s per host`);
  const rows: { workers: number; pagesPerSecond: number; cpuMsPerPage: number; maxPerHost: number; pages: number; seconds: number; leaks: number }[] = [];
  for (const workers of WORKER_COUNTS) {
    const name = `lw_crawl_bench_${workers}_${process.pid}`;
    const admin = openPostgres(SERVER_URL, 1);
    await admin.executeSql(`drop database if exists "${name}"`);
    await admin.executeSql(`create database "${name}"`);
    await admin.close();
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    const database = openPostgres(url.href, 2);
    await runMigrations(database);
    await database.executeSql(
      `insert into "user" (id, name, email) select 'creator-' || i, 'c' || i, 'c' || i || '@example.com' from generate_series(0, ${CREATORS - 1}) i`,
    );
    await database.close();

    web.send({ cmd: "reset" });
    await once(web);
    const children = Array.from({ length: workers }, (_, w) =>
      fork(self, ["--worker", JSON.stringify({ databaseUrl: url.href, proxyUrl, catalogPath, worker: w, workers } satisfies WorkerArgs)], { execArgv: ["--import", "tsx"] }),
    );
    await Promise.all(children.map((c) => once(c)));
    const t0 = performance.now();
    const done = Promise.all(children.map((c) => once<{ cpuMs: number; leaks: number; itemsRead: number }>(c)));
    for (const c of children) c.send("go");
    const results = await done;
    const seconds = (performance.now() - t0) / 1000;
    web.send({ cmd: "counts" });
    const { served, maxPerHost } = await once<{ served: number; maxPerHost: number }>(web);
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)))));
    const cpuMs = results.reduce((n, r) => n + r.cpuMs, 0);
    const leaks = results.reduce((n, r) => n + r.leaks, 0);
    const itemsRead = results.reduce((n, r) => n + r.itemsRead, 0);
    rows.push({ workers, pagesPerSecond: served / seconds, cpuMsPerPage: cpuMs / served, maxPerHost, pages: served, seconds, leaks });
    console.log(
      `${workers} worker${workers > 1 ? "s" : " "}:     ${served} requests (${itemsRead} items read, ${leaks} leaks) in ${seconds.toFixed(2)} s = ${(served / seconds).toFixed(1)} pages/s; ` +
        `worker CPU ${(cpuMs / served).toFixed(2)} ms per page; most requests at once on one host: ${maxPerHost}`,
    );
    const cleanup = openPostgres(SERVER_URL, 1);
    await cleanup.executeSql(`drop database if exists "${name}"`);
    await cleanup.close();
  }
  const base = rows[0]!;
  for (const r of rows.slice(1)) console.log(`scaling:       ${r.workers} workers ÷ ${base.workers}: ${(r.pagesPerSecond / base.pagesPerSecond).toFixed(2)}× (ideal ${(r.workers / base.workers).toFixed(0)}×)`);
  console.log(`per host:      largest number of requests at once on one host: ${Math.max(...rows.map((r) => r.maxPerHost))} (setting 1); load average ${load()} after`);
  web.send({ cmd: "stop" });
  await new Promise((r) => web.once("exit", r));
}

const at = process.argv.indexOf("--worker");
if (process.argv.includes("--serve-web")) await serveWeb();
else if (at >= 0) await worker(JSON.parse(process.argv[at + 1]!) as WorkerArgs);
else await bench();
