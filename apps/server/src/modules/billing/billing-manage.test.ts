import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entitlements } from "@leakwarden/contracts/plans";
import { DEMO_PLAN } from "../../demo/run-demo";
import { billingSettings, postWebhook, subscriptionEvent, TEST_STORE_ID, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { startFakeLemonSqueezy, type FakeLemonSqueezy } from "@leakwarden/test-support/fake-web/fake-lemon-squeezy";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

const API_KEY = "ls-manage-api-key";
const DAY = 86_400_000;
// A billing day as the app writes its dates: "Dec 24, 2026" (UTC).
const longDate = (d: Date) => d.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

describe("a subscriber manages her plan against a local Lemon Squeezy", () => {
  let fake: FakeLemonSqueezy;
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;
  let avaId: string;
  // The store's clock stands still, so that the proration it computes is known.
  const storeNow = new Date(Math.floor(Date.now() / 1000) * 1000);

  beforeAll(async () => {
    fake = await startFakeLemonSqueezy({ apiKey: API_KEY, storeId: TEST_STORE_ID });
    fake.now = () => storeNow;
    services = await createTestServices({ ...billingSettings, LEMONSQUEEZY_API_KEY: API_KEY, LEMONSQUEEZY_API_URL: fake.url, LEMONSQUEEZY_TIMEOUT_MS: "5000" });
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    avaId = (await (await ava.get("/v1/root/get-user")).json()).id;
    // She bought Premium monthly ten days ago: the store knows it, and its webhook told us.
    const sub = fake.addSubscription({ id: "555", variantId: TEST_VARIANTS["premium-monthly"], email: "ava@example.com", periodStart: new Date(storeNow.getTime() - 10 * DAY) });
    const created = await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", {
        subscriptionId: "555",
        userId: avaId,
        email: "ava@example.com",
        variantId: TEST_VARIANTS["premium-monthly"],
        status: "active",
        updatedAt: sub.updatedAt,
        renewsAt: sub.renewsAt,
      }),
    );
    expect((await created.json()).outcome).toBe("applied");
  }, 60_000);
  afterAll(async () => {
    await services?.close();
    await fake?.close();
  });

  it("switching up answers with a confirmation, the prorated invoice Lemon Squeezy is charging, and the new limits at once", async () => {
    const sub = fake.subscriptions.get("555")!;
    const unused = (sub.renewsAt.getTime() - storeNow.getTime()) / (sub.renewsAt.getTime() - sub.periodStart.getTime());
    const expectedCents = Math.round((13_500 - 10_000) * unused);
    const requestsBefore = fake.requests.length;

    const res = await ava.post("/v1/billing/change-plan", { plan: "vip", period: "monthly" });
    expect(res.status).toBe(200);
    const body = await res.json();
    const patch = fake.requests.slice(requestsBefore).find((r) => r.method === "PATCH");
    expect(patch).toMatchObject({
      path: "/v1/subscriptions/555",
      body: { data: { type: "subscriptions", id: "555", attributes: { variant_id: Number(TEST_VARIANTS["vip-monthly"]), invoice_immediately: true } } },
    });
    // As documented: the prorated invoice exists at once, its payment being attempted.
    const invoice = fake.invoices.find((i) => i.billingReason === "updated")!;
    expect(invoice).toMatchObject({ totalCents: expectedCents, status: "pending" });
    const formatted = `$${(expectedCents / 100).toFixed(2)}`;
    expect(body.proration).toMatchObject({ totalCents: expectedCents, total: formatted, status: "Pending", currency: "USD" });
    expect(body.proration.invoiceUrl).toMatch(/^https:\/\/app\.lemonsqueezy\.com\/my-orders\/.+subscription-invoice\//);
    expect(body.message).toBe(
      `You are now on the VIP Plan, billed monthly. Its limits apply now. Lemon Squeezy is charging ${formatted} for the rest of this period (prorated); its receipt comes by email once the payment goes through.`,
    );
    expect(body.billing).toMatchObject({ plan: "vip", period: "monthly", tier: "vip", status: "active", entitlements: entitlements.vip, canCancel: true, canResume: false, demo: false });
    // The limits follow at once, before any webhook.
    expect((await (await ava.get("/v1/root/get-user")).json()).subscription_name).toBe("VIP");
    expect((await (await ava.get("/v1/billing")).json()).usage.stageNames.limit).toBe(entitlements.vip.stageNames);
  });

  it("the payment goes through: Lemon Squeezy's subscription_payment_success for the prorated invoice is recorded, and the invoice reads Paid", async () => {
    const deliveries = fake.settlePayments();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ meta: { event_name: "subscription_payment_success" }, data: { type: "subscription-invoices", attributes: { billing_reason: "updated", status: "paid" } } });
    expect((await (await postWebhook(services.app, deliveries[0])).json()).outcome).toBe("applied");
    const invoices = (await (await ava.get("/v1/billing/invoices")).json()).invoices;
    expect(invoices[0]).toMatchObject({ reason: "Plan change (prorated)", status: "Paid" });
    expect(fake.settlePayments()).toEqual([]);
  });

  it("the webhooks that follow change nothing more, and an older one is stale", async () => {
    const sub = fake.subscriptions.get("555")!;
    const same = subscriptionEvent("subscription_updated", { subscriptionId: "555", userId: avaId, email: "ava@example.com", variantId: sub.variantId, status: "active", updatedAt: sub.updatedAt, renewsAt: sub.renewsAt });
    expect((await (await postWebhook(services.app, same)).json()).outcome).toBe("applied");
    expect((await (await postWebhook(services.app, same)).json()).outcome).toBe("duplicate");
    const older = subscriptionEvent("subscription_updated", {
      subscriptionId: "555",
      userId: avaId,
      email: "ava@example.com",
      variantId: TEST_VARIANTS["premium-monthly"],
      status: "active",
      updatedAt: new Date(sub.updatedAt.getTime() - 60_000),
    });
    expect((await (await postWebhook(services.app, older)).json()).outcome).toBe("stale");
    expect(await (await ava.get("/v1/billing")).json()).toMatchObject({ plan: "vip", tier: "vip", statusText: `Renews on ${longDate(sub.renewsAt)}.` });
  });

  it("switching down charges nothing now and says when the difference is settled", async () => {
    const res = await ava.post("/v1/billing/change-plan", { plan: "starter", period: "monthly" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.proration).toBeNull();
    expect(body.message).toBe(
      `You are now on the Starter Plan, billed monthly. Its limits apply now. Lemon Squeezy made no charge now: any difference is settled on your next bill, on ${longDate(fake.subscriptions.get("555")!.renewsAt)}.`,
    );
    expect(body.billing).toMatchObject({ plan: "starter", tier: "starter", entitlements: entitlements.starter });
    expect(fake.invoices.filter((i) => i.billingReason === "updated")).toHaveLength(1);
    const again = await ava.post("/v1/billing/change-plan", { plan: "starter", period: "monthly" });
    expect((await again.json()).message).toBe("You are already on the Starter Plan, billed monthly.");
  });

  it("lists her invoices, newest first, with their links", async () => {
    const res = await ava.get("/v1/billing/invoices");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.note).toBeNull();
    expect(body.invoices.map((i: { reason: string }) => i.reason)).toEqual(["Plan change (prorated)", "First payment"]);
    expect(body.invoices[1]).toMatchObject({ total: "$100.00", status: "Paid" });
    for (const i of body.invoices) expect(i.url).toMatch(/^https:\/\/app\.lemonsqueezy\.com\//);
    expect(fake.requests.at(-1)!.path).toBe("/v1/subscription-invoices?filter[subscription_id]=555&page[size]=25");
  });

  it("cancelling keeps the plan to the end of the period; resuming brings the renewal back", async () => {
    const renewsAt = fake.subscriptions.get("555")!.renewsAt;
    const cancel = await ava.post("/v1/billing/cancel");
    expect(cancel.status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ method: "DELETE", path: "/v1/subscriptions/555" });
    const cancelled = await cancel.json();
    expect(cancelled.message).toBe(`Your subscription is cancelled. Your plan stays until ${longDate(renewsAt)}, and nothing more is billed. You can resume it until then.`);
    expect(cancelled.billing).toMatchObject({ status: "cancelled", tier: "starter", endsAt: renewsAt.toISOString(), renewsAt: null, canCancel: false, canResume: true });
    expect(cancelled.billing.statusText).not.toMatch(/^Cancelled/);
    const twice = await ava.post("/v1/billing/cancel");
    expect(twice.status).toBe(409);
    expect((await twice.json()).error).toMatchObject({ code: "CONFLICT", message: "Your subscription is already cancelled." });
    const switchWhileCancelled = await ava.post("/v1/billing/change-plan", { plan: "vip", period: "monthly" });
    expect(switchWhileCancelled.status).toBe(409);

    const resume = await ava.post("/v1/billing/resume");
    expect(resume.status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ method: "PATCH", path: "/v1/subscriptions/555", body: { data: { type: "subscriptions", id: "555", attributes: { cancelled: false } } } });
    const resumed = await resume.json();
    expect(resumed.message).toBe(`Your subscription is resumed. It renews on ${longDate(renewsAt)}.`);
    expect(resumed.billing).toMatchObject({ status: "active", endsAt: null, renewsAt: renewsAt.toISOString(), canCancel: true, canResume: false });
    expect((await ava.post("/v1/billing/resume")).status).toBe(409);
  });

  it("another creator can neither see nor touch her subscription", async () => {
    const before = fake.requests.length;
    const cancel = await bea.post("/v1/billing/cancel");
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).error).toMatchObject({ code: "CONFLICT", message: "You have no subscription to cancel." });
    expect((await bea.post("/v1/billing/resume")).status).toBe(409);
    expect((await bea.post("/v1/billing/change-plan", { plan: "vip", period: "yearly" })).status).toBe(409);
    expect(await (await bea.get("/v1/billing/invoices")).json()).toEqual({ invoices: [], note: "No invoices: you have no subscription." });
    expect(fake.requests.length).toBe(before);
    expect(fake.subscriptions.get("555")!.status).toBe("active");
    // Signed out, and from another site's page, nothing is done.
    expect((await new TestClient(services.app).post("/v1/billing/cancel")).status).toBe(401);
    expect((await new TestClient(services.app).get("/v1/billing/invoices")).status).toBe(401);
    expect((await ava.post("/v1/billing/cancel", undefined, { headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect(fake.subscriptions.get("555")!.status).toBe("active");
  });

  it("answers 502 in the error shape when Lemon Squeezy fails, and changes nothing", async () => {
    fake.failWith = 500;
    try {
      const res = await ava.post("/v1/billing/cancel");
      expect(res.status).toBe(502);
      expect((await res.json()).error.code).toBe("UPSTREAM");
    } finally {
      fake.failWith = null;
    }
    expect((await (await ava.get("/v1/billing")).json()).status).toBe("active");
  });
});

describe("the demo plan", () => {
  let services: TestServices;
  let dee: TestClient;

  beforeAll(async () => {
    // As the demo runs: its plan granted on sign-up, through the entitlements service.
    services = await createTestServices({}, { serviceOptions: { grantOnSignUp: DEMO_PLAN } });
    dee = await signUpAndConfirm(services, "dee@example.com");
  }, 60_000);
  afterAll(async () => {
    await services?.close();
  });

  it("reads as a demo plan, and cannot be switched, cancelled or billed", async () => {
    const summary = await (await dee.get("/v1/billing")).json();
    expect(summary).toMatchObject({ demo: true, plan: "vip", tier: "vip", canManage: false, canCancel: false, canResume: false });
    expect(summary.statusText).toBe("Every VIP feature, to try Leakwarden: nothing is billed.");
    const cancel = await dee.post("/v1/billing/cancel");
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).error.details).toEqual({ reason: "demo_plan" });
    expect((await dee.post("/v1/billing/change-plan", { plan: "starter", period: "monthly" })).status).toBe(409);
    expect(await (await dee.get("/v1/billing/invoices")).json()).toEqual({ invoices: [], note: "No invoices: the demo plan is never billed." });
  });
});
