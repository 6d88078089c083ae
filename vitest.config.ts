import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Database suites run twice: on embedded PGlite (project "server") and, when
// TEST_DATABASE_URL is set, on a PostgreSQL server (project "server-postgres").
const dbSuites = ["apps/server/src/{auth,db,email,http,jobs,modules}/**/*.test.ts", "apps/server/src/*.test.ts"];
// Suites among those that run no SQL (pure functions, fake servers): once, in project "server", is enough.
const noSqlSuites = [
  "apps/server/src/auth/place.test.ts",
  "apps/server/src/auth/user-agent.test.ts",
  "apps/server/src/email/layout.test.ts",
  "apps/server/src/env.test.ts",
  "apps/server/src/http/session-cache.test.ts",
  "apps/server/src/modules/scans/scan-progress.test.ts",
  "apps/server/src/modules/takedowns/link-check.test.ts",
  "apps/server/src/modules/takedowns/network-lookup.test.ts",
  "apps/server/src/modules/takedowns/notice-template.test.ts",
  "apps/server/src/modules/takedowns/origin-discovery.test.ts",
  "apps/server/src/modules/takedowns/rdap-contacts.test.ts",
  "apps/server/src/modules/takedowns/recipient-finder.test.ts",
  "apps/server/src/modules/takedowns/reddit-form.test.ts",
  "apps/server/src/modules/takedowns/reply-classifier.test.ts",
  "apps/server/src/modules/takedowns/takedown-lifecycle.test.ts",
  "apps/server/src/modules/takedowns/takedown-schedule.test.ts",
  "apps/server/src/modules/takedowns/takedown-shared.test.ts",
];

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  if (process.env.CI === "true") throw new Error("CI: TEST_DATABASE_URL must be set; the PostgreSQL suites cannot be skipped on CI.");
  console.warn("\n  TEST_DATABASE_URL is not set: the PostgreSQL database suites are SKIPPED (the PGlite ones run).\n");
}

export default defineConfig({
  test: {
    reporters: ["default", "./scripts/vitest-slowest-files.ts"],
    // One worker more than the cores: the database suites spend much of their time waiting (on the
    // PostgreSQL server, on fake servers, on the job queue's polls), time another file can use.
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      {
        test: {
          name: "packages",
          include: ["packages/**/src/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          globalSetup: ["packages/test-support/src/global-setup.ts"],
          setupFiles: ["packages/test-support/src/stop-page-parser.ts"],
          hookTimeout: 60_000,
          testTimeout: 30_000,
          env: { LW_TEST_ENGINE: "pglite" },
        },
      },
      ...(postgresUrl ? [{
        test: {
          name: "server-postgres",
          include: dbSuites,
          exclude: [...configDefaults.exclude, ...noSqlSuites],
          environment: "node",
          globalSetup: ["packages/test-support/src/global-setup.ts"],
          setupFiles: ["packages/test-support/src/stop-page-parser.ts"],
          hookTimeout: 60_000,
          testTimeout: 30_000,
          env: { LW_TEST_ENGINE: "postgres" },
        },
      }] : []),
      {
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/*.test.ts"],
          environment: "happy-dom",
        },
      },
    ],
  },
});
