/* global process, console */
/**
 * Builds what is out of date: the web app (Vite, into apps/web/dist) and the server (esbuild,
 * into apps/server/dist, run with plain node). Each output keeps a stamp of the hash of its
 * inputs; an output whose inputs did not change is not built again, so `npm start` after a
 * first start begins at once.
 *
 *   node scripts/build.mjs            # web and server, each if out of date
 *   node scripts/build.mjs server     # the server only
 *   node scripts/build.mjs --force    # build even when up to date
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = ".build-stamp";
const SKIP_DIRS = new Set(["node_modules", "dist"]);

/** Every file under the given paths (tests and test support excluded), sorted. */
function inputFiles(paths) {
  const files = [];
  const walk = (abs) => {
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isFile()) {
      if (!/\.test\.tsx?$/.test(abs)) files.push(abs);
      return;
    }
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
      walk(path.join(abs, entry.name));
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return files.sort();
}

function inputsHash(paths) {
  const hash = createHash("sha256");
  hash.update(process.version.split(".")[0]);
  for (const file of inputFiles(paths)) {
    hash.update(path.relative(root, file));
    hash.update("\0");
    hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const shared = ["packages/contracts/src", "packages/pdq/src", "package-lock.json", "scripts/build.mjs"];

const targets = {
  web: {
    out: "apps/web/dist",
    inputs: [...shared, "apps/web/src", "apps/web/public", "apps/web/index.html", "apps/web/vite.config.ts", "apps/web/prerender-plugin.ts", "apps/web/page-css.ts", "apps/web/blog.ts", "apps/web/content", "apps/web/package.json"],
    async build() {
      const result = spawnSync("npm", ["run", "build", "-w", "@leakwarden/web"], { cwd: root, stdio: "inherit" });
      if (result.status !== 0) throw new Error("the web app did not build");
    },
  },
  server: {
    out: "apps/server/dist",
    inputs: [...shared, "packages/fake-network/src", "apps/server/src", "apps/server/package.json"],
    async build(out) {
      const { build } = await import("esbuild");
      const serverSrc = path.join(root, "apps/server/src");
      fs.rmSync(out, { recursive: true, force: true });
      await build({
        absWorkingDir: root,
        entryPoints: {
          main: path.join(serverSrc, "main.ts"),
          cli: path.join(serverSrc, "cli.ts"),
          // The pool starts its workers from "./page-parser-worker.mjs" beside its own module.
          "page-parser-worker": path.join(serverSrc, "scanner/page-parser-thread.ts"),
        },
        outdir: out,
        outExtension: { ".js": ".mjs" },
        // Chunks stay beside the entries: modules find their data files relative to themselves.
        chunkNames: "[name]-[hash]",
        bundle: true,
        splitting: true,
        format: "esm",
        platform: "node",
        target: "node24",
        sourcemap: true,
        logLevel: "warning",
        // Dependencies are loaded from node_modules at run time; the workspace packages ship
        // TypeScript sources, so they are bundled.
        plugins: [
          {
            name: "external-dependencies",
            setup(b) {
              b.onResolve({ filter: /^[^./]/ }, (args) =>
                args.path.startsWith("@leakwarden/") ? undefined : { path: args.path, external: true },
              );
            },
          },
        ],
      });
      // Data the server reads at run time, where its modules look for it.
      fs.cpSync(path.join(serverSrc, "db/migrations"), path.join(out, "migrations"), { recursive: true });
      fs.cpSync(path.join(serverSrc, "modules/takedowns/data"), path.join(out, "data"), { recursive: true });
      fs.cpSync(path.join(serverSrc, "demo/demo-leak-sites.json"), path.join(out, "demo-leak-sites.json"));
    },
  },
};

const args = process.argv.slice(2);
const force = args.includes("--force");
const asked = args.filter((a) => !a.startsWith("--"));
const unknown = asked.filter((name) => !(name in targets));
if (unknown.length > 0) {
  console.error(`unknown build target ${unknown.join(", ")}; known: ${Object.keys(targets).join(", ")}`);
  process.exit(2);
}

for (const name of asked.length > 0 ? asked : Object.keys(targets)) {
  const target = targets[name];
  const out = path.join(root, target.out);
  const stampFile = path.join(out, STAMP);
  const hash = inputsHash(target.inputs);
  if (!force && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === hash) {
    console.error(`${name}: up to date (${target.out})`);
    continue;
  }
  const started = Date.now();
  await target.build(out);
  fs.writeFileSync(stampFile, hash);
  console.error(`${name}: built into ${target.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
