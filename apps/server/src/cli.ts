import { EnvError, loadEnv } from "./env";

const [command, ...args] = process.argv.slice(2);

async function main(): Promise<number> {
  const env = loadEnv();
  switch (command) {
    case "migrate": {
      const { openDatabase } = await import("./db/client");
      const { runMigrations } = await import("./db/migrate");
      const database = await openDatabase(env);
      await runMigrations(database);
      await database.close();
      console.error(`migrations applied (${database.engine})`);
      return 0;
    }
    case "scan": {
      // No database: the engine alone, for operators and for judging it on any web.
      const { runScanCommand } = await import("./scanner/scan-command");
      return runScanCommand(args, env, { stdout: process.stdout, stderr: process.stderr });
    }
    case "crawl": {
      // Crawl health per site, or one crawl now (the database and catalog of this install).
      const { openDatabase } = await import("./db/client");
      const { runMigrations } = await import("./db/migrate");
      const { createLogger } = await import("./lib/logger");
      const { createServices } = await import("./services");
      const { runCrawlCommand } = await import("./modules/crawls/crawl-command");
      const database = await openDatabase(env);
      try {
        await runMigrations(database);
        const services = createServices(env, createLogger("warn"), database);
        // Started so that a crawl's new-leak emails are queued for the workers.
        await services.queue.start();
        try {
          return await runCrawlCommand(args, services.crawls, { stdout: process.stdout, stderr: process.stderr });
        } finally {
          await services.queue.stop();
        }
      } finally {
        await database.close();
      }
    }
    case "demo": {
      // The app on its own data folder, searching a built-in fictional web (no search provider needed).
      const { runDemoCommand } = await import("./demo/run-demo");
      return runDemoCommand(process.env, { stdout: process.stdout, stderr: process.stderr });
    }
    case "ops": {
      const { openDatabase } = await import("./db/client");
      const { JobQueue } = await import("./jobs/queue");
      const { createLogger } = await import("./lib/logger");
      const { createOperationsService } = await import("./modules/operations/operations.service");
      const { runOpsCommand } = await import("./modules/operations/ops-command");
      const { createHandleDisputes } = await import("./modules/identities/handle-disputes");
      const database = await openDatabase(env);
      try {
        const operations = createOperationsService({ database, queue: new JobQueue(database, createLogger("silent")), autopilotMaxPerDay: env.AUTOPILOT_MAX_NOTICES_PER_DAY });
        const disputes = createHandleDisputes({ db: database.db, now: () => new Date() });
        return await runOpsCommand(args, operations, { stdout: process.stdout, stderr: process.stderr }, disputes);
      } finally {
        await database.close();
      }
    }
    default:
      console.error(`usage: npm run <migrate|scan|crawl|demo|ops> [-- args]\nunknown command: ${command ?? "(none)"}`);
      return 2;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
    // Let stdout drain, then leave even if a keep-alive socket lingers.
    setTimeout(() => process.exit(code), 1000).unref();
  },
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exitCode = 1;
  },
);
