import { readFileSync } from "node:fs";
import { request, test, type APIRequestContext } from "@playwright/test";
import { pdqCropHashes } from "@leakwarden/pdq/pdq-crops";
import { pdqHashOrientationsExact } from "@leakwarden/pdq/pdq-hash";
import { signBody } from "../../../../apps/server/src/modules/billing/webhook-signature";
import { decodeForHashing } from "../../../../apps/server/src/scanner/image-match";
import { subscriptionEvent, TEST_VARIANTS, TEST_WEBHOOK_SECRET } from "../billing-events";
import { fixturePath } from "../fake-web/fake-search";
import { outbox } from "./support";
import type { Services } from "../../../../apps/server/src/services";

// Accounts for the journeys (e2e/*.spec.ts), made through the public API, the outbox and the
// local fixture web (e2e/global-setup.ts) as a creator would, never by writing to the server's database.

export interface SeededCreator {
  email: string;
  password: string;
  api: APIRequestContext;
  storageState: Awaited<ReturnType<APIRequestContext["storageState"]>>;
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, timeoutMs: number, everyMs = 250): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await fn();
    } catch (error) {
      // A connection the server closed as it was reused (a busy machine): ask again, until the time is up.
      if (!/ECONNRESET|socket hang up/.test(String(error)) || Date.now() > end) throw error;
    }
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The address for this attempt of the running test: a retried (or repeated) test, and a serial
 * suite's set-up run again for its retry, meet the earlier attempt's accounts on the same server,
 * so their addresses get a tag (`nova+r1e0@example.com`). Outside a test the address is kept.
 */
function addressForThisAttempt(email: string): string {
  let attempt: { retry: number; repeatEachIndex: number };
  try {
    attempt = test.info();
  } catch {
    return email;
  }
  if (attempt.retry === 0 && attempt.repeatEachIndex === 0) return email;
  const at = email.lastIndexOf("@");
  return `${email.slice(0, at)}+r${attempt.retry}e${attempt.repeatEachIndex}${email.slice(at)}`;
}

