/**
 * API latency under load: the leaks list (a creator with 10,000 leaks, 18 a page, pages and a
 * search) and /healthz in the same run, at a fixed arrival rate (open loop), through a real
 * HTTP server. Target: p99 ≤ 25 ms at 500 req/s on the leaks list (a PostgreSQL server;
 * PGlite is reported too).
 *
 *   npx tsx bench/api-bench.ts                     # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/api-bench.ts
 *   BENCH_RATE=500 BENCH_SECONDS=10 npx tsx bench/api-bench.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Pool } from "undici";
import { openDatabase } from "../apps/server/src/db/client";
import { runMigrations } from "../apps/server/src/db/migrate";
import { leak, scan } from "../apps/server/src/db/schema/scans";
import { loadEnv } from "../apps/server/src/env";
import { createLogger } from "../apps/server/src/lib/logger";
import { createServices } from "../apps/server/src/services";

const LEAKS = 10_000;
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MAX_IN_FLIGHT = 256;
const TARGET_P99_MS = 25;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-api-bench-"));
const env = loadEnv({ ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", AUTH_RATE_LIMIT_MAX: "100000", PUBLIC_URL: "http://localhost:3000" });
const database = await openDatabase({ DATABASE_URL: env.DATABASE_URL, dataDir });
await runMigrations(database);
const services = createServices(env, createLogger("silent"), database);
await services.queue.start();

// ---- A creator, signed up and confirmed the way a browser does it ----
const origin = env.publicUrl;
const cookies = new Map<string, string>();
async function call(p: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  if (init.method && init.method !== "GET") headers.set("origin", origin);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const res = await services.app.request(new URL(p, origin).toString(), { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : null, redirect: "manual" });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const i = pair!.indexOf("=");
    cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
  }
  return res;
}
const email = "bench@example.com";
await call("/api/auth/sign-up/email", { method: "POST", json: { email, password: "secret-pass", name: "", ageConfirmed: true } });
await services.queue.runDue(["email.send"]);
const outbox = path.join(dataDir, "outbox");
const mail = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))[0]!;
const link = mail.match(/https?:\/\/[^\s<>"]+\/api\/auth\/verify-email[^\s<>"]*/)![0];
await call(link);
const me = (await (await call("/v1/root/get-user")).json()) as { id: string };
await services.queue.stop();

// ---- 10,000 leaks, written directly (this is the bench, not the e2e) ----
const t0 = performance.now();
const [scanRow] = await database.db.insert(scan).values({ userId: me.id, trigger: "manual", status: "completed", phase: "done" }).returning();
const day = 86_400_000;
for (let start = 0; start < LEAKS; start += 500) {
  await database.db.insert(leak).values(
    Array.from({ length: Math.min(500, LEAKS - start) }, (_, k) => {
      const i = start + k;
      const seen = new Date(Date.now() - (i % 90) * day - i * 1000);
      const host = `leaks-${i % 40}.example`;
      return {
        userId: me.id,
        canonicalUrl: `https://${host}/luna_rivers/${i}`,
        url: `https://${host}/luna_rivers/${i}`,
        domain: host,
        title: `luna_rivers OnlyFans leaked pack ${i}`,
        category: i % 7 === 0 ? "social_media" : "leak_site",
        confidence: i % 10 === 5 ? "medium" : "high",
        status: i % 13 === 0 ? "dismissed" : "new",
        evidence: { matchedNames: ["luna_rivers"], snippet: `luna_rivers leaked pack ${i}`, signals: ["file-host link: mega.nz"], imageMatches: [] },
        firstScanId: scanRow!.id,
        lastScanId: scanRow!.id,
        firstSeenAt: seen,
        lastSeenAt: seen,
      };
    }),
  );
}
console.log(`seeded ${LEAKS} leaks in ${Math.round(performance.now() - t0)} ms (${database.engine})`);

// ---- A real server, loaded by an undici pool ----
const server = serve({ fetch: services.app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((r) => server.once("listening", r));
const port = (server.address() as AddressInfo).port;
const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 64, pipelining: 1 });
const cookieHeader = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");

interface Result {
  name: string;
  sent: number;
  ok: number;
  errors: number;
  dropped: number;
  seconds: number;
  latencies: number[];
}

async function load(name: string, nextPath: (i: number) => string, withCookie: boolean): Promise<Result> {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  let dropped = 0;
  let inFlight = 0;
  const total = RATE * SECONDS;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= MAX_IN_FLIGHT) {
      dropped++;
      continue;
    }
    inFlight++;
    const t = performance.now();
    pending.push(
      pool
        .request({ path: nextPath(i), method: "GET", headers: withCookie ? { cookie: cookieHeader } : {} })
        .then(async (res) => {
          await res.body.arrayBuffer();
          // Latency from when the request was due: queueing delay counts (no coordinated omission).
          latencies.push(performance.now() - Math.min(t, due));
          if (res.statusCode === 200) ok++;
          else errors++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => {
          inFlight--;
        }),
    );
  }
  await Promise.all(pending);
  return { name, sent: total - dropped, ok, errors, dropped, seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN);
const leaksPath = (i: number) => {
  const page = (i % 50) + 1;
  if (i % 10 === 0) return `/v1/leaks?page=1&pageSize=18&q=pack%20${i % LEAKS}`;
  if (i % 10 === 1) return `/v1/leaks?page=${page}&pageSize=18&status=new`;
  return `/v1/leaks?page=${page}&pageSize=18`;
};

// Warm up both paths, then measure each at the same rate, one after the other in this run.
await load("warm-up", (i) => (i % 2 ? "/healthz" : leaksPath(i)), true).catch(() => undefined);
const health = await load("/healthz", () => "/healthz", false);
const leaks = await load("/v1/leaks", leaksPath, true);

for (const r of [health, leaks]) {
  console.log(
    `${r.name.padEnd(10)} ${(r.ok / r.seconds).toFixed(0).padStart(5)} req/s  p50 ${pct(r.latencies, 50).toFixed(1).padStart(6)} ms  p99 ${pct(r.latencies, 99).toFixed(1).padStart(6)} ms  ok ${r.ok}  errors ${r.errors}  dropped ${r.dropped}`,
  );
}
const p99 = pct(leaks.latencies, 99);
console.log(`engine ${database.engine}; target ${RATE} req/s for ${SECONDS} s each`);
console.log(`leaks p99 / healthz p99: ${(p99 / pct(health.latencies, 99)).toFixed(2)}   leaks p50 / healthz p50: ${(pct(leaks.latencies, 50) / pct(health.latencies, 50)).toFixed(2)}`);
console.log(`leaks p99 ${p99.toFixed(1)} ms vs target ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS && leaks.errors === 0 && leaks.dropped === 0 ? "met" : "NOT met"}`);

await pool.close();
server.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
