// Runs npm scripts at the same time (`node scripts/run-parallel.mjs typecheck lint`): each one's
// output is printed whole when it ends, so the logs do not interleave; fails if any of them fails.
import { spawn } from "node:child_process";
import { Buffer } from "node:buffer";
import process from "node:process";

const names = process.argv.slice(2);
if (names.length === 0) throw new Error("usage: node scripts/run-parallel.mjs SCRIPT...");

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
      child.on("close", (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`\n> ${name}: ${code === 0 ? "done" : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);

const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
