import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { startPgliteMaintenance } from "./pglite-maintenance";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  engine: "pglite" | "postgres";
  db: Db;
  /** Applies the migrations in this folder with the driver's own migrator. */
  migrate(migrationsFolder: string): Promise<void>;
  /** Raw SQL for libraries that bring their own statements (the job queue). */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connection string when on a server (libraries may open their own pool). */
  connectionString?: string;
  /** The PGlite client underneath, when on PGlite (its upkeep and the tests' snapshot read it). */
  pglite?: PGlite;
}

/** A database on PGlite, its client at hand. */
export type PgliteDatabase = Database & { engine: "pglite"; pglite: PGlite };

export function databaseFromPglite(client: PGlite, onClose?: () => void): PgliteDatabase {
  const pgliteDb = drizzlePglite({ client, schema });
  const db: Db = pgliteDb;
  return {
    engine: "pglite",
    db,
    pglite: client,
    migrate: (migrationsFolder) => migratePglite(pgliteDb, { migrationsFolder }),
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // exec runs several statements at once, as the queue's migrations and claims need; the rows
      // of every statement are returned, as pg-boss reads them from pg's array of results.
      const results = await client.exec(text);
      return { rows: results.flatMap((result) => result.rows) };
    },
    async ping() {
      if (client.closed) throw new Error("database closed");
      await client.query("select 1");
    },
    async close() {
      onClose?.();
      if (!client.closed) await client.close();
    },
  };
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteDatabase> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // pg_trgm: the Leaks search's indexes (the migrations create the extension).
  const client = new PGlite({ extensions: { pg_trgm }, ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  return databaseFromPglite(client, startPgliteMaintenance(client));
}

export function openPostgres(connectionString: string, max = 10): Database {
  // Connections idle for a minute are closed (not after pg's 10 s): a new one costs a connection
  // setup and plans slowly until its catalog caches are warm.
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 60_000 });
  pool.on("error", () => {
    // A dropped idle connection is replaced on next use; health checks report real outages.
  });
  const pgDb = drizzlePg({ client: pool, schema });
  const db: Db = pgDb;
  let closed = false;
  return {
    engine: "postgres",
    db,
    migrate: (migrationsFolder) => migratePg(pgDb, { migrationsFolder }),
    connectionString,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    async ping() {
      if (closed) throw new Error("database closed");
      await pool.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function openDatabase(settings: { DATABASE_URL?: string | undefined; DATABASE_POOL_SIZE?: number; dataDir: string }): Promise<Database> {
  if (settings.DATABASE_URL) return openPostgres(settings.DATABASE_URL, settings.DATABASE_POOL_SIZE);
  return openPglite(path.join(settings.dataDir, "pglite"));
}