/** Signs up (with the address tagged on a retry), confirms through the emailed link, and returns a signed-in API client. */
export async function signUpAndConfirm(baseURL: string, requestedEmail: string, password = "secret-pass"): Promise<SeededCreator> {
  const email = addressForThisAttempt(requestedEmail);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post("/api/auth/sign-up/email", { data: { email, password, name: "", ageConfirmed: true } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const link = await waitFor(
    `the confirmation email to ${email}`,
    () =>
      outbox()
        .filter((m) => m.to.includes(email))
        .map((m) => m.text.match(/https?:\/\/[^\s<>"]+\/api\/auth\/verify-email[^\s<>"]*/)?.[0])
        .find(Boolean),
    20_000,
  );
  const confirm = await api.get(link, { maxRedirects: 0 });
  if (confirm.status() !== 302) throw new Error(`confirmation failed: ${confirm.status()}`);
  return { email, password, api, storageState: await api.storageState() };
}

/** Her stage names (one platform's handle), and the onboarding marked done. */
export async function setIdentities(creator: SeededCreator, profile: ({ onlyfans: string } | { reddit: string }) & { nicknames?: string[] }) {
  const platforms = "onlyfans" in profile ? { onlyfans: profile.onlyfans } : { reddit: profile.reddit };
  const res = await creator.api.post("/v1/root/update-profile-all", {
    data: { platforms, nicknames: profile.nicknames ?? [], allowlist: [], specific: "" },
  });
  if (!res.ok()) throw new Error(`profile update failed: ${res.status()} ${await res.text()}`);
  await creator.api.post("/v1/identities/onboarding-complete");
}

/** Starts a scan through the API and waits until the job has finished it. */
export async function runScan(creator: SeededCreator, timeoutMs = 150_000, trigger: "manual" | "onboarding" = "manual") {
  const res = await creator.api.post("/v1/scans", { data: trigger === "manual" ? {} : { trigger } });
  if (res.status() !== 202) throw new Error(`scan refused: ${res.status()} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return waitFor(
    "the scan to finish",
    async () => {
      const scan = (await (await creator.api.get(`/v1/scans/${id}`)).json()) as {
        status: string;
        stats: { leaksFound: number; linksChecked: number };
        outcome: string | null;
        sourceErrors: { source: string; code: string; message: string }[];
      };
      if (scan.status === "completed") return scan;
      if (scan.status === "failed" || scan.status === "cancelled") throw new Error(`scan ${scan.status}`);
      return undefined;
    },
    timeoutMs,
    1000,
  );
}

/** The local fixture web the journeys' scans search (playwright.config.ts sets its port). */
export const fixtureOrigin = () => `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}`;

/** Changes the fixture web: a bio's text (`/__bio/<handle>`), a page taken down (`/__removed/<path>`), a new leak page. */
export async function putFixture(pathname: string, body = "") {
  const res = await fetch(`${fixtureOrigin()}${pathname}`, { method: "PUT", body });
  if (!res.ok) throw new Error(`fixture ${pathname}: ${res.status}`);
}

/** Proves she owns her Reddit stage name: the snippet in its bio on the fixture web, checked by the server. */
export async function proveOwnership(creator: SeededCreator, redditName: string) {
  const { snippet } = (await (await creator.api.get("/v1/identities")).json()) as { snippet: string };
  await putFixture(`/__bio/${redditName}`, snippet);
  const bio = (await (await creator.api.get("/v1/root/get-bio")).json()) as { isverified: boolean };
  if (!bio.isverified) throw new Error("ownership not verified");
}

/** Her reference photo (the one the fixture web shows at /__img/her-….jpg), hashed as the browser hashes it. */
export async function addReferencePhoto(creator: SeededCreator) {
  const bytes = readFileSync(fixturePath("reference-photo.jpg"));
  const { hashes, quality } = pdqHashOrientationsExact(await decodeForHashing(bytes, 1024));
  const res = await creator.api.post("/v1/reference-images", { data: { label: "me", hashes, quality, crops: pdqCropHashes(await decodeForHashing(bytes, 512)) } });
  if (res.status() !== 201) throw new Error(`reference photo refused: ${res.status()} ${await res.text()}`);
}

/** Signs her agent authorization (what the takedown dialog asks before the first notice). */
export async function authorizeTakedowns(creator: SeededCreator, fullName: string) {
  const res = await creator.api.put("/v1/takedowns/authorization", { data: { fullName, signature: fullName, agree: true } });
  if (!res.ok()) throw new Error(`authorization refused: ${res.status()} ${await res.text()}`);
}

/**
 * She confirms a mailbox a site's page names outside the site's domain (the fixture web's /dmca
 * page, served from 127.0.0.1, names one), as the notice preview asks her to before it is written to.
 */
export async function confirmRecipient(creator: SeededCreator, address: string, leakId: string) {
  const res = await creator.api.post("/v1/takedowns/recipient-confirmations", { data: { address, leakId } });
  if (!res.ok()) throw new Error(`confirming ${address} refused: ${res.status()} ${await res.text()}`);
}

/** Her plan, as Lemon Squeezy's signed webhook says after her checkout. */
export async function subscribe(baseURL: string, creator: SeededCreator, plan: "premium-monthly" = "premium-monthly") {
  const userId = ((await (await creator.api.get("/v1/root/get-user")).json()) as { id: string }).id;
  const { status } = await deliverWebhook(
    baseURL,
    subscriptionEvent("subscription_created", { subscriptionId: `sub-${userId.slice(0, 8)}`, userId, email: creator.email, variantId: TEST_VARIANTS[plan], status: "active", updatedAt: new Date() }),
  );
  if (status !== 200) throw new Error(`subscription webhook: ${status}`);
}

/** Waits until `fn` gives a value (polling the API, as a creator's page would). */
export function waitUntil<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  return waitFor(what, fn, timeoutMs, 500);
}

/**
 * The takedown journeys' creator: signed up and confirmed, her Reddit handle proven through her
 * bio, one scan run (the onboarding's or a manual one), on Premium. Returns her and the scan.
 */
export async function provenPremiumCreator(
  baseURL: string,
  options: { email: string; reddit: string; scan?: "manual" | "onboarding" },
): Promise<{ creator: SeededCreator; scan: Awaited<ReturnType<typeof runScan>> }> {
  const creator = await signUpAndConfirm(baseURL, options.email);
  await setIdentities(creator, { reddit: options.reddit });
  await proveOwnership(creator, options.reddit);
  const scan = await runScan(creator, 150_000, options.scan ?? "manual");
  await subscribe(baseURL, creator);
  return { creator, scan };
}

/** Lemon Squeezy's delivery of `body`: no cookie, no Origin, signed over the exact bytes. Answers the status and the server's answer ({ received, outcome: "applied", "ignored", … }). */
export async function deliverWebhook(baseURL: string, body: unknown): Promise<{ status: number; body: { received?: boolean; outcome?: string } }> {
  const raw = JSON.stringify(body);
  const api = await request.newContext({ baseURL });
  const res = await api.post("/v1/billing/webhook", { data: raw, headers: { "content-type": "application/json", "x-signature": signBody(TEST_WEBHOOK_SECRET, raw) } });
  const answer = { status: res.status(), body: (await res.json()) as { received?: boolean; outcome?: string } };
  await api.dispose();
  return answer;
}

/** The server run in the journey's own process (see startInProcessServer). */
export interface InProcessServer {
  /** Its address, http://localhost:<free port>. */
  origin: string;
  services: Services;
  /** Its data folder (the outbox is in it); removed by close(). */
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * The same server as the shared e2e one, run in this process on a fresh embedded database and a
 * free port: for journeys that need what only the server's process holds (its auth API, its
 * outgoing calls routed to a fake). `env` adds to the journeys' settings (e.g. a Google client).
 * Loaded on demand: the other journeys never load the server's code.
 */
export async function startInProcessServer(label: string, env: Record<string, string> = {}): Promise<InProcessServer> {
  const [fs, os, path, { serve }, { freePort }, { openPglite }, { runMigrations }, { loadEnv }, { createLogger }, { createServices }] = await Promise.all([
    import("node:fs"),
    import("node:os"),
    import("node:path"),
    import("@hono/node-server"),
    import("../loopback"),
    import("../../../../apps/server/src/db/client"),
    import("../../../../apps/server/src/db/migrate"),
    import("../../../../apps/server/src/env"),
    import("../../../../apps/server/src/lib/logger"),
    import("../../../../apps/server/src/services"),
  ]);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lw-e2e-${label}-`));
  const settings = loadEnv({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT_MAX: "1000",
    AUTH_ACCOUNT_RATE_LIMIT_MAX: "1000",
    ...env,
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  });
  const database = await openPglite(undefined);
  await runMigrations(database);
  const services = createServices(settings, createLogger(settings.LOG_LEVEL), database);
  await services.queue.start();
  const server = serve({ fetch: services.app.fetch, port, hostname: "127.0.0.1" });
  return {
    origin,
    services,
    dataDir,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.queue.stop();
      await services.database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The in-process server (startInProcessServer) for the journeys of the file that calls this at its
 * top: started before the first, closed after the last. Read its fields inside the journeys.
 */
export function inProcessServerForThisFile(label: string, env: Record<string, string> = {}): InProcessServer {
  const server = {} as InProcessServer;
  let started: InProcessServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    started = await startInProcessServer(label, env);
    Object.assign(server, started);
  });
  test.afterAll(async () => {
    await started?.close();
  });
  return server;
}
