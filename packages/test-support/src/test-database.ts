import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { openPglite, openPostgres, type Database } from "../../../apps/server/src/db/client";
import { withDatabase } from "./global-setup";

/**
 * A fresh, migrated database for one test file: a copy of the run's migrated snapshot on
 * PGlite (in memory), or a new database made from the template on the PostgreSQL server.
 */
export async function openTestDatabase(): Promise<Database> {
  const config = inject("testDb");
  if (config.engine === "pglite") {
    const blob = new Blob([fs.readFileSync(config.snapshot)]);
    return openPglite(undefined, blob);
  }
  const name = `${config.prefix}_${randomUUID().slice(0, 8)}`;
  const admin = openPostgres(config.serverUrl, 1);
  try {
    await admin.executeSql(`create database "${name}" template "${config.template}"`);
  } finally {
    await admin.close();
  }
  return openPostgres(withDatabase(config.serverUrl, name), 5);
}
