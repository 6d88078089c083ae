import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leakPage, localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "@leakwarden/test-support/fake-web/local-search-web";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

const interviewPage = (name: string) => `<!doctype html><html><head><title>An interview with ${name}</title></head><body>
<article><h1>Meet ${name}</h1><p>We talked with ${name} about her photography and her official page at <a href="https://onlyfans.com/${name}">onlyfans.com/${name}</a>.</p></article></body></html>`;

describe("scans", () => {
  let services: TestServices;
  let web: LocalSearchWeb;
  let ava: TestClient;
  let bea: TestClient;

  beforeAll(async () => {
    web = await startLocalSearchWeb();
    services = await createTestServices(localScanSettings(web));
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });
  });
  afterAll(async () => {
    await services?.close();
    await web?.close();
  });

  it("refuses a scan before the creator has names to look for", async () => {
    const res = await bea.post("/v1/scans", {});
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("VALIDATION");
  });

  it("runs a scan as a job, stores each leak once with evidence, and reports real figures", async () => {
    web.pages.set("/leak", leakPage("luna_rivers"));
    web.pages.set("/interview", interviewPage("luna_rivers"));

    const started = await ava.post("/v1/scans", {});
    expect(started.status).toBe(202);
    const scan = await started.json();
    expect(scan.status).toBe("queued");

    const again = await ava.post("/v1/scans", {});
    expect(again.status).toBe(409);

    await services.queue.runDue(["scan.run"]);
    const done = await (await ava.get(`/v1/scans/${scan.id}`)).json();
    expect(done.status).toBe("completed");
    expect(done.progress.percent).toBe(100);
    expect(done.stats.linksChecked).toBeGreaterThanOrEqual(2);
    expect(done.stats.leaksFound).toBe(1);
    expect(done.stats.newLeaks).toBe(1);

    const leaks = await (await ava.get("/v1/leaks")).json();
    expect(leaks.total).toBe(1);
    expect(leaks.items[0]).toMatchObject({ url: `${web.origin}/leak`, status: "new", category: expect.any(String) });
    expect(leaks.items[0].evidence.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(leaks.items[0].evidence.matchedNames.length).toBeGreaterThan(0);

    const multi = await (await ava.get("/v1/root/multi-search")).json();
    expect(multi.date).toBe(done.finishedAt);
    expect(multi.scanResults).toEqual([
      {
        id: leaks.items[0].number,
        link: `${web.origin}/leak`,
        date: leaks.items[0].lastSeenAt,
        domain: "127.0.0.1",
        title: "luna_rivers OnlyFans leaked — full pack",
        category: leaks.items[0].category,
        status: "new",
        confidence: "high",
      },
    ]);

    // The other creator sees none of it.
    expect((await (await bea.get("/v1/leaks")).json()).total).toBe(0);
    expect((await bea.get(`/v1/scans/${scan.id}`)).status).toBe(404);
    expect((await bea.post(`/v1/leaks/${leaks.items[0].id}/dismiss`, {})).status).toBe(404);
  });

  it("holds the free plan to one scan a month, saying when the next one is possible", async () => {
    const res = await ava.post("/v1/scans", {});
    expect(res.status).toBe(403);
    const error = (await res.json()).error;
    expect(error.code).toBe("QUOTA_EXCEEDED");
    expect(error.details).toMatchObject({ resource: "manualScans", limit: 1, use: 1, per: "month", plan: "free", upgradeTo: "starter" });
    const latest = await (await ava.get("/v1/scans/latest")).json();
    expect(latest.quota.nextAvailableAt).toBe(error.details.resetsAt);
    expect(Date.parse(latest.quota.nextAvailableAt)).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
  });

  it("does not count the onboarding scan against the manual scans: a manual scan may follow at once", async () => {
    const cleo = await signUpAndConfirm(services, "cleo@example.com");
    await cleo.post("/v1/root/update-profile-all", { platforms: { onlyfans: "cleo_star" }, nicknames: [], allowlist: [], specific: "" });
    const onboarding = await cleo.post("/v1/scans", { trigger: "onboarding" });
    expect(onboarding.status).toBe(202);
    expect((await onboarding.json()).trigger).toBe("onboarding");
    await services.queue.runDue(["scan.run"]);
    expect((await (await cleo.get("/v1/scans/latest")).json()).quota).toMatchObject({ limit: 1, used: 0, per: "month", nextAvailableAt: null });

    const manual = await cleo.post("/v1/scans", {});
    expect(manual.status).toBe(202);
    await services.queue.runDue(["scan.run"]);
    // The wizard again (Support reopens it) cannot start another free scan.
    const again = await cleo.post("/v1/scans", { trigger: "onboarding" });
    expect(again.status).toBe(403);
    const error = (await again.json()).error;
    expect(error.message).toMatch(/^Your plan covers 1 scan a month\. The next scan is possible from \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(error.details).toMatchObject({ resource: "manualScans", limit: 1, use: 1 });
  });

  it("lets the creator confirm or dismiss a finding, and pages and searches the list", async () => {
    const { items } = await (await ava.get("/v1/leaks")).json();
    const dismissed = await (await ava.post(`/v1/leaks/${items[0].id}/dismiss`, {})).json();
    expect(dismissed.status).toBe("dismissed");
    const confirmed = await (await ava.post(`/v1/leaks/${items[0].id}/confirm`, {})).json();
    expect(confirmed.status).toBe("confirmed");
    expect((await (await ava.get("/v1/leaks?q=mega")).json()).total).toBe(0);
    expect((await (await ava.get("/v1/leaks?q=LEAK")).json()).total).toBe(1);
    expect((await (await ava.get("/v1/leaks?status=confirmed")).json()).total).toBe(1);
    expect((await ava.get("/v1/leaks?pageSize=1000")).status).toBe(400);
    expect((await ava.get("/v1/leaks?status=bogus")).status).toBe(400);
  });

  it("keeps only hashes of reference images, within the plan", async () => {
    const hash = "a".repeat(64);
    const hashes = { original: hash, rotate90: hash, rotate180: hash, rotate270: hash, flipX: hash, flipY: hash, flipPlus1: hash, flipMinus1: hash };
    for (let i = 0; i < 3; i++) expect((await ava.post("/v1/reference-images", { label: `photo ${i}`, hashes, quality: 90 })).status).toBe(201);
    const fourth = await ava.post("/v1/reference-images", { label: "one more", hashes, quality: 90 });
    expect(fourth.status).toBe(403);
    expect((await ava.post("/v1/reference-images", { hashes: { ...hashes, original: "xyz" }, quality: 90 })).status).toBe(400);
    expect((await ava.post("/v1/reference-images", { hashes, quality: 90, image: "data:image/png;base64,AAAA" })).status).toBe(400);
    const list = (await (await ava.get("/v1/reference-images")).json()).items;
    expect(list).toHaveLength(3);
    expect((await bea.request(`/v1/reference-images/${list[0].id}`, { method: "DELETE" })).status).toBe(404);
    expect((await ava.request(`/v1/reference-images/${list[0].id}`, { method: "DELETE" })).status).toBe(204);
  });
});
