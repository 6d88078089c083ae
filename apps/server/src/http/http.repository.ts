import { and, like, lt, notLike, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimit } from "../db/schema/auth";

/**
 * Deletes the auth library's counters ("<address>|/<path>") last counted before `libraryBefore` and
 * ours ("lw:…") last counted before `oursBefore` (both in ms); other counters are left alone.
 */
export async function deleteEndedCounters(db: Db, libraryBefore: number, oursBefore: number): Promise<void> {
  await db
    .delete(rateLimit)
    .where(
      or(
        and(like(rateLimit.key, "%|/%"), notLike(rateLimit.key, "lw:%"), lt(rateLimit.lastRequest, libraryBefore)),
        and(like(rateLimit.key, "lw:%"), lt(rateLimit.lastRequest, oursBefore)),
      ),
    );
}
