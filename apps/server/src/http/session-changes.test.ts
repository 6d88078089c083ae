import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import type { Database } from "../db/client";
import type { NotificationChannel } from "../db/notifications";
import { createServices, type Services } from "../services";
import { SESSION_CHANGES_CHANNEL } from "./session-cache";

// A kept session is dropped when the database says it ended or changed, whatever made the change:
// here a statement run straight on the database, as a job, an operator or another process would.
describe("a kept session, changed in the database by something other than this process", () => {
  let services: TestServices;
  let changes: NotificationChannel;
  /** What the database told this process, statement by statement. */
  let heard: string[] = [];
  beforeAll(async () => {
    services = await createTestServices();
    changes = services.database.notifications(SESSION_CHANGES_CHANNEL);
    changes.subscribe({ payload: (p) => heard.push(p), reset: () => {} });
  });
  afterAll(async () => {
    await services?.close();
  });

  /** Signed in, her session kept (three calls), and this process listening. */
  async function keptSession(email: string) {
    const client = await signUpAndConfirm(services, email);
    for (let i = 0; i < 3; i++) expect((await client.get("/v1/leaks")).status).toBe(200);
    for (let i = 0; i < 200 && !changes.listening; i++) await new Promise((r) => setTimeout(r, 25));
    expect(changes.listening).toBe(true);
    expect((await client.get("/v1/leaks")).status).toBe(200);
    const { id } = (await (await client.get("/v1/root/get-user")).json()) as { id: string };
    return { client, userId: id };
  }

  /** A statement made elsewhere, and its notification heard. */
  async function elsewhere(sql: string, values: unknown[]) {
    heard = [];
    await services.database.executeSql(sql, values);
    await changes.caughtUp();
  }

  it("is refused once its session row is deleted", async () => {
    const { client, userId } = await keptSession("ava@example.com");
    await elsewhere(`DELETE FROM "session" WHERE user_id = $1`, [userId]);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatch(/^s:./);
    const after = await client.get("/v1/leaks");
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: "Sign in to continue." } });
  });

  it("is refused once its session has expired by an update", async () => {
    const { client, userId } = await keptSession("bea@example.com");
    await elsewhere(`UPDATE "session" SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [userId]);
    expect(heard).toHaveLength(1);
    expect((await client.get("/v1/leaks")).status).toBe(401);
  });

  it("shows her account as it now reads once it changes", async () => {
    const { client, userId } = await keptSession("cara@example.com");
    await elsewhere(`UPDATE "user" SET age_confirmed = false WHERE id = $1`, [userId]);
    expect(heard).toEqual([`u:${userId}`]);
    const after = await client.get("/v1/leaks");
    expect(after.status).toBe(403);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe("AGE_CONFIRMATION_REQUIRED");
  });

  it("hears nothing of a change to what no kept session holds", async () => {
    const { userId } = await keptSession("erin@example.com");
    await elsewhere(`UPDATE "user" SET updated_at = now() WHERE id = $1`, [userId]);
    expect(heard).toEqual([]);
  });

  it("is refused once her account is deleted", async () => {
    const { client, userId } = await keptSession("dana@example.com");
    await elsewhere(`DELETE FROM "user" WHERE id = $1`, [userId]);
    expect(heard).toContain(`u:${userId}`);
    expect(heard.some((p) => p.startsWith("s:"))).toBe(true);
    expect((await client.get("/v1/leaks")).status).toBe(401);
  });
});

// Until a process listens (or after its listening connection dropped), no notification can be
// relied on: a kept session's standing is read on every call.
describe("a kept session on a process that is not listening", () => {
  let services: TestServices;
  let deaf: Services;
  beforeAll(async () => {
    services = await createTestServices();
    const never: NotificationChannel = { listening: false, subscribe: () => () => {}, start: () => {}, caughtUp: async () => {}, close: async () => {} };
    const database: Database = { ...services.database, notifications: () => never };
    deaf = createServices(services.env, services.logger, database, { mailer: services.mailer });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("is refused at once when its session row is deleted", async () => {
    const ava = await signUpAndConfirm(services, "ava@example.com");
    const there = new TestClient(deaf.app);
    for (const [k, v] of ava.cookies) there.cookies.set(k, v);
    for (let i = 0; i < 3; i++) expect((await there.get("/v1/leaks")).status).toBe(200);
    const { id } = (await (await there.get("/v1/root/get-user")).json()) as { id: string };
    await services.database.executeSql(`DELETE FROM "session" WHERE user_id = $1`, [id]);
    expect((await there.get("/v1/leaks")).status).toBe(401);
  });
});
