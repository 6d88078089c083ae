import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takedown } from "../../db/schema/takedowns";
import { billingSettings, postWebhook, subscriptionEvent, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { leakPage, localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "@leakwarden/test-support/fake-web/local-search-web";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { recordStageNameCheck } from "../identities/identities.repository";

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

  const hashes = (c: string) => {
    const hash = c.repeat(64);
    return { original: hash, rotate90: hash, rotate180: hash, rotate270: hash, flipX: hash, flipY: hash, flipPlus1: hash, flipMinus1: hash };
  };

  it("requests sent together never pass a limit: stage names, nicknames and reference images", async () => {
    const dora = await signUpAndConfirm(services, "dora@example.com");
    const five = ["one", "two", "three", "four", "five"];
    const stage = await Promise.all(five.map((n) => dora.post("/v1/identities/stage-names", { platform: "OnlyFans", username: `dora_${n}` })));
    const nicks = await Promise.all(five.map((n) => dora.post("/v1/identities/nicknames", { value: `Dora ${n}` })));
    const images = await Promise.all(five.map((n) => dora.post("/v1/reference-images", { label: n, hashes: hashes("c"), quality: 90 })));
    for (const answers of [stage, nicks, images]) expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403]);
    const identities = await (await dora.get("/v1/identities")).json();
    expect(identities.stageNames).toHaveLength(3);
    expect(identities.nicknames).toHaveLength(3);
    expect((await (await dora.get("/v1/reference-images")).json()).items).toHaveLength(3);
  });

  it("after a downgrade what exceeds the plan stays, read-only: it may be trimmed, not grown or swapped", async () => {
    const erin = await signUpAndConfirm(services, "erin@example.com");
    const erinId = (await (await erin.get("/v1/root/get-user")).json()).id as string;
    const starter = (status: string, updatedAt: Date) =>
      subscriptionEvent(status === "active" ? "subscription_created" : "subscription_expired", { subscriptionId: "51", userId: erinId, email: "erin@example.com", variantId: TEST_VARIANTS["starter-monthly"], status, updatedAt, ...(status === "active" ? {} : { renewsAt: null, endsAt: updatedAt }) });
    await postWebhook(services.app, starter("active", clock));
    const platforms = { onlyfans: "erin_1", fansly: "erin_2", patreon: "erin_3", chaturbate: "erin_4", instagram: "erin_5" };
    expect((await erin.post("/v1/root/update-profile-all", { platforms, nicknames: ["Aster", "Birch", "Cedar", "Dahlia"], allowlist: [], specific: "" })).status).toBe(200);
    for (const c of ["d", "e", "f", "0"]) expect((await erin.post("/v1/reference-images", { label: c, hashes: hashes(c), quality: 90 })).status).toBe(201);

    await postWebhook(services.app, starter("expired", new Date(clock.getTime() + 1000)));
    const listed = async () => {
      const ids = await (await erin.get("/v1/identities")).json();
      return { stageNames: ids.stageNames.map((s: { username: string }) => s.username).sort(), nicknames: ids.nicknames.map((n: { value: string }) => n.value).sort() };
    };
    // Nothing was deleted.
    expect(await listed()).toEqual({ stageNames: Object.values(platforms), nicknames: ["Aster", "Birch", "Cedar", "Dahlia"] });
    // The scan looks for the names the plan covers, the first three: not for erin_5.
    web.pages.set("/erin-1", leakPage("erin_1"));
    web.pages.set("/erin-5", leakPage("erin_5"));
    try {
      expect((await startScan(erin)).status).toBe(202);
    } finally {
      web.pages.clear();
    }
    const found = (await (await erin.get("/v1/leaks")).json()).items.map((l: { url: string }) => l.url);
    expect(found).toEqual([`${web.origin}/erin-1`]);

    // Trading an entry for a new one, by replace or by merge, is refused and changes nothing.
    const swap = await erin.post("/v1/root/update-profile-all", { platforms: { ...platforms, instagram: "erin_new" }, nicknames: ["Aster", "Birch", "Cedar", "Elm"], allowlist: [], specific: "" });
    expect(swap.status).toBe(403);
    expect((await swap.json()).error).toMatchObject({ code: "QUOTA_EXCEEDED", message: "Your plan covers 3 stage names.", details: { resource: "stageNames", limit: 3, use: 5, plan: "free", upgradeTo: "starter" } });
    const nickSwap = await erin.post("/v1/root/update-profile-all", { nicknames: ["Aster", "Birch", "Cedar", "Elm"] });
    expect((await nickSwap.json()).error.details).toMatchObject({ resource: "nicknames", limit: 3, use: 4 });
    expect((await erin.post("/v1/root/update-profile", { platforms: { tiktok: "erin_6" } })).status).toBe(403);
    expect((await erin.post("/v1/identities/nicknames", { value: "Fern" })).status).toBe(403);
    expect((await erin.post("/v1/reference-images", { label: "g", hashes: hashes("1"), quality: 90 })).status).toBe(403);
    expect(await listed()).toEqual({ stageNames: Object.values(platforms), nicknames: ["Aster", "Birch", "Cedar", "Dahlia"] });

    // Saving what is there, or less of it, is allowed.
    expect((await erin.post("/v1/root/update-profile-all", { platforms, nicknames: ["Aster", "Birch", "Cedar", "Dahlia"], allowlist: [], specific: "Still here" })).status).toBe(200);
    const { instagram: _dropped, ...four } = platforms;
    expect((await erin.post("/v1/root/update-profile-all", { platforms: four, nicknames: ["Aster", "Birch", "Cedar"] })).status).toBe(200);
    expect(await listed()).toEqual({ stageNames: Object.values(four), nicknames: ["Aster", "Birch", "Cedar"] });
    // Still over the plan for stage names: a new one waits until she is within it.
    expect((await erin.post("/v1/identities/stage-names", { platform: "TikTok", username: "erin_6" })).status).toBe(403);
    // Within it, a change may bring a new entry again.
    expect((await erin.post("/v1/root/update-profile-all", { nicknames: ["Aster", "Birch", "Elm"] })).status).toBe(200);
    expect((await listed()).nicknames).toEqual(["Aster", "Birch", "Elm"]);
  });

  it("on Starter, 50 links taken down a month: the 51st waits for the next month, and a link asked again is not counted twice", async () => {
    const fay = await signUpAndConfirm(services, "fay@example.com");
    const fayId = (await (await fay.get("/v1/root/get-user")).json()).id as string;
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", { subscriptionId: "61", userId: fayId, email: "fay@example.com", variantId: TEST_VARIANTS["starter-monthly"], status: "active", updatedAt: clock }),
    );
    // Ready to send: a verified stage name and the signed authorization.
    const identities = await (await fay.post("/v1/root/update-profile-all", { platforms: { onlyfans: "fay_rivers" }, nicknames: [], allowlist: [], specific: "" })).json();
    await recordStageNameCheck(services.database.db, [identities.stageNames[0].id], { lastCheckAt: clock, lastCheckStatus: "verified", lastCheckReason: "", verifiedAt: clock });
    expect((await fay.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "Fay Rivers", signature: "Fay Rivers", agree: true } })).status).toBe(200);
    await seedLeaks(
      services.database.db,
      fayId,
      Array.from({ length: 52 }, (_, i) => ({ url: `http://leaks${i}.example/fay`, title: "Fay Rivers leaked", evidence: { matchedNames: ["fay_rivers"] }, seenAt: clock })),
    );
    const leaks = (await (await fay.get("/v1/leaks?pageSize=100")).json()).items.map((l: { id: string }) => l.id) as string[];
    expect(leaks).toHaveLength(52);

    const first = await fay.post("/v1/takedowns", { leakIds: leaks.slice(0, 50) });
    expect(first.status).toBe(202);
    expect((await first.json()).quota).toMatchObject({ limit: 50, used: 50 });
    const over = await fay.post("/v1/takedowns", { leakIds: [leaks[50]] });
    expect(over.status).toBe(403);
    expect((await over.json()).error).toMatchObject({
      code: "QUOTA_EXCEEDED",
      details: { resource: "takedownsPerMonth", limit: 50, use: 50, plan: "starter", upgradeTo: "premium", resetsAt: "2031-04-01T00:00:00.000Z" },
    });

    // A link whose notice ended without removal is asked again at no cost.
    const [closed] = await services.database.db.update(takedown).set({ status: "failed" }).where(eq(takedown.leakId, leaks[0]!)).returning();
    expect(closed).toBeDefined();
    const again = await fay.post("/v1/takedowns", { leakIds: [leaks[0]] });
    expect(again.status).toBe(202);
    expect((await again.json()).quota).toMatchObject({ limit: 50, used: 50 });

    // The next month counts from zero.
    clock = new Date("2031-04-01T00:00:01Z");
    const next = await fay.post("/v1/takedowns", { leakIds: leaks.slice(50) });
    expect(next.status).toBe(202);
    expect((await next.json()).quota).toMatchObject({ limit: 50, used: 2, resetsAt: "2031-05-01T00:00:00.000Z" });
  });
});
