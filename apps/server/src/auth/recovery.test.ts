import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestServices, firstLink, readOutbox, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { secretOf, totpCode, totpCodes } from "@leakwarden/test-support/totp";
import { verification } from "../db/schema/auth";
import { storedResetIdentifier } from "./auth";
import { TOTP_CODE_USED } from "./totp-replay";

const desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("recovery and sign-in", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const mailsTo = (email: string, subject: RegExp) => readOutbox(services.dataDir).filter((m) => m.to.includes(email) && subject.test(m.subject));

  async function signIn(email: string, password: string, userAgent = desktop) {
    const client = new TestClient(services.app);
    const res = await client.post("/api/auth/sign-in/email", { email, password }, { headers: { "user-agent": userAgent } });
    return { client, res };
  }

  async function requestReset(email: string) {
    const res = await new TestClient(services.app).post("/api/auth/request-password-reset", { email });
    await services.queue.runDue(["email.send"]);
    return res;
  }

  function resetToken(email: string): string {
    const mail = mailsTo(email, /reset your leakwarden password/i).at(-1);
    const link = mail && firstLink(mail.text, "/reset-password");
    if (!link) throw new Error("no reset link");
    const url = new URL(link);
    expect(url.origin).toBe("http://localhost:3000");
    return url.searchParams.get("token")!;
  }

  it("answers the same whether or not the address has an account, and mails a link only to an account", async () => {
    await signUpAndConfirm(services, "forgetful@example.com");
    const known = await requestReset("forgetful@example.com");
    const unknown = await requestReset("nobody-here@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());
    expect(mailsTo("forgetful@example.com", /reset/i)).toHaveLength(1);
    expect(readOutbox(services.dataDir).some((m) => m.to.includes("nobody-here@example.com"))).toBe(false);
  });

  it("sets a new password through the link once, signs every session out, and refuses the old password", async () => {
    await signUpAndConfirm(services, "reset@example.com", "old-password");
    const other = await signIn("reset@example.com", "old-password", phone);
    expect(other.res.status).toBe(200);
    expect((await other.client.get("/v1/root/get-user")).status).toBe(200);

    await requestReset("reset@example.com");
    const token = resetToken("reset@example.com");
    const anon = new TestClient(services.app);
    const reset = await anon.post("/api/auth/reset-password", { token, newPassword: "brand-new-pass" });
    expect(reset.status).toBe(200);

    // Single use.
    const again = await anon.post("/api/auth/reset-password", { token, newPassword: "another-pass" });
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("INVALID_TOKEN");

    expect((await other.client.get("/v1/root/get-user")).status).toBe(401);
    expect((await signIn("reset@example.com", "old-password")).res.status).toBe(401);
    expect((await signIn("reset@example.com", "another-pass")).res.status).toBe(401);
    expect((await signIn("reset@example.com", "brand-new-pass")).res.status).toBe(200);

    await services.queue.runDue(["email.send"]);
    expect(mailsTo("reset@example.com", /password was changed/i)).toHaveLength(1);
  });

  it("keeps only a digest of a reset link in the database; the link works once", async () => {
    await signUpAndConfirm(services, "digest@example.com", "old-password");
    await requestReset("digest@example.com");
    const token = resetToken("digest@example.com");
    const rows = await services.database.db.select().from(verification);
    expect(rows.some((r) => r.identifier === storedResetIdentifier(`reset-password:${token}`))).toBe(true);
    // Whoever reads the table gets nothing the link carries.
    expect(rows.filter((r) => r.identifier.includes(token) || r.value.includes(token))).toEqual([]);

    const anon = new TestClient(services.app);
    expect((await anon.post("/api/auth/reset-password", { token, newPassword: "digest-new-pass" })).status).toBe(200);
    const again = await anon.post("/api/auth/reset-password", { token, newPassword: "digest-other-pass" });
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("INVALID_TOKEN");
    expect((await signIn("digest@example.com", "digest-new-pass")).res.status).toBe(200);
  });

  it("keeps working links mailed before tokens were digested, once they are, and no longer holds them in plain text", async () => {
    const me = await signUpAndConfirm(services, "upgraded@example.com", "old-password");
    const userId = ((await (await me.get("/v1/root/get-user")).json()) as { id: string }).id;
    const token = "PlainTokenFromBefore0123";
    await services.database.db.insert(verification).values({ id: "plain-reset-row", identifier: `reset-password:${token}`, value: userId, expiresAt: new Date(Date.now() + 3_600_000) });
    const migration = fs.readFileSync(new URL("../db/migrations/0023_verification-digests.sql", import.meta.url), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await services.database.executeSql(statement);
    const [row] = await services.database.db.select().from(verification).where(eq(verification.id, "plain-reset-row"));
    expect(row!.identifier).toBe(storedResetIdentifier(`reset-password:${token}`));
    expect((await new TestClient(services.app).post("/api/auth/reset-password", { token, newPassword: "upgraded-pass" })).status).toBe(200);
    expect((await signIn("upgraded@example.com", "upgraded-pass")).res.status).toBe(200);
  });

  it("refuses a link older than an hour", async () => {
    await signUpAndConfirm(services, "late@example.com", "old-password");
    await requestReset("late@example.com");
    const token = resetToken("late@example.com");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60 * 1000 });
    const res = await new TestClient(services.app).post("/api/auth/reset-password", { token, newPassword: "too-late-pass" });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("INVALID_TOKEN");
    vi.useRealTimers();
    expect((await signIn("late@example.com", "old-password")).res.status).toBe(200);
  });

  it("retires every other reset link once the password is set, changed, or the address changes", async () => {
    const reset = (token: string, newPassword: string) => new TestClient(services.app).post("/api/auth/reset-password", { token, newPassword });

    // Two links asked for (one perhaps by someone reading her mail): using one retires the other.
    await signUpAndConfirm(services, "twolinks@example.com", "old-password");
    await requestReset("twolinks@example.com");
    const first = resetToken("twolinks@example.com");
    await requestReset("twolinks@example.com");
    const second = resetToken("twolinks@example.com");
    expect(second).not.toBe(first);
    expect((await reset(second, "her-new-pass")).status).toBe(200);
    const stale = await reset(first, "someone-elses-pass");
    expect(stale.status).toBe(400);
    expect((await stale.json()).code).toBe("INVALID_TOKEN");
    expect((await signIn("twolinks@example.com", "her-new-pass")).res.status).toBe(200);

    // A link asked for before she changed her password no longer works after it.
    const me = await signUpAndConfirm(services, "changed-since@example.com", "first-pass");
    await requestReset("changed-since@example.com");
    const before = resetToken("changed-since@example.com");
    expect((await me.post("/api/auth/change-password", { currentPassword: "first-pass", newPassword: "second-pass" })).status).toBe(200);
    expect((await reset(before, "someone-elses-pass")).status).toBe(400);
    expect((await signIn("changed-since@example.com", "second-pass")).res.status).toBe(200);

    // A link mailed to her old address no longer works once the new one is confirmed.
    const mover = await signUpAndConfirm(services, "moving-out@example.com", "mover-pass");
    await requestReset("moving-out@example.com");
    const oldInbox = resetToken("moving-out@example.com");
    expect((await mover.post("/api/auth/change-email", { newEmail: "moved-in@example.com", currentPassword: "mover-pass" })).status).toBe(200);
    await services.queue.runDue(["email.send"]);
    const confirmation = mailsTo("moved-in@example.com", /confirm your new email/i).at(-1);
    expect((await mover.get(firstLink(confirmation!.text, "/api/auth/verify-email")!)).status).toBe(302);
    expect((await reset(oldInbox, "someone-elses-pass")).status).toBe(400);
    expect((await signIn("moved-in@example.com", "mover-pass")).res.status).toBe(200);
  });

  it("changes the password only with the current one, and signs the other sessions out", async () => {
    const me = await signUpAndConfirm(services, "change@example.com", "first-pass");
    const other = await signIn("change@example.com", "first-pass", phone);
    expect(other.res.status).toBe(200);

    const wrong = await me.post("/api/auth/change-password", { currentPassword: "not-it-at-all", newPassword: "second-pass" });
    expect(wrong.status).toBe(400);
    expect((await other.client.get("/v1/root/get-user")).status).toBe(200);

    // Even a request that asks to keep them signs the others out.
    const ok = await me.post("/api/auth/change-password", { currentPassword: "first-pass", newPassword: "second-pass", revokeOtherSessions: false });
    expect(ok.status).toBe(200);
    expect((await me.get("/v1/root/get-user")).status).toBe(200);
    expect((await other.client.get("/v1/root/get-user")).status).toBe(401);
    expect((await signIn("change@example.com", "first-pass")).res.status).toBe(401);
    expect((await signIn("change@example.com", "second-pass")).res.status).toBe(200);
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("change@example.com", /password was changed/i)).toHaveLength(1);
  });

  it("changes the email once the new address confirms it, and tells the old one", async () => {
    const me = await signUpAndConfirm(services, "old-address@example.com", "secret-pass");
    const ask = await me.post("/api/auth/change-email", { newEmail: "new-address@example.com", currentPassword: "secret-pass" });
    expect(ask.status).toBe(200);
    await services.queue.runDue(["email.send"]);
    // Nothing changes before the new address confirms.
    expect((await (await me.get("/v1/root/get-user")).json()).email).toBe("old-address@example.com");
    const mail = mailsTo("new-address@example.com", /confirm your new email/i).at(-1);
    const link = mail && firstLink(mail.text, "/api/auth/verify-email");
    expect(link).toBeTruthy();
    const confirm = await me.get(link!);
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe("/settings?email=changed");
    expect((await (await me.get("/v1/root/get-user")).json()).email).toBe("new-address@example.com");
    await services.queue.runDue(["email.send"]);
    const told = mailsTo("old-address@example.com", /email was changed/i);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("new-address@example.com");
    expect((await signIn("new-address@example.com", "secret-pass")).res.status).toBe(200);
    expect((await signIn("old-address@example.com", "secret-pass")).res.status).toBe(401);
  });

  it("lists her sessions with device and address, and signs out one or all the others", async () => {
    const me = await signUpAndConfirm(services, "devices@example.com", "secret-pass");
    const mine = await signIn("devices@example.com", "secret-pass", desktop);
    const phoneSession = await signIn("devices@example.com", "secret-pass", phone);
    const third = await signIn("devices@example.com", "secret-pass", phone);
    const stranger = await signUpAndConfirm(services, "stranger@example.com", "secret-pass");

    const list = await mine.client.get("/v1/account/sessions");
    expect(list.status).toBe(200);
    const { sessions } = await list.json();
    expect(sessions).toHaveLength(4);
    expect(sessions[0]).toMatchObject({ current: true, device: "Firefox on Windows" });
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.filter((s: { device: string }) => s.device === "Safari on iPhone")).toHaveLength(2);
    for (const s of sessions) {
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
      expect(JSON.stringify(s)).not.toMatch(/token/i);
    }

    // Another creator cannot sign her sessions out: the same answer as an id that does not exist.
    const phoneId = (await (await phoneSession.client.get("/v1/account/sessions")).json()).sessions.find((s: { current: boolean }) => s.current).id;
    const foreign = await stranger.post(`/v1/account/sessions/${phoneId}/revoke`);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe("NOT_FOUND");
    expect((await phoneSession.client.get("/v1/root/get-user")).status).toBe(200);
    expect((await mine.client.post("/v1/account/sessions/not a valid id!/revoke")).status).toBe(404);

    const one = await mine.client.post(`/v1/account/sessions/${phoneId}/revoke`);
    expect(one.status).toBe(200);
    expect((await phoneSession.client.get("/v1/root/get-user")).status).toBe(401);
    expect((await third.client.get("/v1/root/get-user")).status).toBe(200);

    const all = await mine.client.post("/v1/account/sessions/revoke-others");
    expect(await all.json()).toEqual({ revoked: 2 });
    expect((await third.client.get("/v1/root/get-user")).status).toBe(401);
    expect((await me.get("/v1/root/get-user")).status).toBe(401);
    expect((await mine.client.get("/v1/root/get-user")).status).toBe(200);
    expect((await stranger.get("/v1/root/get-user")).status).toBe(200);
    expect((await new TestClient(services.app).get("/v1/account/sessions")).status).toBe(401);
  });

  it("asks for the authenticator code at sign-in once two-factor is on, and takes each backup code once", async () => {
    const me = await signUpAndConfirm(services, "twofactor@example.com", "secret-pass");
    const refused = await me.post("/api/auth/two-factor/enable", { password: "wrong-password" });
    expect(refused.status).toBe(400);
    const enable = await me.post("/api/auth/two-factor/enable", { password: "secret-pass" });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Leakwarden:/);
    expect(backupCodes).toHaveLength(10);
    const secret = secretOf(totpURI);
    const nextCode = totpCodes(secret);

    // Not on until a code from the app is confirmed.
    expect((await signIn("twofactor@example.com", "secret-pass")).res.status).toBe(200);
    const confirm = await me.post("/api/auth/two-factor/verify-totp", { code: await nextCode() });
    expect(confirm.status).toBe(200);

    // Password alone no longer signs in.
    const first = await signIn("twofactor@example.com", "secret-pass");
    expect(first.res.status).toBe(200);
    expect(await first.res.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await first.client.get("/v1/root/get-user")).status).toBe(401);
    const badCode = await first.client.post("/api/auth/two-factor/verify-totp", { code: "000000" === totpCode(secret) ? "111111" : "000000" });
    expect(badCode.status).toBe(401);
    const code = await nextCode();
    const good = await first.client.post("/api/auth/two-factor/verify-totp", { code });
    expect(good.status).toBe(200);
    expect((await first.client.get("/v1/root/get-user")).status).toBe(200);

    // That code does not sign in again, though its 30 s are not over: someone who saw it cannot use it.
    const replay = await signIn("twofactor@example.com", "secret-pass");
    expect(await replay.res.json()).toMatchObject({ twoFactorRedirect: true });
    const replayed = await replay.client.post("/api/auth/two-factor/verify-totp", { code });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ error: { code: "UNAUTHENTICATED", message: TOTP_CODE_USED }, code: "TOTP_CODE_ALREADY_USED" });
    expect((await replay.client.get("/v1/root/get-user")).status).toBe(401);
    // Nor does a code from before it; the app's next code does.
    const earlier = await replay.client.post("/api/auth/two-factor/verify-totp", { code: totpCode(secret, Date.now() - 30_000) });
    expect(earlier.status).toBe(401);
    expect((await replay.client.post("/api/auth/two-factor/verify-totp", { code: await nextCode() })).status).toBe(200);
    expect((await replay.client.get("/v1/root/get-user")).status).toBe(200);

    // A backup code works once.
    const second = await signIn("twofactor@example.com", "secret-pass");
    const backup = await second.client.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] });
    expect(backup.status).toBe(200);
    expect((await second.client.get("/v1/root/get-user")).status).toBe(200);
    const third = await signIn("twofactor@example.com", "secret-pass");
    const reused = await third.client.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] });
    expect(reused.status).toBe(401);
    expect((await third.client.get("/v1/root/get-user")).status).toBe(401);

    // Turned off only with the password; then the password alone signs in again.
    expect((await first.client.post("/api/auth/two-factor/disable", { password: "wrong-password" })).status).toBe(400);
    expect((await signIn("twofactor@example.com", "secret-pass")).res.status).toBe(200);
    expect(await (await signIn("twofactor@example.com", "secret-pass")).res.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await first.client.post("/api/auth/two-factor/disable", { password: "secret-pass" })).status).toBe(200);
    const plain = await signIn("twofactor@example.com", "secret-pass");
    expect(await plain.res.json()).not.toHaveProperty("twoFactorRedirect");
    expect((await plain.client.get("/v1/root/get-user")).status).toBe(200);
  });
});
