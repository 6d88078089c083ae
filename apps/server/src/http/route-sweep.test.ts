import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

// Every route of the API, read from the app's own route table, sent malformed, oversized,
// NUL-bearing and wrong-typed input by a signed-in creator: no answer is a 5xx, and every
// refusal is in the one error shape. Bounded: a few runs per route.

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const RUNS_PER_ROUTE = 6;

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom("\u0000", "a\r\nb", "\u202e\u0007", "%00", "../../etc/passwd", "' or 1=1 --", "<script>x</script>"),
  fc.constant("x".repeat(60_000)),
);
const hostileId = fc.oneof(
  fc.uuid(),
  fc.constantFrom("0".repeat(36), "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz", "%00", "1", "-1", "null"),
  hostileText.filter((s) => s.length > 0 && s.length < 200),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileText.filter((k) => k.length < 50), tie("value"), { maxKeys: 4 }),
  ),
})).value;
const hostileBody = fc.oneof(
  hostileValue.map((v) => JSON.stringify(v)),
  fc.constantFrom("{", "\u0000", "[]", "{\"a\":", "null", `{"email":"\u0000"}`),
  fc.dictionary(fc.constantFrom("name", "email", "label", "platforms", "nicknames", "leakIds", "q", "status", "plan", "hashes", "url", "code"), hostileValue, { maxKeys: 4 }).map((v) =>
    JSON.stringify(v),
  ),
);

function errorShaped(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const error = (body as { error?: unknown }).error;
  return !!error && typeof error === "object" && typeof (error as { code?: unknown }).code === "string" && typeof (error as { message?: unknown }).message === "string";
}

describe("every API route under hostile input", { timeout: 240_000 }, () => {
  let services: TestServices;
  let ava: TestClient;
  beforeAll(async () => {
    services = await createTestServices();
    ava = await signUpAndConfirm(services, "sweep-ava@example.com");
    await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "sweep_ava" }, nicknames: ["Sweep"], allowlist: ["sweep.example"], specific: "" });
  });
  afterAll(async () => {
    await services?.close();
  });

  it("answers no 5xx and refuses in the error shape", async () => {
    const routes = [...new Map(services.app.routes.filter((r) => METHODS.has(r.method) && r.path.startsWith("/v1/") && !r.path.includes("*")).map((r) => [`${r.method} ${r.path}`, r])).values()];
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.array(hostileId, { minLength: 3, maxLength: 3 }), hostileBody, hostileText, async (ids, body, q) => {
          let i = 0;
          const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(ids[i++ % ids.length]!));
          const url = `${path}?q=${encodeURIComponent(q)}&page=${encodeURIComponent(q)}&status=${encodeURIComponent(q)}`;
          const hasBody = route.method !== "GET" && route.method !== "DELETE";
          const res = await ava.request(url, { method: route.method, ...(hasBody ? { body, headers: { "content-type": "application/json" } } : {}) });
          const text = await res.text();
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: judged below
          }
          sent++;
          // Deliberate answers: payments not configured on this deployment (503 in the error shape),
          // and the unsubscribe link, a page a person opens from an email.
          const deliberate = (res.status === 503 && errorShaped(parsed) && (parsed as { error: { code: string } }).error.code === "UNAVAILABLE") || (route.path === "/v1/alerts/unsubscribe" && res.headers.get("content-type")?.startsWith("text/html"));
          if (!deliberate && (res.status >= 500 || (res.status >= 400 && !errorShaped(parsed)))) {
            failures.push(`${route.method} ${route.path} → ${res.status} ${text.slice(0, 200)} (body ${body.slice(0, 80)})`);
            return false;
          }
          return true;
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 20261124, endOnFailure: true },
      ).catch(() => undefined);
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(routes.length * RUNS_PER_ROUTE);
  });
});
