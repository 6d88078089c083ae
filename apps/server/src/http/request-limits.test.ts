import { contactFormTokenSchema } from "@leakwarden/contracts/contact";
import { errorBodySchema } from "@leakwarden/contracts/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestServices, readOutbox, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

/**
 * Limits an attacker meets whatever addresses he has: an hour's allowance stays spent for the hour,
 * every address of one IPv6 network counts as one client, and one account's sign-in and email
 * allowances hold across any number of addresses. In-process requests come from 127.0.0.1, here the
 * deployment's trusted proxy, so X-Forwarded-For names the client.
 */

const SUPPORT = "help@leakwarden.example";
const MINUTE = 60_000;

describe("request limits against a client with many addresses", { timeout: 60_000 }, () => {
  let services: TestServices | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await services?.close();
    services = undefined;
  });

  async function start(settings: Record<string, string>) {
    services = await createTestServices({ TRUSTED_PROXIES: "127.0.0.1", SUPPORT_EMAIL: SUPPORT, CONTACT_MIN_SUBMIT_SECONDS: "1", ...settings });
    return services;
  }

  /** The contact form as a visitor at `address` sends it: the form is shown, then posted a few seconds later. */
  async function contact(s: TestServices, address: string, email: string): Promise<Response> {
    const client = new TestClient(s.app);
    const headers = { "x-forwarded-for": address };
    const form = await client.get("/v1/contact/form", { headers });
    const { token } = contactFormTokenSchema.parse(await form.json());
    vi.setSystemTime(Date.now() + 2_000);
    return client.post("/v1/contact", { topic: "other", message: "Where is my notice?", email, formToken: token, website: "" }, { headers });
  }

  const signIn = (s: TestServices, address: string, email: string, password: string) =>
    new TestClient(s.app).post("/api/auth/sign-in/email", { email, password }, { headers: { "x-forwarded-for": address } });

  it("keeps an hour's allowance spent for the hour while sign-ins come and go", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const s = await start({ CONTACT_RATE_LIMIT_MAX: "1", CONTACT_RATE_LIMIT_WINDOW_SECONDS: "3600" });
    expect((await contact(s, "198.51.100.20", "first@example.com")).status).toBe(201);
    const spent = await contact(s, "198.51.100.20", "again@example.com");
    expect(spent.status).toBe(429);
    expect(errorBodySchema.parse(await spent.json()).error.code).toBe("RATE_LIMITED");

    // Someone signs in now and again five minutes later: the sign-in limits start a new window.
    expect((await signIn(s, "203.0.113.5", "nobody@example.com", "wrong-pass")).status).toBe(401);
    vi.setSystemTime(Date.now() + 5 * MINUTE);
    expect((await signIn(s, "203.0.113.5", "nobody@example.com", "wrong-pass")).status).toBe(401);

    // The form's hour is not over: the visitor is still refused.
    expect((await contact(s, "198.51.100.20", "third@example.com")).status).toBe(429);
    await s.queue.runDue(["email.send"]);
    expect(readOutbox(s.dataDir).filter((m) => m.to.includes(SUPPORT))).toHaveLength(1);
  });

  it("counts every address of one IPv6 network (/64) as one client", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const s = await start({ CONTACT_RATE_LIMIT_MAX: "2" });
    expect((await contact(s, "2001:db8:5:6::1", "a@example.com")).status).toBe(201);
    expect((await contact(s, "2001:db8:5:6:aaaa::2", "b@example.com")).status).toBe(201);
    // The next address of the same network is the same client: refused.
    expect((await contact(s, "2001:db8:5:6:ffff:1:2:3", "c@example.com")).status).toBe(429);
    // Another network is another client.
    expect((await contact(s, "2001:db8:5:7::1", "d@example.com")).status).toBe(201);
  });

  it("limits sign-in attempts on one account from any number of addresses, the same for an address without an account", async () => {
    const s = await start({ AUTH_ACCOUNT_RATE_LIMIT_MAX: "3", AUTH_ACCOUNT_RATE_LIMIT_WINDOW_SECONDS: "900" });
    await signUpAndConfirm(s, "target@example.com", "right-password");

    const guesses: number[] = [];
    for (let i = 1; i <= 3; i++) guesses.push((await signIn(s, `198.51.100.${i}`, "target@example.com", `guess-${i}`)).status);
    expect(guesses).toEqual([401, 401, 401]);
    // A fourth address with the right password: the account's allowance is spent for now.
    const limited = await signIn(s, "198.51.100.4", "Target@Example.com", "right-password");
    expect(limited.status).toBe(429);
    const body = await limited.json();
    expect(errorBodySchema.parse(body).error.code).toBe("RATE_LIMITED");
    expect(limited.headers.getSetCookie().join(";")).not.toMatch(/session_token=/);

    // An address that has no account is answered the same way, so the limit tells nothing.
    const unknown: number[] = [];
    for (let i = 1; i <= 4; i++) unknown.push((await signIn(s, `198.51.100.${10 + i}`, "no-account@example.com", "whatever-1")).status);
    expect(unknown).toEqual([401, 401, 401, 429]);

    // Another account is not held back by hers.
    await signUpAndConfirm(s, "bystander@example.com", "bystander-pass");
    expect((await signIn(s, "198.51.100.4", "bystander@example.com", "bystander-pass")).status).toBe(200);
  });

  it("limits password guesses through a signed-in session (a stolen cookie) from any number of addresses", async () => {
    const s = await start({ AUTH_ACCOUNT_RATE_LIMIT_MAX: "3", AUTH_ACCOUNT_RATE_LIMIT_WINDOW_SECONDS: "900" });
    const stolen = await signUpAndConfirm(s, "stolen@example.com", "her-real-pass");
    const from = (i: number) => ({ headers: { "x-forwarded-for": `2001:db8:${100 + i}::1` } });

    expect((await stolen.post("/api/auth/change-password", { currentPassword: "guess-one", newPassword: "taken-over-1" }, from(1))).status).toBe(400);
    expect((await stolen.post("/api/auth/two-factor/enable", { password: "guess-two" }, from(2))).status).toBe(400);
    const wrongDeletion = await stolen.post("/v1/account/deletion", { password: "guess-three" }, from(3));
    expect(wrongDeletion.status).toBe(400);
    // The fourth guess is the right one: refused before the password is looked at, wherever it comes from.
    const limited = await stolen.post("/api/auth/change-password", { currentPassword: "her-real-pass", newPassword: "taken-over-2" }, from(4));
    expect(limited.status).toBe(429);
    expect(errorBodySchema.parse(await limited.json()).error.code).toBe("RATE_LIMITED");
    const deletion = await stolen.post("/v1/account/deletion", { password: "her-real-pass" }, from(5));
    expect(deletion.status).toBe(429);
    expect(errorBodySchema.parse(await deletion.json()).error.code).toBe("RATE_LIMITED");

    // Nothing was changed: her password still signs her in, and no deletion is pending.
    expect((await signIn(s, "198.51.100.99", "stolen@example.com", "her-real-pass")).status).toBe(200);
    expect(await (await stolen.get("/v1/account/deletion")).json()).toMatchObject({ scheduled: null });
  });

  it("limits reset emails to one address from any number of addresses, the same whether or not it has an account", async () => {
    const s = await start({ AUTH_ACCOUNT_RATE_LIMIT_MAX: "2", AUTH_ACCOUNT_RATE_LIMIT_WINDOW_SECONDS: "900" });
    await signUpAndConfirm(s, "inbox@example.com");
    const reset = (address: string, email: string) =>
      new TestClient(s.app).post("/api/auth/request-password-reset", { email }, { headers: { "x-forwarded-for": address } });

    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 1; i <= 3; i++) {
      known.push((await reset(`2001:db8:${i}::1`, "inbox@example.com")).status);
      unknown.push((await reset(`2001:db8:${10 + i}::1`, "nobody-at-all@example.com")).status);
    }
    expect(known).toEqual([200, 200, 429]);
    expect(unknown).toEqual(known);
    await s.queue.runDue(["email.send"]);
    expect(readOutbox(s.dataDir).filter((m) => m.to.includes("inbox@example.com") && /reset/i.test(m.subject))).toHaveLength(2);
  });
});
