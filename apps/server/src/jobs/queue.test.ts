import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../db/client";
import { createLogger } from "../lib/logger";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { defineJob, JobQueue, type JobDefinition } from "./queue";

// The typed queue on the engine under test (PGlite, or PostgreSQL in the server-postgres project).
describe("job queue", () => {
  let database: Database;
  let queue: JobQueue | undefined;
  const logger = createLogger("silent");

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function started(...jobs: JobDefinition[]): Promise<JobQueue> {
    queue = new JobQueue(database, logger, { pollSeconds: 0.5 });
    queue.register(...jobs);
    await queue.start();
    return queue;
  }

  async function jobRow(id: string) {
    const { rows } = await database.executeSql(
      `select state, retry_count, extract(epoch from start_after - now())::float as wait_seconds from pgboss.job where id = $1`,
      [id],
    );
    return rows[0] as { state: string; retry_count: number; wait_seconds: number };
  }

  /** Makes a job waiting for its retry due now (the queue reads the database's clock). */
  const makeDue = (id: string) => database.executeSql(`update pgboss.job set start_after = now() where id = $1`, [id]);

  it("refuses a payload that does not match the job's schema, before anything is queued", async () => {
    const job = defineJob({ name: "test.typed", schema: z.object({ to: z.email() }), handler: async () => undefined });
    const q = await started(job);
    await expect(q.send(job, { to: "not-an-address" })).rejects.toThrow();
    expect(await q.runDue(["test.typed"])).toBe(0);
  });

  it("retries a failing job later, each wait longer than the last, and runs it once it succeeds", async () => {
    const attempts: number[] = [];
    const job = defineJob({
      name: "test.flaky",
      schema: z.object({ n: z.number() }),
      retryLimit: 4,
      retryDelaySeconds: 30,
      retryBackoff: true,
      handler: async (_payload, ctx) => {
        attempts.push(ctx.retryCount);
        if (attempts.length < 3) throw new Error("upstream down");
      },
    });
    const q = await started(job);
    const id = (await q.send(job, { n: 1 }))!;

    expect(await q.runDue(["test.flaky"])).toBe(1);
    const first = await jobRow(id);
    expect(first.state).toBe("retry");
    expect(first.wait_seconds).toBeGreaterThan(29);
    // Not due yet: nothing runs.
    expect(await q.runDue(["test.flaky"])).toBe(0);

    await makeDue(id);
    expect(await q.runDue(["test.flaky"])).toBe(1);
    const second = await jobRow(id);
    expect(second.state).toBe("retry");
    expect(second.wait_seconds).toBeGreaterThanOrEqual(first.wait_seconds - 1);
    expect(second.wait_seconds).toBeGreaterThan(59);

    await makeDue(id);
    expect(await q.runDue(["test.flaky"])).toBe(1);
    expect((await jobRow(id)).state).toBe("completed");
    expect(attempts).toEqual([0, 1, 2]);
  });

  it("gives up after the retry limit and keeps the job as failed", async () => {
    let runs = 0;
    const job = defineJob({
      name: "test.doomed",
      schema: z.object({}),
      retryLimit: 1,
      retryDelaySeconds: 5,
      handler: async () => {
        runs++;
        throw new Error("always");
      },
    });
    const q = await started(job);
    const id = (await q.send(job, {}))!;
    await q.runDue(["test.doomed"]);
    await makeDue(id);
    await q.runDue(["test.doomed"]);
    await makeDue(id);
    expect(await q.runDue(["test.doomed"])).toBe(0);
    expect((await jobRow(id)).state).toBe("failed");
    expect(runs).toBe(2);
  });

  it("runs sent jobs in workers, and on stop lets a running job finish", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    const job = defineJob({
      name: "test.slow",
      schema: z.object({ label: z.string() }),
      handler: async ({ label }) => {
        events.push(`start ${label}`);
        await gate;
        events.push(`end ${label}`);
      },
    });
    const q = await started(job);
    await q.startWorkers();
    const id = (await q.send(job, { label: "a" }))!;
    for (let i = 0; i < 100 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(events).toEqual(["start a"]);

    // Stopping waits for the running handler.
    const stopping = q.stop().then(() => events.push("stopped"));
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual(["start a"]);
    release();
    await stopping;
    queue = undefined;
    expect(events).toEqual(["start a", "end a", "stopped"]);
    expect((await jobRow(id)).state).toBe("completed");
  });
});
