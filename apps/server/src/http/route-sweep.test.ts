import { createHash } from "node:crypto";
import { textLeaves, valueAt } from "@leakwarden/contracts/text-bounds";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingSettings, invoiceEvent, orderEvent, postWebhook, subscriptionEvent, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { billingEvent } from "../db/schema/billing";
import { routeInputs } from "./context";

// Every route of the API, read from the app's own route table, sent malformed, oversized,
// NUL-bearing and wrong-typed input by a signed-in creator: no answer is a 5xx, and every
// refusal is in the one error shape. Bounded: a few runs per route.

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const RUNS_PER_ROUTE = 6;
const RUNS_PER_AUTH_ENDPOINT = 4;

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

  const apiRoutes = () => [...new Map(services.app.routes.filter((r) => METHODS.has(r.method) && r.path.startsWith("/v1/") && !r.path.includes("*")).map((r) => [`${r.method} ${r.path}`, r])).values()];

  it("answers no 5xx and refuses in the error shape", async () => {
    const routes = apiRoutes();
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

  it("refuses 60 KB in any text field of any route's contract, in the error shape and at that field", async () => {
    // Each route once with ids of the right shape and an empty body: it reads its input with its
    // contract schema, which the app notes (http/context routeInputs).
    const someId = "00000000-0000-4000-8000-000000000000";
    for (const route of apiRoutes()) {
      const path = route.path.replace(/:[A-Za-z]+/g, someId);
      const hasBody = route.method !== "GET" && route.method !== "DELETE";
      await ava.request(path, { method: route.method, ...(hasBody ? { body: "{}", headers: { "content-type": "application/json" } } : {}) });
    }
    const contracts = [...routeInputs].filter(([key]) => key.includes(" /v1/"));
    expect(contracts.length).toBeGreaterThan(15);

    const oversized = "x".repeat(60_000);
    const failures: string[] = [];
    let probes = 0;
    for (const [key, { in: where, schema }] of contracts) {
      const [method, pattern] = key.split(" ") as [string, string];
      const path = pattern.replace(/:[A-Za-z]+/g, someId);
      for (const leaf of textLeaves(schema)) {
        // A query holds top-level text only.
        if (where === "query" && (leaf.path.length !== 1 || leaf.key)) continue;
        const field = leaf.path.join(".");
        const res =
          where === "query"
            ? await ava.request(`${path}?${encodeURIComponent(field)}=${oversized}`, { method })
            : await ava.request(path, { method, body: JSON.stringify(leaf.key ? valueAt(leaf.path, { [oversized]: "x" }) : valueAt(leaf.path, oversized)), headers: { "content-type": "application/json" } });
        probes++;
        const text = await res.text();
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          // judged below
        }
        const fields = errorShaped(parsed) ? Object.keys((parsed as { error: { fields?: Record<string, string> } }).error.fields ?? {}) : [];
        if (res.status !== 400 || !fields.some((f) => f === field || f.startsWith(`${field}.`))) {
          failures.push(`${key} ${where} ${leaf.key ? "key of " : ""}${field} → ${res.status} ${text.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(20);
  });
});

// Signed payment webhooks (Lemon Squeezy's deliveries, which no sweep above can sign): every
// string, number and key of each kind of event billing reads, and of one it ignores, in turn made
// to hold a NUL character (which PostgreSQL text cannot store), then random hostile values: no
// answer is a 5xx, every refusal is in the one error shape, and every delivery taken is kept
// byte for byte.
type JsonPath = (string | number)[];

function jsonLeaves(value: unknown, path: JsonPath = []): { path: JsonPath; key: boolean }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => jsonLeaves(v, [...path, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => [{ path: [...path, k], key: true }, ...jsonLeaves(v, [...path, k])]);
  }
  return typeof value === "string" || typeof value === "number" ? [{ path, key: false }] : [];
}

/** A copy of `body` with the leaf at `path` (or that key's name) replaced by `hostile`. */
function withHostile(body: unknown, leaf: { path: JsonPath; key: boolean }, hostile: string): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of leaf.path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = leaf.path.at(-1)!;
  if (leaf.key) {
    parent[hostile] = parent[last];
    delete parent[last];
  } else {
    parent[last] = `${String(parent[last])}${hostile}`;
  }
  return copy;
}

describe("signed payment webhooks under hostile strings", { timeout: 240_000 }, () => {
  let services: TestServices;
  let userId: string;
  beforeAll(async () => {
    services = await createTestServices({ ...billingSettings });
    const ava = await signUpAndConfirm(services, "sweep-billing@example.com");
    userId = (await (await ava.get("/v1/root/get-user")).json()).id;
  });
  afterAll(async () => {
    await services?.close();
  });

  const at = new Date("2026-11-01T00:00:00.000Z");
  const email = "sweep-billing@example.com";
  const deliveries = () => [
    subscriptionEvent("subscription_created", { subscriptionId: "90001", userId, email, variantId: TEST_VARIANTS["starter-monthly"], status: "active", updatedAt: at }),
    subscriptionEvent("subscription_updated", { subscriptionId: "90002", userId: null, email, variantId: TEST_VARIANTS["vip-yearly"], status: "on_trial", updatedAt: at }),
    invoiceEvent("subscription_payment_success", { invoiceId: "91001", subscriptionId: "90001", userId, email, status: "paid", total: 1900, at }),
    orderEvent({ orderId: "92001", email, total: 1900, variantId: TEST_VARIANTS["starter-monthly"], at }),
    { meta: { event_name: "license_key_created", custom_data: { user_id: userId } }, data: { type: "license-keys", id: "93001", attributes: { key: "k-1", status: "active" } } },
  ];

  async function send(body: unknown, failures: string[]): Promise<void> {
    const raw = JSON.stringify(body);
    const res = await postWebhook(services.app, raw);
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // judged below
    }
    if (res.status >= 500 || (res.status >= 400 && !errorShaped(parsed))) {
      failures.push(`→ ${res.status} ${text.slice(0, 160)} (body ${raw.slice(0, 300)})`);
      return;
    }
    if (res.status < 300) {
      const sha = createHash("sha256").update(raw).digest("hex");
      const [stored] = await services.database.db.select({ body: billingEvent.body }).from(billingEvent).where(eq(billingEvent.bodySha256, sha));
      if (!stored?.body || Buffer.compare(Buffer.from(stored.body), Buffer.from(raw)) !== 0) failures.push(`→ ${res.status} but the delivery was not kept as sent (body ${raw.slice(0, 120)})`);
    }
  }

  it("answers no 5xx to a NUL in any string, number or key, and keeps what it takes as sent", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const delivery of deliveries()) {
      for (const leaf of jsonLeaves(delivery)) {
        await send(withHostile(delivery, leaf, leaf.key ? `${String(leaf.path.at(-1))}\u0000` : "\u0000"), failures);
        sent++;
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  });

  it("answers no 5xx to random hostile values anywhere in a delivery", async () => {
    const failures: string[] = [];
    const all = deliveries();
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: all.length - 1 }), fc.nat(), hostileText, async (which, where, hostile) => {
        const leaves = jsonLeaves(all[which]);
        await send(withHostile(all[which], leaves[where % leaves.length]!, hostile), failures);
        return true;
      }),
      { numRuns: 40, seed: 20261202 },
    );
    expect(failures).toEqual([]);
  });
});

// The auth library's endpoints (/api/auth/*), read from its own endpoint table, under the same
// hostile input, signed out and signed in: no answer is a 5xx, and every refusal is in the one
// error shape. Addresses are the fields it stores: one far past any real address's 254 characters,
// of characters that do not compress, is refused without an error on our side.
const AUTH_FIELDS = ["email", "newEmail", "password", "newPassword", "currentPassword", "name", "image", "callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL", "token", "code", "provider", "idToken", "rememberMe", "trustDevice", "revokeOtherSessions", "disableRedirect"];
const longAddress = fc.string({ minLength: 3000, maxLength: 3000, unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789") }).map((local) => `${local}@example.com`);
const authValue = fc.oneof(hostileValue, longAddress);
const authBody = fc.oneof(
  hostileBody,
  fc.dictionary(fc.constantFrom(...AUTH_FIELDS), authValue, { maxKeys: 5 }).map((v) => JSON.stringify(v)),
  fc.record({ email: longAddress, password: fc.constant("long-address-pass"), name: fc.constant(""), ageConfirmed: fc.constant(true) }).map((v) => JSON.stringify(v)),
  fc.record({ newEmail: longAddress }).map((v) => JSON.stringify(v)),
);

describe("every auth endpoint under hostile input", { timeout: 240_000 }, () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
    await signUpAndConfirm(services, "sweep-auth@example.com", "sweep-auth-pass");
  });
  afterAll(async () => {
    await services?.close();
  });

  /** The library's endpoints that answer over HTTP, each method once. */
  function authEndpoints(): { method: string; path: string }[] {
    const seen = new Map<string, { method: string; path: string }>();
    for (const endpoint of Object.values(services.auth.api as Record<string, unknown>)) {
      const e = endpoint as { path?: unknown; options?: { method?: unknown; metadata?: { SERVER_ONLY?: boolean } } } | null;
      if (!e || typeof e.path !== "string" || e.options?.metadata?.SERVER_ONLY) continue;
      const methods = Array.isArray(e.options?.method) ? e.options.method : [e.options?.method];
      for (const method of methods) if (method === "GET" || method === "POST") seen.set(`${method} ${e.path}`, { method, path: e.path });
    }
    return [...seen.values()];
  }

  it("answers no 5xx and refuses in the error shape", async () => {
    const endpoints = authEndpoints();
    expect(endpoints.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let sent = 0;
    for (const endpoint of endpoints) {
      for (const signedIn of [false, true]) {
        const client = new TestClient(services.app);
        if (signedIn) expect((await client.post("/api/auth/sign-in/email", { email: "sweep-auth@example.com", password: "sweep-auth-pass" })).status).toBe(200);
        await fc.assert(
          fc.asyncProperty(hostileId, authBody, hostileText, async (id, body, q) => {
            const path = `/api/auth${endpoint.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(id))}`;
            const url = `${path}?token=${encodeURIComponent(q)}&callbackURL=${encodeURIComponent(q)}`;
            const res = await client.request(url, { method: endpoint.method, ...(endpoint.method === "POST" ? { body, headers: { "content-type": "application/json" } } : {}) });
            const text = await res.text();
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(text);
            } catch {
              // judged below
            }
            sent++;
            if (res.status >= 500 || (res.status >= 400 && !errorShaped(parsed))) {
              failures.push(`${endpoint.method} ${endpoint.path}${signedIn ? " (signed in)" : ""} → ${res.status} ${text.slice(0, 200)} (body ${body.slice(0, 80)})`);
              return false;
            }
            return true;
          }),
          { numRuns: RUNS_PER_AUTH_ENDPOINT, seed: 20261128, endOnFailure: true },
        ).catch(() => undefined);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(endpoints.length * 2 * RUNS_PER_AUTH_ENDPOINT);
  });
});
