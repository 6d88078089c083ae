import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../../apps/server/src/env";

/**
 * The server as an operator runs it, for process tests: the compiled `apps/server/dist/main.mjs`
 * started with plain node (what `npm start` runs), built first when its sources changed.
 */

const mainFile = path.join(repoRoot, "apps/server/dist/main.mjs");

export function buildServer(): void {
  execFileSync(process.execPath, [path.join(repoRoot, "scripts/build.mjs"), "server"], { stdio: "ignore" });
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServerProcess(settings: Record<string, string>): ServerProcess {
  let output = "";
  const child = spawn(process.execPath, [mainFile], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), LOG_LEVEL: "info", JOB_POLL_SECONDS: "0.5", CRAWL_ENABLED: "false", IMPERSONATION_ENABLED: "false", ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  // "close" comes after the output streams end, so output() is whole once it resolves.
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Polls `probe` until it gives a value (errors count as not yet). */
export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts the server and waits until `origin` answers /healthz. */
export async function launchServerProcess(settings: Record<string, string>, origin: string): Promise<ServerProcess> {
  const server = startServerProcess(settings);
  await until("the server to listen", async () => ((await fetch(`${origin}/healthz`)).status === 200 ? true : undefined));
  return server;
}
