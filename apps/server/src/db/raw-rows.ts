import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "./client";

const resultSchema = z.object({ rows: z.array(z.unknown()) });

/**
 * The rows of a raw SQL statement, checked against the shape the caller expects. Both drivers
 * (PGlite and node-postgres) answer `{ rows }`; a row that does not fit the schema (a renamed
 * column, a count that came back as text) is an error here rather than a wrong number later.
 */
export async function rawRows<S extends z.ZodType>(db: DbOrTx, row: S, query: SQL): Promise<z.output<S>[]> {
  const result: unknown = await db.execute(query);
  return z.array(row).parse(resultSchema.parse(result).rows);
}
