import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./client";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies the committed migrations; safe to run at every start. */
export async function runMigrations(database: Database): Promise<void> {
  await database.migrate(migrationsFolder);
}

/** Committed migrations not yet applied to this database (0 when it is up to date). */
export async function pendingMigrations(database: Database): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const applied = await database
    .executeSql("select count(*)::int as count from drizzle.__drizzle_migrations")
    .then((result) => Number(result.rows[0]?.count ?? 0))
    // No migrations table yet: none applied.
    .catch(() => 0);
  return Math.max(0, journal.entries.length - applied);
}
