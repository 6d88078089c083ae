import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

type Client = Record<string, unknown>;

/**
 * Makes the database unreachable for the app (every query and connection is refused, as with a
 * stopped server), until the returned function puts it back.
 */
function cutDatabase(services: TestServices): () => void {
  const client = (services.database.db as unknown as { $client: Client }).$client;
  const methods = ["query", "exec", "transaction", "connect"].filter((k) => typeof client[k] === "function");
  const own = new Map(methods.filter((k) => Object.hasOwn(client, k)).map((k) => [k, client[k]]));
  const refused = () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
  for (const k of methods) client[k] = refused;
  return () => {
    for (const k of methods) {
      if (own.has(k)) client[k] = own.get(k);
      else delete client[k];
    }
  };
}

describe("a database outage", { timeout: 60_000 }, () => {
  let services: TestServices;
  const email = "outage-olga@example.com";
  const password = "secret-pass";
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.close();
  });

  it("answers her signed-in requests 503 (unavailable), never 401 (signed out), and she is signed in again once it is back", async () => {
    const laptop = await signUpAndConfirm(services, email, password);
    expect((await laptop.get("/v1/root/get-user")).status).toBe(200);
    // A second device whose session this process has not read yet.
    const phone = new TestClient(services.app);
    expect((await phone.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);

    const restore = cutDatabase(services);
    try {
      for (const [client, path] of [
        [laptop, "/v1/root/get-user"],
        [phone, "/v1/root/get-user"],
        [laptop, "/v1/account/sessions"],
        [phone, "/api/auth/get-session"],
      ] as const) {
        const res = await client.get(path);
        expect(res.status, path).toBe(503);
        const body = await res.json();
        expect(body.error.code, path).toBe("UNAVAILABLE");
        expect(body.error.message, path).toMatch(/^Leakwarden is unavailable at the moment\. You are still signed in/);
        // Nothing tells the browser to forget her session.
        expect(res.headers.getSetCookie().filter((c) => /max-age=0/i.test(c)), path).toEqual([]);
      }
      // Signing in meanwhile is told the same, without the promise of a session.
      const signIn = await new TestClient(services.app).post("/api/auth/sign-in/email", { email, password });
      expect(signIn.status).toBe(503);
      const refused = await signIn.json();
      expect(refused.error).toMatchObject({ code: "UNAVAILABLE", message: "Leakwarden is unavailable at the moment. Please try again in a few minutes." });
      expect(refused.message).toBe(refused.error.message);
    } finally {
      restore();
    }

    for (const client of [laptop, phone]) {
      const back = await client.get("/v1/root/get-user");
      expect(back.status).toBe(200);
      expect((await back.json()).email).toBe(email);
    }
  });

  it("still answers 401 to credentials that name no session while the database answers", async () => {
    const stranger = new TestClient(services.app);
    stranger.cookies.set("better-auth.session_token", "not-a-session.signature");
    const res = await stranger.get("/v1/root/get-user");
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("UNAUTHENTICATED");
  });
});
