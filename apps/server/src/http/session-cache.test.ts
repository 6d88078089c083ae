import { describe, expect, it } from "vitest";
import type { SessionUser } from "./context";
import { SessionCache } from "./session-cache";

const ava: SessionUser = { id: "ava", email: "ava@example.com", name: "Ava", emailVerified: true, ageConfirmed: true };
const bea: SessionUser = { id: "bea", email: "bea@example.com", name: "Bea", emailVerified: true, ageConfirmed: true };
const avaS = { sessionId: "s-ava", user: ava };
const beaS = { sessionId: "s-bea", user: bea };
const farFuture = new Date("2100-01-01T00:00:00Z");

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("session cache", () => {
  it("keys a request by its cookie and bearer token, and has no key without either", () => {
    expect(SessionCache.keyOf(new Headers())).toBeNull();
    const cookie = SessionCache.keyOf(new Headers({ cookie: "a=1" }));
    const bearer = SessionCache.keyOf(new Headers({ authorization: "Bearer x" }));
    expect(cookie).not.toBeNull();
    expect(bearer).not.toBeNull();
    expect(cookie).not.toBe(bearer);
    expect(SessionCache.keyOf(new Headers({ cookie: "a=2" }))).not.toBe(cookie);
  });

  it("answers for the time it was given, and never past the session's own end", () => {
    const c = clock();
    const cache = new SessionCache(10_000, 100, c.now);
    cache.set("k1", avaS, farFuture, cache.mark());
    cache.set("k2", beaS, new Date(c.now() + 3_000), cache.mark());
    expect(cache.get("k1")).toEqual(avaS);
    expect(cache.get("k2")).toEqual(beaS);
    c.advance(3_000);
    expect(cache.get("k1")).toEqual(avaS);
    expect(cache.get("k2")).toBeUndefined();
    c.advance(7_000);
    expect(cache.get("k1")).toBeUndefined();
  });

  it("forgets one user's sessions, or all of them", () => {
    const cache = new SessionCache(10_000);
    cache.set("ava-laptop", avaS, farFuture, cache.mark());
    cache.set("ava-phone", avaS, farFuture, cache.mark());
    cache.set("bea", beaS, farFuture, cache.mark());
    cache.forgetUser("ava");
    expect(cache.get("ava-laptop")).toBeUndefined();
    expect(cache.get("ava-phone")).toBeUndefined();
    expect(cache.get("bea")).toEqual(beaS);
    cache.forgetAll();
    expect(cache.get("bea")).toBeUndefined();
  });

  it("does not keep a read that began before a write (it may hold what the write changed)", () => {
    const cache = new SessionCache(10_000);
    const mark = cache.mark();
    cache.forgetUser("ava");
    cache.set("ava", avaS, farFuture, mark);
    expect(cache.get("ava")).toBeUndefined();
    cache.set("ava", avaS, farFuture, cache.mark());
    expect(cache.get("ava")).toEqual(avaS);
  });

  it("reads a session once for all the requests that ask while it is being read, then keeps it", async () => {
    const cache = new SessionCache(10_000);
    let reads = 0;
    let finish!: () => void;
    const load = () => {
      reads++;
      return new Promise<{ sessionId: string; user: SessionUser; expiresAt: Date }>((resolve) => (finish = () => resolve({ ...avaS, expiresAt: farFuture })));
    };
    const asked = [cache.read("k", load), cache.read("k", load), cache.read("k", load)];
    finish();
    expect(await Promise.all(asked)).toEqual([avaS, avaS, avaS]);
    expect(await cache.read("k", load)).toEqual(avaS);
    expect(reads).toBe(1);
    expect(await cache.read("nobody", async () => null)).toBeNull();
    expect(await cache.read("nobody", async () => ({ ...beaS, expiresAt: farFuture }))).toEqual(beaS);
  });

  it("reads again for a request that came after a write, even while an older read is under way", async () => {
    const cache = new SessionCache(10_000);
    let finishOld!: () => void;
    const before = cache.read("k", () => new Promise((resolve) => (finishOld = () => resolve({ sessionId: "s-ava", user: { ...ava, ageConfirmed: false }, expiresAt: farFuture }))));
    cache.forgetUser("ava");
    const after = cache.read("k", async () => ({ ...avaS, expiresAt: farFuture }));
    finishOld();
    expect((await before)?.user.ageConfirmed).toBe(false);
    expect((await after)?.user.ageConfirmed).toBe(true);
    expect(cache.get("k")?.user.ageConfirmed).toBe(true);
  });

  it("holds at most its number of entries, dropping the oldest", () => {
    const cache = new SessionCache(10_000, 2);
    cache.set("1", avaS, farFuture, cache.mark());
    cache.set("2", avaS, farFuture, cache.mark());
    cache.set("3", beaS, farFuture, cache.mark());
    expect(cache.get("1")).toBeUndefined();
    expect(cache.get("2")).toEqual(avaS);
    expect(cache.get("3")).toEqual(beaS);
  });
});
