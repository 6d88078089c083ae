import ipaddr from "ipaddr.js";
import type { Db } from "../db/client";
import { countInWindow } from "../db/window-count";
import { AppError } from "../lib/app-error";
import { deleteEndedCounters } from "./http.repository";

/** Request limits' windows are at most a day: their counters are swept a day after their window started. */
export const REQUEST_LIMIT_MAX_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * A fixed-window request limit kept in the same table as the sign-in limits (rate_limit), so that
 * it holds across processes and restarts. Keys are namespaced ("lw:<name>:…") apart from the auth
 * library's own.
 */
export function requestLimit(db: Db, options: { name: string; max: number; windowSeconds: number; now?: () => Date }) {
  if (options.windowSeconds > REQUEST_LIMIT_MAX_WINDOW_SECONDS) throw new Error(`request limit ${options.name}: a window is at most a day`);
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

/**
 * The client an address is limited as. An IPv4 address is one client. An IPv6 client gets a whole
 * /64 network from its provider and picks any address in it at will, so the /64 is the client (as
 * the sign-in limits count it); an IPv4 address written as IPv6 is that IPv4 address.
 */
export function addressKey(address: string): string {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.trim());
  } catch {
    return address;
  }
  if (ip.kind() === "ipv4") return ip.toString();
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const parts = v6.parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

/**
 * Deletes the counters whose window is over, from every user of the rate_limit table: the auth
 * library's ("<address>|/<path>") once `libraryWindowMs` (its longest window) has passed since they
 * started, ours ("lw:…") after a day. Other counters (the contact form's) sweep themselves.
 */
export async function sweepWindowCounters(db: Db, at: number, libraryWindowMs: number): Promise<void> {
  await deleteEndedCounters(db, at - libraryWindowMs, at - REQUEST_LIMIT_MAX_WINDOW_SECONDS * 1000);
}
