import { serve, type ServerType } from "@hono/node-server";
import { openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { EnvError, loadEnv, type Env } from "./env";
import { createLogger } from "./lib/logger";
import { createServices } from "./services";

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(env.LOG_LEVEL);
const database = await openDatabase(env);
await runMigrations(database);
const services = createServices(env, logger, database);
await services.queue.start();

const runApi = env.SERVICES.includes("api");
const runWorker = env.SERVICES.includes("worker");
if (database.engine === "pglite" && !(runApi && runWorker)) {
  logger.warn("the embedded database serves one process: running api and worker together");
}
if (runWorker || database.engine === "pglite") {
  await services.queue.startWorkers();
  // Automatic rescans: (re)starts the periodic tick; a second worker's tick finds it taken.
  await services.monitoring.kick();
}

let server: ServerType | undefined;
if (runApi || database.engine === "pglite") {
  server = serve({ fetch: services.app.fetch, port: env.PORT }, (info) => {
    logger.info({ port: info.port, url: env.publicUrl, database: database.engine, node: process.versions.node }, "Leakwarden is listening");
  });
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  // Stop taking requests and let in-flight ones finish, then let running jobs finish.
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  await services.queue.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
