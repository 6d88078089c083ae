import os from "node:os";
import { Worker } from "node:worker_threads";
import { fileLinksInMatchedBlock, type MatchedBlockInput, type MatchedBlockLinks } from "./file-hosts";
import { documentFromBody, type DocumentSource, type PageDocument } from "./html-document";
import { readPage, type PageReadJob, type PageReading } from "./page-reading";
import type { ListingPage } from "./crawl/crawl-types";
import { crawlWorkUrl, runCrawlWork, type CrawlWork, type CrawlWorkResult } from "./crawl/crawl-work";
import type { FamilyGuess } from "./crawl/family-detect";
import type { ThreadPage } from "./crawl/thread-pages";

/**
 * Reads fetched pages on worker threads: parsing the markup, finding her names
 * and weighing the leak context (page-reading.ts), the file-host links of the
 * post that matched her (file-hosts.ts). That is the scanner's heavy
 * CPU work, on text a hostile site wrote: on the event loop it would delay
 * every request the server answers. Each page has a time limit: past it, its
 * worker is stopped, the page is refused with a PageTimeLimitError (the scan
 * records it as skipped) and the pages queued behind it go to a fresh worker.
 * Workers start on first use (or warm()), stop after a quiet spell, and never
 * keep the process alive while idle. When workers cannot start at all, pages
 * are read on the calling thread, as they were before: slower, never a lost page.
 */

type Work = { kind: "parse"; src: DocumentSource } | { kind: "read"; job: PageReadJob } | { kind: "fileLinks"; input: MatchedBlockInput } | CrawlWork;
type Result = PageDocument | PageReading | MatchedBlockLinks | CrawlWorkResult;
type Job = { id: number; work: Work; limitMs: number; resolve: (r: Result) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; pending: Map<number, Job>; ready: boolean; alive: boolean; timer?: NodeJS.Timeout; timedId?: number };
type Reply =
  | { ready: true }
  | { id: number; doc: PageDocument }
  | { id: number; reading: PageReading }
  | { id: number; result: CrawlWorkResult | MatchedBlockLinks }
  | { id: number; error: string };

/** A page whose reading took longer than the pool's time limit: its worker was stopped. */
export class PageTimeLimitError extends Error {
  override readonly name = "PageTimeLimitError";
  constructor(readonly url: string, readonly limitMs: number) {
    super(`reading ${url} took longer than ${limitMs} ms`);
  }
}

export type PageParserPoolOptions = {
  size: number;
  /** Workers stop after this long without work. */
  idleMs?: number;
  /** The worker script (tests point it elsewhere). */
  workerUrl?: URL;
  /** A worker not ready by then is taken as one that cannot start. */
  startupTimeoutMs?: number;
  /** Time one page may take on a worker before the worker is stopped and the page refused. */
  pageTimeLimitMs?: number;
};

export const DEFAULT_PAGE_TIME_LIMIT_MS = 10_000;

const WORKER_URL = new URL("./page-parser-worker.mjs", import.meta.url);
const MAX_LOSSES = 3;

