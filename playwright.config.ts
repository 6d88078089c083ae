import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { billingSettings } from "@leakwarden/test-support/billing-events";
import { E2E_LEMONSQUEEZY_API_KEY } from "./e2e/global-setup";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
// The local web the dashboard journeys scan (e2e/global-setup.ts): next to the server's port, so parallel runs do not collide.
const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? port + 99);
process.env.E2E_FIXTURE_PORT = String(fixturePort);
const fixtureOrigin = `http://127.0.0.1:${fixturePort}`;
// A local fake of the Lemon Squeezy API (e2e/global-setup.ts), on the port below the fixture web's.
const lemonSqueezyPort = Number(process.env.E2E_LEMONSQUEEZY_PORT ?? port + 98);
process.env.E2E_LEMONSQUEEZY_PORT = String(lemonSqueezyPort);
// A fresh embedded database per run, so journeys start from a known state. Workers load this file
// again: they keep the runner's folder (the server's), where the outbox fixture reads the mail.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

const ivyPagesJourneys = ["autopilot.spec.ts", "dashboard.spec.ts", "dashboard-layout.spec.ts", "impersonation.spec.ts"];
const serverClockJourneys = ["weekly-summary.spec.ts", "your-data.spec.ts"];

const chromium = "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  const message = `Chromium is not installed at ${chromium} (apt-get install -y chromium).`;
  if (process.env.CI === "true") throw new Error(message);
  console.warn(`\n  ${message} Browser tests will fail to launch.\n`);
}

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "artifacts/e2e-results",
  globalSetup: "./e2e/global-setup.ts",
  // Files run in parallel workers, the journeys of one file in order, all against the one server.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI === "true" ? 1 : 0,
  reporter: [["list"]],
  // The slowest journeys are named at the end of each run.
  reportSlowTests: { max: 10, threshold: 30_000 },
  timeout: 60_000,
  // Other work shares this machine's two cores: a page may take longer than Playwright's 5 s default to appear.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  // What journeys in parallel must not share: each signs up its own creators (addresses tagged per
  // attempt), but some read or change the same things on the fixture web and the server.
  projects: [
    // Their creators' names all find the fixture web's /ivy/ pages, which autopilot adds to, and
    // dashboard-layout sends notices for /ivy/ pages that autopilot counts: one after another.
    { name: "ivy-pages", testMatch: ivyPagesJourneys, workers: 1, use: { ...devices["Desktop Chrome"] } },
    { name: "chromium", testIgnore: [...ivyPagesJourneys, ...serverClockJourneys], use: { ...devices["Desktop Chrome"] } },
    // These drive the shared server's clock a week on, which every other journey would feel: they
    // run alone, one after the other, once all the others are done (the weekly summary then reads
    // every email the run wrote). Alone: `npx playwright test e2e/your-data.spec.ts --no-deps`.
    { name: "server-clock", testMatch: serverClockJourneys, workers: 1, dependencies: ["ivy-pages", "chromium"], use: { ...devices["Desktop Chrome"] } },
  ],
  webServer: {
    command: "node --enable-source-maps apps/server/dist/main.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The journeys stand for a reverse proxy on this machine: a device's "forwarded" address is
      // believed from loopback only (e2e/account-trust.spec.ts places a session by it).
      TRUSTED_PROXIES: "127.0.0.1,::1",
      AUTH_RATE_LIMIT_MAX: "1000",
      AUTH_ACCOUNT_RATE_LIMIT_MAX: "1000",
      JOB_POLL_SECONDS: "0.5",
      NODE_ENV: "test",
      // e2e/your-data.spec.ts drives the server's clock past the account deletion's grace period.
      TEST_CLOCK_CONTROL: "true",
      // The journeys' own scans find hundreds of leaks: the landing's measured figures stay hidden.
      LANDING_FIGURE_MIN: "1000000",
      // Scans search the local fixture web only.
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: fixtureOrigin,
      REDDIT_URL: fixtureOrigin,
      SCAN_ALLOW_PRIVATE_NETWORKS: "true",
      SCAN_REDDIT_SEARCH: "true",
      SCAN_LEAK_SITE_SEARCH: "false",
      CRAWL_ENABLED: "false",
      SCAN_MAX_QUERIES: "2",
      SCAN_SEARCH_PAGES: "1",
      SCAN_MAX_PAGES: "1200",
      SCAN_PER_HOST_CONCURRENCY: "16",
      // Loopback pages answer at once; on a busy machine a short timeout would drop some of them.
      SCAN_FETCH_TIMEOUT_MS: "15000",
      // A sent link is first checked again within seconds, so that a journey sees it removed.
      TAKEDOWN_RECHECK_AFTER: "5s,1h,24h",
      // The autopilot's digest goes out seconds after an automatic takedown, so that a journey reads it.
      AUTOPILOT_DIGEST_DELAY_SECONDS: "3",
      // Impersonation checks look at Reddit only (REDDIT_URL: the fixture web), at once.
      IMPERSONATION_PLATFORMS: "Reddit",
      IMPERSONATION_PLATFORM_INTERVAL_MS: "0",
      IMPERSONATION_HANDLES_PER_PLATFORM: "40",
      // Payments: checkout through the fake, webhooks signed with the test secret.
      ...billingSettings,
      LEMONSQUEEZY_API_KEY: E2E_LEMONSQUEEZY_API_KEY,
      LEMONSQUEEZY_API_URL: `http://127.0.0.1:${lemonSqueezyPort}`,
      LEMONSQUEEZY_TIMEOUT_MS: "5000",
    },
  },
});
