import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "../../../apps/server/src/db/client";
import { createMailer, type Mailer } from "../../../apps/server/src/email/mailer";
import { loadEnv } from "../../../apps/server/src/env";
import { createLogger, type Logger } from "../../../apps/server/src/lib/logger";
import { createServices, type ServiceOptions, type Services } from "../../../apps/server/src/services";
import { openTestDatabase } from "./test-database";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestServices extends Services {
  dataDir: string;
  close(): Promise<void>;
}

export interface TestServicesOptions {
  database?: Database;
  mailer?: Mailer;
  /** Account emails go to the outbox (readOutbox) even with SMTP_URL set, which then carries only notices. */
  outbox?: boolean;
  dataDir?: string;
  now?: () => Date;
  logger?: Logger;
  serviceOptions?: ServiceOptions;
}

/** The whole server on a fresh test database, with settings as a newcomer would have them. */
export async function createTestServices(settings: Record<string, string> = {}, options: TestServicesOptions = {}): Promise<TestServices> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "lw-data-"));
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_MAX: "1000",
    AUTH_ACCOUNT_RATE_LIMIT_MAX: "1000",
    // Tests reach no outside platform: a suite that checks for impersonators turns it on with its fakes.
    IMPERSONATION_ENABLED: "false",
    ...settings,
  });
  const database = options.database ?? (await openTestDatabase());
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const mailer = options.mailer ?? (options.outbox ? createMailer({ from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") }, logger) : undefined);
  const services = createServices(env, logger, database, { ...options.serviceOptions, ...(mailer ? { mailer } : {}), ...(options.now ? { now: options.now } : {}) });
  await services.queue.start();
  return {
    ...services,
    dataDir,
    async close() {
      await services.queue.stop();
      await database.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client over app.request: keeps cookies and sends our Origin. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
    private readonly origin = TEST_ORIGIN,
  ) {}

  async request(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has("cookie")) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", this.origin);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await this.app.request(new URL(pathname, this.origin).toString(), { ...init, headers, body: body ?? null, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(pathname: string, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: "GET" });
  }

  post(pathname: string, json?: unknown, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: "POST", ...(json !== undefined ? { json } : {}) });
  }
}

/** Emails written to the outbox, oldest first, decoded (quoted-printable undone). */
export function readOutbox(dataDir: string): { file: string; to: string; subject: string; text: string }[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), "utf8");
      const decoded = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      // A long header is folded over lines (RFC 5322 §2.2.3): read it unfolded.
      const end = raw.search(/\r?\n\r?\n/);
      const headers = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
      return {
        file,
        to: /^To: (.*)$/m.exec(headers)?.[1]?.trim() ?? "",
        subject: /^Subject: (.*)$/m.exec(headers)?.[1]?.trim() ?? "",
        text: decoded,
      };
    });
}

export function firstLink(text: string, contains: string): string | undefined {
  return text.match(/https?:\/\/[^\s<>"]+/g)?.find((l) => l.includes(contains));
}

/** Signs a creator up, confirms the address through the emailed link, and returns a signed-in client. */
export async function signUpAndConfirm(services: TestServices, email: string, password = "secret-pass"): Promise<TestClient> {
  const client = new TestClient(services.app);
  const res = await client.post("/api/auth/sign-up/email", { email, password, name: "", ageConfirmed: true });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  await services.queue.runDue(["email.send"]);
  const mail = readOutbox(services.dataDir).filter((m) => m.to.includes(email)).at(-1);
  const link = mail && firstLink(mail.text, "/api/auth/verify-email");
  if (!link) throw new Error("no confirmation link in the outbox");
  const confirm = await client.get(link);
  if (confirm.status !== 302) throw new Error(`confirmation failed: ${confirm.status}`);
  return client;
}

/**
 * A clock tests drive: `now` for the services, and `advance`, which moves it and brings the
 * queue's waiting jobs forward by as much, so that what was due later is due now.
 */
export function testClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    async advance(services: TestServices, ms: number) {
      offset += ms;
      await services.database.executeSql(`update pgboss.job set start_after = start_after - ($1::bigint * interval '1 millisecond') where state in ('created', 'retry')`, [ms]);
    },
  };
}
