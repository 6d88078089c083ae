import type { BetterAuthRateLimitStorage } from "better-auth";
import type { Db } from "../db/client";
import { takeInWindow } from "../db/window-count";
import { sweepWindowCounters } from "../http/request-limit";

const SWEEP_EVERY_MS = 60_000;

/**
 * The sign-in limits' counters, in the rate_limit table with the service's own request limits and
 * the contact form's. The library's own database storage sweeps every row older than its longest
 * window (a minute) whenever one of its windows starts again, whoever wrote the row: an hour's or a
 * day's allowance of ours would come back after a minute of someone's sign-ins. Here each of its
 * windows is one statement (fixed window, as ours), and a new window sweeps only what is over.
 */
export function authRateLimitStorage(db: Db, longestWindowSeconds: number): BetterAuthRateLimitStorage {
  // A sweep reads the whole table: at most one a minute from this process, however many clients start a window.
  let sweptAt = 0;
  return {
    async consume(key, rule) {
      const at = Date.now();
      const windowMs = rule.window * 1000;
      const { count, startedAt } = await takeInWindow(db, key, windowMs, at);
      if (count === 1 && at - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = at;
        await sweepWindowCounters(db, at, Math.max(longestWindowSeconds * 1000, windowMs));
      }
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((startedAt + windowMs - at) / 1000)) };
    },
  };
}
