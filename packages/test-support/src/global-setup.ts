import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../../apps/server/src/db/client";
import { runMigrations } from "../../../apps/server/src/db/migrate";
import { JobQueue } from "../../../apps/server/src/jobs/queue";
import { createLogger } from "../../../apps/server/src/lib/logger";

declare module "vitest" {
  export interface ProvidedContext {
    testDb: { engine: "pglite"; snapshot: string } | { engine: "postgres"; serverUrl: string; template: string; prefix: string };
  }
}

/** Prepares one migrated database per run; each test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  // The project's own env (vitest.config.ts): global setups of all projects share one process.
  const engine = (project.config.env?.LW_TEST_ENGINE ?? process.env.LW_TEST_ENGINE) === "postgres" ? "postgres" : "pglite";
  const logger = createLogger("silent");

  if (engine === "pglite") {
    const database = await openPglite(undefined);
    await runMigrations(database);
    const queue = new JobQueue(database, logger);
    await queue.start();
    await queue.stop();
    const blob = await database.pglite.dumpDataDir("none");
    await database.close();
    const snapshot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lw-test-")), "migrated.tar");
    fs.writeFileSync(snapshot, Buffer.from(await blob.arrayBuffer()));
    project.provide("testDb", { engine, snapshot });
    return () => fs.rmSync(path.dirname(snapshot), { recursive: true, force: true });
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the PostgreSQL suites");
  const prefix = `lw_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  const admin = openPostgres(serverUrl, 1);
  await admin.executeSql(`create database "${template}"`);
  const templateUrl = withDatabase(serverUrl, template);
  const database = openPostgres(templateUrl, 2);
  await runMigrations(database);
  const queue = new JobQueue(database, logger);
  await queue.start();
  await queue.stop();
  await database.close();
  project.provide("testDb", { engine, serverUrl, template, prefix });

  return async () => {
    const { rows } = await admin.executeSql(`select datname from pg_database where datname like $1`, [`${prefix}%`]);
    for (const row of rows) await admin.executeSql(`drop database if exists "${String(row.datname)}" with (force)`);
    await admin.close();
  };
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
