import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestServices, firstLink, readOutbox, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { secretOf, totpCode, totpCodes } from "@leakwarden/test-support/totp";
import { account, session, user } from "../db/schema/auth";
import { emailChangeMessages } from "./auth";
import { TOTP_CODE_USED } from "./totp-replay";

describe("changing the account's email", { timeout: 120_000 }, () => {
  let services: TestServices;
  const password = "secret-pass";
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const mailsTo = (email: string, subject: RegExp) => readOutbox(services.dataDir).filter((m) => m.to.toLowerCase() === email && subject.test(m.subject));
  const emailOf = async (client: TestClient) => ((await (await client.get("/v1/root/get-user")).json()) as { email: string }).email;

  async function confirmationLink(newEmail: string): Promise<string> {
    await services.queue.runDue(["email.send"]);
    const mail = mailsTo(newEmail, /confirm your new email/i).at(-1);
    const link = mail && firstLink(mail.text, "/api/auth/verify-email");
    expect(link).toBeTruthy();
    return link!;
  }

  it("asks for her current password: a stolen session alone moves nothing", async () => {
    const thief = await signUpAndConfirm(services, "pw-owner@example.com", password);
    const missing = await thief.post("/api/auth/change-email", { newEmail: "thief-box@example.com" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ code: "VALIDATION", fields: { currentPassword: emailChangeMessages.passwordRequired } });
    const wrong = await thief.post("/api/auth/change-email", { newEmail: "thief-box@example.com", currentPassword: "a-guess-at-it" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toEqual({ currentPassword: emailChangeMessages.passwordWrong });
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("thief-box@example.com", /./)).toEqual([]);
    expect(await emailOf(thief)).toBe("pw-owner@example.com");

    // Her own request, with her password, goes through.
    const ok = await thief.post("/api/auth/change-email", { newEmail: "pw-owner-new@example.com", currentPassword: password });
    expect(ok.status).toBe(200);
    await confirmationLink("pw-owner-new@example.com");
  });

  it("asks for the second factor when two-factor sign-in is on: an authenticator code (once) or a backup code (once)", async () => {
    const email = "tf-owner@example.com";
    const me = await signUpAndConfirm(services, email, password);
    const enable = await me.post("/api/auth/two-factor/enable", { password });
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const nextCode = totpCodes(secretOf(totpURI));
    expect((await me.post("/api/auth/two-factor/verify-totp", { code: await nextCode() })).status).toBe(200);

    const noCode = await me.post("/api/auth/change-email", { newEmail: "tf-new1@example.com", currentPassword: password });
    expect(noCode.status).toBe(400);
    expect((await noCode.json()).error.fields).toEqual({ code: emailChangeMessages.codeRequired });
    const accepted = [-30_000, 0, 30_000].map((d) => totpCode(secretOf(totpURI), Date.now() + d));
    const wrong = ["000000", "111111", "222222", "333333"].find((c) => !accepted.includes(c))!;
    const badCode = await me.post("/api/auth/change-email", { newEmail: "tf-new1@example.com", currentPassword: password, code: wrong });
    expect(badCode.status).toBe(400);
    expect((await badCode.json()).error.fields).toEqual({ code: emailChangeMessages.codeWrong });
    const badBackup = await me.post("/api/auth/change-email", { newEmail: "tf-new1@example.com", currentPassword: password, code: "ABCDE-FGHIJ" });
    expect((await badBackup.json()).error.fields).toEqual({ code: emailChangeMessages.codeWrong });
    // The code without the password is not enough either.
    const code = await nextCode();
    const noPassword = await me.post("/api/auth/change-email", { newEmail: "tf-new1@example.com", code });
    expect((await noPassword.json()).error.fields).toEqual({ currentPassword: emailChangeMessages.passwordRequired });

    const ok = await me.post("/api/auth/change-email", { newEmail: "tf-new1@example.com", currentPassword: password, code });
    expect(ok.status).toBe(200);
    // The same code, seen over her shoulder, does not ask again.
    const replay = await me.post("/api/auth/change-email", { newEmail: "tf-new2@example.com", currentPassword: password, code });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error.fields).toEqual({ code: TOTP_CODE_USED });

    const backup = backupCodes[0]!;
    expect((await me.post("/api/auth/change-email", { newEmail: "tf-new2@example.com", currentPassword: password, code: backup })).status).toBe(200);
    const again = await me.post("/api/auth/change-email", { newEmail: "tf-new3@example.com", currentPassword: password, code: backup });
    expect((await again.json()).error.fields).toEqual({ code: emailChangeMessages.codeWrong });
    // The backup code is used up for sign-in too; the others still work.
    const signIn = new TestClient(services.app);
    expect(await (await signIn.post("/api/auth/sign-in/email", { email, password })).json()).toMatchObject({ twoFactorRedirect: true });
    expect((await signIn.post("/api/auth/two-factor/verify-backup-code", { code: backup })).status).toBe(401);
    expect((await signIn.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1]! })).status).toBe(200);

    await services.queue.runDue(["email.send"]);
    expect(mailsTo("tf-new1@example.com", /confirm your new email/i)).toHaveLength(1);
    expect(mailsTo("tf-new2@example.com", /confirm your new email/i)).toHaveLength(1);
    expect(mailsTo("tf-new3@example.com", /./)).toEqual([]);
  });

  it("asks an account without a password (Google) for a sign-in of the last minutes", async () => {
    const email = "google-only@example.com";
    const me = await signUpAndConfirm(services, email, password);
    const { db } = services.database;
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await db.update(account).set({ password: null, providerId: "google" }).where(eq(account.userId, row!.id));
    await db.update(session).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(session.userId, row!.id));
    const stale = await me.post("/api/auth/change-email", { newEmail: "google-new@example.com" });
    expect(stale.status).toBe(403);
    expect((await stale.json()).error).toMatchObject({ code: "FORBIDDEN", message: emailChangeMessages.recentSignInRequired });
    // A password typed for an account that has none changes nothing.
    expect((await me.post("/api/auth/change-email", { newEmail: "google-new@example.com", currentPassword: password })).status).toBe(403);

    await db.update(session).set({ createdAt: new Date() }).where(eq(session.userId, row!.id));
    expect((await me.post("/api/auth/change-email", { newEmail: "google-new@example.com" })).status).toBe(200);
    await confirmationLink("google-new@example.com");
  });

  it("takes a confirmation link once: opened again it changes nothing, mails nobody, and reads as an invalid link", async () => {
    const me = await signUpAndConfirm(services, "link-old@example.com", password);
    expect((await me.post("/api/auth/change-email", { newEmail: "link-new@example.com", currentPassword: password })).status).toBe(200);
    const link = await confirmationLink("link-new@example.com");
    // Opened first where another account is signed in: refused, and it still works for her.
    const other = await signUpAndConfirm(services, "link-other@example.com", password);
    expect((await other.get(link)).headers.get("location")).toBe("/settings?email=changed&error=INVALID_USER");
    expect(await emailOf(me)).toBe("link-old@example.com");
    const first = await me.get(link);
    expect(first.headers.get("location")).toBe("/settings?email=changed");
    expect(await emailOf(me)).toBe("link-new@example.com");
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("link-old@example.com", /email was changed/i)).toHaveLength(1);

    // Opened again (from her mailbox, or by whoever reads it), by her and by a stranger.
    const invalid = await new TestClient(services.app).get(link.replace(/token=[^&]+/, "token=not-a-token"));
    for (const client of [me, new TestClient(services.app), me]) {
      const again = await client.get(link);
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe(invalid.headers.get("location"));
    }
    expect(invalid.headers.get("location")).toBe("/settings?email=changed&error=INVALID_TOKEN");
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("link-old@example.com", /email was changed/i)).toHaveLength(1);

    // Back to the old address, then the first link once more: it does not move her again.
    expect((await me.post("/api/auth/change-email", { newEmail: "link-old@example.com", currentPassword: password })).status).toBe(200);
    expect((await me.get(await confirmationLink("link-old@example.com"))).headers.get("location")).toBe("/settings?email=changed");
    expect(await emailOf(me)).toBe("link-old@example.com");
    expect((await me.get(link)).headers.get("location")).toBe("/settings?email=changed&error=INVALID_TOKEN");
    expect(await emailOf(me)).toBe("link-old@example.com");
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("link-old@example.com", /email was changed/i)).toHaveLength(1);
    expect(mailsTo("link-new@example.com", /email was changed/i)).toHaveLength(1);
  });

  it("does nothing with an expired link, and says what an invalid link says", async () => {
    const me = await signUpAndConfirm(services, "late-old@example.com", password);
    expect((await me.post("/api/auth/change-email", { newEmail: "late-new@example.com", currentPassword: password })).status).toBe(200);
    const link = await confirmationLink("late-new@example.com");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 25 * 3_600_000 });
    const late = await new TestClient(services.app).get(link);
    vi.useRealTimers();
    expect(late.status).toBe(302);
    expect(late.headers.get("location")).toMatch(/^\/settings\?email=changed&error=/);
    expect(await emailOf(me)).toBe("late-old@example.com");
    await services.queue.runDue(["email.send"]);
    expect(mailsTo("late-old@example.com", /email was changed/i)).toEqual([]);
  });
});
