/**
 * ESLint rule `local/no-import-cycle`: no module may reach itself again through its imports,
 * type-only imports and re-exports included. `import/no-cycle` ignores `import type` by design
 * (it has no option to count it), yet a type cycle ties two modules together as much as a value
 * one: a service and its jobs that import each other's types cannot be read, moved or tested
 * apart. Relative specifiers and the workspace packages (`@leakwarden/<name>/<path>`) are
 * followed; other packages are not.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];

/** The workspace packages by name, from their package.json: "@leakwarden/pdq" → its folder. */
const workspaces = (() => {
  const out = new Map();
  for (const group of ["packages", "apps"]) {
    const dir = path.join(root, group);
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const manifest = path.join(dir, entry, "package.json");
      if (!fs.existsSync(manifest)) continue;
      const { name } = JSON.parse(fs.readFileSync(manifest, "utf8"));
      if (name) out.set(name, path.join(dir, entry));
    }
  }
  return out;
})();

function existingFile(base) {
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  // "./x.js" written for "./x.ts"
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.(m?)js$/, ".$1ts"), base.replace(/\.js$/, ".tsx"));
  return candidates.find((c) => fs.statSync(c, { throwIfNoEntry: false })?.isFile());
}

/** The file a specifier names, or null for a package outside the workspace. */
function resolve(specifier, fromFile) {
  if (specifier.startsWith(".")) return existingFile(path.resolve(path.dirname(fromFile), specifier)) ?? null;
  const match = /^(@leakwarden\/[^/]+)(?:\/(.+))?$/.exec(specifier);
  const dir = match && workspaces.get(match[1]);
  if (!dir) return null;
  // Every workspace package exports "./*" as "./src/*.ts".
  return match[2] ? (existingFile(path.join(dir, "src", match[2])) ?? null) : null;
}

/** Each file's resolved imports (static, type-only, re-exports, dynamic), kept while its mtime holds. */
const cache = new Map();
function importsOf(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return [];
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.imports;
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  const imports = [...new Set(info.importedFiles.map((f) => resolve(f.fileName, file)).filter(Boolean))];
  cache.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

/** The shortest path of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === target) {
        const chain = [file];
        for (let f = previous.get(file); f; f = previous.get(f)) chain.unshift(f);
        return chain;
      }
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "forbid import cycles, type-only imports included" },
    schema: [],
    messages: { cycle: "Import cycle (type-only imports count): {{chain}}. Move what both need into a module that imports neither." },
  },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const target = resolve(node.source.value, file);
      if (!target || target === file) return;
      const back = pathBack(target, file);
      if (!back) return;
      const chain = [file, ...back, file].map((f) => path.relative(root, f)).join(" → ");
      context.report({ node: node.source, messageId: "cycle", data: { chain } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { "no-import-cycle": rule } };
