import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEvent, billingPayment, subscription } from "../../db/schema/billing";
import { billingSettings, invoiceEvent, orderEvent, postWebhook, subscriptionEvent, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

const DAY = 86_400_000;

describe("billing webhooks", () => {
  let services: TestServices;
  let clock = new Date();
  let ava: TestClient;
  let avaId: string;
  let bea: TestClient;
  let beaId: string;
  let tick = 0;
  /** Provider timestamps that move forward with every delivery. */
  const stamp = () => new Date(clock.getTime() + ++tick * 1000);

  const counts = async () => ({
    events: (await services.database.db.select().from(billingEvent)).length,
    subscriptions: (await services.database.db.select().from(subscription)).length,
    payments: (await services.database.db.select().from(billingPayment)).length,
  });
  const billingOf = async (client: TestClient) => (await client.get("/v1/billing")).json();
  const planNameOf = async (client: TestClient) => (await (await client.get("/v1/root/get-user")).json()).subscription_name;
  const addStageName = (client: TestClient, username: string) => client.post("/v1/identities/stage-names", { platform: "OnlyFans", username });

  beforeAll(async () => {
    services = await createTestServices({ ...billingSettings }, { now: () => clock });
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    avaId = (await (await ava.get("/v1/root/get-user")).json()).id;
    beaId = (await (await bea.get("/v1/root/get-user")).json()).id;
  });
  afterAll(async () => {
    await services?.close();
  });

  it("starts on the free scan: three stage names, no plan name", async () => {
    for (const name of ["ava_one", "ava_two", "ava_three"]) expect((await addStageName(ava, name)).status).toBeLessThan(300);
    const fourth = await addStageName(ava, "ava_four");
    expect(fourth.status).toBe(403);
    expect((await fourth.json()).error).toMatchObject({ code: "QUOTA_EXCEEDED", details: { resource: "stageNames", limit: 3, use: 3, plan: "free", upgradeTo: "starter" } });
    expect(await planNameOf(ava)).toBeNull();
    expect(await billingOf(ava)).toMatchObject({ plan: null, tier: "free", status: null });
  });

  it("refuses a wrong or missing signature with 401 and stores nothing", async () => {
    const before = await counts();
    const body = subscriptionEvent("subscription_created", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["vip-monthly"], status: "active", updatedAt: stamp() });
    expect((await postWebhook(services.app, body, { signature: null })).status).toBe(401);
    expect((await postWebhook(services.app, body, { secret: "not-the-secret" })).status).toBe(401);
    expect((await postWebhook(services.app, body, { signature: "zz" })).status).toBe(401);
    // A valid signature of other bytes (the same JSON, re-serialised with spaces) is not a signature of these.
    const raw = JSON.stringify(body);
    const { signBody } = await import("./webhook-signature");
    expect((await postWebhook(services.app, JSON.stringify(body, null, 2), { signature: signBody(billingSettings.LEMONSQUEEZY_WEBHOOK_SECRET, raw) })).status).toBe(401);
    const error = await (await postWebhook(services.app, body, { signature: null })).json();
    expect(error.error.code).toBe("UNAUTHENTICATED");
    expect(await counts()).toEqual(before);
    expect(await planNameOf(ava)).toBeNull();
  });

  it("answers a malformed body with a valid signature with 400 and changes nothing", async () => {
    const before = await counts();
    expect((await postWebhook(services.app, "{not json")).status).toBe(400);
    const noVariant = subscriptionEvent("subscription_created", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: "201", status: "active", updatedAt: stamp() });
    delete (noVariant.data.attributes as Partial<typeof noVariant.data.attributes>).variant_id;
    expect((await postWebhook(services.app, noVariant)).status).toBe(400);
    const badStatus = subscriptionEvent("subscription_created", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: "201", status: "sleeping", updatedAt: stamp() });
    expect((await postWebhook(services.app, badStatus)).status).toBe(400);
    const wrongType = subscriptionEvent("subscription_updated", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: "201", status: "active", updatedAt: stamp() });
    (wrongType.data as { type: string }).type = "orders";
    expect((await postWebhook(services.app, wrongType)).status).toBe(400);
    expect((await postWebhook(services.app, { meta: {}, data: null })).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await planNameOf(ava)).toBeNull();
  });

  it("subscription_created: the plan applies and its limits rise (a fourth stage name is now allowed)", async () => {
    const res = await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["starter-monthly"], status: "active", updatedAt: stamp() }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: "applied" });
    expect(await planNameOf(ava)).toBe("Starter");
    const billing = await billingOf(ava);
    expect(billing).toMatchObject({ plan: "starter", period: "monthly", tier: "starter", status: "active", entitlements: { stageNames: 5 } });
    expect(billing.statusText).toMatch(/^Renews on /);
    expect(billing.renewsAt).not.toBeNull();
    expect((await addStageName(ava, "ava_four")).status).toBeLessThan(300);
    expect(billing.usage.stageNames).toEqual({ use: 3, limit: 5 });
  });

  it("subscription_updated to another variant: the new plan's limits", async () => {
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_updated", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["premium-yearly"], status: "active", updatedAt: stamp() }),
    );
    expect(await planNameOf(ava)).toBe("Premium");
    expect(await billingOf(ava)).toMatchObject({ plan: "premium", period: "yearly", entitlements: { stageNames: 15, nicknames: 25 } });
    expect((await (await ava.get("/v1/identities")).json()).limits).toEqual({ stageNames: 15, nicknames: 25, allowlist: 100 });
  });

  it("the same delivery twice changes things once", async () => {
    const paused = subscriptionEvent("subscription_paused", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["premium-yearly"], status: "paused", updatedAt: stamp() });
    const unpaused = subscriptionEvent("subscription_unpaused", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["premium-yearly"], status: "active", updatedAt: stamp() });
    expect(await (await postWebhook(services.app, paused)).json()).toMatchObject({ outcome: "applied" });
    expect(await planNameOf(ava)).toBeNull(); // paused: no plan
    expect((await billingOf(ava)).statusText).toBe("The plan's features are off until you resume it.");
    expect(await (await postWebhook(services.app, unpaused)).json()).toMatchObject({ outcome: "applied" });
    const before = await counts();
    const again = await postWebhook(services.app, paused);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: "duplicate" });
    expect(await counts()).toEqual(before);
    expect(await planNameOf(ava)).toBe("Premium");
  });

  it("an older update after a newer one is ignored", async () => {
    const older = stamp();
    const newer = stamp();
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_updated", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["vip-monthly"], status: "active", updatedAt: newer }),
    );
    const res = await postWebhook(
      services.app,
      subscriptionEvent("subscription_updated", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["starter-monthly"], status: "past_due", updatedAt: older }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "stale" });
    expect(await billingOf(ava)).toMatchObject({ plan: "vip", status: "active" });
  });

  it("an unknown creator: 200, logged, nothing changed", async () => {
    const before = (await counts()).subscriptions;
    const res = await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", { subscriptionId: "99", userId: "no-such-user", email: "ava@example.com", variantId: TEST_VARIANTS["vip-monthly"], status: "active", updatedAt: stamp() }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "unknown-user" });
    const byEmail = await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", { subscriptionId: "98", userId: null, email: "stranger@example.com", variantId: TEST_VARIANTS["vip-monthly"], status: "active", updatedAt: stamp() }),
    );
    expect(await byEmail.json()).toMatchObject({ outcome: "unknown-user" });
    expect((await counts()).subscriptions).toBe(before);
  });

  it("a variant that is not in LEMONSQUEEZY_VARIANTS: 200, logged, nothing changed", async () => {
    const before = await billingOf(ava);
    const res = await postWebhook(
      services.app,
      subscriptionEvent("subscription_updated", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: "999", status: "active", updatedAt: stamp() }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "unknown-variant" });
    expect(await billingOf(ava)).toEqual(before);
  });

  it("another creator's webhook never changes the first creator", async () => {
    const avaBefore = await billingOf(ava);
    // Bea's own subscription (found by her email: the custom data is missing).
    const res = await postWebhook(
      services.app,
      subscriptionEvent("subscription_created", { subscriptionId: "2", userId: null, email: "BEA@example.com", variantId: TEST_VARIANTS["starter-yearly"], status: "on_trial", updatedAt: stamp() }),
    );
    expect(await res.json()).toMatchObject({ outcome: "applied" });
    expect(await planNameOf(bea)).toBe("Starter");
    // A delivery naming Bea for Ava's subscription does not move it.
    const hijack = await postWebhook(
      services.app,
      subscriptionEvent("subscription_expired", { subscriptionId: "1", userId: beaId, email: "bea@example.com", variantId: TEST_VARIANTS["starter-monthly"], status: "expired", updatedAt: stamp() }),
    );
    expect(await hijack.json()).toMatchObject({ outcome: "conflict" });
    expect(await billingOf(ava)).toEqual(avaBefore);
    expect(await planNameOf(bea)).toBe("Starter");
  });

  it("records orders and invoices as payments, without touching the subscription", async () => {
    const before = await billingOf(ava);
    const at = stamp();
    expect((await postWebhook(services.app, orderEvent({ orderId: "7001", userId: avaId, email: "ava@example.com", total: 3000, variantId: TEST_VARIANTS["starter-monthly"], at }))).status).toBe(200);
    const failed = invoiceEvent("subscription_payment_failed", { invoiceId: "501", subscriptionId: "1", email: "ava@example.com", status: "pending", total: 13500, at: stamp() });
    const recovered = invoiceEvent("subscription_payment_recovered", { invoiceId: "501", subscriptionId: "1", email: "ava@example.com", status: "paid", total: 13500, at: stamp() });
    expect(await (await postWebhook(services.app, failed)).json()).toMatchObject({ outcome: "applied" });
    expect(await (await postWebhook(services.app, recovered)).json()).toMatchObject({ outcome: "applied" });
    // An older description of the same invoice arriving late changes nothing.
    await postWebhook(services.app, invoiceEvent("subscription_payment_success", { invoiceId: "501", subscriptionId: "1", email: "ava@example.com", status: "pending", total: 13500, at }));
    const payments = await services.database.db.select().from(billingPayment);
    expect(payments.map((p) => [p.kind, p.providerId, p.status, p.userId]).sort()).toEqual([
      ["invoice", "501", "paid", avaId],
      ["order", "7001", "paid", avaId],
    ]);
    expect(await billingOf(ava)).toEqual(before);
  });

  it("ignores events it does not handle", async () => {
    const res = await postWebhook(services.app, { meta: { event_name: "license_key_created" }, data: { type: "license-keys", id: "1", attributes: {} } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "ignored" });
  });

  it("ignores another store's deliveries", async () => {
    const res = await postWebhook(
      services.app,
      subscriptionEvent("subscription_expired", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["vip-monthly"], status: "expired", updatedAt: stamp(), storeId: "1" }),
    );
    expect(await res.json()).toMatchObject({ outcome: "other-store" });
    expect(await planNameOf(ava)).toBe("VIP");
  });

  it("subscription_cancelled: the plan applies until ends_at, then not; nothing is deleted", async () => {
    const endsAt = new Date(clock.getTime() + 10 * DAY);
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_cancelled", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["premium-monthly"], status: "cancelled", updatedAt: stamp(), renewsAt: null, endsAt }),
    );
    expect(await planNameOf(ava)).toBe("Premium");
    const billing = await billingOf(ava);
    expect(billing).toMatchObject({ tier: "premium", status: "cancelled", endsAt: endsAt.toISOString(), renewsAt: null });
    expect(billing.statusText).toMatch(/^Your plan stays until /);

    clock = new Date(clock.getTime() + 11 * DAY);
    expect(await planNameOf(ava)).toBeNull();
    expect(await billingOf(ava)).toMatchObject({ plan: "premium", tier: "free", entitlements: { stageNames: 3 } });
    // The downgrade deleted nothing; the list may not grow past the free limit.
    const identities = await (await ava.get("/v1/identities")).json();
    expect(identities.stageNames).toHaveLength(4);
    expect((await addStageName(ava, "ava_five")).status).toBe(403);
  });

  it("deliveries about one subscription that arrive at once: each answered 200, and the newest state is the one kept", async () => {
    const cleo = await signUpAndConfirm(services, "cleo@example.com");
    const cleoId = (await (await cleo.get("/v1/root/get-user")).json()).id as string;
    const variants = [TEST_VARIANTS["vip-monthly"], TEST_VARIANTS["starter-monthly"], TEST_VARIANTS["premium-monthly"]];
    const stamps = Array.from({ length: 6 }, () => stamp());
    const deliveries = stamps.map((updatedAt, i) =>
      subscriptionEvent(i === 0 ? "subscription_created" : "subscription_updated", { subscriptionId: "77", userId: cleoId, email: "cleo@example.com", variantId: variants[i % 3]!, status: "active", updatedAt }),
    );
    // Lemon Squeezy sends them together and out of order: the newest first.
    const answers = await Promise.all([...deliveries].reverse().map((d) => postWebhook(services.app, d)));
    expect(answers.map((a) => a.status)).toEqual(deliveries.map(() => 200));
    const rows = await services.database.db.select().from(subscription).where(eq(subscription.providerSubscriptionId, "77"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: cleoId, plan: "premium", providerVariantId: TEST_VARIANTS["premium-monthly"], providerUpdatedAt: stamps.at(-1) });
    expect(await planNameOf(cleo)).toBe("Premium");
  });

  it("subscription_resumed then subscription_expired: no plan", async () => {
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_resumed", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["premium-monthly"], status: "active", updatedAt: stamp() }),
    );
    expect(await planNameOf(ava)).toBe("Premium");
    await postWebhook(
      services.app,
      subscriptionEvent("subscription_expired", { subscriptionId: "1", userId: avaId, email: "ava@example.com", variantId: TEST_VARIANTS["premium-monthly"], status: "expired", updatedAt: stamp(), renewsAt: null, endsAt: clock }),
    );
    expect(await planNameOf(ava)).toBeNull();
    expect(await billingOf(ava)).toMatchObject({ plan: "premium", tier: "free", status: "expired" });
    expect(await planNameOf(bea)).toBe("Starter");
  });

  it("takes a delivery whose text holds NUL characters, stores that text without them, and keeps the bytes as sent", async () => {
    const delivery = subscriptionEvent("subscription_created", { subscriptionId: "nul-1", userId: null, email: "bea@example.com", variantId: TEST_VARIANTS["starter-monthly"], status: "active", updatedAt: stamp() });
    Object.assign(delivery.data.attributes, { user_email: "bea@\u0000example.com", card_brand: "vi\u0000sa", card_last_four: "42\u000042" });
    delivery.data.attributes.urls.customer_portal = "https://leakwarden-test.lemonsqueezy.com/billing?signature=n\u0000ul";
    const raw = JSON.stringify(delivery);
    const res = await postWebhook(services.app, raw);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: "applied" });
    const [row] = await services.database.db.select().from(subscription).where(eq(subscription.providerSubscriptionId, "nul-1"));
    expect(row).toMatchObject({ userId: beaId, cardBrand: "visa", cardLastFour: "4242", urls: { customerPortal: "https://leakwarden-test.lemonsqueezy.com/billing?signature=nul" } });
    const events = await services.database.db.select().from(billingEvent);
    const kept = events.find((e) => e.body && Buffer.from(e.body).equals(Buffer.from(raw)));
    expect(kept).toMatchObject({ eventName: "subscription_created", outcome: "applied", userId: beaId });
  });

  it("refuses with 400 a delivery naming an id, event or status with a NUL in it, and stores nothing", async () => {
    const before = await counts();
    const badId = subscriptionEvent("subscription_updated", { subscriptionId: "nul-2\u0000", userId: beaId, email: "bea@example.com", variantId: TEST_VARIANTS["starter-monthly"], status: "active", updatedAt: stamp() });
    const badUser = subscriptionEvent("subscription_updated", { subscriptionId: "nul-2", userId: `${beaId}\u0000`, email: "bea@example.com", variantId: TEST_VARIANTS["starter-monthly"], status: "active", updatedAt: stamp() });
    const badEvent = invoiceEvent("subscription_payment_success\u0000", { invoiceId: "nul-3", subscriptionId: "nul-1", userId: beaId, email: "bea@example.com", status: "paid", total: 900, at: stamp() });
    const badStatus = invoiceEvent("subscription_payment_success", { invoiceId: "nul-3", subscriptionId: "nul-1", userId: beaId, email: "bea@example.com", status: "pa\u0000id", total: 900, at: stamp() });
    for (const delivery of [badId, badUser, badEvent, badStatus]) {
      const res = await postWebhook(services.app, delivery);
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe("VALIDATION");
      expect(error.message).toMatch(/NUL character/);
    }
    expect(await counts()).toEqual(before);
  });
});
