import type { SessionUser } from "./context";

/** A session the credentials name: its id and its user as they were read. */
export interface KeptSession {
  sessionId: string;
  user: SessionUser;
}

interface Entry extends KeptSession {
  until: number;
}

/** What reading a session found: its id, its user and when the session ends. */
export interface FoundSession extends KeptSession {
  expiresAt: Date;
}

/**
 * Sessions this process read lately, by the credentials that named them (Cookie and
 * Authorization headers): a page view's burst of API calls checks the credentials' signature
 * once. What is kept is which session they name; whether that session still stands (it may have
 * been ended through another API process) is read again by its id on each request
 * (middleware.ts). Writes made through this process forget what they may change at once.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, { mark: number; user: Promise<KeptSession | null> }>();
  /** Bumped by every forget: a read that began before a write never stores what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of a request's credentials, or null when it carries none. */
  static keyOf(headers: Headers): string | null {
    const cookie = headers.get("cookie");
    const authorization = headers.get("authorization");
    if (!cookie && !authorization) return null;
    return `${authorization ?? ""}\n${cookie ?? ""}`;
  }

  /**
   * The session these credentials name: kept, or read by `load` once for all the requests that
   * ask while it is being read (none of which began after a write).
   */
  read(key: string, load: () => Promise<FoundSession | null>): Promise<KeptSession | null> {
    const kept = this.get(key);
    if (kept) return Promise.resolve(kept);
    const mark = this.generation;
    const pending = this.reading.get(key);
    if (pending && pending.mark === mark) return pending.user;
    const user = load().then((found): KeptSession | null => {
      if (!found) return null;
      const kept = { sessionId: found.sessionId, user: found.user };
      this.set(key, kept, found.expiresAt, mark);
      return kept;
    });
    const entry = { mark, user };
    this.reading.set(key, entry);
    const done = () => {
      if (this.reading.get(key) === entry) this.reading.delete(key);
    };
    user.then(done, done);
    return user;
  }

  get(key: string): KeptSession | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return { sessionId: entry.sessionId, user: entry.user };
  }

  /** These credentials' session was found ended: read them in full next time. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Where a read starts: pass it to `set` with what the read found. */
  mark(): number {
    return this.generation;
  }

  set(key: string, kept: KeptSession, sessionExpiresAt: Date, mark: number): void {
    if (mark !== this.generation || this.ttlMs <= 0) return;
    const until = Math.min(this.now() + this.ttlMs, sessionExpiresAt.getTime());
    if (until <= this.now()) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { sessionId: kept.sessionId, user: kept.user, until });
  }

  /** After a write by (or about) one user: her sessions are read again. */
  forgetUser(userId: string): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  /** After an authentication request (sign-in, sign-out, password, verification…): every session is read again. */
  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}
