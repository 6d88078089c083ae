import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scan } from "../../db/schema/scans";
import { localScanSettings } from "@leakwarden/test-support/fake-web/local-search-web";
import { listenOnLoopback } from "@leakwarden/test-support/loopback";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { eq } from "drizzle-orm";
import { requestScanCancel } from "./scans.repository";

describe("a scan whose worker died", () => {
  let services: TestServices;
  let server: http.Server;
  let ava: TestClient;
  let pagesServed = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (req.url?.startsWith("/search")) {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ query: "q", results: [1, 2, 3].map((i) => ({ url: `${origin}/p${i}`, title: `p${i}`, content: "" })), unresponsive_engines: [] }));
        return;
      }
      pagesServed++;
      res.setHeader("content-type", "text/html");
      res.end(`<html><head><title>nova_skye leaked pack ${req.url}</title></head><body><h1>nova_skye onlyfans leaked</h1><p>Free download of the nova_skye leaked videos.</p><a href="https://mega.nz/folder/x">mega</a></body></html>`);
    });
    const { origin } = await listenOnLoopback(server);
    services = await createTestServices(localScanSettings({ origin }, { SCAN_MAX_QUERIES: "1" }));
    ava = await signUpAndConfirm(services, "nova@example.com");
    await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "nova_skye" } });
  });
  afterAll(async () => {
    await services?.close();
    server?.close();
  });

  it("completes when its job runs again, keeping what was stored and adding no duplicate", async () => {
    const { id } = await (await ava.post("/v1/scans", {})).json();
    await services.queue.runDue(["scan.run"]);
    const first = await (await ava.get("/v1/leaks")).json();
    expect(first.total).toBe(3);

    // The worker died after storing its findings but before finishing: the scan is still "running".
    await services.database.db.update(scan).set({ status: "running", finishedAt: null }).where(eq(scan.id, id));
    const servedBefore = pagesServed;
    await services.scans.execute(id);

    const after = await (await ava.get(`/v1/scans/${id}`)).json();
    expect(after.status).toBe("completed");
    expect(pagesServed).toBeGreaterThan(servedBefore);
    const leaks = await (await ava.get("/v1/leaks")).json();
    expect(leaks.total).toBe(3);
    expect(leaks.items.map((l: { firstSeenAt: string }) => l.firstSeenAt).sort()).toEqual(first.items.map((l: { firstSeenAt: string }) => l.firstSeenAt).sort());
  });

  it("reopens a removed link that a later scan finds again, keeping one row per page", async () => {
    const userId = (await (await ava.get("/v1/root/get-user")).json()).id as string;
    const before = (await (await ava.get("/v1/leaks")).json()).items as Array<{ id: string; url: string; firstSeenAt: string; status: string }>;
    const gone = before[0]!;
    await services.scans.markLeakTakedown(gone.id, "removed", new Date());
    expect((await (await ava.get("/v1/leaks?status=removed")).json()).total).toBe(1);

    const later = await services.scans.start(userId, "monitoring");
    await services.scans.execute(later.id);
    const after = (await (await ava.get("/v1/leaks")).json()).items as typeof before;
    expect(after).toHaveLength(before.length);
    expect(after.find((l) => l.id === gone.id)).toMatchObject({ status: "new", firstSeenAt: gone.firstSeenAt, url: gone.url });
    expect((await (await ava.get("/v1/leaks?status=removed")).json()).total).toBe(0);
  });

  it("refuses to cancel a scan that has finished", async () => {
    const row = (await services.database.db.select().from(scan).where(eq(scan.userId, (await (await ava.get("/v1/root/get-user")).json()).id)))[0]!;
    const res = await ava.post(`/v1/scans/${row.id}/cancel`, {});
    expect(res.status).toBe(409);
  });

  it("writes no stop request onto a scan that finished just before the request", async () => {
    const row = (await services.database.db.select().from(scan).where(eq(scan.userId, (await (await ava.get("/v1/root/get-user")).json()).id)))[0]!;
    expect(row.status).toBe("completed");
    expect(await requestScanCancel(services.database.db, row.id, new Date())).toBe(false);
    const [after] = await services.database.db.select().from(scan).where(eq(scan.id, row.id));
    expect(after).toMatchObject({ status: "completed", cancelRequestedAt: null });
  });
});

