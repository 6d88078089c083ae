import { defineConfig } from "vitest/config";

// Database suites run twice: on embedded PGlite (project "server") and, when
// TEST_DATABASE_URL is set, on a PostgreSQL server (project "server-postgres").
const dbSuites = ["apps/server/src/{auth,db,email,http,jobs,modules}/**/*.test.ts", "apps/server/src/*.test.ts"];

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  if (process.env.CI === "true") throw new Error("CI: TEST_DATABASE_URL must be set; the PostgreSQL suites cannot be skipped on CI.");
  console.warn("\n  TEST_DATABASE_URL is not set: the PostgreSQL database suites are SKIPPED (the PGlite ones run).\n");
}

export default defineConfig({
  test: {
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