export class PageParserPool {
  readonly size: number;
  readonly #idleMs: number;
  readonly #workerUrl: URL;
  readonly #startupTimeoutMs: number;
  readonly #pageTimeLimitMs: number;
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
    this.#pageTimeLimitMs = options.pageTimeLimitMs ?? DEFAULT_PAGE_TIME_LIMIT_MS;
  }

  /** Whether pages are parsed on workers (false once workers turned out not to start). */
  get usesWorkers(): boolean {
    return !this.#unavailable && !this.#closed;
  }

  /** Pages read so far on workers and on the calling thread. */
  get counts(): { onWorkers: number; here: number } {
    return { onWorkers: this.#onWorkers, here: this.#here };
  }

  /** Reads a body into a document. */
  parse = (src: DocumentSource): Promise<PageDocument> => this.#submit({ kind: "parse", src }) as Promise<PageDocument>;

  /** Reads a page and finds her names and its leak context in it (page-reading.ts), within a time limit. */
  read = (job: PageReadJob, timeLimitMs?: number): Promise<PageReading> => this.#submit({ kind: "read", job }, timeLimitMs) as Promise<PageReading>;

  /**
   * The file-host links of the part of a page that matched her (file-hosts.ts), within a time limit: a
   * PageTimeLimitError past it.
   */
  fileLinks = (input: MatchedBlockInput, timeLimitMs?: number): Promise<MatchedBlockLinks> =>
    this.#submit({ kind: "fileLinks", input }, timeLimitMs) as Promise<MatchedBlockLinks>;

  /** A crawled listing page read into items and the next page (crawl-work.ts), within a time limit. */
  listing = (work: Omit<Extract<CrawlWork, { kind: "listing" }>, "kind">, timeLimitMs?: number): Promise<ListingPage> =>
    this.#submit({ kind: "listing", ...work }, timeLimitMs) as Promise<ListingPage>;

  /** The package a site runs, from one of its pages (family-detect.ts), within a time limit. */
  detect = (work: Omit<Extract<CrawlWork, { kind: "detect" }>, "kind">, timeLimitMs?: number): Promise<FamilyGuess | null> =>
    this.#submit({ kind: "detect", ...work }, timeLimitMs) as Promise<FamilyGuess | null>;

  /** A site of no known package read as a generic listing when its page lists items by structure (crawl-work.ts). */
  structural = (work: Omit<Extract<CrawlWork, { kind: "structural" }>, "kind">, timeLimitMs?: number): Promise<FamilyGuess | null> =>
    this.#submit({ kind: "structural", ...work }, timeLimitMs) as Promise<FamilyGuess | null>;

  /** A thread's page read for its previous page and its posts (thread-pages.ts), within a time limit. */
  thread = (work: Omit<Extract<CrawlWork, { kind: "thread" }>, "kind">, timeLimitMs?: number): Promise<ThreadPage | null> =>
    this.#submit({ kind: "thread", ...work }, timeLimitMs) as Promise<ThreadPage | null>;

  #submit(work: Work, limitMs = this.#pageTimeLimitMs): Promise<Result> {
    return new Promise((resolve, reject) => this.#dispatch({ id: this.#nextId++, work, limitMs, resolve, reject }));
  }

  #dispatch(job: Job): void {
    if (!this.usesWorkers) return this.#runHere(job);
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
    let slot: Slot;
    try {
      slot = this.#pickSlot();
    } catch {
      this.#unavailable = true;
      return this.#runHere(job);
    }
    slot.pending.set(job.id, job);
    if (slot.pending.size === 1) slot.worker.ref();
    this.#post(slot, job);
    this.#timeNext(slot);
  }

  #post(slot: Slot, job: Job): void {
    const { work } = job;
    if (work.kind === "listing" || work.kind === "detect" || work.kind === "structural" || work.kind === "thread" || work.kind === "fileLinks") {
      slot.worker.postMessage({ id: job.id, work });
      return;
    }
    const src = work.kind === "parse" ? work.src : work.job.src;
    if (!src) {
      slot.worker.postMessage({ id: job.id, work });
      return;
    }
    // An exact copy, handed over whole: the caller's buffer may be a view into
    // a larger shared one, which posting as is would copy entirely.
    const body = new Uint8Array(src.body);
    const copy = { ...src, body };
    const posted: Work = work.kind === "parse" ? { kind: "parse", src: copy } : { kind: "read", job: { ...work.job, src: copy } as PageReadJob };
    slot.worker.postMessage({ id: job.id, work: posted }, [body.buffer]);
  }

  /** A worker reads its pages in order, once it is ready: the clock runs for the oldest one it holds. */
  #timeNext(slot: Slot): void {
    const first = slot.pending.values().next().value as Job | undefined;
    if (!first || !slot.ready) {
      clearTimeout(slot.timer);
      slot.timer = undefined;
      slot.timedId = undefined;
      return;
    }
    if (slot.timedId === first.id) return;
    clearTimeout(slot.timer);
    slot.timedId = first.id;
    slot.timer = setTimeout(() => this.#overTime(slot, first), first.limitMs);
    slot.timer.unref();
  }

  /** The page is refused, its worker stopped; the pages queued behind it go to another worker. */
  #overTime(slot: Slot, job: Job): void {
    if (!slot.alive || !slot.pending.has(job.id)) return;
    slot.pending.delete(job.id);
    const waiting = [...slot.pending.values()];
    slot.pending.clear();
    slot.alive = false;
    clearTimeout(slot.timer);
    const i = this.#slots.indexOf(slot);
    if (i >= 0) this.#slots.splice(i, 1);
    void slot.worker.terminate().catch(() => undefined);
    const work = job.work;
    const url = work.kind === "parse" ? work.src.url : work.kind === "read" ? work.job.text.pageUrl : work.kind === "fileLinks" ? work.input.pageUrl : crawlWorkUrl(work);
    job.reject(new PageTimeLimitError(url, job.limitMs));
    for (const j of waiting) this.#dispatch(j);
    this.#scheduleIdleStop();
  }

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
        this.#timeNext(slot);
        return;
      }
      const job = slot.pending.get(m.id);
      if (!job) return;
      slot.pending.delete(m.id);
      this.#timeNext(slot);
      this.#onWorkers++;
      this.#losses = 0;
      if ("error" in m) job.reject(new Error(m.error));
      else job.resolve("reading" in m ? m.reading : "result" in m ? m.result : m.doc);
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

  #runHere(job: Job): void {
    this.#here++;
    try {
      const w = job.work;
      job.resolve(w.kind === "parse" ? documentFromBody(w.src) : w.kind === "read" ? readPage(w.job) : w.kind === "fileLinks" ? fileLinksInMatchedBlock(w.input) : runCrawlWork(w));
    } catch (e) {
      job.reject(e instanceof Error ? e : new Error(String(e)));
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
    clearTimeout(slot.timer);
    for (const job of slot.pending.values()) this.#runHere(job);
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

/** Stops the process's pool if one was started, so that no worker is still parsing when the process ends. */
export async function closeSharedPageParser(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
