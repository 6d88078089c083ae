import fs from "node:fs";
import { URL } from "node:url";
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import regexpPlugin from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";
import localRules from "./scripts/eslint-no-import-cycle.js";

// Test support (packages/test-support) is for tests, e2e and benches: shipped code never imports
// it, by package name or by path. Applied to every non-test file of apps/server/src and apps/web/src.
const noTestSupport = {
  group: ["@leakwarden/test-support", "@leakwarden/test-support/**", "**/packages/test-support", "**/packages/test-support/**"],
  message: "@leakwarden/test-support is for tests only: shipped code never imports it",
};
const testFiles = ["**/*.test.ts", "**/*.test.tsx"];
// A feature never reaches into another feature; a file at a feature's root still reaches lib/.
const featureBoundary = { group: ["../../*/**", "!../../../**", "!../../lib/**"], message: "import another feature only through app/ composition" };

// Imports flow one way: packages → server modules / web features → app.
const appZones = [
  // Test support builds its fixtures on server modules; the other packages never import apps.
  { target: "./packages/!(test-support)/**", from: "./apps", message: "packages never import from apps" },
  { target: "./packages/contracts", from: "./packages/pdq" },
  { target: "./apps/web", from: "./apps/server", message: "the web client never imports server code" },
  { target: "./apps/server", from: "./apps/web", message: "the server never imports web code" },
  { target: "./apps/web/src/features", from: "./apps/web/src/app", message: "features never import the app layer" },
  { target: "./apps/web/src/components", from: ["./apps/web/src/features", "./apps/web/src/app"] },
  { target: "./apps/web/src/lib", from: ["./apps/web/src/features", "./apps/web/src/app", "./apps/web/src/components"] },
  {
    target: "./apps/server/src/scanner",
    from: ["./apps/server/src/db", "./apps/server/src/http", "./apps/server/src/modules", "./apps/server/src/jobs", "./apps/server/src/auth"],
    message: "the scanner is pure: no database, no HTTP layer",
  },
  {
    target: "./apps/server/src/lib",
    from: "./apps/server/src",
    except: ["./lib"],
    message: "lib imports nothing else from src",
  },
];
// A server module reaches another only through that module's service (and the job types of its
// `*.job-definitions.ts`, which the enqueuing service imports): never its repository or other files.
const modulesDir = "./apps/server/src/modules";
const moduleNames = fs
  .readdirSync(new URL(modulesDir, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleDoors = (name) =>
  fs
    .readdirSync(new URL(`${modulesDir}/${name}`, import.meta.url))
    .filter((file) => /\.(service|job-definitions)\.ts$/.test(file))
    .map((file) => `./${file}`);
const moduleBoundaries = moduleNames.flatMap((target) =>
  moduleNames
    .filter((other) => other !== target)
    .map((other) => ({
      target: `${modulesDir}/${target}`,
      from: `${modulesDir}/${other}`,
      except: moduleDoors(other),
      message: `another module only through its service: import ${other}/*.service.ts, not its internals`,
    })),
);
// Queries live in repositories (and db/): the rest of the server never builds SQL itself.
const noDrizzle = {
  group: ["drizzle-orm", "drizzle-orm/*"],
  message: "drizzle-orm only in *.repository.ts and db/: move the query into the module's repository",
};

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "artifacts/**", "data/**", "apps/server/src/db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin, local: localRules },
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    settings: { "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } }, "import/ignore": ["node_modules"] },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // No import cycles, type-only imports included (import/no-cycle skips those and has no option to count them).
      "local/no-import-cycle": "error",
      "import/no-restricted-paths": [
        "error",
        {
          zones: [...appZones, ...moduleBoundaries],
        },
      ],
    },
  },
  {
    // Shipped code never depends on test support.
    files: ["apps/server/src/**", "apps/web/src/**", "packages/!(test-support)/**"],
    ignores: testFiles,
    rules: { "no-restricted-imports": ["error", { patterns: [noTestSupport] }] },
  },
  {
    // A module's tests may set up their data through another module's repository.
    files: ["apps/server/src/modules/**/*.test.ts"],
    rules: { "import/no-restricted-paths": ["error", { zones: appZones }] },
  },
  {
    // Shipped server code outside repositories and db/ never imports drizzle-orm; a later block
    // replaces a rule's options, so the test-support pattern is repeated.
    files: ["apps/server/src/**"],
    ignores: [...testFiles, "**/*.repository.ts", "apps/server/src/db/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noTestSupport, noDrizzle] }] },
  },
  {
    // In features, tests included, the feature boundary; a later block replaces a rule's options,
    // so shipped feature files repeat the test-support pattern.
    files: ["apps/web/src/features/*/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [featureBoundary] }] },
  },
  {
    files: ["apps/web/src/features/*/**"],
    ignores: testFiles,
    rules: { "no-restricted-imports": ["error", { patterns: [featureBoundary, noTestSupport] }] },
  },
  {
    // Server code reads hostile web text and request input: a pattern that can
    // backtrack super-linearly lets one crafted page or field stall the process.
    files: ["apps/server/src/**/*.ts", "apps/server/src/**/*.mjs", "packages/contracts/src/**/*.ts", "packages/fake-network/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { regexp: regexpPlugin },
    rules: {
      "regexp/no-super-linear-backtracking": ["error", { report: "certain" }],
      "regexp/no-super-linear-move": ["error", { report: "certain", ignoreSticky: false, ignorePartial: true }],
      "regexp/no-misleading-capturing-group": "error",
    },
  },
);
