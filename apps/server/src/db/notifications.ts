import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** What a channel tells the code that keeps things on the strength of its notifications. */
export interface ChannelSubscriber {
  /** A notification's payload, in commit order. */
  payload(payload: string): void;
  /** Listening began or stopped: whatever was kept while it was not (or before) may be stale. */
  reset(): void;
  /** The connection failed or could not be opened (it is opened again after a pause). */
  error?(error: unknown): void;
}

/**
 * One LISTEN channel of a database, shared by everything in the process that subscribes to it.
 * On PostgreSQL it holds one connection of its own (outside the pool), opened on first `start`
 * and opened again after it drops; on PGlite it listens on the one in-process client.
 */
export interface NotificationChannel {
  /** Whether notifications are being received now: while false, nothing may rely on them. */
  readonly listening: boolean;
  subscribe(subscriber: ChannelSubscriber): () => void;
  /** Starts listening, once; later calls do nothing. */
  start(): void;
  /**
   * Resolves once every notification committed before the call has been handed to the
   * subscribers (at once when not listening). A connection that has not delivered within the
   * time limit is dropped, which resets the subscribers, and opened again.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** The listening connection, as the engine gives it. */
interface Listener {
  /** Sends a notification on the channel through this connection. */
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

type Connect = (channel: string, onPayload: (payload: string) => void, onLost: () => void) => Promise<Listener>;

const CATCH_UP_LIMIT_MS = 2_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
/** Channel names are written into LISTEN as they are: lower case letters, digits and underscores. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

class Channel implements NotificationChannel {
  private readonly subscribers = new Set<ChannelSubscriber>();
  private listener: Listener | null = null;
  private started = false;
  private closed = false;
  private retryMs = RETRY_FIRST_MS;
  private retry: NodeJS.Timeout | null = null;
  /** This process's catch-up marks: `c:<nonce>:<n>`; other processes' marks are passed over. */
  private readonly nonce = randomBytes(6).toString("hex");
  private marks = 0;
  private readonly waiting = new Map<number, () => void>();

  constructor(
    private readonly channel: string,
    private readonly connect: Connect,
  ) {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  }

  get listening(): boolean {
    return this.listener !== null;
  }

  subscribe(subscriber: ChannelSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    void this.open();
  }

  async caughtUp(): Promise<void> {
    const listener = this.listener;
    if (!listener) return;
    const n = ++this.marks;
    const arrived = new Promise<void>((resolve) => this.waiting.set(n, resolve));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), CATCH_UP_LIMIT_MS)));
    try {
      await listener.notify(`c:${this.nonce}:${n}`);
      if ((await Promise.race([arrived, late])) === "late" && this.listener === listener) {
        this.reportError(new Error(`no notification on ${this.channel} within ${CATCH_UP_LIMIT_MS} ms: listening again`));
        this.lost(listener);
        void listener.close().catch(() => {});
      }
    } catch (error) {
      if (this.listener === listener) {
        this.reportError(error);
        this.lost(listener);
        void listener.close().catch(() => {});
      }
    } finally {
      clearTimeout(timer);
      this.waiting.delete(n);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const listener = this.listener;
    this.listener = null;
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
    await listener?.close().catch(() => {});
  }

  private async open(): Promise<void> {
    let opened: Listener | null = null;
    try {
      opened = await this.connect(
        this.channel,
        (payload) => this.deliver(payload),
        () => {
          if (opened) this.lost(opened);
        },
      );
    } catch (error) {
      if (!this.closed) this.reportError(error);
      this.again();
      return;
    }
    if (this.closed) {
      await opened.close().catch(() => {});
      return;
    }
    // From here every commit is notified: what was kept before is dropped.
    this.listener = opened;
    this.retryMs = RETRY_FIRST_MS;
    this.resetAll();
  }

  private lost(listener: Listener): void {
    if (this.listener !== listener) return;
    this.listener = null;
    this.resetAll();
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
    this.again();
  }

  private again(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.open();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
  }

  private reportError(error: unknown): void {
    for (const subscriber of this.subscribers) subscriber.error?.(error);
  }

  private resetAll(): void {
    for (const subscriber of this.subscribers) subscriber.reset();
  }

  private deliver(payload: string): void {
    if (payload.startsWith("c:")) {
      const [, nonce, n] = payload.split(":");
      if (nonce !== this.nonce) return;
      // Marks arrive in order: this one and every earlier one are through.
      const upTo = Number(n);
      for (const [mark, resolve] of this.waiting) if (mark <= upTo) resolve();
      return;
    }
    for (const subscriber of this.subscribers) subscriber.payload(payload);
  }
}

/** Notification channels on a PostgreSQL server: one connection of their own each. */
export function postgresChannels(connectionString: string): ChannelSet {
  return new ChannelSet(async (channel, onPayload, onLost) => {
    const client = new pg.Client({ connectionString, keepAlive: true });
    let gone = false;
    const drop = () => {
      if (gone) return;
      gone = true;
      onLost();
    };
    client.on("notification", (message) => {
      if (message.channel === channel) onPayload(message.payload ?? "");
    });
    // The drop is what counts (it resets the subscribers); pg reports the cause with it.
    client.on("error", () => {
      drop();
      void client.end().catch(() => {});
    });
    client.on("end", drop);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      gone = true;
      await client.end().catch(() => {});
      throw error;
    }
    return {
      notify: async (payload) => {
        await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
      },
      close: async () => {
        gone = true;
        await client.end();
      },
    };
  });
}

/** Notification channels on PGlite: its one client delivers them (as it answers the committing statement). */
export function pgliteChannels(client: PGlite): ChannelSet {
  return new ChannelSet(async (channel, onPayload) => {
    const unlisten = await client.listen(channel, onPayload);
    return {
      notify: async (payload) => {
        await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
      },
      close: async () => {
        if (!client.closed) await unlisten();
      },
    };
  });
}

/** The channels of one database, each made once. */
export class ChannelSet {
  private readonly channels = new Map<string, Channel>();

  constructor(private readonly connect: Connect) {}

  channel(name: string): NotificationChannel {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = new Channel(name, this.connect);
      this.channels.set(name, channel);
    }
    return channel;
  }

  async close(): Promise<void> {
    await Promise.all([...this.channels.values()].map((c) => c.close()));
  }
}
