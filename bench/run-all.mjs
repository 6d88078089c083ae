/* global process, console */
/**
 * Every benchmark in turn, each as its own npm script (so each runs exactly as
 * `npm run bench:NAME` does), then one line per benchmark: whether it ran and
 * how long it took. A failing benchmark does not stop the others; the exit
 * code says whether all of them ran.
 *
 *   npm run bench              # pdq, scan, names, crawl, api, load, index, web
 *   npm run bench -- scan pdq  # only these, in this order
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const all = ["pdq", "scan", "names", "crawl", "api", "load", "index", "web"];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(", ")}; known: ${all.join(", ")}`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : all;

function run(name) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", `bench:${name}`], { cwd: root, stdio: "inherit" });
    child.on("error", (e) => resolve({ code: 1, error: e.message }));
    child.on("exit", (code, signal) => resolve({ code: code ?? 1, error: signal ? `stopped by ${signal}` : undefined }));
  });
}

const results = [];
for (const name of names) {
  console.log(`\n== bench:${name} (load average ${os.loadavg()[0].toFixed(2)}) ==`);
  const started = Date.now();
  const { code, error } = await run(name);
  results.push({ name, code, error, seconds: (Date.now() - started) / 1000 });
}

console.log("\n== summary ==");
for (const r of results) {
  const status = r.code === 0 ? "ok" : `FAILED (${r.error ?? `exit ${r.code}`})`;
  console.log(`bench:${r.name.padEnd(5)} ${status.padEnd(8)} ${r.seconds.toFixed(1)} s`);
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
