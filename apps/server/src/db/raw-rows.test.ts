import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import type { Database } from "./client";
import { rawRows } from "./raw-rows";

describe("raw SQL rows checked against their shape", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it("gives the rows typed as the schema says, on either driver", async () => {
    const rows = await rawRows(database.db, z.object({ n: z.number(), label: z.string() }), sql`select g::int as n, 'row ' || g as label from generate_series(1, 3) g`);
    expect(rows).toEqual([
      { n: 1, label: "row 1" },
      { n: 2, label: "row 2" },
      { n: 3, label: "row 3" },
    ]);
  });

  it("refuses a row that does not fit: a number that comes back as text is an error, not a wrong figure", async () => {
    await expect(rawRows(database.db, z.object({ n: z.number() }), sql`select '3'::text as n`)).rejects.toThrow(/expected number/i);
    await expect(rawRows(database.db, z.object({ n: z.number() }), sql`select 3 as m`)).rejects.toThrow(/expected number/i);
  });
});
