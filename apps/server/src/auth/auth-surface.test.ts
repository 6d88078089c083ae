import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, TEST_ORIGIN, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

/**
 * Every auth address that redirects after it has done its work (the emailed links, Google's
 * sign-in) takes its destination from the request: none may lead a browser away from Leakwarden,
 * however the destination is spelled.
 */
const AWAY = [
  "https://evil.example/x",
  "//evil.example/x",
  "///evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example/x",
  "/%2F%2Fevil.example/x",
  "/%5Cevil.example/x",
  "https:evil.example",
  "http://localhost:3000@evil.example/x",
  "http://localhost:3000.evil.example/x",
  "http://evil.example#http://localhost:3000",
  " //evil.example/x",
  "\t//evil.example/x",
  "/\t/evil.example/x",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
];

/** Where a browser would go from a Location header, judged as a browser reads it (backslashes as slashes, tabs and newlines dropped). */
function staysHome(location: string | null): boolean {
  if (location === null) return true;
  const browserRead = location.replace(/[\t\n\r]/g, "").replace(/\\/g, "/").trim();
  try {
    return new URL(browserRead, TEST_ORIGIN).origin === TEST_ORIGIN;
  } catch {
    return false;
  }
}

describe("the auth endpoints a page can reach", { timeout: 60_000 }, () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.close();
  });

  it("never leads away from the site, however the destination is spelled", async () => {
    const client = new TestClient(services.app);
    const away: string[] = [];
    for (const target of AWAY) {
      const q = encodeURIComponent(target);
      const probes: [string, Promise<Response>][] = [
        ["verify-email", client.get(`/api/auth/verify-email?token=not-a-token&callbackURL=${q}`)],
        ["reset-password link", client.get(`/api/auth/reset-password/not-a-token?callbackURL=${q}`)],
        ["sign-in callbackURL", client.post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "whatever-1", callbackURL: target })],
        ["reset redirectTo", client.post("/api/auth/request-password-reset", { email: "nobody@example.com", redirectTo: target })],
        ["resend callbackURL", client.post("/api/auth/send-verification-email", { email: "nobody@example.com", callbackURL: target })],
      ];
      for (const [name, pending] of probes) {
        const res = await pending;
        expect(res.status).toBeLessThan(500);
        if (!staysHome(res.headers.get("location"))) away.push(`${name} ${JSON.stringify(target)} → ${res.headers.get("location")}`);
      }
    }
    expect(away).toEqual([]);
  });

  it("hands no page the secrets of her other sessions or of her Google account", async () => {
    const laptop = await signUpAndConfirm(services, "two-devices@example.com", "two-devices-pass");
    const phone = new TestClient(services.app);
    const signIn = await phone.post("/api/auth/sign-in/email", { email: "two-devices@example.com", password: "two-devices-pass" });
    const phoneToken = signIn.headers.get("set-auth-token");
    expect(phoneToken).toBeTruthy();

    // Her sessions are listed by /v1/account/sessions, without their tokens; the library's own list is not served.
    const listed = await laptop.get("/api/auth/list-sessions");
    expect(listed.status).toBe(404);
    const text = await listed.text();
    expect(text).not.toContain(phoneToken!.split(".")[0]!);
    expect(JSON.parse(text).error.code).toBe("NOT_FOUND");
    const ours = await laptop.get("/v1/account/sessions");
    expect(ours.status).toBe(200);
    expect(await ours.text()).not.toContain(phoneToken!.split(".")[0]!);

    for (const path of ["/api/auth/get-access-token", "/api/auth/refresh-token"]) {
      const res = await laptop.post(path, { providerId: "google" });
      expect(res.status, path).toBe(404);
    }
    expect((await laptop.get("/api/auth/account-info?accountId=any")).status).toBe(404);
    // What the product uses still works.
    expect((await laptop.get("/api/auth/get-session")).status).toBe(200);
  });
});
