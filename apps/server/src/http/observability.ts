import { timingSafeEqual } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Logger } from "../lib/logger";
import { requestIdFrom, runWithRequestContext } from "../lib/request-context";
import type { TrustedProxies } from "../lib/trusted-proxies";
import type { OperationsService, ServiceStatus } from "../modules/operations/operations.service";
import type { AppEnv } from "./context";
import { errorBody } from "./error-handler";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * Gives each request an id: returned in X-Request-Id and written on every log line of the
 * request. An id sent by a trusted proxy is kept (one id across the hops); a client's is not.
 */
export function requestContext(proxies: TrustedProxies, logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    let socket = "127.0.0.1";
    try {
      socket = getConnInfo(c).remote.address ?? socket;
    } catch {
      // in-process requests (app.request) have no socket
    }
    const forwarded = proxies.isTrusted(socket) ? c.req.header(REQUEST_ID_HEADER) : undefined;
    const requestId = requestIdFrom(forwarded);
    c.header(REQUEST_ID_HEADER, requestId);
    await runWithRequestContext({ requestId }, async () => {
      await next();
      logger.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
    });
  };
}

/** How long a scrape may reuse the service's figures: each one costs a handful of counts. */
const STATUS_CACHE_MS = 5_000;

/**
 * Prometheus metrics: this process's HTTP latency per route, and the service's work (jobs,
 * scans, notices, re-checks, webhooks, accounts) read from the shared records, so every
 * process reports the same service-wide figures.
 */
export function createMetrics(operations: OperationsService, logger: Logger) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "leakwarden_" });

  const httpDuration = new Histogram({
    name: "leakwarden_http_request_duration_seconds",
    help: "HTTP request latency by route",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  let cached: { at: number; status: Promise<ServiceStatus> } | undefined;
  const status = () => {
    if (!cached || Date.now() - cached.at > STATUS_CACHE_MS) {
      const fresh = operations.status();
      cached = { at: Date.now(), status: fresh };
      fresh.catch(() => (cached = undefined));
    }
    return cached.status;
  };

  // Each gauge is set from one read of the records at scrape time.
  const fromStatus = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    pick: (s: ServiceStatus) => { labels: Record<L, string>; value: number }[],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        try {
          const rows = pick(await status());
          this.reset();
          for (const row of rows) this.set(row.labels, row.value);
        } catch (error) {
          logger.warn({ err: error }, "metrics: the service's figures could not be read");
        }
      },
    });

  const labelled = <L extends string>(rows: { labels: Record<string, string>; value: number }[]) =>
    rows as { labels: Record<L, string>; value: number }[];

  fromStatus("leakwarden_jobs", "Jobs by queue and state", ["queue", "state"], (s) =>
    s.jobs.map((j) => ({ labels: { queue: j.queue, state: j.state }, value: j.jobs })),
  );
  fromStatus("leakwarden_job_oldest_waiting_seconds", "Age of the oldest job due and waiting, by queue", ["queue"], (s) =>
    s.jobs.filter((j) => j.oldestSeconds !== null).map((j) => ({ labels: { queue: j.queue }, value: j.oldestSeconds ?? 0 })),
  );
  fromStatus("leakwarden_scans", "Scans by status (queued, running, completed, failed, cancelled)", ["status"], (s) => labelled(s.scans));
  fromStatus("leakwarden_scan_pages_read", "Pages read by scans, summed by the scans' outcome", ["status"], (s) => labelled(s.scanPages));
  fromStatus("leakwarden_takedown_notices", "Takedown notices by status and recipient kind", ["status", "recipient_kind"], (s) => labelled(s.notices));
  fromStatus("leakwarden_notices_held", "Notices held by the daily limit of notices per recipient address (all accounts together)", [], (s) => [
    { labels: {}, value: s.heldNotices.reduce((n, h) => n + h.held, 0) },
  ]);
  fromStatus("leakwarden_autopilot_creators_at_cap", "Creators whose autopilot reached its daily cap (AUTOPILOT_MAX_NOTICES_PER_DAY): their new findings wait", [], (s) => [
    { labels: {}, value: s.autopilotAtCap.length },
  ]);
  fromStatus("leakwarden_takedowns", "Takedowns (links) by status", ["status"], (s) => labelled(s.takedowns));
  fromStatus("leakwarden_removal_rechecks", "Re-checks of sent links, summed by the takedown's status", ["status"], (s) => labelled(s.rechecks));
  fromStatus("leakwarden_webhook_deliveries", "Payment webhook deliveries by outcome", ["outcome"], (s) => labelled(s.webhooks));
  fromStatus("leakwarden_accounts", "Accounts by plan", ["plan"], (s) => labelled(s.accounts));
  fromStatus("leakwarden_crawl", "Crawl work summed over the leak sites (pages, items, errors, blocked, leaks)", ["what"], (s) => labelled(s.crawls));

  const timing: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // After next() the current route is the handler that answered: its pattern, never the raw path.
      httpDuration.observe({ method: c.req.method, route: routePath(c) || "unmatched", status: String(c.res.status) }, (performance.now() - started) / 1000);
    }
  };

  return { registry, timing };
}

function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given?.startsWith("Bearer ")) return false;
  const a = Buffer.from(given.slice("Bearer ".length));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `/metrics` (bearer token; not served without one configured), `/readyz`. */
export function observabilityRoutes(deps: { operations: OperationsService; registry: Registry; metricsToken: string | undefined }) {
  const app = new Hono<AppEnv>();

  app.get("/readyz", async (c) => {
    const readiness = await deps.operations.readiness();
    return c.json(readiness, readiness.ready ? 200 : 503);
  });

  app.get("/metrics", async (c) => {
    if (!deps.metricsToken) return c.json(errorBody("NOT_FOUND", "Metrics are not enabled on this deployment."), 404);
    if (!tokenMatches(c.req.header("authorization"), deps.metricsToken)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json(errorBody("UNAUTHENTICATED", "The metrics token is missing or wrong."), 401);
    }
    return c.body(await deps.registry.metrics(), 200, { "Content-Type": deps.registry.contentType });
  });

  return app;
}
