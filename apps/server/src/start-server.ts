import { Server as HttpServer } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { openDatabase, type Database } from "./db/client";
import { runMigrations } from "./db/migrate";
import type { Env } from "./env";
import { controllableClock, withClockControl } from "./jobs/clock-control";
import { createLogger, type Logger } from "./lib/logger";
import { mailDnsResolver } from "./modules/takedowns/reply-authentication";
import { startReplyListener, type ReplyListener } from "./modules/takedowns/reply-listener";
import { createServices, type ServiceOptions, type Services } from "./services";

export interface StartOptions {
  env: Env;
  logger?: Logger;
  /** A database to use instead of the one the settings name (tests); the caller closes it. */
  database?: Database;
  /** Passed to createServices (the demo's mailers, a test clock). */
  services?: ServiceOptions;
  /** Run the job workers; default: when SERVICES names the worker (always on the embedded database). */
  workers?: boolean;
  /** Listen on PORT; default: when SERVICES names the api (always on the embedded database). */
  listen?: boolean;
}

export interface RunningServer {
  env: Env;
  logger: Logger;
  services: Services;
  /** Where the app listens, when it listens. */
  url: string | undefined;
  /** Stops taking requests, lets in-flight ones and running jobs finish, closes what it opened. */
  close(): Promise<void>;
}

/**
 * The one start-up of the server, used by `npm start` (main.ts), the demo and the process
 * tests: settings → database → migrations → services → queue → workers → HTTP.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env } = options;
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const database = options.database ?? (await openDatabase(env));
  let services: Services | undefined;
  let server: ServerType | undefined;
  let replies: ReplyListener | undefined;
  try {
    await runMigrations(database);
    // Browser tests only (NODE_ENV=test, checked with the settings): a clock they can move forward.
    const clock = env.TEST_CLOCK_CONTROL ? controllableClock(database) : undefined;
    if (clock) logger.warn("TEST_CLOCK_CONTROL is on: POST /__test/clock moves this server's clock");
    services = createServices(env, logger, database, clock ? { ...options.services, now: clock.now } : options.services);
    await services.queue.start();

    const embedded = database.engine === "pglite";
    const runApi = options.listen ?? (env.SERVICES.includes("api") || embedded);
    const runWorker = options.workers ?? (env.SERVICES.includes("worker") || embedded);
    if (embedded && !(env.SERVICES.includes("api") && env.SERVICES.includes("worker"))) {
      logger.warn("the embedded database serves one process: running api and worker together");
    }
    if (runWorker) {
      await services.queue.startWorkers();
      // Automatic rescans: (re)starts the periodic tick; a second worker's tick finds it taken.
      await services.monitoring.kick();
      await services.crawls.kick();
      if (env.REPLY_SMTP_PORT !== undefined) {
        const takedowns = services.takedowns;
        replies = await startReplyListener({
          host: env.REPLY_SMTP_HOST,
          port: env.REPLY_SMTP_PORT,
          recipients: [env.NOTICE_REPLY_TO ?? env.AGENT_EMAIL],
          maxBytes: env.REPLY_MAX_BYTES,
          // Who sent a reply is checked against the same DNS every other lookup uses.
          resolver: mailDnsResolver(env.DNS_SERVERS, env.SCAN_FETCH_TIMEOUT_MS),
          logger,
          onReply: async (reply) => void (await takedowns.recordReply(reply)),
        });
        logger.info({ port: replies.port }, "reading replies to notices");
      }
    }

    let url: string | undefined;
    if (runApi) {
      const appHandler = services.app.fetch;
      const handler = clock ? withClockControl(clock, appHandler) : appHandler;
      const port = await new Promise<number>((resolve, reject) => {
        const s = serve({ fetch: handler, port: env.PORT }, (info) => resolve(info.port));
        // Node closes an idle kept-alive connection after 5 s, the same moment a client or proxy
        // may reuse it: the request then dies as "socket hang up". Outlast their idle timeouts
        // (load balancers keep 60 s) so that the client, never the server, closes an idle one.
        if (s instanceof HttpServer) {
          s.keepAliveTimeout = 65_000;
          s.headersTimeout = 66_000;
        }
        s.once("error", reject);
        server = s;
      });
      url = env.PUBLIC_URL ? env.publicUrl : `http://localhost:${port}`;
      logger.info({ port, url: env.publicUrl, database: database.engine, node: process.versions.node }, "Leakwarden is listening");
    }

    const running = services;
    return {
      env,
      logger,
      services: running,
      url,
      async close() {
        if (server) {
          const closing = server;
          await new Promise<void>((resolve) => {
            closing.close(() => resolve());
            // close() ends the connections idle now; one that answers its last request later stays
            // open for the keep-alive time. End each as soon as it is idle, so shutdown waits only
            // for the requests in flight.
            if (closing instanceof HttpServer) {
              const sweep = setInterval(() => closing.closeIdleConnections(), 100);
              closing.once("close", () => clearInterval(sweep));
            }
          });
        }
        await replies?.close();
        await running.queue.stop();
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    // E.g. the port is taken: stop what was started, so that the process can end.
    if (server) server.close();
    await replies?.close().catch(() => undefined);
    await services?.queue.stop().catch(() => undefined);
    if (!options.database) await database.close().catch(() => undefined);
    throw error;
  }
}
