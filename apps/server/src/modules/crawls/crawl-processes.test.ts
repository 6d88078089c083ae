import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../db/client";
import { crawlItem } from "../../db/schema/crawls";
import { repoRoot } from "../../env";
import { startCrawlFixtureWeb, type CrawlFixtureWeb } from "@leakwarden/test-support/fake-web/crawl-fixture-web";
import { buildServer } from "@leakwarden/test-support/server-process";
import { openTestDatabase } from "@leakwarden/test-support/test-database";

const config = inject("testDb");
const cli = path.join(repoRoot, "apps/server/dist/cli.mjs");

describe.skipIf(config.engine !== "postgres")("three crawl processes on one PostgreSQL database", { timeout: 180_000 }, () => {
  let web: CrawlFixtureWeb;
  let database: Database;
  let settings: Record<string, string>;

  beforeAll(async () => {
    buildServer();
    web = await startCrawlFixtureWeb({ latencyMs: 30 });
    database = await openTestDatabase();
    // A creator with her stage name, as the identities page stores it (OnlyFans is platform 1).
    await database.executeSql(`insert into "user" (id, name, email) values ('luna', 'Luna', 'luna@example.com')`);
    await database.executeSql(`insert into stage_name (user_id, platform_id, username, username_key) values ('luna', 1, 'luna_rivers', 'luna_rivers')`);
    settings = {
      ...web.settings,
      PATH: process.env.PATH ?? "",
      HOME: os.tmpdir(),
      DATABASE_URL: database.connectionString!,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lw-crawl-proc-")),
      LOG_LEVEL: "silent",
      // Short request limit: a killed process's claims and slots run out after 2 × 1 s + 10 s.
      SCAN_FETCH_TIMEOUT_MS: "1000",
      CRAWL_PER_HOST_CONCURRENCY: "1",
      CRAWL_MIN_DELAY_MS: "250",
    };
  });
  afterAll(async () => {
    await web?.close();
    await database?.close();
  });

  const crawlOnce = (site: string) => {
    const child = spawn(process.execPath, [cli, "crawl", "--site", site, "--once", "--json"], { cwd: repoRoot, env: settings, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) => child.on("close", (code, signal) => resolve({ code, signal, out })));
    return { child, exited };
  };

  it("share the tube site's items and its one-request-per-host limit; one killed mid-crawl loses nothing", async () => {
    const host = web.hosts.tube;
    const procs = [crawlOnce("cliptube"), crawlOnce("cliptube"), crawlOnce("cliptube")];
    // Kill one that is still crawling (SIGKILL: no clean-up) once the crawl is reading items.
    // (A process that finds nothing left to claim is done at once: the others hold the work.)
    const killed = await new Promise<number>((resolve) => {
      const iv = setInterval(() => {
        if (web.itemRequests().length < 3) return;
        const victim = procs.findIndex((p) => p.child.exitCode === null && p.child.signalCode === null);
        if (victim >= 0) procs[victim]!.child.kill("SIGKILL");
        clearInterval(iv);
        resolve(victim);
      }, 5);
    });
    expect(killed).toBeGreaterThanOrEqual(0);
    const results = await Promise.all(procs.map((p) => p.exited));
    expect(results[killed]!.signal).toBe("SIGKILL");
    for (const r of results.filter((_, i) => i !== killed)) expect(r.code, r.out).toBe(0);

    // What the killed process held (an item's claim, a host slot, the listing) runs out; the next run finishes the site.
    await new Promise((r) => setTimeout(r, 12_500));
    const last = await crawlOnce("cliptube").exited;
    expect(last.code, last.out).toBe(0);

    const items = await database.db.select().from(crawlItem).where(eq(crawlItem.siteId, "cliptube"));
    expect(items.length).toBe(9);
    expect(items.filter((i) => i.status !== "done").map((i) => `${i.key} ${i.status}`)).toEqual([]);
    // Every video page was read; only one the kill cut short may have been asked twice.
    const reads = web.itemRequests();
    const counts = new Map<string, number>();
    for (const r of reads) counts.set(r, (counts.get(r) ?? 0) + 1);
    expect(counts.size).toBe(9);
    expect([...counts.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1);
    expect(web.maxInFlight.get(host)).toBe(1);
    // Her leaked video is in her leaks list, found once, by the crawl.
    const { rows } = await database.executeSql("select canonical_url, evidence->'discovery'->>'text' as how from leak where user_id = 'luna'");
    expect(rows).toEqual([{ canonical_url: "http://www.cliptube.example/video/5001/luna-rivers-leaked-video/", how: "new page on ClipTube" }]);
  });
});
