import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { leakPage, localScanSettings } from "@leakwarden/test-support/fake-web/local-search-web";
import { freePort, listenOnLoopback } from "@leakwarden/test-support/loopback";
import { buildServer, launchServerProcess, startServerProcess, until, type ServerProcess } from "@leakwarden/test-support/server-process";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { firstLink, readOutbox } from "@leakwarden/test-support/test-services";

// The service as it runs on PostgreSQL at scale: 2 API processes and 3 worker processes of the
// compiled server on one database. Scans spread over the workers; a worker killed in the middle
// of a scan leaves it to another, which finishes it with every finding once; the API processes
// share sessions and rate limits.

const config = inject("testDb");
const CREATORS = ["ava_lumen", "bea_lumen", "cora_lumen", "dina_lumen"];
const PAGES = 24;

describe.skipIf(config.engine !== "postgres")("two API and three worker processes on one PostgreSQL database", { timeout: 240_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-scale-"));
  const processes: ServerProcess[] = [];
  const workers: ServerProcess[] = [];
  let web: http.Server;
  let apiA: string;
  let apiB: string;
  let publicUrl: string;
  const cookies = new Map<string, string>();
  // Pages past the fourth of each scan wait here until a worker has been killed, so every scan is
  // surely part way through when the test picks its victim, however slow the machine.
  let openGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const HELD_FROM_PAGE = 4;

  beforeAll(async () => {
    buildServer();
    // A web whose pages answer slowly enough that a scan is still running when its worker is killed.
    web = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const origin = `http://127.0.0.1:${(web.address() as { port: number }).port}`;
      if (url.pathname === "/search") {
        const name = CREATORS.find((n) => (url.searchParams.get("q") ?? "").includes(n));
        const results = name && url.searchParams.get("pageno") !== "2"
          ? Array.from({ length: PAGES }, (_, i) => ({ url: `${origin}/${name}/${i}`, title: `${name} leaked ${i}`, content: "" }))
          : [];
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ query: url.searchParams.get("q"), results, unresponsive_engines: [] }));
        return;
      }
      const [, name = "", page = "0"] = url.pathname.split("/");
      const held = Number(page) >= HELD_FROM_PAGE ? gate : Promise.resolve();
      void held.then(() =>
        setTimeout(() => {
          res.setHeader("content-type", "text/html");
          res.end(leakPage(name));
        }, 400),
      );
    });
    const { origin: webOrigin } = await listenOnLoopback(web);

    const database = await openTestDatabase();
    const databaseUrl = database.connectionString!;
    await database.close();

    const [portA, portB] = [await freePort(), await freePort()];
    apiA = `http://localhost:${portA}`;
    apiB = `http://localhost:${portB}`;
    publicUrl = apiA;
    const shared = {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "3",
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: "scale-out-test-auth-secret-0123456789",
      AUTH_RATE_LIMIT_MAX: "3",
      // The test's own requests name their client through the proxy header.
      TRUSTED_PROXIES: "127.0.0.1,::1",
      JOB_POLL_SECONDS: "0.5",
      JOB_SUPERVISE_SECONDS: "2",
      SCAN_HEARTBEAT_SECONDS: "10",
      SCAN_RETRY_DELAY_SECONDS: "1",
      ...localScanSettings({ origin: webOrigin }, { SCAN_MAX_QUERIES: "1", SCAN_SEARCH_PAGES: "1", SCAN_PER_HOST_CONCURRENCY: "2", SCAN_CONCURRENCY: "2", SCAN_FETCH_TIMEOUT_MS: "120000" }),
      LOG_LEVEL: "info",
    };
    const [a, b] = await Promise.all([
      launchServerProcess({ ...shared, SERVICES: "api", PORT: String(portA) }, apiA),
      launchServerProcess({ ...shared, SERVICES: "api", PORT: String(portB) }, apiB),
    ]);
    processes.push(a, b);
    for (let i = 0; i < 3; i++) {
      const worker = startServerProcess({ ...shared, SERVICES: "worker", PORT: "0" });
      workers.push(worker);
      processes.push(worker);
    }
  });

  afterAll(async () => {
    openGate();
    for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGKILL");
    web?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (api: string, route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api}${route}`, { method: "POST", headers: { "content-type": "application/json", origin: publicUrl, ...headers }, body: JSON.stringify(body) });

  it("signs creators up through one API process and keeps them signed in on the other", async () => {
    await Promise.all(
      CREATORS.map(async (name, i) => {
        const email = `${name}@example.com`;
        // Each creator from her own address (sign-ups are limited per address).
        const signUp = await post(apiA, "/api/auth/sign-up/email", { email, password: "secret-pass", name: "", ageConfirmed: true }, { "x-forwarded-for": `198.51.100.${i + 1}` });
        expect(signUp.status).toBe(200);
        // A worker process sends the confirmation email.
        const link = await until(`${name}'s confirmation email`, () => {
          const mail = readOutbox(dataDir).find((m) => m.to.includes(email));
          return mail ? firstLink(mail.text, "/api/auth/verify-email") : undefined;
        });
        const confirm = await fetch(link.replace(publicUrl, apiB), { redirect: "manual" });
        expect(confirm.status).toBe(302);
        const cookie = confirm.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
        cookies.set(name, cookie);
        const me = await fetch(`${apiA}/v1/root/get-user`, { headers: { cookie } });
        expect(me.status).toBe(200);
        expect(await me.json()).toMatchObject({ email });
      }),
    );
  });

  it("holds a sign-in limit reached through one API process on the other", async () => {
    const attempt = (api: string) =>
      post(api, "/api/auth/sign-in/email", { email: "ava_lumen@example.com", password: "wrong-pass" }, { "x-forwarded-for": "203.0.113.77" }).then((r) => r.status);
    expect([await attempt(apiA), await attempt(apiB), await attempt(apiA), await attempt(apiB)]).toEqual([401, 401, 401, 429]);
    // Another address is not held back.
    const other = await post(apiB, "/api/auth/sign-in/email", { email: "ava_lumen@example.com", password: "wrong-pass" }, { "x-forwarded-for": "203.0.113.78" });
    expect(other.status).toBe(401);
  });

  it("spreads scans over the workers, and a scan whose worker is killed finishes on another with every finding once", async () => {
    const scanIds = new Map<string, string>();
    for (const name of CREATORS) {
      const cookie = cookies.get(name)!;
      const api = scanIds.size % 2 === 0 ? apiA : apiB;
      expect((await post(api, "/v1/root/update-profile-all", { platforms: { onlyfans: name } }, { cookie })).status).toBe(200);
      const started = await post(api, "/v1/scans", {}, { cookie });
      expect(started.status).toBe(202);
      scanIds.set(name, ((await started.json()) as { id: string }).id);
    }
    const runnerOf = (scanId: string) => workers.find((w) => w.output().includes(`"scanId":"${scanId}"`));

    // The first scan to have read pages: its worker is killed outright.
    const [victimName, victimScan] = await until("a scan part way through", async () => {
      for (const [name, id] of scanIds) {
        const scan = (await (await fetch(`${apiA}/v1/scans/${id}`, { headers: { cookie: cookies.get(name)! } })).json()) as { status: string; progress: { pagesDone: number } };
        if (scan.status === "running" && scan.progress.pagesDone > 2 && runnerOf(id)) return [name, id] as const;
      }
      return undefined;
    });
    const victim = runnerOf(victimScan)!;
    victim.child.kill("SIGKILL");
    await victim.exited;
    openGate();

    for (const [name, id] of scanIds) {
      const cookie = cookies.get(name)!;
      const scan = await until(
        `${name}'s scan to finish`,
        async () => {
          const s = (await (await fetch(`${apiB}/v1/scans/${id}`, { headers: { cookie } })).json()) as { status: string; stats: { leaksFound: number } };
          return s.status === "completed" ? s : undefined;
        },
        150_000,
      );
      expect(scan.stats.leaksFound, name).toBe(PAGES);
      // Every page once in her list, none of another creator's.
      const leaks = (await (await fetch(`${apiA}/v1/leaks?pageSize=100`, { headers: { cookie } })).json()) as { total: number; items: { url: string }[] };
      expect(leaks.total, name).toBe(PAGES);
      expect(new Set(leaks.items.map((l) => l.url)).size).toBe(leaks.items.length);
      expect(leaks.items.every((l) => l.url.includes(`/${name}/`))).toBe(true);
    }

    // The killed worker's scan was finished by another worker, and the scans ran on more than one.
    const survivors = workers.filter((w) => w !== victim);
    expect(survivors.some((w) => w.output().includes(`"scanId":"${victimScan}"`))).toBe(true);
    const ranOn = new Set([...scanIds.values()].flatMap((id) => workers.filter((w) => w.output().includes(`"scanId":"${id}"`))));
    expect(ranOn.size, `${victimName}'s scan and the others ran on ${ranOn.size} workers`).toBeGreaterThanOrEqual(2);
  });
});
