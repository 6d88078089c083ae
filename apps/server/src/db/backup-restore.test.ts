import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "@leakwarden/test-support/global-setup";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { freePort } from "@leakwarden/test-support/loopback";
import { buildServer, launchServerProcess, type ServerProcess } from "@leakwarden/test-support/server-process";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { createTestServices, signUpAndConfirm } from "@leakwarden/test-support/test-services";
import { openPostgres } from "./client";

// The backup procedure of docs/operations.md, tried: pg_dump of a live database, pg_restore into
// a new one, the compiled server started on the copy.

const config = inject("testDb");
const pgDump = ["/usr/bin/pg_dump", "/usr/local/bin/pg_dump"].find((p) => fs.existsSync(p));
if (config.engine === "postgres" && !pgDump && process.env.CI === "true") throw new Error("CI: pg_dump is needed for the backup test (apt-get install postgresql-client).");

describe.skipIf(config.engine !== "postgres" || !pgDump)("a backup restored into a fresh database", { timeout: 120_000 }, () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "lw-backup-"));
  let server: ServerProcess | undefined;

  beforeAll(() => buildServer());
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill("SIGKILL");
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("holds the creator, her session and her leaks, and the server runs on it", async () => {
    if (config.engine !== "postgres") return;
    // A live database with a signed-in creator and her leaks.
    const database = await openTestDatabase();
    const sourceUrl = database.connectionString!;
    // Sessions are signed with the deployment's secret: it is part of what a restore needs.
    const secret = "backup-test-auth-secret-0123456789abcdef";
    const services = await createTestServices({ AUTH_SECRET: secret }, { database });
    const ava = await signUpAndConfirm(services, "backup-ava@example.com");
    const userId = (await (await ava.get("/api/auth/get-session")).json()).user.id as string;
    const urls = ["https://leakforum.example/t/1", "https://leakforum.example/t/2", "https://tube.example/v/3"];
    await seedLeaks(services.database.db, userId, urls.map((url) => ({ url, seenAt: new Date() })));
    const cookie = [...ava.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    await services.close();

    // Backup, and restore into a database that did not exist.
    const dump = path.join(folder, "leakwarden.dump");
    execFileSync(pgDump!, ["--format=custom", `--file=${dump}`, sourceUrl]);
    const restoredName = `${config.prefix}_restored`;
    const admin = openPostgres(config.serverUrl, 1);
    await admin.executeSql(`create database "${restoredName}"`);
    await admin.close();
    const restoredUrl = withDatabase(config.serverUrl, restoredName);
    execFileSync(path.join(path.dirname(pgDump!), "pg_restore"), ["--no-owner", "--exit-on-error", `--dbname=${restoredUrl}`, dump]);

    // The compiled server on the copy: ready, her session good, her leaks there.
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    server = await launchServerProcess({ PORT: String(port), PUBLIC_URL: origin, DATA_DIR: folder, DATABASE_URL: restoredUrl, AUTH_SECRET: secret }, origin);
    const ready = await fetch(`${origin}/readyz`);
    expect(await ready.json()).toEqual({ ready: true, database: "ok", migrations: "ok", queue: "running" });
    const me = await fetch(`${origin}/v1/root/get-user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "backup-ava@example.com" });
    const leaks = await (await fetch(`${origin}/v1/leaks`, { headers: { cookie } })).json();
    expect(leaks.total).toBe(3);
    expect(leaks.items.map((l: { url: string }) => l.url).sort()).toEqual([...urls].sort());
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});
