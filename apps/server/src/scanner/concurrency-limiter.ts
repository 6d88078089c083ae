import { onAbort } from "./on-abort";

/**
 * A counting semaphore with a FIFO queue. Waiters can give up through an
 * AbortSignal (a scan past its budget must not stay queued).
 */
export class ConcurrencyLimiter {
  #active = 0;
  readonly #queue: Array<{ grant: () => void }> = [];

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new RangeError(`limit must be >= 1, got ${max}`);
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  /** Resolves with a release function once a slot is free. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#active < this.max) {
      this.#active++;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          stopWatching?.();
          this.#active++;
          resolve(this.#releaser());
        },
      };
      const stopWatching = signal
        ? onAbort(signal, () => {
            const i = this.#queue.indexOf(entry);
            if (i >= 0) this.#queue.splice(i, 1);
            reject(signal.reason);
          })
        : undefined;
      this.#queue.push(entry);
    });
  }

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  #releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#active--;
      this.#queue.shift()?.grant();
    };
  }
}

/** One limiter per key (host), created on demand and dropped when idle. */
export class KeyedLimiter {
  readonly #limiters = new Map<string, ConcurrencyLimiter>();

  constructor(readonly maxPerKey: number) {}

  async acquire(key: string, signal?: AbortSignal): Promise<() => void> {
    let limiter = this.#limiters.get(key);
    if (!limiter) {
      limiter = new ConcurrencyLimiter(this.maxPerKey);
      this.#limiters.set(key, limiter);
    }
    const release = await limiter.acquire(signal);
    const l = limiter;
    return () => {
      release();
      if (l.active === 0 && l.waiting === 0 && this.#limiters.get(key) === l) this.#limiters.delete(key);
    };
  }
}
