import type { z } from "zod";

/**
 * How a job is run and retried. A policy that depends on settings is a function of them in the
 * job's definitions file, merged in by the module that registers the handler.
 */
export interface JobPolicy {
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /**
   * A running job refreshes its claim this often (seconds, ≥ 10); a claim not refreshed in time
   * (its worker was killed or lost the database) is failed by the queue's supervisor and the job
   * runs again elsewhere, long before expireInSeconds. Unset: only expireInSeconds bounds it.
   */
  heartbeatSeconds?: number;
  /** How many of this job one worker process runs at once. */
  concurrency?: number;
}

/** A periodic tick (one runs at a time, queues its successor): a couple of tries, then the next tick. */
export const tickPolicy = { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 10 * 60, concurrency: 1 } as const satisfies JobPolicy;

/**
 * What a job is: its name, its payload's schema and its retry policy, without its handler.
 * A module's `*.job-definitions.ts` holds its job types; the service that enqueues and the
 * `*.jobs.ts` that handles both import them, and neither imports the other.
 */
export interface JobType<S extends z.ZodType = z.ZodType> extends JobPolicy {
  name: string;
  schema: S;
}

/** Checks a job type and keeps its literal policy (a handler may read `retryLimit`). */
export function defineJobType<T extends JobType>(type: T): T {
  return type;
}
