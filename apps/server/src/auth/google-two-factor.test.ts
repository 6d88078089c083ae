import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGoogle, routeGoogleTo, type FakeGoogle, type GoogleProfile } from "@leakwarden/test-support/fake-google";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { secretOf, totpCode, totpCodes } from "@leakwarden/test-support/totp";
import * as schema from "../db/schema";

const CLIENT_ID = "leakwarden-test.apps.googleusercontent.com";

describe("Google sign-in with two-factor sign-in on", { timeout: 120_000 }, () => {
  let services: TestServices;
  let google: FakeGoogle;
  let restoreFetch: () => void;

  beforeAll(async () => {
    google = await startFakeGoogle(CLIENT_ID);
    restoreFetch = routeGoogleTo(google);
    services = await createTestServices({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: "test-google-secret", AUTH_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(async () => {
    restoreFetch?.();
    await services?.close();
    await google?.close();
  });

  /** The browser's round trip: our sign-in asks for Google's page, Google sends it back to our callback with a code. */
  async function signInWithGoogle(client: TestClient, profile: GoogleProfile): Promise<Response> {
    const start = await client.post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/signin" });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(new URL(url).origin).toBe("https://accounts.google.com");
    const back = new URL(google.consent(url, profile));
    expect(back.pathname).toBe("/api/auth/callback/google");
    return client.get(`${back.pathname}${back.search}`);
  }

  const sessionsOf = async (userId: string) => services.database.db.select({ id: schema.session.id }).from(schema.session).where(eq(schema.session.userId, userId));

  async function creatorWithTwoFactor(email: string, password: string) {
    const client = await signUpAndConfirm(services, email, password);
    const enable = await client.post("/api/auth/two-factor/enable", { password });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const secret = secretOf(totpURI);
    const nextCode = totpCodes(secret);
    expect((await client.post("/api/auth/two-factor/verify-totp", { code: await nextCode() })).status).toBe(200);
    const [me] = await services.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
    return { secret, nextCode, backupCodes, userId: me!.id };
  }

  it("signs in at once an account without two-factor sign-in", async () => {
    const client = new TestClient(services.app);
    const res = await signInWithGoogle(client, { sub: "google-sub-newcomer", email: "gina@example.com" });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!, "http://localhost:3000").pathname).toBe("/signin");
    expect((await client.get("/v1/root/get-user")).status).toBe(200);
  });

  it("asks for the authenticator code before there is any session, then signs in", async () => {
    const email = "tess@example.com";
    const { secret, nextCode, userId } = await creatorWithTwoFactor(email, "secret-pass");
    const before = (await sessionsOf(userId)).length;

    const browser = new TestClient(services.app);
    const exchangedBefore = google.exchanged;
    const res = await signInWithGoogle(browser, { sub: "google-sub-tess", email });
    expect(google.exchanged).toBe(exchangedBefore + 1);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/signin?two-factor=google");
    // Google's answer left no session: not in the browser, not in the database.
    expect((await browser.get("/v1/root/get-user")).status).toBe(401);
    expect(await sessionsOf(userId)).toHaveLength(before);
    expect([...browser.cookies.keys()].some((name) => name.endsWith("session_token"))).toBe(false);

    // A wrong code is refused and still signs nobody in.
    const wrong = await browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(401);
    expect((await browser.get("/v1/root/get-user")).status).toBe(401);

    const ok = await browser.post("/api/auth/two-factor/verify-totp", { code: await nextCode() });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: { email: string } }).user.email).toBe(email);
    expect((await browser.get("/v1/root/get-user")).status).toBe(200);
    expect(await sessionsOf(userId)).toHaveLength(before + 1);
  });

  it("takes a backup code instead, once", async () => {
    const email = "bex@example.com";
    const { backupCodes } = await creatorWithTwoFactor(email, "secret-pass");

    const first = new TestClient(services.app);
    expect((await signInWithGoogle(first, { sub: "google-sub-bex", email })).headers.get("location")).toBe("http://localhost:3000/signin?two-factor=google");
    expect((await first.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] })).status).toBe(200);
    expect((await first.get("/v1/root/get-user")).status).toBe(200);

    const second = new TestClient(services.app);
    await signInWithGoogle(second, { sub: "google-sub-bex", email });
    expect((await second.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] })).status).toBe(401);
    expect((await second.get("/v1/root/get-user")).status).toBe(401);
  });

  it("gives no session for a Google ID token either: it answers that the code comes next", async () => {
    const email = "ida@example.com";
    const { nextCode } = await creatorWithTwoFactor(email, "secret-pass");
    // Link Google to her account through the browser flow first (it, too, waits for the code).
    const browser = new TestClient(services.app);
    await signInWithGoogle(browser, { sub: "google-sub-ida", email });
    expect((await browser.post("/api/auth/two-factor/verify-totp", { code: await nextCode() })).status).toBe(200);

    const app = new TestClient(services.app);
    const token = google.idTokenFor({ sub: "google-sub-ida", email });
    const res = await app.post("/api/auth/sign-in/social", { provider: "google", idToken: { token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await app.get("/v1/root/get-user")).status).toBe(401);
  });
});
