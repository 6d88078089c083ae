import type { LinkedFrom } from "@leakwarden/contracts/leak-evidence";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takedown } from "../../db/schema/takedowns";
import { startForwardProxy, type ForwardProxy } from "@leakwarden/fake-network/forward-proxy";
import { json, startVirtualHostServer, type VirtualHostServer } from "@leakwarden/fake-network/virtual-host-server";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { recheckJob } from "./takedowns.job-definitions";

// A sent notice's file-host links, re-checked: the file host's own interface says whether the
// file is gone (its page never names her, so "no names on the page" must not count as removed).
// The hosts are fakes on 127.0.0.1 behind the test proxy.
describe("re-checking file-host links", () => {
  let web: VirtualHostServer;
  let proxy: ForwardProxy;
  let services: TestServices;
  let luna: TestClient;

  beforeAll(async () => {
    web = await startVirtualHostServer({
      "pixeldrain.com": {
        "/api/file/Gone1234/info": json({ success: false, value: "not_found" }, 404),
        "/api/file/Live1234/info": json({ success: true, id: "Live1234" }),
      },
      "api.gofile.io": { "/contents/LiveGo1": json({ status: "ok", data: { id: "LiveGo1" } }) },
    });
    proxy = await startForwardProxy((host) => (["pixeldrain.com", "api.gofile.io"].includes(host) ? { host: "127.0.0.1", port: web.port } : null));
    services = await createTestServices(
      { SCAN_PROXY_URL: proxy.url, SCAN_FETCH_TIMEOUT_MS: "3000" },
      { serviceOptions: { fileHostEndpoints: { pixeldrain: "http://pixeldrain.com", gofileApi: "http://api.gofile.io", megaApi: "http://g.api.mega.co.nz", scheme: "http" } } },
    );
    luna = await signUpAndConfirm(services, "luna-recheck@example.com");
  });
  afterAll(async () => {
    await services?.close();
    await proxy?.close();
    await web?.close();
  });

  it("marks the deleted pixeldrain file removed and keeps the live gofile folder sent", async () => {
    const userId = (await (await luna.get("/api/auth/get-session")).json()).user.id as string;
    const linkedFrom = { pageUrl: "http://forum.example/t/1", pageTitle: "", matchedBy: "name", matchedNames: ["luna_rivers"], service: "pixeldrain", kind: "file", keyOnPage: false } satisfies LinkedFrom;
    const urls = ["https://pixeldrain.com/u/Gone1234", "https://gofile.io/d/LiveGo1"];
    const leakIds = await seedLeaks(
      services.database.db,
      userId,
      urls.map((url) => ({ url, seenAt: new Date(), title: "", evidence: { matchedNames: [], imageMatches: [], signals: ["linked from http://forum.example/t/1 where your name matched"], linkedFrom } })),
    );
    const sentAt = new Date(Date.now() - 2 * 3_600_000);
    const dueAt = new Date(Date.now() - 60_000);
    const rows = await services.database.db
      .insert(takedown)
      .values(urls.map((url, i) => ({ userId, leakId: leakIds[i]!, url, domain: new URL(url).hostname, status: "sent" as const, lastSentAt: sentAt, nextCheckAt: dueAt, createdAt: sentAt, updatedAt: sentAt })))
      .returning({ id: takedown.id });
    for (const r of rows) await services.queue.send(recheckJob, { takedownId: r.id, dueAt: dueAt.toISOString() });
    await services.queue.runDue(["takedowns.recheck"]);

    const [gone, live] = await Promise.all(rows.map(async (r) => (await luna.get(`/v1/takedowns/${r.id}`)).json()));
    expect(gone.status).toBe("removed");
    expect(JSON.stringify(gone)).toContain("pixeldrain says the file does not exist");
    expect(live.status).toBe("sent");
    const removed = (await (await luna.get("/v1/leaks?status=removed")).json()).items.map((l: { id: string }) => l.id);
    expect(removed).toEqual([leakIds[0]]);
  });
});
