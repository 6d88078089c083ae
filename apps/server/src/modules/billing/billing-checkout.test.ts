import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingSettings, postWebhook, subscriptionEvent, TEST_STORE_ID, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { startFakeLemonSqueezy, type FakeLemonSqueezy } from "@leakwarden/test-support/fake-web/fake-lemon-squeezy";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

const API_KEY = "ls-test-api-key";

describe("checkout and billing portal against a local Lemon Squeezy", () => {
  let fake: FakeLemonSqueezy;
  let services: TestServices;
  let ava: TestClient;
  let avaId: string;

  beforeAll(async () => {
    fake = await startFakeLemonSqueezy({ apiKey: API_KEY, storeId: TEST_STORE_ID });
    services = await createTestServices({
      ...billingSettings,
      LEMONSQUEEZY_API_KEY: API_KEY,
      LEMONSQUEEZY_API_URL: fake.url,
      LEMONSQUEEZY_STORE_URL: "https://leakwarden-test.lemonsqueezy.com",
      LEMONSQUEEZY_TIMEOUT_MS: "2000",
    });
    ava = await signUpAndConfirm(services, "ava@example.com");
    avaId = (await (await ava.get("/v1/root/get-user")).json()).id;
  });
  afterAll(async () => {
    await services?.close();
    await fake?.close();
  });

  it("says which plans can be bought, to anyone", async () => {
    const res = await new TestClient(services.app).get("/v1/billing/options");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ configured: true, available: Object.keys(TEST_VARIANTS) });
  });

  it("creates a hosted checkout with the creator's email and id, and answers its URL", async () => {
    fake.requests.length = 0;
    const res = await ava.post("/v1/billing/checkout", { plan: "premium", period: "yearly" });
    expect(res.status).toBe(200);
    const { url } = await res.json();
    expect(url).toMatch(/^https:\/\/leakwarden-test\.lemonsqueezy\.com\/checkout\/custom\//);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/checkouts");
    expect(sent.headers).toMatchObject({ accept: "application/vnd.api+json", "content-type": "application/vnd.api+json", authorization: `Bearer ${API_KEY}` });
    expect(sent.body).toMatchObject({
      data: {
        type: "checkouts",
        attributes: { checkout_data: { email: "ava@example.com", custom: { user_id: avaId } } },
        relationships: { store: { data: { type: "stores", id: TEST_STORE_ID } }, variant: { data: { type: "variants", id: TEST_VARIANTS["premium-yearly"] } } },
      },
    });
  });

  it("needs a session and a known plan and period", async () => {
    expect((await new TestClient(services.app).post("/v1/billing/checkout", { plan: "premium", period: "yearly" })).status).toBe(401);
    const bad = await ava.post("/v1/billing/checkout", { plan: "enterprise", period: "yearly" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("VALIDATION");
    // A cookie session from another site is refused by the Origin check.
    expect((await ava.post("/v1/billing/checkout", { plan: "vip", period: "monthly" }, { headers: { origin: "https://evil.example" } })).status).toBe(403);
  });

  it("answers 502 UPSTREAM in the error shape when the provider fails", async () => {
    fake.failWith = 500;
    try {
      const res = await ava.post("/v1/billing/checkout", { plan: "starter", period: "monthly" });
      expect(res.status).toBe(502);
      const body = await res.json();
      expect(body.error.code).toBe("UPSTREAM");
      expect(body.error.message).toMatch(/payment provider/);
    } finally {
      fake.failWith = null;
    }
  });

  it("'Manage billing' gets a fresh signed portal link, else the store's billing page", async () => {
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", { subscriptionId: "321", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["vip-monthly"], status: "active", updatedAt: new Date() }),
    );
    const fresh = await ava.post("/v1/billing/portal");
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).url).toContain("signature=fresh-321");
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/subscriptions/321" });

    fake.failWith = 503;
    try {
      const fallback = await ava.post("/v1/billing/portal");
      expect(fallback.status).toBe(200);
      expect((await fallback.json()).url).toBe("https://leakwarden-test.lemonsqueezy.com/billing");
    } finally {
      fake.failWith = null;
    }
    expect(await (await ava.get("/v1/billing")).json()).toMatchObject({ plan: "vip", canManage: true, paymentsConfigured: true });
  });

  it("a subscriber changes plan instead of buying a second subscription", async () => {
    const second = await ava.post("/v1/billing/checkout", { plan: "starter", period: "yearly" });
    expect(second.status).toBe(409);
    expect((await second.json()).error.details).toEqual({ reason: "already_subscribed" });
    // The store knows the subscription its webhook described.
    fake.addSubscription({ id: "321", variantId: TEST_VARIANTS["vip-monthly"], email: "ava@example.com" });
    const changed = await ava.post("/v1/billing/change-plan", { plan: "starter", period: "yearly" });
    expect(changed.status).toBe(200);
    expect((await changed.json()).billing).toMatchObject({ plan: "starter", period: "yearly", tier: "starter", status: "active" });
    expect(fake.requests.find((r) => r.method === "PATCH")).toMatchObject({
      path: "/v1/subscriptions/321",
      body: { data: { type: "subscriptions", id: "321", attributes: { variant_id: Number(TEST_VARIANTS["starter-yearly"]) } } },
    });
    expect((await (await ava.get("/v1/root/get-user")).json()).subscription_name).toBe("Starter");
  });
});

describe("billing without settings", () => {
  let services: TestServices;
  let ava: TestClient;

  beforeAll(async () => {
    services = await createTestServices();
    ava = await signUpAndConfirm(services, "ava@example.com");
  });
  afterAll(async () => {
    await services?.close();
  });

  it("says payments are not configured, with a clear code", async () => {
    expect(await (await ava.get("/v1/billing/options")).json()).toEqual({ configured: false, available: [] });
    const res = await ava.post("/v1/billing/checkout", { plan: "starter", period: "monthly" });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatchObject({ code: "UNAVAILABLE", message: "Payments are not configured on this server yet.", details: { reason: "payments_not_configured" } });
    expect(await (await ava.get("/v1/billing")).json()).toMatchObject({ tier: "free", paymentsConfigured: false, canManage: false, statusText: "No plan: you are on the free scan." });
    expect((await ava.post("/v1/billing/portal")).status).toBe(404);
    const webhook = await postWebhook(services.app, { meta: { event_name: "order_created" }, data: { type: "orders", id: "1", attributes: {} } });
    expect(webhook.status).toBe(503);
  });
});
