import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema/auth";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

// Every input is checked before it reaches the database: text with a control
// character and ids that are not ids are refused in the error shape, never a 500.

let services: TestServices;
let client: TestClient;

beforeAll(async () => {
  services = await createTestServices();
  client = await signUpAndConfirm(services, "inputs@example.com");
});
afterAll(async () => {
  await services?.close();
});

const NUL = "\u0000";

async function expectValidation(res: Response, field?: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe("VALIDATION");
  expect(typeof body.error.message).toBe("string");
  if (field) expect(Object.keys(body.error.fields ?? {})).toContain(field);
}

describe("control characters in text", () => {
  it("are refused in every kind of request body and query", async () => {
    await expectValidation(await client.post("/v1/identities/nicknames", { value: `Moon${NUL}Bunny` }), "value");
    await expectValidation(await client.post("/v1/identities/stage-names", { platform: "OnlyFans", username: `luna${NUL}` }), "username");
    await expectValidation(await client.post("/v1/identities/domains", { domain: `luna${NUL}.example` }), "domain");
    await expectValidation(await client.request("/v1/identities/specific", { method: "PUT", json: { specific: `a\u001bb` } }), "specific");
    await expectValidation(await client.post("/v1/root/update-profile", { nicknames: [`x${NUL}`] }), "nicknames.0");
    await expectValidation(await client.post("/v1/reference-images", { label: `me${NUL}`, hashes: [], quality: 50 }), "label");
    await expectValidation(
      await client.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: `Ann${NUL} Lee`, signature: "Ann Lee", agree: true } }),
      "fullName",
    );
    await expectValidation(await client.get("/v1/leaks?q=%00"), "q");
    await expectValidation(await client.get("/v1/leaks?q=a%C2%85b"), "q");
    // A key carries text too.
    await expectValidation(await client.post("/v1/identities/nicknames", { value: "ok", [`k${NUL}`]: 1 }));
  });

  it("leave line breaks and tabs alone where text may have them", async () => {
    const res = await client.request("/v1/identities/specific", { method: "PUT", json: { specific: "line one\nline two\tand a tab" } });
    expect(res.status).toBe(200);
  });
});

describe("ids in paths", () => {
  it("answer a 36-character id that is not a UUID as not found, on every id route", async () => {
    const bad = "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz";
    const calls: Array<[string, string]> = [
      ["GET", `/v1/scans/${bad}`],
      ["POST", `/v1/scans/${bad}/cancel`],
      ["POST", `/v1/leaks/${bad}/confirm`],
      ["POST", `/v1/leaks/${bad}/dismiss`],
      ["DELETE", `/v1/reference-images/${bad}`],
      ["GET", `/v1/takedowns/${bad}`],
      ["POST", `/v1/takedowns/${bad}/cancel`],
      ["POST", `/v1/takedowns/${bad}/resend`],
      ["POST", `/v1/takedowns/${bad}/form-done`],
      ["DELETE", `/v1/identities/stage-names/${bad}`],
      ["DELETE", `/v1/identities/nicknames/${bad}`],
      ["DELETE", `/v1/identities/domains/${bad}`],
      ["GET", `/v1/scans/${"0".repeat(35)}%00`],
    ];
    for (const [method, path] of calls) {
      const res = await client.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).error.code, `${method} ${path}`).toBe("NOT_FOUND");
    }
  });
});

describe("the account's own settings (update-user)", () => {
  const nameOf = async () => (await services.database.db.select({ name: user.name }).from(user).where(eq(user.email, "inputs@example.com")))[0]!.name;

  it("take a name as a bounded line of text, and nothing else as a name", async () => {
    const before = await nameOf();
    await expectValidation(await client.post("/api/auth/update-user", { name: `Ann${NUL}` }), "name");
    await expectValidation(await client.post("/api/auth/update-user", { name: { first: "Ann" } }), "name");
    await expectValidation(await client.post("/api/auth/update-user", { name: ["Ann"] }), "name");
    await expectValidation(await client.post("/api/auth/update-user", { name: "A".repeat(60_000) }), "name");
    await expectValidation(await client.post("/api/auth/update-user", { name: "Ann\nLee" }), "name");
    await expectValidation(await client.post("/api/auth/update-user", { name: "Ann", role: "admin" }));
    expect(await nameOf()).toBe(before);

    const ok = await client.post("/api/auth/update-user", { name: "  Ann Lee  " });
    expect(ok.status).toBe(200);
    expect(await nameOf()).toBe("Ann Lee");
  });

  it("refuse a sign-up whose name or address carries a control character", async () => {
    const fresh = new TestClient(services.app);
    await expectValidation(await fresh.post("/api/auth/sign-up/email", { email: "nul@example.com", password: "secret1", name: `x${NUL}`, ageConfirmed: true }), "name");
    await expectValidation(await fresh.post("/api/auth/sign-up/email", { email: `n${NUL}ul@example.com`, password: "secret1", name: "", ageConfirmed: true }), "email");
    await expectValidation(await fresh.post("/api/auth/sign-up/email", { email: "long@example.com", password: "secret1", name: "n".repeat(5000), ageConfirmed: true }), "name");
  });
});
