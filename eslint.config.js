import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import regexpPlugin from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "artifacts/**", "data/**", "apps/server/src/db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    settings: { "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } }, "import/ignore": ["node_modules"] },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "import/no-cycle": ["error", { ignoreExternal: true }],
      // Imports flow one way: packages → server modules / web features → app.
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./packages", from: "./apps", message: "packages never import from apps" },
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
          ],
        },
      ],
    },
  },
  {
    // A feature never reaches into another feature.
    files: ["apps/web/src/features/*/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../../*/**", "!../../../**"], message: "import another feature only through app/ composition" }] },
      ],
    },
  },
  {
    // Shipped server code never depends on the test fakes.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["**/*.test.ts", "apps/server/src/testing/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/testing/**", "**/testing"], message: "src/testing is for tests only" }] }],
    },
  },
  {
    // Server code reads hostile web text and request input: a pattern that can
    // backtrack super-linearly lets one crafted page or field stall the process.
    files: ["apps/server/src/**/*.ts", "apps/server/src/**/*.mjs", "packages/contracts/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { regexp: regexpPlugin },
    rules: {
      "regexp/no-super-linear-backtracking": ["error", { report: "certain" }],
      "regexp/no-super-linear-move": ["error", { report: "certain", ignoreSticky: false, ignorePartial: true }],
      "regexp/no-misleading-capturing-group": "error",
    },
  },
);
