import { defineJob } from "../../jobs/queue";
import { monitoringTickJob } from "./monitoring.job-definitions";
import type { MonitoringService } from "./monitoring.service";

export function createMonitoringTickJob(service: () => MonitoringService) {
  return defineJob({
    ...monitoringTickJob,
    async handler() {
      await service().tick();
    },
  });
}
