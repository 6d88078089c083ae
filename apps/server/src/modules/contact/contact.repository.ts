import { and, like, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimit } from "../../db/schema/auth";

/** Deletes the rate_limit counters under `prefix` last counted before `before` (ms). */
export async function deleteCountersBefore(db: Db, prefix: string, before: number): Promise<void> {
  await db.delete(rateLimit).where(and(like(rateLimit.key, `${prefix}%`), lt(rateLimit.lastRequest, before)));
}
