import { z } from "zod";
import { defineJob } from "../../jobs/queue";
import type { MonitoringService } from "./monitoring.service";

/** The periodic tick: starts the automatic rescans that are due, then queues the next tick. */
export function createMonitoringTickJob(service: () => MonitoringService) {
  return defineJob({
    name: "monitoring.tick",
    schema: z.object({}),
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 10 * 60,
    concurrency: 1,
    async handler() {
      await service().tick();
    },
  });
}

export type MonitoringTickJob = ReturnType<typeof createMonitoringTickJob>;
