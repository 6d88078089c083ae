import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, type TestServices } from "@leakwarden/test-support/test-services";
import { runOpsCommand } from "./ops-command";

function capture() {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

describe("npm run ops -- status", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
    await signUpAndConfirm(services, "ops-one@example.com");
    await signUpAndConfirm(services, "ops-two@example.com");
  });
  afterAll(async () => {
    await services?.close();
  });

  it("prints the queues, the failures and the accounts by plan", async () => {
    const out = capture();
    const err = capture();
    expect(await runOpsCommand(["status"], services.operations, { stdout: out.stream, stderr: err.stream })).toBe(0);
    expect(out.text()).toMatch(/^ {2}email\.send +0 +0 +0 +2 +-$/m);
    expect(out.text()).toContain("Accounts by plan\n  free: 2");
    expect(out.text()).toContain("Failing notices (newest first)\n  none");
    expect(out.text()).toContain("Failing crawls\n  none");
    expect(out.text()).toContain("Creators at the autopilot's daily cap (AUTOPILOT_MAX_NOTICES_PER_DAY = 50): their new findings wait\n  none");
    expect(err.text()).toBe("");
  });

  it("names a leak site whose crawls fail", async () => {
    await services.database.executeSql(
      `insert into crawl_site (site_id, last_run_at, last_success_at, last_error, errors, pages_read) values ('leakfans', now(), now() - interval '3 days', 'HTTP 503 from leakfans.example', 4, 120)`,
    );
    const out = capture();
    expect(await runOpsCommand(["status"], services.operations, { stdout: out.stream, stderr: capture().stream })).toBe(0);
    expect(out.text()).toMatch(/^ {2}leakfans {2}last run \S+, last success \S+, 4 errors: HTTP 503 from leakfans\.example$/m);
    expect(out.text()).toContain("Crawls (all sites)\n  pages: 120, items: 0, errors: 4, blocked: 0, leaks: 0");
  });

  it("answers --json with the same figures, and refuses what it does not know", async () => {
    const out = capture();
    expect(await runOpsCommand(["status", "--json"], services.operations, { stdout: out.stream, stderr: capture().stream })).toBe(0);
    const status = JSON.parse(out.text()) as { accounts: { labels: { plan: string }; value: number }[] };
    expect(status.accounts).toEqual([{ labels: { plan: "free" }, value: 2 }]);

    const err = capture();
    expect(await runOpsCommand(["restart"], services.operations, { stdout: capture().stream, stderr: err.stream })).toBe(2);
    expect(err.text()).toContain("usage: npm run ops -- status");
  });
});
