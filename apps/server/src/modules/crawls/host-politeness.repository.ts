import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { crawlHost, crawlHostLease } from "../../db/schema/crawls";

/**
 * Politeness per host, kept in the database so that it holds across every worker process
 * and machine: at most `perHost` requests in flight (a lease per slot, which expires if its
 * worker dies) and `minDelayMs` (or the host's robots.txt Crawl-delay, when longer) between the starts of two requests, both on the database's
 * clock. A host that answers 429/503 is left alone for its Retry-After; one that keeps
 * failing, for a delay that doubles with each failure.
 */

export type PolitenessOptions = {
  perHost: number;
  minDelayMs: number;
  /** How long a slot is held at most (longer than any request's time limit). */
  leaseMs: number;
  maxBackoffMs: number;
  /** Failures in a row before the host is backed off (the first ones may be chance). */
  failuresBeforeBackoff?: number;
};

export class HostBackoffError extends Error {
  override readonly name = "HostBackoffError";
  constructor(
    readonly host: string,
    readonly waitMs: number,
  ) {
    super(`${host} is backed off for ${Math.ceil(waitMs / 1000)} s`);
  }
}

export type HostLease = { host: string; slot: number; release(): Promise<void> };

type TryResult = { slot: number } | { waitMs: number };

const POLL_MS = 200;

export class HostPoliteness {
  constructor(
    private readonly db: Db,
    private readonly holder: string,
    private readonly options: PolitenessOptions,
  ) {}

  /**
   * Waits for a slot on `host`. A wait longer than `maxWaitMs` (a host backed off for an
   * hour, a crawl with little budget left) is not waited: HostBackoffError.
   */
  async acquire(host: string, opts: { signal?: AbortSignal | undefined; maxWaitMs: number }): Promise<HostLease> {
    let waited = 0;
    for (;;) {
      opts.signal?.throwIfAborted();
      const r = await this.tryAcquire(host);
      if ("slot" in r) {
        const slot = r.slot;
        return { host, slot, release: () => this.release(host, slot) };
      }
      if (waited + r.waitMs > opts.maxWaitMs) throw new HostBackoffError(host, r.waitMs);
      // Slots free up when a request ends: poll (with a little jitter so that workers do not move in step).
      const step = Math.max(10, Math.min(r.waitMs, POLL_MS) + Math.floor(Math.random() * 20));
      await sleep(step, opts.signal);
      waited += step;
    }
  }

  async tryAcquire(host: string): Promise<TryResult> {
    const { perHost, minDelayMs, leaseMs } = this.options;
    return this.db.transaction(async (tx) => {
      await tx.insert(crawlHost).values({ host }).onConflictDoNothing();
      // The host's row is the lock: acquirers of one host take turns, other hosts do not wait.
      const [row] = await tx
        .select({ waitMs: sql<number>`greatest(0, extract(epoch from (${crawlHost.nextAllowedAt} - clock_timestamp())) * 1000)::float8` })
        .from(crawlHost)
        .where(eq(crawlHost.host, host))
        .for("update");
      const wait = Number(row?.waitMs ?? 0);
      if (wait > 0) return { waitMs: Math.ceil(wait) };
      const live = await tx
        .select({ slot: crawlHostLease.slot })
        .from(crawlHostLease)
        .where(and(eq(crawlHostLease.host, host), gt(crawlHostLease.expiresAt, sql`clock_timestamp()`)));
      const taken = new Set(live.map((l) => l.slot));
      let slot = -1;
      for (let i = 0; i < perHost; i++) {
        if (!taken.has(i)) {
          slot = i;
          break;
        }
      }
      if (slot < 0) return { waitMs: POLL_MS };
      const expiresAt = sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'`;
      await tx
        .insert(crawlHostLease)
        .values({ host, slot, holder: this.holder, expiresAt })
        .onConflictDoUpdate({ target: [crawlHostLease.host, crawlHostLease.slot], set: { holder: this.holder, expiresAt } });
      await tx
        .update(crawlHost)
        // The longer of our own delay and the Crawl-delay the host's robots.txt asks for (kept on its row).
        .set({ nextAllowedAt: sql`clock_timestamp() + greatest(${minDelayMs}, coalesce(${crawlHost.crawlDelayMs}, 0)) * interval '1 millisecond'` })
        .where(eq(crawlHost.host, host));
      return { slot };
    });
  }

  async release(host: string, slot: number): Promise<void> {
    await this.db
      .delete(crawlHostLease)
      .where(and(eq(crawlHostLease.host, host), eq(crawlHostLease.slot, slot), eq(crawlHostLease.holder, this.holder)));
  }

  /** A good answer: the failure count starts over. */
  async succeeded(host: string, status: number): Promise<void> {
    await this.db.update(crawlHost).set({ failures: 0, lastStatus: String(status) }).where(eq(crawlHost.host, host));
  }

  /** 429 or 503: no request before Retry-After (or a backoff that grows with each one). */
  async throttled(host: string, status: number, retryAfterMs: number | null): Promise<number> {
    const failures = await this.#countFailure(host, String(status));
    const wait = Math.min(this.options.maxBackoffMs, retryAfterMs ?? this.#backoff(failures, 1));
    await this.#pushBack(host, wait);
    return wait;
  }

  /** 5xx, a timeout, a refused connection: after a few in a row the host is backed off. */
  async failed(host: string, what: string): Promise<void> {
    const failures = await this.#countFailure(host, what);
    const after = this.options.failuresBeforeBackoff ?? 3;
    if (failures >= after) await this.#pushBack(host, this.#backoff(failures, after));
  }

  #backoff(failures: number, from: number): number {
    const base = Math.max(this.options.minDelayMs, 5_000);
    return Math.min(this.options.maxBackoffMs, base * 2 ** Math.min(20, Math.max(0, failures - from)));
  }

  async #countFailure(host: string, what: string): Promise<number> {
    const rows = await this.db
      .update(crawlHost)
      .set({ failures: sql`${crawlHost.failures} + 1`, lastStatus: what.slice(0, 100) })
      .where(eq(crawlHost.host, host))
      .returning({ failures: crawlHost.failures });
    return rows[0]?.failures ?? 1;
  }

  async #pushBack(host: string, ms: number): Promise<void> {
    await this.db
      .update(crawlHost)
      .set({ nextAllowedAt: sql`greatest(${crawlHost.nextAllowedAt}, clock_timestamp() + ${ms} * interval '1 millisecond')` })
      .where(eq(crawlHost.host, host));
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d{1,9}$/.test(v)) return Number(v) * 1000;
  if (v.length > 64) return null;
  const t = Date.parse(v);
  return Number.isFinite(t) ? Math.max(0, t - now) : null;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
