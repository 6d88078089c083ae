import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import type { Database } from "./client";
import { maintainPglite } from "./pglite-maintenance";

const onPglite = inject("testDb").engine === "pglite";

describe.runIf(onPglite)("PGlite upkeep (it has no autovacuum)", () => {
  let database: Database;
  let client: PGlite;
  const stats = async () =>
    (await client.query<{ last_analyze: Date | null; last_vacuum: Date | null }>("select last_analyze, last_vacuum from pg_stat_user_tables where relname = 'leak'")).rows[0]!;
  const planOfLeaksPage = async () =>
    (await client.query<{ "QUERY PLAN": string }>("explain select id from leak where user_id = 'ava' order by last_seen_at desc, number desc limit 18 offset 36")).rows.map((r) => r["QUERY PLAN"]).join("\n");

  beforeAll(async () => {
    database = await openTestDatabase();
    if (!database.pglite) throw new Error("this suite runs on PGlite");
    client = database.pglite;
    await client.exec(`insert into "user" (id, name, email) values ('ava', 'Ava', 'ava@example.com'), ('bea', 'Bea', 'bea@example.com')`);
    await client.exec(`
      insert into leak (user_id, canonical_url, url, domain, title, category, confidence, evidence, last_seen_at)
      select case when i % 10 = 0 then 'bea' else 'ava' end, 'https://x.example/' || i, 'https://x.example/' || i, 'x.example', 'pack ' || i, 'leak_site', 'high', '{}',
        now() - i * interval '1 minute'
      from generate_series(1, 3000) i`);
    await client.query("select pg_stat_force_next_flush()");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gives the tables that changed their statistics and a vacuum, so that the Leaks page reads its index", async () => {
    expect(await stats()).toEqual({ last_analyze: null, last_vacuum: null });
    await maintainPglite(client);
    const after = await stats();
    expect(after.last_analyze).toBeInstanceOf(Date);
    expect(after.last_vacuum).toBeInstanceOf(Date);
    expect(await planOfLeaksPage()).toContain("Index Only Scan using leak_user_order_idx");
  });

  it("leaves alone what has not changed since", async () => {
    const before = await stats();
    await maintainPglite(client);
    expect(await stats()).toEqual(before);
  });
});
