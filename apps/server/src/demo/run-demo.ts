import path from "node:path";
import type { Writable } from "node:stream";
import { entitlements, type PlanId } from "@leakwarden/contracts/plans";
import { openDatabase, type Database } from "../db/client";
import { createMailer, type Mailer } from "../email/mailer";
import { loadEnv, type Env } from "../env";
import { createLogger, type Logger } from "../lib/logger";
import type { Services } from "../services";
import { startServer } from "../start-server";
import { DEMO_IDENTITY, startDemoWeb, type DemoWeb } from "./demo-web";

/**
 * `npm run demo`: the whole app on its own embedded database (DEMO_DATA_DIR, default
 * ./data-demo), searching the demo's fictional web instead of the internet. Settings that
 * would reach outside services (a PostgreSQL server, SMTP, Google, analytics, payments) are
 * switched off whatever the environment says.
 */

/**
 * Takedowns come with a paid plan, and the demo has no payment provider: every demo account gets
 * this plan on sign-up, through the entitlements service, stored as its own subscription like any
 * other, so the plan, quotas and billing page all tell the same story.
 */
export const DEMO_PLAN: PlanId = "vip";

/** The demo process's settings: the caller's environment with the demo's overrides. */
export function demoEnvSource(source: Record<string, string | undefined>, web: Pick<DemoWeb, "settings">): Record<string, string | undefined> {
  return {
    ...source,
    DATA_DIR: source.DEMO_DATA_DIR?.trim() || "data-demo",
    DATABASE_URL: "",
    SERVICES: "api,worker",
    SMTP_URL: "",
    GOOGLE_CLIENT_ID: "",
    GOOGLE_CLIENT_SECRET: "",
    MIXPANEL_TOKEN: "",
    LEMONSQUEEZY_API_KEY: "",
    LEMONSQUEEZY_WEBHOOK_SECRET: "",
    LEMONSQUEEZY_STORE_URL: "",
    BRAVE_API_KEY: "",
    // The built-in catalog's sites are real: the demo does not crawl them.
    CRAWL_ENABLED: "false",
    // Nor does it look for impersonators on the real platforms.
    IMPERSONATION_ENABLED: "false",
    // A newcomer presses Verify right after pasting the snippet: do not make her wait a minute.
    VERIFY_MIN_INTERVAL_SECONDS: "5",
    // The agent on the demo's notices: fictional (a 555-01xx number, a .demo mailbox), so that nothing reads as a real contact.
    AGENT_ADDRESS: "100 Demo Avenue, Suite 5, Springfield, IL 62701, USA (fictional)",
    AGENT_PHONE: "+1 217 555 0123",
    AGENT_EMAIL: "dmca@leakwarden.demo",
    ...web.settings,
  };
}

export interface RunningDemo {
  env: Env;
  services: Services;
  web: DemoWeb;
  /** The app's request handler. */
  fetch(request: Request): Response | Promise<Response>;
  /** Where the app listens (when it listens). */
  url: string;
  close(): Promise<void>;
}

export interface DemoOptions {
  source?: Record<string, string | undefined>;
  /** A database to use instead of the embedded one in the data folder (tests). */
  database?: Database;
  logger?: Logger;
  /** Run the job workers (false in tests, which run due jobs themselves). */
  workers?: boolean;
  /** Listen on PORT (false in tests, which call fetch). */
  listen?: boolean;
  /** Where a plain line is printed for each email written to the outbox. */
  out?: Writable;
}

