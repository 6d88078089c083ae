import os from "node:os";
import { Worker } from "node:worker_threads";
import { documentFromBody, type DocumentSource, type PageDocument } from "./html-document";

/**
 * Reads fetched pages into documents on worker threads. Parsing markup is the
 * scanner's one heavy piece of CPU work: on the event loop it delays every
 * response waiting to be read, and so the next request of each fetch slot.
 * Workers start on first use (or warm()), stop after a quiet spell, and never
 * keep the process alive while idle. When a worker cannot start or dies, its
 * pages are parsed on the calling thread, as they were before: slower, never
 * a lost page.
 */

type Job = { id: number; src: DocumentSource; resolve: (d: PageDocument) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; pending: Map<number, Job>; ready: boolean; alive: boolean };
type Reply = { ready: true } | { id: number; doc: PageDocument } | { id: number; error: string };

export type PageParserPoolOptions = {
  size: number;
  /** Workers stop after this long without work. */
  idleMs?: number;
  /** The worker script (tests point it elsewhere). */
  workerUrl?: URL;
  /** A worker not ready by then is taken as one that cannot start. */
  startupTimeoutMs?: number;
};

const WORKER_URL = new URL("./page-parser-worker.mjs", import.meta.url);
const MAX_LOSSES = 3;

export class PageParserPool {
  readonly size: number;
  readonly #idleMs: number;
  readonly #workerUrl: URL;
  readonly #startupTimeoutMs: number;
  readonly #slots: Slot[] = [];
  #nextId = 1;
  #idleTimer: NodeJS.Timeout | undefined;
  /** Set when a worker failed before it ever answered: workers cannot run here. */
  #unavailable = false;
  #closed = false;
  #onWorkers = 0;
  #here = 0;
  /** Workers lost in a row; past a few, pages are read here from then on. */
  #losses = 0;

  constructor(options: PageParserPoolOptions) {
    if (!(options.size >= 1)) throw new RangeError(`pool size must be >= 1, got ${options.size}`);
    this.size = options.size;
    this.#idleMs = options.idleMs ?? 30_000;
    this.#workerUrl = options.workerUrl ?? WORKER_URL;
    this.#startupTimeoutMs = options.startupTimeoutMs ?? 15_000;
  }

  /** Whether pages are parsed on workers (false once workers turned out not to start). */
  get usesWorkers(): boolean {
    return !this.#unavailable && !this.#closed;
  }

  /** Pages read so far on workers and on the calling thread. */
  get counts(): { onWorkers: number; here: number } {
    return { onWorkers: this.#onWorkers, here: this.#here };
  }

  parse = (src: DocumentSource): Promise<PageDocument> => {
    if (!this.usesWorkers) return this.#parseHere(src);
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
    let slot: Slot;
    try {
      slot = this.#pickSlot();
    } catch {
      this.#unavailable = true;
      return this.#parseHere(src);
    }
    return new Promise<PageDocument>((resolve, reject) => {
      const job: Job = { id: this.#nextId++, src, resolve, reject };
      slot.pending.set(job.id, job);
      if (slot.pending.size === 1) slot.worker.ref();
      // An exact copy, handed over whole: the caller's buffer may be a view into
      // a larger shared one, which posting as is would copy entirely.
      const body = new Uint8Array(src.body);
      slot.worker.postMessage({ id: job.id, src: { ...src, body } }, [body.buffer]);
    });
  };

  /**
   * Starts the workers ahead of the first page (a worker takes a few hundred
   * milliseconds to load the parser), e.g. while a scan's searches run.
   */
  warm(): void {
    if (!this.usesWorkers) return;
    try {
      while (this.#slots.filter((s) => s.alive).length < this.size) this.#start();
    } catch {
      this.#unavailable = true;
      return;
    }
    this.#scheduleIdleStop();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idleTimer);
    await Promise.all(this.#slots.splice(0).map((s) => this.#stop(s)));
  }

  #pickSlot(): Slot {
    const live = this.#slots.filter((s) => s.alive);
    if (live.length < this.size) return this.#start();
    return live.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  #start(): Slot {
    const worker = new Worker(this.#workerUrl);
    worker.unref();
    const slot: Slot = { worker, pending: new Map(), ready: false, alive: true };
    this.#slots.push(slot);
    worker.on("message", (m: Reply) => {
      if ("ready" in m) {
        slot.ready = true;
        return;
      }
      const job = slot.pending.get(m.id);
      if (!job) return;
      slot.pending.delete(m.id);
      this.#onWorkers++;
      this.#losses = 0;
      if ("error" in m) job.reject(new Error(m.error));
      else job.resolve(m.doc);
      this.#afterJob(slot);
    });
    worker.on("error", () => this.#lost(slot));
    worker.on("exit", () => this.#lost(slot));
    setTimeout(() => {
      if (slot.ready || !slot.alive) return;
      this.#lost(slot);
      void worker.terminate();
    }, this.#startupTimeoutMs).unref();
    return slot;
  }

  #afterJob(slot: Slot): void {
    if (slot.pending.size > 0) return;
    slot.worker.unref();
    this.#scheduleIdleStop();
  }

  #parseHere(src: DocumentSource): Promise<PageDocument> {
    this.#here++;
    try {
      return Promise.resolve(documentFromBody(src));
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  #scheduleIdleStop(): void {
    if (!this.#slots.every((s) => s.pending.size === 0)) return;
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      for (const s of this.#slots.splice(0)) void this.#stop(s);
    }, this.#idleMs);
    this.#idleTimer.unref();
  }

  #lost(slot: Slot): void {
    if (!slot.alive) return;
    const i = this.#slots.indexOf(slot);
    if (i >= 0) this.#slots.splice(i, 1);
    if (!slot.ready || ++this.#losses >= MAX_LOSSES) this.#unavailable = true;
    this.#retire(slot);
  }

  async #stop(slot: Slot): Promise<void> {
    this.#retire(slot);
    await slot.worker.terminate().catch(() => undefined);
  }

  /** Its pages still waiting are parsed here: the scan goes on. */
  #retire(slot: Slot): void {
    slot.alive = false;
    for (const job of slot.pending.values()) this.#parseHere(job.src).then(job.resolve, job.reject);
    slot.pending.clear();
    slot.worker.unref();
  }
}

let shared: PageParserPool | undefined;

/** The process's pool: one worker per core but one, at least one, at most four. */
export function sharedPageParser(): PageParserPool {
  shared ??= new PageParserPool({ size: Math.max(1, Math.min(4, os.availableParallelism() - 1)) });
  return shared;
}
