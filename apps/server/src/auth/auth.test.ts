import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema/auth";
import { createTestServices, firstLink, readOutbox, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

describe("accounts", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.close();
  });

  it("signs up, emails a confirmation link that confirms and signs in, then serves get-user", async () => {
    const client = new TestClient(services.app);
    const signedUpAt = Date.now();
    const signUp = await client.post("/api/auth/sign-up/email", { email: "ava@example.com", password: "secret1", name: "", ageConfirmed: true });
    expect(signUp.status).toBe(200);
    // The 18+ confirmation is kept with its time.
    const [row] = await services.database.db.select().from(user).where(eq(user.email, "ava@example.com"));
    expect(row!.ageConfirmed).toBe(true);
    expect(row!.ageConfirmedAt!.getTime()).toBeGreaterThanOrEqual(signedUpAt - 1);

    // Not confirmed yet: no session, and get-user refuses in the error shape.
    const before = await client.get("/v1/root/get-user");
    expect(before.status).toBe(401);
    expect(await before.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: expect.any(String) } });

    expect(await services.queue.runDue(["email.send"])).toBe(1);
    const mail = readOutbox(services.dataDir).find((m) => m.to.includes("ava@example.com"));
    expect(mail?.subject).toMatch(/confirm/i);
    const link = firstLink(mail!.text, "/api/auth/verify-email");
    expect(link).toContain("callbackURL=%2Fauth%2Fconfirmed");

    const confirm = await client.get(link!);
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe("/auth/confirmed");
    const cookie = confirm.headers.getSetCookie().join(";");
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);

    const me = await client.get("/v1/root/get-user");
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({ email: "ava@example.com", name: "ava", subscription_name: null, age_confirmed: true });
    expect(Date.parse(body.email_confirmed_at)).not.toBeNaN();
  });

  it("refuses a sign-up without the 18+ confirmation and creates nothing", async () => {
    const client = new TestClient(services.app);
    const res = await client.post("/api/auth/sign-up/email", { email: "young@example.com", password: "secret1", name: "" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/18 or older/);
    await services.queue.runDue(["email.send"]);
    expect(readOutbox(services.dataDir).some((m) => m.to.includes("young@example.com"))).toBe(false);
  });

  it("answers bad input with a 4xx and a message, never a 5xx", async () => {
    const client = new TestClient(services.app);
    const malformed = await client.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);

    const short = await client.post("/api/auth/sign-up/email", { email: "short@example.com", password: "12345", name: "", ageConfirmed: true });
    expect(short.status).toBe(400);
    expect((await short.json()).code).toBe("PASSWORD_TOO_SHORT");

    const invalid = await client.post("/api/auth/sign-up/email", { email: "not-an-email", password: "secret1", name: "", ageConfirmed: true });
    expect(invalid.status).toBe(400);

    const v1Malformed = await client.request("/v1/root/get-user", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(v1Malformed.status).toBe(404);
    expect((await v1Malformed.json()).error.code).toBe("NOT_FOUND");
  });

  it("answers an existing address exactly like a new one, changes nothing, and tells the owner", async () => {
    await signUpAndConfirm(services, "owner@example.com", "original-pass");
    const client = new TestClient(services.app);
    const again = await client.post("/api/auth/sign-up/email", { email: "owner@example.com", password: "another-pass", name: "", ageConfirmed: true });
    const fresh = await new TestClient(services.app).post("/api/auth/sign-up/email", { email: "newcomer@example.com", password: "another-pass", name: "", ageConfirmed: true });
    expect(again.status).toBe(200);
    expect(fresh.status).toBe(200);
    // The same answer, byte for byte: nothing in it tells an account from none.
    const [againBody, freshBody] = [await again.text(), await fresh.text()];
    expect(againBody).toBe(freshBody);
    expect(JSON.parse(againBody)).toEqual({ token: null, user: null });
    expect([...again.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    await services.queue.runDue(["email.send"]);
    const notices = readOutbox(services.dataDir).filter((m) => m.to.includes("owner@example.com") && /tried to sign up/i.test(m.subject));
    expect(notices).toHaveLength(1);
    // The original password still works; the attempted one does not.
    const ok = await new TestClient(services.app).post("/api/auth/sign-in/email", { email: "owner@example.com", password: "original-pass" });
    expect(ok.status).toBe(200);
    const wrong = await new TestClient(services.app).post("/api/auth/sign-in/email", { email: "owner@example.com", password: "another-pass" });
    expect(wrong.status).toBe(401);
  });

  it("accepts bearer tokens for API clients and refuses cross-site cookie requests", async () => {
    await signUpAndConfirm(services, "api@example.com");
    const signIn = await new TestClient(services.app).post("/api/auth/sign-in/email", { email: "api@example.com", password: "secret-pass" });
    const token = signIn.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    const me = await services.app.request("http://localhost:3000/v1/root/get-user", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe("api@example.com");

    // The same session by cookie, from another site's page: refused before any handler runs.
    const cookieClient = await signUpAndConfirm(services, "csrf@example.com");
    const forged = await cookieClient.post("/v1/root/update-profile", {}, { headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error.code).toBe("FORBIDDEN");
    const noOrigin = await cookieClient.request("/v1/root/update-profile", { method: "POST", headers: { origin: "" } });
    expect(noOrigin.status).toBe(403);
  });

  it("refuses a cross-site request with a sentence for a person, never the library's 'Invalid origin'", async () => {
    const sentence = "This request came from another site and was refused. Reload the page and try again.";
    const client = await signUpAndConfirm(services, "origin@example.com");
    const ours = await client.post("/v1/root/update-profile", {}, { headers: { origin: "https://evil.example" } });
    expect((await ours.json()).error.message).toBe(sentence);

    // The auth library's own refusal, in the one error shape and in the fields its client reads.
    const theirs = await client.post("/api/auth/sign-out", {}, { headers: { origin: "https://evil.example" } });
    expect(theirs.status).toBe(403);
    const body = await theirs.json();
    expect(body.error).toMatchObject({ code: "FORBIDDEN", message: sentence });
    expect(body.message).toBe(sentence);
    expect(JSON.stringify(body)).not.toMatch(/Invalid origin/);

    const away = await new TestClient(services.app).post("/api/auth/sign-in/email", { email: "origin@example.com", password: "secret-pass", callbackURL: "https://evil.example/x" });
    expect(away.status).toBe(403);
    const awayBody = await away.json();
    expect(awayBody.error.message).toBe("This link leads away from Leakwarden and was refused. Start again from the Leakwarden site.");
    expect(JSON.stringify(awayBody)).not.toMatch(/callbackURL/);
  });

  it("signs out: the session no longer works", async () => {
    const client = await signUpAndConfirm(services, "leave@example.com");
    expect((await client.get("/v1/root/get-user")).status).toBe(200);
    const out = await client.post("/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect((await client.get("/v1/root/get-user")).status).toBe(401);
  });
});

describe("sign-in rate limit", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices({ AUTH_RATE_LIMIT_MAX: "3", AUTH_RATE_LIMIT_WINDOW_SECONDS: "60" });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("limits sign-in attempts per client address, ignoring a forged X-Forwarded-For", async () => {
    const client = new TestClient(services.app);
    const attempt = (forwarded: string) =>
      client.post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "wrong-pass" }, { headers: { "x-forwarded-for": forwarded } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(`203.0.113.${i}`)).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("never limits reading the session, which every page load asks for", async () => {
    const client = new TestClient(services.app);
    const statuses = new Set<number>();
    // More than the general limit of 100 a minute per address.
    for (let i = 0; i < 120; i++) statuses.add((await client.get("/api/auth/get-session")).status);
    expect([...statuses]).toEqual([200]);
  });
});
