import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db/client";
import { loadEnv } from "../env";
import { createLogger } from "../lib/logger";
import { createServices } from "../services";
import { createTestServices, TEST_ORIGIN, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

const errorShape = (code: string) => ({ error: expect.objectContaining({ code, message: expect.any(String) }) });

describe("the HTTP surface", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.close();
  });

  it("reports itself healthy while the database answers", async () => {
    const res = await services.app.request(`${TEST_ORIGIN}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("sends HSTS only on an answer over https", async () => {
    const plain = await services.app.request("http://localhost:3000/healthz");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    // A client cannot claim https for itself: only a trusted proxy's word counts.
    const claimed = await services.app.request("http://localhost:3000/healthz", { headers: { "x-forwarded-proto": "https" } });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
    const secure = await services.app.request("https://leakwarden.example/healthz");
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=15552000; includeSubDomains");
    // The other security headers stay on every answer.
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers unknown /api and /v1 paths with 404 in the error shape", async () => {
    for (const [method, path] of [
      ["GET", "/api/nothing-here"],
      ["GET", "/api/auth/nothing-here"],
      ["POST", "/api/auth/nothing-here"],
      ["PUT", "/api/auth/sign-up/email"],
      ["GET", "/v1/nothing-here"],
      ["DELETE", "/v1/root/get-user"],
    ] as const) {
      const res = await new TestClient(services.app).request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json(), `${method} ${path}`).toMatchObject(errorShape("NOT_FOUND"));
    }
  });

  it("gives every refused sign-up the error shape, with the field at fault, never a 5xx", async () => {
    const client = new TestClient(services.app);
    const signUp = (body: string) => client.request("/api/auth/sign-up/email", { method: "POST", headers: { "content-type": "application/json" }, body });
    const cases: [string, number, string, string | null][] = [
      ["{not json", 400, "VALIDATION", null],
      ["", 400, "VALIDATION", null],
      [JSON.stringify({ email: "short@example.com", password: "12345", name: "", ageConfirmed: true }), 400, "VALIDATION", "password"],
      [JSON.stringify({ email: "not-an-email", password: "secret1", name: "", ageConfirmed: true }), 400, "VALIDATION", "email"],
      [JSON.stringify({ email: "minor@example.com", password: "secret1", name: "" }), 400, "VALIDATION", "ageConfirmed"],
      [JSON.stringify({ email: "minor@example.com", password: "secret1", name: "", ageConfirmed: "yes" }), 400, "VALIDATION", "ageConfirmed"],
      [JSON.stringify({ email: 5, password: true, ageConfirmed: true }), 400, "VALIDATION", "email"],
      [JSON.stringify({ email: "long@example.com", password: "x".repeat(129), name: "", ageConfirmed: true }), 400, "VALIDATION", "password"],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await signUp(body);
      expect(res.status, body).toBe(status);
      const json = await res.json();
      expect(json, body).toMatchObject(errorShape(code));
      if (field) expect(Object.keys(json.error.fields ?? {}), body).toContain(field);
      // The auth library's client still finds its own code and message.
      expect(json.message, body).toBe(json.error.message);
    }
    const huge = await signUp(JSON.stringify({ email: "big@example.com", password: "secret1", ageConfirmed: true, name: "x".repeat(100_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject(errorShape("PAYLOAD_TOO_LARGE"));

    const wrongPassword = await client.post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "secret1" });
    expect(wrongPassword.status).toBe(401);
    expect(await wrongPassword.json()).toMatchObject({ ...errorShape("UNAUTHENTICATED"), code: "INVALID_EMAIL_OR_PASSWORD" });

    const foreign = await new TestClient(services.app, "https://evil.example").post("/api/auth/sign-up/email", { email: "x@example.com", password: "secret1", ageConfirmed: true });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual(expect.objectContaining(errorShape("FORBIDDEN")));
  });

  it("reports the database unreachable with 503 once it is gone", async () => {
    const own = await createTestServices();
    await own.queue.stop();
    await own.database.close();
    try {
      const res = await own.app.request(`${TEST_ORIGIN}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "error", db: "unreachable" });
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});

describe("health with a PostgreSQL server that is not there", () => {
  it("answers 503, not an error page, and keeps answering", async () => {
    // Nothing listens on port 1 of loopback: connections are refused at once.
    const database = openPostgres("postgres://postgres@127.0.0.1:1/none", 1);
    const env = loadEnv({ NODE_ENV: "test", DATA_DIR: "/tmp/lw-unused", PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: "silent", AUTH_SECRET: "x".repeat(32) });
    const services = createServices(env, createLogger("silent"), database);
    try {
      for (let i = 0; i < 2; i++) {
        const res = await services.app.request(`${TEST_ORIGIN}/healthz`);
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ status: "error", db: "unreachable" });
      }
    } finally {
      await database.close();
    }
  });
});

describe("client addresses behind a trusted proxy", () => {
  // In-process requests come from 127.0.0.1: here that is the deployment's proxy.
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices({ AUTH_RATE_LIMIT_MAX: "2", AUTH_RATE_LIMIT_WINDOW_SECONDS: "60", TRUSTED_PROXIES: "127.0.0.1,10.0.0.0/8" });
  });
  afterAll(async () => {
    await services?.close();
  });

  const attempt = (forwardedFor: string) =>
    new TestClient(services.app).post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "wrong-pass" }, { headers: { "x-forwarded-for": forwardedFor } });

  it("limits each client named by the proxy on its own, and skips the proxies in the chain", async () => {
    // Two clients behind the proxy: each has its own allowance.
    expect((await attempt("198.51.100.1")).status).toBe(401);
    expect((await attempt("198.51.100.1")).status).toBe(401);
    expect((await attempt("198.51.100.1")).status).toBe(429);
    expect((await attempt("198.51.100.2")).status).toBe(401);
    // A client that writes its own X-Forwarded-For is still known by the address our proxies saw.
    const limited = await attempt("203.0.113.9, 198.51.100.1, 10.1.2.3");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(expect.objectContaining(errorShape("RATE_LIMITED")));
  });
});
