import type { Db } from "../db/client";
import { countInWindow } from "../db/window-count";
import { AppError } from "../lib/app-error";

/**
 * A fixed-window request limit kept in the same table as the sign-in limits (rate_limit), so that
 * it holds across processes and restarts. Keys are namespaced ("lw:<name>:…") apart from the auth
 * library's own.
 */
export function requestLimit(db: Db, options: { name: string; max: number; windowSeconds: number; now?: () => Date }) {
  const windowMs = options.windowSeconds * 1000;
  const now = options.now ?? (() => new Date());

  /** Counts one request under `key`; false once the window's allowance is spent. */
  async function take(key: string): Promise<boolean> {
    const at = now().getTime();
    return (await countInWindow(db, `lw:${options.name}:${key}`, windowMs, at)) <= options.max;
  }

  return {
    /** Throws RATE_LIMITED (429) when any of the keys (the socket address, the account) has spent its allowance. */
    async check(keys: string[], message: string): Promise<void> {
      let allowed = true;
      for (const key of keys) if (!(await take(key))) allowed = false;
      if (!allowed) throw new AppError("RATE_LIMITED", message);
    },
  };
}
