/**
 * Scans at service scale: 100 creators start a scan at once over a local web of 10,000 pages
 * (100 leak pages each, answering after BENCH_PAGE_MS), run by 1 and then 3 worker processes of
 * the compiled server on one PostgreSQL database. Prints scans per hour, p50/p99 scan time (from
 * the scans' own start and finish times), the most database connections seen, and the scaling
 * ratio (3 workers ÷ 1). The bench makes its own database for each run and drops it after.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:load
 *   BENCH_CREATORS=100 BENCH_PAGES_EACH=100 BENCH_WORKERS=1,3 npm run bench:load
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { openPostgres } from "../apps/server/src/db/client";
import { runMigrations } from "../apps/server/src/db/migrate";
import { user } from "../apps/server/src/db/schema/auth";
import { stageName } from "../apps/server/src/db/schema/identities";
import { loadEnv } from "../apps/server/src/env";
import { createLogger } from "../apps/server/src/lib/logger";
import { createServices } from "../apps/server/src/services";
import { leakPage, localScanSettings } from "@leakwarden/test-support/fake-web/local-search-web";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CREATORS = Number(process.env.BENCH_CREATORS ?? 100);
const PAGES_EACH = Number(process.env.BENCH_PAGES_EACH ?? 100);
const PAGE_MS = Number(process.env.BENCH_PAGE_MS ?? 20);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,3").split(",").map(Number);
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const nameOf = (i: number) => `loadcreator_${String(i).padStart(3, "0")}`;
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

async function startWeb(): Promise<{ origin: string; close: () => void; served: () => number }> {
  let served = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (url.pathname === "/search") {
      const q = url.searchParams.get("q") ?? "";
      const i = Number(/loadcreator_(\d+)/.exec(q)?.[1] ?? -1);
      const results =
        i >= 0 && url.searchParams.get("pageno") !== "2"
          ? Array.from({ length: PAGES_EACH }, (_, p) => ({ url: `${origin}/${nameOf(i)}/${p}`, title: `${nameOf(i)} leaked ${p}`, content: "" }))
          : [];
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ query: q, results, unresponsive_engines: [] }));
      return;
    }
    served++;
    const name = url.pathname.split("/")[1] ?? "";
    setTimeout(() => {
      res.setHeader("content-type", "text/html");
      res.end(leakPage(name));
    }, PAGE_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close(), served: () => served };
}

async function run(workerCount: number, webOrigin: string) {
  const dbName = `lw_bench_load_${Date.now().toString(36)}`;
  const admin = openPostgres(serverUrl!, 1);
  await admin.executeSql(`create database "${dbName}"`);
  const url = new URL(serverUrl!);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const database = openPostgres(databaseUrl, 4);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-load-"));
  const workers: ChildProcess[] = [];
  try {
    await runMigrations(database);
    const settings: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_SECRET: "load-bench-auth-secret-0123456789abcdef",
      JOB_POLL_SECONDS: "0.5",
      // Production refuses to start without the agent's contact (notices carry it).
      AGENT_ADDRESS: "1 Bench Street, Wilmington, DE 19801, USA",
      AGENT_PHONE: "+1 302 555 0100",
      AGENT_EMAIL: "dmca@leakwarden.com",
      ...localScanSettings({ origin: webOrigin }, { SCAN_MAX_QUERIES: "1", SCAN_SEARCH_PAGES: "1", SCAN_PER_HOST_CONCURRENCY: "8", SCAN_MAX_PAGES: String(PAGES_EACH + 10) }),
    };
    // The creators and their scans, queued as 'Start Manual Scan' queues them.
    const env = loadEnv({ ...settings, SERVICES: "api", NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" });
    const services = createServices(env, createLogger("warn"), database);
    await services.queue.start();
    const ids = Array.from({ length: CREATORS }, () => randomUUID());
    await database.db.insert(user).values(ids.map((id, i) => ({ id, name: nameOf(i), email: `${nameOf(i)}@example.com`, emailVerified: true, ageConfirmed: true })));
    await database.db.insert(stageName).values(ids.map((id, i) => ({ userId: id, platformId: 1, username: nameOf(i), usernameKey: nameOf(i) })));
    for (const id of ids) await services.scans.start(id, "manual");
    await services.queue.stop();

    let maxConnections = 0;
    const sampler = setInterval(() => {
      void admin
        .executeSql(`select count(*)::int as n from pg_stat_activity where datname = $1`, [dbName])
        .then((r) => (maxConnections = Math.max(maxConnections, Number(r.rows[0]?.n ?? 0))))
        .catch(() => undefined);
    }, 250);
    const started = Date.now();
    const cpuBefore = os.cpus().reduce((sum, c) => sum + c.times.user + c.times.sys, 0);
    for (let w = 0; w < workerCount; w++) {
      workers.push(
        spawn(process.execPath, [path.join(root, "apps/server/dist/main.mjs")], {
          cwd: root,
          env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...settings, SERVICES: "worker", PORT: "0" },
          stdio: "ignore",
        }),
      );
    }
    for (;;) {
      const { rows } = await database.executeSql(`select count(*) filter (where status in ('completed', 'failed', 'cancelled'))::int as done from scan`);
      if (Number(rows[0]?.done) >= CREATORS) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    clearInterval(sampler);
    // From the first scan's start to the last one's end: the workers' start-up is not scan work.
    const span = await database.executeSql(`select extract(epoch from (max(finished_at) - min(started_at))) * 1000 as ms from scan`);
    const wallMs = Number(span.rows[0]?.ms ?? Date.now() - started);
    const cpuMs = os.cpus().reduce((sum, c) => sum + c.times.user + c.times.sys, 0) - cpuBefore;
    const scans = (await database.executeSql(`select status, extract(epoch from (finished_at - started_at)) * 1000 as ms, leaks_found from scan`)).rows;
    const durations = scans.map((s) => Number(s.ms)).sort((a, b) => a - b);
    const complete = scans.filter((s) => s.status === "completed" && Number(s.leaks_found) === PAGES_EACH).length;
    return { workerCount, wallMs, scansPerHour: (CREATORS / wallMs) * 3_600_000, p50: pct(durations, 50), p99: pct(durations, 99), maxConnections, complete, cpuMs };
  } finally {
    for (const w of workers) w.kill("SIGTERM");
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.on("exit", r)))));
    await database.close();
    await admin.executeSql(`drop database if exists "${dbName}" with (force)`);
    await admin.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!serverUrl) {
    console.log("bench:load needs a PostgreSQL server: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).");
    return;
  }
  execFileSync(process.execPath, [path.join(root, "scripts/build.mjs"), "server"], { stdio: "inherit" });
  const web = await startWeb();
  console.log(`bench:load — ${CREATORS} creators' scans at once over ${CREATORS * PAGES_EACH} pages (${PAGE_MS} ms each), PostgreSQL; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  const results = [];
  for (const n of WORKER_COUNTS) {
    const r = await run(n, web.origin);
    results.push(r);
    console.log(
      `  ${n} worker process${n === 1 ? "" : "es"}: ${r.scansPerHour.toFixed(0)} scans/hour (${(r.wallMs / 1000).toFixed(1)} s for ${CREATORS}), scan time p50 ${(r.p50 / 1000).toFixed(2)} s, p99 ${(r.p99 / 1000).toFixed(2)} s, ` +
        `${r.complete}/${CREATORS} complete with every page found, at most ${r.maxConnections} database connections, machine CPU ${(r.cpuMs / 1000).toFixed(1)} s`,
    );
  }
  const one = results.find((r) => r.workerCount === 1);
  for (const r of results) if (one && r !== one) console.log(`  scaling ratio ${r.workerCount} ÷ 1 workers: ${(r.scansPerHour / one.scansPerHour).toFixed(2)} (ideal ${r.workerCount}; this machine has ${os.cpus().length} cores)`);
  console.log(`  load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  web.close();
}

await main();
