import { PgBoss, type Job } from "pg-boss";
import type { z } from "zod";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import type { JobType } from "./job-type";

export interface JobContext {
  jobId: string;
  retryCount: number;
  logger: Logger;
}

/** A job type with the handler a worker runs it with. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> extends JobType<S> {
  handler(payload: z.output<S>, ctx: JobContext): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface SendOptions {
  startAfter?: Date | number;
  singletonKey?: string;
}

/**
 * Typed jobs over pg-boss. On PGlite it shares the app's single connection (pg-boss's
 * `db` option and its pglite backend profile); on PostgreSQL it opens its own pool so that
 * workers can run in other processes.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private boss: PgBoss | undefined;
  private working = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly options: { pollSeconds: number; superviseSeconds?: number } = { pollSeconds: 1 },
  ) {}

  register(...definitions: JobDefinition[]): void {
    for (const d of definitions) this.definitions.set(d.name, d);
  }

  async start(): Promise<void> {
    if (this.boss) return;
    // How often stale heartbeats and expired jobs are looked for (and so how soon a dead worker's job runs again).
    const supervision = this.options.superviseSeconds ? { superviseIntervalSeconds: this.options.superviseSeconds, monitorIntervalSeconds: this.options.superviseSeconds } : {};
    const boss =
      this.database.engine === "pglite"
        ? new PgBoss({ db: this.database, backend: "pglite", schema: "pgboss", supervise: true, schedule: false, ...supervision })
        : new PgBoss({ connectionString: this.database.connectionString, schema: "pgboss", max: 4, schedule: false, ...supervision });
    boss.on("error", (error: unknown) => this.logger.error({ err: error }, "job queue error"));
    await boss.start();
    this.boss = boss;
    for (const d of this.definitions.values()) {
      const queueOptions = {
        retryLimit: d.retryLimit ?? 5,
        retryDelay: d.retryDelaySeconds ?? 10,
        retryBackoff: d.retryBackoff ?? true,
        expireInSeconds: d.expireInSeconds ?? 15 * 60,
        ...(d.heartbeatSeconds ? { heartbeatSeconds: d.heartbeatSeconds } : {}),
      };
      if (await boss.getQueue(d.name)) await boss.updateQueue(d.name, queueOptions);
      else await boss.createQueue(d.name, queueOptions);
    }
  }

  /** Starts polling for every registered job (the worker service). */
  async startWorkers(): Promise<void> {
    const boss = this.requireBoss();
    this.working = true;
    for (const d of this.definitions.values()) {
      await boss.work(
        d.name,
        { pollingIntervalSeconds: this.options.pollSeconds, localConcurrency: d.concurrency ?? 2, batchSize: 1 },
        async (jobs: Job<unknown>[]) => {
          for (const job of jobs) await this.handle(d, job);
        },
      );
    }
  }

  async send<S extends z.ZodType>(type: JobType<S>, payload: z.input<S>, options: SendOptions = {}): Promise<string | null> {
    const data = type.schema.parse(payload) as object;
    return this.requireBoss().send(type.name, data, {
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter instanceof Date ? options.startAfter : new Date(options.startAfter) } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /**
   * Runs every job that is due now, in this process, until none is left: lets tests and the
   * operator CLI drive the queue without waiting for polling.
   */
  async runDue(names?: string[]): Promise<number> {
    const boss = this.requireBoss();
    let ran = 0;
    for (let round = 0; round < 100; round++) {
      let found = 0;
      for (const d of this.definitions.values()) {
        if (names && !names.includes(d.name)) continue;
        const jobs = await boss.fetch<unknown>(d.name, { batchSize: 10 });
        for (const job of jobs) {
          found++;
          try {
            await this.handle(d, job);
            await boss.complete(d.name, job.id);
          } catch (error) {
            await boss.fail(d.name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      }
      ran += found;
      if (found === 0) break;
    }
    return ran;
  }

  /** Whether the queue is started (sending works; workers poll when started too). */
  get running(): boolean {
    return this.boss !== undefined;
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = undefined;
    // Graceful: running handlers finish; what is not finished returns to the queue when it expires.
    await boss.stop({ graceful: this.working, timeout: 20_000, close: this.database.engine !== "pglite" });
    this.working = false;
  }

  private async handle(definition: JobDefinition, job: Job<unknown>): Promise<void> {
    const payload = definition.schema.parse(job.data);
    const retryCount = job.retryCount;
    const logger = this.logger.child({ job: definition.name, jobId: job.id });
    const started = performance.now();
    logger.debug({ retryCount }, "job started");
    try {
      await definition.handler(payload, { jobId: job.id, retryCount, logger });
      logger.debug({ ms: Math.round(performance.now() - started) }, "job finished");
    } catch (error) {
      logger.warn({ err: error }, "job failed; it will be retried while attempts remain");
      throw error;
    }
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new Error("job queue not started");
    return this.boss;
  }
}
