import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

// Sessions read by /v1 calls are kept for a few seconds: what ends or changes one must show at once.
describe("a session read once and used again", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.close();
  });

  const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

  async function signIn(email: string) {
    const client = new TestClient(services.app);
    expect((await client.post("/api/auth/sign-in/email", { email, password: "secret-pass" })).status).toBe(200);
    return client;
  }

  it("stops working as soon as she signs out", async () => {
    const ava = await signUpAndConfirm(services, "ava@example.com");
    expect((await ava.get("/v1/leaks")).status).toBe(200);
    expect((await ava.get("/v1/leaks")).status).toBe(200);
    const cookie = cookieOf(ava);
    expect((await ava.post("/api/auth/sign-out", {})).status).toBe(200);
    const after = await new TestClient(services.app).get("/v1/leaks", { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: "Sign in to continue." } });
  });

  it("stops working on her other devices as soon as she signs them out", async () => {
    await signUpAndConfirm(services, "bea@example.com");
    const laptop = await signIn("bea@example.com");
    const phone = await signIn("bea@example.com");
    expect((await laptop.get("/v1/leaks")).status).toBe(200);
    expect((await phone.get("/v1/leaks")).status).toBe(200);
    expect((await laptop.post("/api/auth/revoke-other-sessions", {})).status).toBe(200);
    expect((await phone.get("/v1/leaks")).status).toBe(401);
    expect((await laptop.get("/v1/leaks")).status).toBe(200);
  });

  it("is never another creator's", async () => {
    const dana = await signUpAndConfirm(services, "dana@example.com");
    const erin = await signUpAndConfirm(services, "erin@example.com");
    for (let i = 0; i < 3; i++) {
      expect((await (await dana.get("/v1/root/get-user")).json()).email).toBe("dana@example.com");
      expect((await (await erin.get("/v1/root/get-user")).json()).email).toBe("erin@example.com");
    }
  });
});
