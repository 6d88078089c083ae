import { EnvError, loadEnv, type Env } from "./env";
import { startServer } from "./start-server";

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

const running = await startServer({ env });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  running.logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  // Stop taking requests and let in-flight ones finish, then let running jobs finish.
  await running.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
