import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "@leakwarden/test-support/loopback";
import { createTestServices, signUpAndConfirm, TEST_ORIGIN, type TestServices } from "@leakwarden/test-support/test-services";

// Over real HTTP: what the API answers is never kept by a shared cache or the browser's history;
// the web app's static files keep their long caching.
describe("caching of answers", () => {
  let services: TestServices;
  let server: http.Server;
  let origin: string;
  let cookie: string;
  // A web build of its own (a page and a hashed asset), so that this suite needs no `npm run build`.
  let dist: string;
  const asset = "index-3f9a1c.js";

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "lw-dist-"));
    fs.writeFileSync(path.join(dist, "index.html"), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "assets", asset), "console.log(1);");
    services = await createTestServices({ WEB_DIST_DIR: dist });
    const creator = await signUpAndConfirm(services, "cache@example.com");
    cookie = [...creator.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    server = createAdaptorServer({ fetch: services.app.fetch }) as http.Server;
    ({ origin } = await listenOnLoopback(server));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await services?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (route: string, headers: Record<string, string> = {}) => fetch(`${origin}${route}`, { headers, redirect: "manual" });
  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}${route}`, { method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...headers }, body: JSON.stringify(body), redirect: "manual" });

  it("marks every API answer no-store: her data, errors, unknown paths, sign-in and the session", async () => {
    const answers = {
      "her account": await get("/v1/root/get-user", { cookie }),
      "her leaks": await get("/v1/leaks", { cookie }),
      "her sessions": await get("/v1/account/sessions", { cookie }),
      "signed out": await get("/v1/leaks"),
      "unknown /v1 path": await get("/v1/no-such-thing", { cookie }),
      "unknown /api path": await get("/api/no-such-thing"),
      "the session": await get("/api/auth/get-session", { cookie }),
      "a sign-in": await post("/api/auth/sign-in/email", { email: "cache@example.com", password: "secret-pass" }),
      "a refused sign-in": await post("/api/auth/sign-in/email", { email: "cache@example.com", password: "wrong-pass" }),
      "a refused link": await get("/api/auth/verify-email?token=nope&callbackURL=/auth/confirmed"),
      "her export": await post("/v1/account/export", {}, { cookie }),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.status]));
    expect(statuses).toMatchObject({ "her account": 200, "her leaks": 200, "signed out": 401, "unknown /v1 path": 404, "unknown /api path": 404, "the session": 200, "a sign-in": 200, "a refused sign-in": 401, "her export": 200 });
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers.get("cache-control"), name).toBe("no-store");
      await res.arrayBuffer();
    }
    expect(await (await get("/v1/no-such-thing")).json()).toEqual({ error: { code: "NOT_FOUND", message: "No such endpoint." } });
  });

  it("keeps the caching of static files and of the site's public settings", async () => {
    const file = await get(`/assets/${asset}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const config = await get("/v1/site/config");
    expect(config.status).toBe(200);
    expect(config.headers.get("cache-control")).toMatch(/^public/);
  });
});
