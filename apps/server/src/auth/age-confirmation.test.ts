import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, user } from "../db/schema/auth";
import { createTestServices, signUpAndConfirm, TestClient, TEST_ORIGIN, type TestServices } from "@leakwarden/test-support/test-services";
import { createGoogleAccount } from "@leakwarden/test-support/test-accounts";

describe("the 18+ confirmation of an account made by Google sign-in", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.close();
  });

  async function googleClient(email: string) {
    const made = await createGoogleAccount(services.auth, email);
    const client = new TestClient(services.app);
    client.cookies.set(made.cookie.name, made.cookie.value);
    return { client, userId: made.userId };
  }

  async function userRow(id: string) {
    const rows = await services.database.db.select().from(user).where(eq(user.id, id));
    return rows[0]!;
  }

  // One of each kind: reads, writes, and every module's routes.
  const productCalls: [string, string, unknown?][] = [
    ["GET", "/v1/identities"],
    ["POST", "/v1/root/update-profile-all", { platforms: { onlyfans: "gina" }, nicknames: [], allowlist: [], specific: "" }],
    ["POST", "/v1/identities/stage-names", { platform: "onlyfans", username: "gina" }],
    ["GET", "/v1/root/get-bio"],
    ["POST", "/v1/scans", {}],
    ["GET", "/v1/scans/latest"],
    ["GET", "/v1/leaks"],
    ["GET", "/v1/reference-images"],
    ["GET", "/v1/takedowns"],
    ["GET", "/v1/takedowns/authorization"],
    ["GET", "/v1/alerts"],
    ["GET", "/v1/billing"],
    ["POST", "/v1/billing/checkout", { plan: "starter", period: "monthly" }],
  ];

  it("is made without it: get-user says so, and every product endpoint refuses with AGE_CONFIRMATION_REQUIRED", async () => {
    const { client, userId } = await googleClient("gina@example.com");
    const accounts = await services.database.db.select().from(account).where(eq(account.userId, userId));
    expect(accounts.map((a) => [a.providerId, a.password])).toEqual([["google", null]]);

    const me = await client.get("/v1/root/get-user");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "gina@example.com", age_confirmed: false, subscription_name: null });

    for (const [method, path, json] of productCalls) {
      const res = await client.request(path, { method, ...(json !== undefined ? { json } : {}) });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
      expect(await res.json()).toEqual({ error: { code: "AGE_CONFIRMATION_REQUIRED", message: "Confirm that you are 18 or older to use Leakwarden." } });
    }
    // Nothing was saved on the way.
    expect((await userRow(userId)).ageConfirmed).toBe(false);
  });

  it("is refused to API clients too (bearer token)", async () => {
    const made = await createGoogleAccount(services.auth, "bearer-gina@example.com");
    const token = decodeURIComponent(made.cookie.value).split(".")[0];
    const res = await services.app.request(`${TEST_ORIGIN}/v1/identities`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("AGE_CONFIRMATION_REQUIRED");
  });

  it("is given once through POST /v1/account/confirm-age (cookie session, our Origin), which records when", async () => {
    const { client, userId } = await googleClient("hana@example.com");

    const forged = await client.post("/v1/account/confirm-age", { ageConfirmed: true }, { headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error.code).toBe("FORBIDDEN");

    const unchecked = await client.post("/v1/account/confirm-age", { ageConfirmed: false });
    expect(unchecked.status).toBe(400);
    expect(await unchecked.json()).toEqual({
      error: { code: "VALIDATION", message: expect.any(String), fields: { ageConfirmed: "You must confirm that you are 18 or older." } },
    });
    expect((await userRow(userId)).ageConfirmed).toBe(false);

    const before = Date.now();
    const confirmed = await client.post("/v1/account/confirm-age", { ageConfirmed: true });
    const after = Date.now();
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ ageConfirmed: true });
    const row = await userRow(userId);
    expect(row.ageConfirmed).toBe(true);
    expect(row.ageConfirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row.ageConfirmedAt!.getTime()).toBeLessThanOrEqual(after + 1);

    expect(await (await client.get("/v1/root/get-user")).json()).toMatchObject({ age_confirmed: true });
    const identities = await client.get("/v1/identities");
    expect(identities.status).toBe(200);
    expect(await identities.json()).toMatchObject({ stageNames: [], onboardingComplete: false });

    // Confirming again changes nothing: the first time stays.
    await new Promise((r) => setTimeout(r, 5));
    expect((await client.post("/v1/account/confirm-age", { ageConfirmed: true })).status).toBe(200);
    expect((await userRow(userId)).updatedAt.getTime()).toBe(row.updatedAt.getTime());
  });

  it("needs a session", async () => {
    const res = await new TestClient(services.app).post("/v1/account/confirm-age", { ageConfirmed: true });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("UNAUTHENTICATED");
  });

  it("cannot be given or taken back through the profile update", async () => {
    const { client, userId } = await googleClient("ivy@example.com");
    const given = await client.post("/api/auth/update-user", { ageConfirmed: true });
    expect(given.status).toBe(400);
    expect((await userRow(userId)).ageConfirmed).toBe(false);

    const emailUser = await signUpAndConfirm(services, "jade@example.com");
    const taken = await emailUser.post("/api/auth/update-user", { ageConfirmed: false });
    expect(taken.status).toBe(400);
    expect(await (await emailUser.get("/v1/root/get-user")).json()).toMatchObject({ age_confirmed: true });
    // The rest of the profile update still works.
    expect((await emailUser.post("/api/auth/update-user", { name: "Jade" })).status).toBe(200);
    expect((await emailUser.get("/v1/identities")).status).toBe(200);
  });
});