describe("cancelling a scan", () => {
  let services: TestServices;
  let server: http.Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (req.url?.startsWith("/search")) {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ query: "q", results: ["/leak", "/slow1", "/slow2"].map((p) => ({ url: `${origin}${p}`, title: p, content: "" })), unresponsive_engines: [] }));
        return;
      }
      if (req.url === "/leak") {
        res.setHeader("content-type", "text/html");
        res.end(`<html><head><title>mira_vale onlyfans leaked</title></head><body><h1>mira_vale leaked</h1><a href="https://mega.nz/folder/m">mega</a></body></html>`);
        return;
      }
      // Other pages never answer: the scan stays running until it is cancelled.
    });
    server.on("connection", (s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
    const { origin } = await listenOnLoopback(server);
    services = await createTestServices(localScanSettings({ origin }, { SCAN_MAX_QUERIES: "1", SCAN_SEARCH_PAGES: "1", SCAN_FETCH_TIMEOUT_MS: "120000" }));
  });
  afterAll(async () => {
    await services?.close();
    for (const s of sockets) s.destroy();
    server?.close();
  });

  it("stops a running scan, keeping what it stored", async () => {
    const mira = await signUpAndConfirm(services, "mira@example.com");
    await mira.post("/v1/root/update-profile-all", { platforms: { onlyfans: "mira_vale" } });
    const { id } = await (await mira.post("/v1/scans", {})).json();
    const running = services.scans.execute(id);

    let view = await (await mira.get(`/v1/scans/${id}`)).json();
    for (let i = 0; i < 200 && !(view.status === "running" && view.progress.pagesDone >= 1); i++) {
      await new Promise((r) => setTimeout(r, 50));
      view = await (await mira.get(`/v1/scans/${id}`)).json();
    }
    expect(view).toMatchObject({ status: "running", progress: { pagesPlanned: 3, pagesDone: 1 } });
    expect((await mira.post("/v1/scans", {})).status).toBe(409);

    const cancel = await mira.post(`/v1/scans/${id}/cancel`, {});
    expect(cancel.status).toBe(200);
    await running;

    const after = await (await mira.get(`/v1/scans/${id}`)).json();
    expect(after).toMatchObject({ status: "cancelled", outcome: "aborted" });
    expect(after.finishedAt).not.toBeNull();
    // The engine searched on her behalf: the scan counts against her month.
    expect((await (await mira.get("/v1/scans/latest")).json()).quota).toMatchObject({ limit: 1, used: 1, per: "month", nextAvailableAt: expect.any(String) });
    expect((await (await mira.get("/v1/billing")).json()).usage.manualScans).toMatchObject({ use: 1, limit: 1 });
    const again = await mira.post("/v1/scans", {});
    expect(again.status).toBe(403);
    expect((await again.json()).error).toMatchObject({ code: "QUOTA_EXCEEDED", details: { resource: "manualScans", limit: 1, use: 1 } });
    const leaks = await (await mira.get("/v1/leaks")).json();
    expect(leaks.items.map((l: { url: string }) => new URL(l.url).pathname)).toEqual(["/leak"]);
    // Another user cannot cancel it, nor see it.
    const other = await signUpAndConfirm(services, "other@example.com");
    expect((await other.post(`/v1/scans/${id}/cancel`, {})).status).toBe(404);
  });

  it("cancels a queued scan at once; its job then does nothing", async () => {
    const noor = await signUpAndConfirm(services, "noor@example.com");
    await noor.post("/v1/root/update-profile-all", { platforms: { onlyfans: "noor_sky" } });
    const { id } = await (await noor.post("/v1/scans", {})).json();
    expect((await (await noor.get("/v1/scans/latest")).json()).quota).toMatchObject({ limit: 1, used: 1 });
    const cancelled = await (await noor.post(`/v1/scans/${id}/cancel`, {})).json();
    expect(cancelled.status).toBe("cancelled");
    await services.queue.runDue(["scan.run"]);
    const after = await (await noor.get(`/v1/scans/${id}`)).json();
    expect(after).toMatchObject({ status: "cancelled", startedAt: null, stats: { linksChecked: 0 } });
  });

  it("does not count a scan cancelled while queued against the plan: she can start another", async () => {
    const lena = await signUpAndConfirm(services, "lena@example.com");
    await lena.post("/v1/root/update-profile-all", { platforms: { onlyfans: "lena_moss" } });
    const { id } = await (await lena.post("/v1/scans", {})).json();
    expect((await lena.post(`/v1/scans/${id}/cancel`, {})).status).toBe(200);

    const latest = await (await lena.get("/v1/scans/latest")).json();
    expect(latest.scan).toMatchObject({ id, status: "cancelled", startedAt: null });
    expect(latest.quota).toEqual({ limit: 1, used: 0, per: "month", nextAvailableAt: null, upgradeTo: "starter" });
    expect((await (await lena.get("/v1/billing")).json()).usage.manualScans).toEqual({ use: 0, limit: 1, per: "month", resetsAt: null });

    const next = await lena.post("/v1/scans", {});
    expect(next.status).toBe(202);
    const second = await next.json();
    expect((await (await lena.get("/v1/scans/latest")).json()).quota).toMatchObject({ used: 1 });
    // Cancelled while queued too: her month's scan is still there.
    expect((await lena.post(`/v1/scans/${second.id}/cancel`, {})).status).toBe(200);
    expect((await (await lena.get("/v1/scans/latest")).json()).quota).toMatchObject({ used: 0, nextAvailableAt: null });
  });
});
