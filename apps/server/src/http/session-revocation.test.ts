import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { createServices, type Services } from "../services";

// Two API instances on one database, as two API processes are: each keeps its own sessions in
// memory. A session ended through one must be refused by the other on its very next request.
describe("a session ended through one API instance, used on another", () => {
  let services: TestServices;
  let other: Services;
  beforeAll(async () => {
    services = await createTestServices();
    other = createServices(services.env, services.logger, services.database, { mailer: services.mailer });
  });
  afterAll(async () => {
    await services?.close();
  });

  /** The same browser's cookie, sent to the other instance. */
  const onOther = (client: TestClient) => {
    const copy = new TestClient(other.app);
    for (const [k, v] of client.cookies) copy.cookies.set(k, v);
    return copy;
  };

  async function signIn(email: string, password = "secret-pass") {
    const client = new TestClient(services.app);
    expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    return client;
  }

  /** The other instance has read (and keeps) this browser's session. */
  async function warm(client: TestClient) {
    const there = onOther(client);
    for (let i = 0; i < 3; i++) expect((await there.get("/v1/leaks")).status).toBe(200);
    return there;
  }

  it("refuses a signed-out session at once", async () => {
    const ava = await signUpAndConfirm(services, "ava@example.com");
    const there = await warm(ava);
    expect((await ava.post("/api/auth/sign-out", {})).status).toBe(200);
    const after = await there.get("/v1/leaks");
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: "Sign in to continue." } });
  });

  it("refuses a session signed out from her settings, one or all the others, at once", async () => {
    await signUpAndConfirm(services, "bea@example.com");
    const laptop = await signIn("bea@example.com");
    const phone = await signIn("bea@example.com");
    const tablet = await signIn("bea@example.com");
    const [phoneThere, tabletThere, laptopThere] = [await warm(phone), await warm(tablet), await warm(laptop)];
    const { sessions } = (await (await laptop.get("/v1/account/sessions")).json()) as { sessions: { id: string; current: boolean }[] };
    const phoneSession = (await (await phone.get("/v1/account/sessions")).json()) as { sessions: { id: string; current: boolean }[] };
    const phoneId = phoneSession.sessions.find((s) => s.current)!.id;
    expect(sessions.map((s) => s.id)).toContain(phoneId);

    expect((await laptop.post(`/v1/account/sessions/${phoneId}/revoke`)).status).toBe(200);
    expect((await phoneThere.get("/v1/leaks")).status).toBe(401);
    expect((await tabletThere.get("/v1/leaks")).status).toBe(200);

    expect((await laptop.post("/v1/account/sessions/revoke-others")).status).toBe(200);
    expect((await tabletThere.get("/v1/leaks")).status).toBe(401);
    expect((await laptopThere.get("/v1/leaks")).status).toBe(200);
  });

  it("refuses her other sessions at once when she changes her password", async () => {
    await signUpAndConfirm(services, "cara@example.com");
    const laptop = await signIn("cara@example.com");
    const phoneThere = await warm(await signIn("cara@example.com"));
    const change = await laptop.post("/api/auth/change-password", { currentPassword: "secret-pass", newPassword: "newer-secret-pass" });
    expect(change.status).toBe(200);
    expect((await phoneThere.get("/v1/leaks")).status).toBe(401);
  });

  it("refuses every session at once when she asks for her account to be deleted", async () => {
    const dana = await signUpAndConfirm(services, "dana@example.com");
    const phoneThere = await warm(await signIn("dana@example.com"));
    const deletion = await dana.post("/v1/account/deletion", { password: "secret-pass" });
    expect(deletion.status).toBe(200);
    expect((await phoneThere.get("/v1/leaks")).status).toBe(401);
    expect((await onOther(dana).get("/v1/leaks")).status).toBe(401);
  });
});
