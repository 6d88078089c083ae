import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingSettings, postWebhook, subscriptionEvent, TEST_VARIANTS } from "../../testing/billing-events";
import { localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "../../testing/fake-web/local-search-web";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "../../testing/test-services";

const DAY = 86_400_000;

describe("plan quotas on the server", () => {
  let services: TestServices;
  let web: LocalSearchWeb;
  let clock = new Date("2031-03-10T12:00:00Z");
  let ava: TestClient;
  let avaId: string;
  let cleo: TestClient;

  beforeAll(async () => {
    web = await startLocalSearchWeb();
    services = await createTestServices({ ...billingSettings, ...localScanSettings(web) }, { now: () => clock });
    ava = await signUpAndConfirm(services, "ava@example.com");
    cleo = await signUpAndConfirm(services, "cleo@example.com");
    avaId = (await (await ava.get("/v1/root/get-user")).json()).id;
    await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "ava_rose" }, nicknames: [], allowlist: [], specific: "" });
  });
  afterAll(async () => {
    await services?.close();
    await web?.close();
  });

  const startScan = async (client: TestClient) => {
    const res = await client.post("/v1/scans", {});
    if (res.status === 202) await services.queue.runDue(["scan.run"]);
    return res;
  };

  it("without a plan, the second manual scan of the month is refused with the date it resets", async () => {
    expect((await startScan(ava)).status).toBe(202);
    const second = await ava.post("/v1/scans", {});
    expect(second.status).toBe(403);
    const { error } = await second.json();
    expect(error.code).toBe("QUOTA_EXCEEDED");
    expect(error.details).toMatchObject({ resource: "manualScans", limit: 1, use: 1, plan: "free", upgradeTo: "starter", resetsAt: "2031-04-10T12:00:00.000Z" });
    expect(error.message).toContain("2031-04-10");
    const billing = await (await ava.get("/v1/billing")).json();
    expect(billing.usage.manualScans).toEqual({ use: 1, limit: 1, per: "month", resetsAt: "2031-04-10T12:00:00.000Z" });
  });

  it("on Premium, one scan a day: refused today, allowed the next day", async () => {
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", { subscriptionId: "11", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["premium-monthly"], status: "active", updatedAt: clock }),
    );
    const today = await ava.post("/v1/scans", {});
    expect(today.status).toBe(403);
    expect((await today.json()).error.details).toMatchObject({ limit: 1, plan: "premium", upgradeTo: "vip", resetsAt: "2031-03-11T12:00:00.000Z" });

    clock = new Date(clock.getTime() + DAY + 60_000);
    expect((await startScan(ava)).status).toBe(202);
    expect((await ava.post("/v1/scans", {})).status).toBe(403);
  });

  it("a fourth stage name without a plan is refused and nothing is saved", async () => {
    await cleo.post("/v1/root/update-profile-all", { platforms: { onlyfans: "cleo_one", fansly: "cleo_two", patreon: "cleo_three" }, nicknames: [], allowlist: [], specific: "" });
    const res = await cleo.post("/v1/root/update-profile", { platforms: { chaturbate: "cleo_four" }, nicknames: ["Cleo"], allowlist: [] });
    expect(res.status).toBe(403);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: "QUOTA_EXCEEDED", message: "Your plan covers 3 stage names.", details: { resource: "stageNames", limit: 3, use: 3, plan: "free", upgradeTo: "starter" } });
    const identities = await (await cleo.get("/v1/identities")).json();
    expect(identities.stageNames.map((s: { username: string }) => s.username).sort()).toEqual(["cleo_one", "cleo_three", "cleo_two"]);
    expect(identities.nicknames).toEqual([]);
  });

  it("nicknames and reference images name the plan that lifts them", async () => {
    for (const n of ["One", "Two", "Three"]) expect((await cleo.post("/v1/identities/nicknames", { value: n })).status).toBeLessThan(300);
    const fourth = await cleo.post("/v1/identities/nicknames", { value: "Four" });
    expect((await fourth.json()).error.details).toMatchObject({ resource: "nicknames", limit: 3, plan: "free", upgradeTo: "starter" });

    const hash = "b".repeat(64);
    const hashes = { original: hash, rotate90: hash, rotate180: hash, rotate270: hash, flipX: hash, flipY: hash, flipPlus1: hash, flipMinus1: hash };
    for (let i = 0; i < 3; i++) expect((await cleo.post("/v1/reference-images", { label: `p${i}`, hashes, quality: 90 })).status).toBe(201);
    const more = await cleo.post("/v1/reference-images", { label: "p4", hashes, quality: 90 });
    expect(more.status).toBe(403);
    expect((await more.json()).error.details).toMatchObject({ resource: "referenceImages", limit: 3, use: 3, plan: "free", upgradeTo: "starter" });
  });
});