/** Writes to the outbox like the embedded mode does, and says so in plain words. */
function printingMailer(mailer: Mailer, out: Writable | undefined, kind: string): Mailer {
  return {
    async send(email) {
      const sent = await mailer.send(email);
      const links = email.text.match(/https?:\/\/[^\s<>"')]+\/api\/auth\/verify-email[^\s<>"')]*/g) ?? [];
      out?.write(`\n[demo] ${kind} to ${email.to}: "${email.subject}"${sent.file ? `\n       written to ${sent.file}` : ""}${links.map((l) => `\n       open: ${l}`).join("")}\n`);
      return sent;
    },
  };
}

export async function startDemo(options: DemoOptions = {}): Promise<RunningDemo> {
  const web = await startDemoWeb();
  let database: Database | undefined;
  try {
    const env = loadEnv(demoEnvSource(options.source ?? process.env, web));
    const logger = options.logger ?? createLogger(env.LOG_LEVEL);
    const outboxDir = path.join(env.dataDir, "outbox");
    database = options.database ?? (await openDatabase(env));
    const running = await startServer({
      env,
      logger,
      database,
      services: {
        demo: true,
        grantOnSignUp: DEMO_PLAN,
        mailer: printingMailer(createMailer({ from: env.MAIL_FROM, replyTo: env.MAIL_REPLY_TO, outboxDir }, logger), options.out, "email"),
        noticeMailer: printingMailer(createMailer({ from: env.NOTICE_FROM, replyTo: env.NOTICE_REPLY_TO ?? env.AGENT_EMAIL, outboxDir }, logger), options.out, "takedown notice"),
      },
      workers: options.workers !== false,
      listen: options.listen !== false,
    });
    const ownDatabase = !options.database;
    const opened = database;
    return {
      env,
      services: running.services,
      web,
      fetch: (request) => running.services.app.fetch(request),
      url: running.url ?? env.publicUrl,
      async close() {
        await running.close();
        if (ownDatabase) await opened.close();
        await web.close();
      },
    };
  } catch (error) {
    if (database && !options.database) await database.close().catch(() => undefined);
    await web.close();
    throw error;
  }
}

/** What to do, printed when the demo is up. */
export function demoInstructions(demo: Pick<RunningDemo, "url" | "web" | "env">): string {
  const scanPages = demo.web.expectedLeaks.length;
  const traps = demo.web.traps.length;
  return `
Leakwarden demo: scans search a built-in fictional web, not the internet.

  1. Open ${demo.url} and sign up with any email address. Nothing is sent: the
     confirmation link is printed here and written to ${path.join(demo.env.dataDir, "outbox")}.
  2. In onboarding, add the stage name  OnlyFans · ${DEMO_IDENTITY.onlyfans}  (${DEMO_IDENTITY.displayName}, a fictional creator).
  3. Run the scan: it should report ${scanPages} leaks on the fictional web and none of the ${traps} pages
     that only look like one (her own profile, an interview, an unrelated article, another creator).
  4. Takedowns: demo accounts have the ${DEMO_PLAN.toUpperCase()} plan (${String(entitlements[DEMO_PLAN].takedownsPerMonth)} takedowns), with no payment.
     Prove the name is yours first: add the stage name  Reddit (u/username) · ${DEMO_IDENTITY.reddit},
     copy the snippet Leakwarden shows, paste it into the fictional Reddit bio at
     ${demo.web.indexUrl} and press Verify; then sign the authorization.
     Notices go to the fictional sites' DMCA addresses and are written to the outbox.

  The fictional web (its pages and the Reddit bio): ${demo.web.indexUrl}
  Data: ${demo.env.dataDir} (delete it to start over). Ctrl+C stops the demo.
`;
}

/** The `demo` command: runs until SIGINT or SIGTERM, then stops everything it started. */
export async function runDemoCommand(source: Record<string, string | undefined>, io: { stdout: Writable; stderr: Writable }): Promise<number> {
  const demo = await startDemo({ source, out: io.stdout });
  io.stdout.write(demoInstructions(demo));
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
  io.stderr.write(`\n[demo] ${signal}: stopping\n`);
  const force = setTimeout(() => {
    io.stderr.write("[demo] did not stop within 30 s\n");
    process.exit(1);
  }, 30_000);
  force.unref();
  await demo.close();
  clearTimeout(force);
  io.stderr.write("[demo] stopped\n");
  return 0;
}
