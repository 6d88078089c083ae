import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scan } from "../../db/schema/scans";
import { billingSettings, postWebhook, subscriptionEvent, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { leakPage, localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "@leakwarden/test-support/fake-web/local-search-web";
import { createTestServices, readOutbox, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { nextOnCadence, periodOffsetMs } from "./monitoring.service";

const HOUR = 3_600_000;

describe("automatic rescans", () => {
  let services: TestServices;
  let web: LocalSearchWeb;
  let clock = new Date();
  let ava: TestClient;
  let avaId: string;
  let bea: TestClient;
  let beaId: string;

  const scansOf = (userId: string) => services.database.db.select().from(scan).where(eq(scan.userId, userId));
  /** What the worker does when the tick's time comes: a tick job, then the scans it queued. */
  const runDueTick = async () => {
    await services.monitoring.kick();
    await services.queue.runDue(["monitoring.tick"]);
    await services.queue.runDue(["scan.run"]);
  };

  beforeAll(async () => {
    web = await startLocalSearchWeb();
    services = await createTestServices({ ...billingSettings, ...localScanSettings(web) }, { now: () => clock });
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    avaId = (await (await ava.get("/v1/root/get-user")).json()).id;
    beaId = (await (await bea.get("/v1/root/get-user")).json()).id;
    await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });
    // Ava's Custom Alert rule: an email for each new leak.
    await ava.request("/v1/alerts", { method: "PUT", json: { newLeak: true, digest: "off", takedownSucceeded: false } });
    await bea.post("/v1/root/update-profile-all", { platforms: { onlyfans: "bea_bright" }, nicknames: [], allowlist: [], specific: "" });
  });
  afterAll(async () => {
    await services?.close();
    await web?.close();
  });

  it("spreads creators across the period and keeps each on her cadence", () => {
    const week = 168 * HOUR;
    const offsets = ["a", "b", "c", "d"].map((id) => periodOffsetMs(id, week));
    for (const o of offsets) {
      expect(o).toBeGreaterThanOrEqual(0);
      expect(o).toBeLessThan(week);
    }
    expect(new Set(offsets).size).toBe(4);
    const from = new Date("2030-01-01T03:00:00Z");
    expect(nextOnCadence(from, 24 * HOUR, new Date("2030-01-03T05:00:00Z")).toISOString()).toBe("2030-01-04T03:00:00.000Z");
    expect(nextOnCadence(from, 24 * HOUR, new Date("2029-12-31T00:00:00Z"))).toEqual(from);
  });

  it("with a plan, a rescan runs when its time comes and stores the leak newly on the web; without one, none runs", async () => {
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", { subscriptionId: "41", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["premium-monthly"], status: "active", updatedAt: clock }),
    );
    await runDueTick();
    const schedule = await services.monitoring.scheduleOf(avaId);
    expect(schedule).toMatchObject({ everyHours: 24 });
    expect(schedule!.nextRunAt.getTime()).toBeGreaterThanOrEqual(clock.getTime());
    expect(schedule!.nextRunAt.getTime()).toBeLessThanOrEqual(clock.getTime() + 24 * HOUR);
    const before = (await scansOf(avaId)).length;
    expect(await services.monitoring.scheduleOf(beaId)).toBeNull();

    // A leak appears; the creator's time comes.
    web.pages.set("/luna-leak", leakPage("luna_rivers"));
    web.pages.set("/bea-leak", leakPage("bea_bright"));
    clock = new Date(schedule!.nextRunAt.getTime() + 60_000);
    await runDueTick();

    const avaScans = (await scansOf(avaId)).filter((s) => s.trigger === "monitoring");
    expect(avaScans.length).toBe(before + 1);
    const rescan = avaScans.at(-1)!;
    expect(rescan).toMatchObject({ status: "completed", leaksFound: 1, newLeaks: 1 });
    const leaks = await (await ava.get("/v1/leaks")).json();
    expect(leaks.items.map((l: { url: string }) => l.url)).toEqual([`${web.origin}/luna-leak`]);
    expect(leaks.items[0]).toMatchObject({ status: "new" });
    // It feeds her alert rules: the new leak is emailed to her.
    await services.queue.runDue(["alerts.new-leaks", "email.send"]);
    const alerts = () => readOutbox(services.dataDir).filter((m) => m.to.includes("ava@example.com") && /new leak/.test(m.subject));
    expect(alerts().map((m) => m.subject)).toEqual(["1 new leak found"]);
    expect(alerts()[0]!.text).toContain(`${web.origin}/luna-leak`);
    // It does not use the creator's manual scans.
    expect((await (await ava.get("/v1/scans/latest")).json()).quota.used).toBe(0);
    // No plan, no automatic rescan.
    expect(await scansOf(beaId)).toHaveLength(0);

    // Nothing more until the next period; then a rescan that finds nothing new.
    const next = (await services.monitoring.scheduleOf(avaId))!.nextRunAt;
    expect(next.getTime()).toBe(schedule!.nextRunAt.getTime() + 24 * HOUR);
    clock = new Date(next.getTime() - 60 * 60_000);
    await runDueTick();
    expect((await scansOf(avaId)).filter((s) => s.trigger === "monitoring")).toHaveLength(1);
    clock = new Date(next.getTime() + 60_000);
    await runDueTick();
    const again = (await scansOf(avaId)).filter((s) => s.trigger === "monitoring");
    expect(again).toHaveLength(2);
    expect(again.find((s) => s.id !== rescan.id)).toMatchObject({ status: "completed", leaksFound: 1, newLeaks: 0 });
    // Nothing new: no second email.
    await services.queue.runDue(["alerts.new-leaks", "email.send"]);
    expect(alerts()).toHaveLength(1);
  });

  it("stops when the plan ends", async () => {
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_expired", { subscriptionId: "41", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["premium-monthly"], status: "expired", updatedAt: clock, renewsAt: null, endsAt: clock }),
    );
    clock = new Date(clock.getTime() + 3 * 24 * HOUR);
    const count = (await scansOf(avaId)).length;
    await runDueTick();
    expect(await scansOf(avaId)).toHaveLength(count);
    expect(await services.monitoring.scheduleOf(avaId)).toBeNull();
  });

  it("one scan per creator at a time: a rescan that falls due while her scan runs waits for it", async () => {
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", { subscriptionId: "42", userId: beaId, email: "bea@example.com", variantId: TEST_VARIANTS["vip-monthly"], status: "active", updatedAt: clock }),
    );
    // The next tick (every 5 minutes by default) gives her a schedule.
    clock = new Date(clock.getTime() + 5 * 60_000);
    await runDueTick();
    const schedule = (await services.monitoring.scheduleOf(beaId))!;
    expect(schedule).toMatchObject({ everyHours: 6 });
    // Her own scan is under way (queued, not yet run) when her rescan falls due.
    expect((await bea.post("/v1/scans", {})).status).toBe(202);
    clock = new Date(Math.max(schedule.nextRunAt.getTime() + 60_000, clock.getTime() + 5 * 60_000));
    expect(await services.monitoring.tick()).toEqual({ claimed: true, started: [] });
    expect((await scansOf(beaId)).map((s) => s.trigger)).toEqual(["manual"]);
    expect((await services.monitoring.scheduleOf(beaId))!.nextRunAt).toEqual(schedule.nextRunAt);
    // Once it has finished, the next tick starts the rescan.
    await services.queue.runDue(["scan.run"]);
    clock = new Date(clock.getTime() + 5 * 60_000);
    await runDueTick();
    const scans = await scansOf(beaId);
    expect(scans.map((s) => s.trigger).sort()).toEqual(["manual", "monitoring"]);
    expect(scans.every((s) => s.status === "completed")).toBe(true);
  });
});
