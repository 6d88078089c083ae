import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scan } from "../../db/schema/scans";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "../../testing/test-services";
import { eq } from "drizzle-orm";

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
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    services = await createTestServices({
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: origin,
      SCAN_ALLOW_PRIVATE_NETWORKS: "true",
      SCAN_REDDIT_SEARCH: "false",
      SCAN_LEAK_SITE_SEARCH: "false",
      SCAN_MAX_QUERIES: "1",
    });
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

  it("stops a running scan when the creator cancels it", async () => {
    const row = (await services.database.db.select().from(scan).where(eq(scan.userId, (await (await ava.get("/v1/root/get-user")).json()).id)))[0]!;
    // A finished scan cannot be cancelled.
    const res = await ava.post(`/v1/scans/${row.id}/cancel`, {});
    expect(res.status).toBe(409);
  });
});
