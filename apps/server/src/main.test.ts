import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase } from "./db/client";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { freePort } from "@leakwarden/test-support/loopback";
import { buildServer, launchServerProcess, startServerProcess as start, until, type ServerProcess } from "@leakwarden/test-support/server-process";
import { firstLink, readOutbox } from "@leakwarden/test-support/test-services";

// The server as an operator runs it: the compiled process `npm start` runs with plain node,
// stopped by a signal.

describe("the server process", { timeout: 120_000 }, () => {
  let dataDir: string;
  let port: number;
  let origin: string;
  let settings: Record<string, string>;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    buildServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-main-"));
    port = await freePort();
    origin = `http://localhost:${port}`;
    settings = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: origin, AUTH_RATE_LIMIT_MAX: "3" };
    if (inject("testDb").engine === "postgres") {
      // A database of its own on the PostgreSQL server, already migrated (from the template).
      const database = await openTestDatabase();
      settings.DATABASE_URL = database.connectionString!;
      await database.close();
    }
  });
  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null) r.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const launch = async () => {
    const r = await launchServerProcess(settings, origin);
    running.push(r);
    return r;
  };
  const getUser = (cookie: string) => fetch(`${origin}/v1/root/get-user`, { headers: { cookie } });

  it("stops at start-up on an invalid setting, naming it", async () => {
    const r = start({ ...settings, PORT: "abc" });
    running.push(r);
    expect(await r.exited).toBe(1);
    expect(r.output()).toMatch(/^\s+PORT: /m);
  });

  it("refuses to start in production without the agent's contact, saying which settings to set", async () => {
    const r = start({ ...settings, NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), AGENT_ADDRESS: "", AGENT_PHONE: "" });
    running.push(r);
    expect(await r.exited).toBe(1);
    expect(r.output()).toContain("Takedown notices must carry the agent's postal address, telephone and email, and in production the server does not start without them:");
    expect(r.output()).toMatch(/^\s+AGENT_ADDRESS: not set/m);
    expect(r.output()).toMatch(/^\s+AGENT_PHONE: not set/m);
  });

  it("signs up, confirms through the outbox, and keeps the user and the session across a restart (SIGINT)", async () => {
    const first = await launch();
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: "proc@example.com", password: "secret1", name: "Proc", ageConfirmed: true }),
    });
    expect(signUp.status).toBe(200);
    // The email job runs in this process's worker and writes the message to the outbox.
    const link = await until("the confirmation email", () => {
      const mail = readOutbox(dataDir).find((m) => m.to.includes("proc@example.com"));
      return mail ? firstLink(mail.text, "/api/auth/verify-email") : undefined;
    });
    // The file is written before the log line reaches this end of the pipe.
    await until("the confirmation link in the log", () => (first.output().includes(link) ? true : undefined), 15_000);
    const confirm = await fetch(link, { redirect: "manual" });
    expect(confirm.status).toBe(302);
    const cookie = confirm.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toMatch(/session_token=/);
    expect(await (await getUser(cookie)).json()).toMatchObject({ email: "proc@example.com" });

    first.child.kill("SIGINT");
    expect(await first.exited).toBe(0);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();

    await launch();
    const again = await getUser(cookie);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ email: "proc@example.com", name: "Proc" });
  });

  it("limits sign-in attempts by the socket's address, whatever X-Forwarded-For says", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, "x-forwarded-for": `203.0.113.${i}` },
        body: JSON.stringify({ email: "proc@example.com", password: "wrong-pass" }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("on SIGTERM finishes the request in flight, takes no new one, and exits cleanly", async () => {
    const current = running.at(-1)!;
    // A body that arrives in two parts, the second after the signal.
    let sendRest!: () => void;
    const rest = new Promise<void>((resolve) => (sendRest = resolve));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('{"email":"late@example.com",'));
        await rest;
        controller.enqueue(encoder.encode('"password":"secret1","name":"","ageConfirmed":true}'));
        controller.close();
      },
    });
    const inFlight = fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body,
      duplex: "half",
    } as RequestInit);
    await new Promise((r) => setTimeout(r, 500));
    current.child.kill("SIGTERM");
    await until("the shutdown to begin", () => (current.output().includes('"signal":"SIGTERM"') ? true : undefined));
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    sendRest();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    // Sign-up answers the same whether or not the address is new; the account is what was made.
    expect(await answer.json()).toEqual({ token: null, user: null });
    expect(await current.exited).toBe(0);
    const database = await openDatabase({ DATABASE_URL: settings.DATABASE_URL, dataDir });
    try {
      const { rows } = await database.executeSql(`select email from "user" where email = $1`, ["late@example.com"]);
      expect(rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
