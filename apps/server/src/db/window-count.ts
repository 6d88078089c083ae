import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { rateLimit } from "./schema/auth";

/**
 * Counts one use of `key` in its fixed window, in the rate_limit table the sign-in limits use (so
 * every process and restart sees it), and answers the count. One statement: a new key starts at 1,
 * a key whose window has passed starts again (last_request holds the window's start), else it
 * counts up.
 */
export async function countInWindow(db: Db, key: string, windowMs: number, at: number): Promise<number> {
  return (await takeInWindow(db, key, windowMs, at)).count;
}

/** countInWindow, with when the key's window started (for a Retry-After). */
export async function takeInWindow(db: Db, key: string, windowMs: number, at: number): Promise<{ count: number; startedAt: number }> {
  const rows = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: at })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${at - windowMs} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${at - windowMs} then ${at} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, startedAt: rateLimit.lastRequest });
  const row = rows[0];
  return { count: row?.count ?? 1, startedAt: Number(row?.startedAt ?? at) };
}
