import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger";
import { createTestServices, signUpAndConfirm, TEST_ORIGIN, TestClient, type TestServices } from "@leakwarden/test-support/test-services";

const METRICS_TOKEN = "metrics-token-for-tests-0123456789";

describe("what an operator sees of the running service", () => {
  let services: TestServices;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n")) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    services = await createTestServices({ METRICS_TOKEN, LOG_LEVEL: "debug" }, { logger: createLogger("debug", sink) });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("gives every answer a request id, and writes it on every log line of that request", async () => {
    const client = await signUpAndConfirm(services, "ops-reader@example.com");
    const res = await client.get("/v1/root/get-user");
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const ofRequest = lines.filter((l) => l.requestId === id);
    expect(ofRequest.length).toBeGreaterThan(0);
    expect(ofRequest.some((l) => l.msg === "request" && l.path === "/v1/root/get-user" && l.status === 200)).toBe(true);
    // Another request has another id.
    const other = await client.get("/v1/root/get-user");
    expect(other.headers.get("x-request-id")).not.toBe(id);
  });

  it("does not take a request id from a client that is not a trusted proxy", async () => {
    const res = await services.app.request(`${TEST_ORIGIN}/healthz`, { headers: { "x-request-id": "chosen-by-the-client-123" } });
    expect(res.headers.get("x-request-id")).not.toBe("chosen-by-the-client-123");
  });

  it("refuses /metrics without its token, and serves the figures with it", async () => {
    const none = await services.app.request(`${TEST_ORIGIN}/metrics`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    const wrong = await services.app.request(`${TEST_ORIGIN}/metrics`, { headers: { authorization: "Bearer not-the-token-at-all-000" } });
    expect(wrong.status).toBe(401);

    await new TestClient(services.app).get("/v1/site/config");
    const res = await services.app.request(`${TEST_ORIGIN}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    // Latency by the route's pattern, and the service's records.
    expect(text).toMatch(/leakwarden_http_request_duration_seconds_count\{method="GET",route="\/v1\/site\/config",status="200"\} \d+/);
    expect(text).toMatch(/leakwarden_accounts\{plan="free"\} [1-9]/);
    // The confirmation email went out as a job.
    expect(text).toMatch(/leakwarden_jobs\{queue="email.send",state="completed"\} [1-9]/);
    expect(text).toContain("leakwarden_process_resident_memory_bytes");
  });

  it("is ready while the database answers, migrations are applied and the queue runs; not once the queue stops", async () => {
    const res = await services.app.request(`${TEST_ORIGIN}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true, database: "ok", migrations: "ok", queue: "running" });
    await services.queue.stop();
    const stopped = await services.app.request(`${TEST_ORIGIN}/readyz`);
    expect(stopped.status).toBe(503);
    expect(await stopped.json()).toMatchObject({ ready: false, queue: "stopped" });
    await services.queue.start();
  });
});

describe("metrics on a deployment without a metrics token", () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => {
    await services?.close();
  });

  it("are not served at all", async () => {
    const res = await services.app.request(`${TEST_ORIGIN}/metrics`, { headers: { authorization: "Bearer anything-at-all-000000" } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });
});
