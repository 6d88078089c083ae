import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseVariantKey, type VariantKey } from "@leakwarden/contracts/plans";
import { findPlatform } from "@leakwarden/contracts/platforms";
import { parseProxyEntry } from "./lib/trusted-proxies";
import { crawlSettingsSchema } from "./scanner/crawl/crawl-settings";
import { scannerSettingsSchema } from "./scanner/scanner-settings";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const optionalUrl = optionalString.pipe(z.url().optional());

const durationList = /^\s*\d+\s*[smhd]\s*(,\s*\d+\s*[smhd]\s*)*$/;

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const envSchema = scannerSettingsSchema.extend({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default("data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  /** Connections each process keeps to the PostgreSQL server at most (the job queue adds up to 4). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * PostgreSQL: the pooled connections one image-index lookup is spread over at once (its 11 word
   * scans cut into that many parts): fewer milliseconds a lookup when the server has cores to
   * spare, the same total work. 1 runs each lookup as one statement.
   */
  IMAGE_INDEX_LOOKUP_CONNECTIONS: z.coerce.number().int().min(1).max(4).default(2),
  SERVICES: csv.pipe(z.array(z.enum(["api", "worker"]))).transform((s) => (s.length ? s : ["api", "worker"])),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Sign-in, sign-up, reset and confirmation-mail attempts per email address typed, whatever the client's address. */
  AUTH_ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_ACCOUNT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Data exports (Settings → Download my data) allowed per hour, per account and per client address. */
  DATA_EXPORTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /**
   * Browser tests only: the server's clock can be moved forward through POST /__test/clock (the
   * deletion grace period, schedules). Refused unless NODE_ENV=test.
   */
  TEST_CLOCK_CONTROL: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); no one's by default. */
  TRUSTED_PROXIES: csv.pipe(z.array(z.string().refine((entry) => parseProxyEntry(entry) !== undefined, "an IP address or CIDR range, e.g. 10.0.0.0/8"))),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional()),
  MAIL_FROM: z.string().default("Leakwarden <no-reply@leakwarden.localhost>"),
  MAIL_REPLY_TO: optionalString,
  SUPPORT_EMAIL: z.email("must be one email address, e.g. support@example.com").default("support@leakwarden.localhost"),
  /** The contact form: a message sent sooner than this after the form was shown is refused (robots). */
  CONTACT_MIN_SUBMIT_SECONDS: z.coerce.number().int().min(0).max(600).default(3),
  /** Contact messages one client address may send per window. */
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  WEB_DIST_DIR: optionalString,
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  /** How often the queue looks for jobs whose worker stopped answering (killed, cut off), to run them again. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).default(30),
  /** A running scan refreshes its claim this often; one not refreshed for this long is run again by another worker. */
  SCAN_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(30),
  /** A scan whose run failed (or whose worker died) runs again after this delay, doubling each time. */
  SCAN_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  // Public site: analytics token for the browser client and the landing page's marketing figures.
  MIXPANEL_TOKEN: optionalString,
  /** Marketing figures an operator chooses to show on the landing page (none by default). */
  LANDING_USERS: optionalString,
  LANDING_TAKEDOWNS: optionalString,
  LANDING_REVENUE_INCREASE: optionalString,
  /** A measured landing figure below this is not shown. */
  LANDING_FIGURE_MIN: z.coerce.number().int().min(0).default(100),
  /** Seconds between two ownership checks of one creator's profiles (get-bio). */
  VERIFY_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  // Takedowns: the agent the notices are sent by, where recipients are looked up, the tracking schedule.
  NOTICE_FROM: z.string().default("Leakwarden Copyright Agent <dmca@leakwarden.localhost>"),
  NOTICE_REPLY_TO: optionalString,
  AGENT_NAME: z.string().default("Leakwarden Copyright Agent"),
  AGENT_ADDRESS: optionalString,
  AGENT_EMAIL: z.string().default("dmca@leakwarden.localhost"),
  AGENT_PHONE: optionalString,
  /** Replies to notices: the port of the SMTP listener the MX for the reply address forwards to (decision 012); unset: replies are not read. */
  REPLY_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  REPLY_SMTP_HOST: z.string().default("127.0.0.1"),
  /** The largest reply taken, in bytes; a bigger one is refused (552). */
  REPLY_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(2_000_000),
  /** The agent's city, state and country, as abuse forms (Cloudflare's) ask for them apart from the street address. */
  AGENT_CITY: optionalString,
  AGENT_STATE: optionalString,
  AGENT_COUNTRY: optionalString,
  /** Cloudflare's Abuse Reports API (an account with the abuse-reports entitlement); unset: a Cloudflare report is the creator's step on its web form. */
  CLOUDFLARE_API_TOKEN: optionalString,
  CLOUDFLARE_ACCOUNT_ID: optionalString,
  CLOUDFLARE_API_URL: optionalUrl.transform((v) => (v ?? "https://api.cloudflare.com/client/v4").replace(/(?<!\/)\/+$/, "")),
  /** Resolvers for recipient lookups (host:port, comma-separated); empty = the system's. */
  DNS_SERVERS: csv.pipe(z.array(z.string().regex(/^(\d{1,3}(\.\d{1,3}){3}(:\d+)?|\[[0-9a-fA-F:]+\](:\d+)?|[0-9a-fA-F:]+)$/, "an IP address with an optional :port"))),
  /** Where to refresh the RDAP bootstrap files from (dns.json, ipv4.json, ipv6.json), e.g. https://data.iana.org/rdap/; unset = the shipped copies. */
  RDAP_BOOTSTRAP_URL: optionalUrl,
  /** Where to refresh Cloudflare's ranges from (ips-v4, ips-v6), e.g. https://www.cloudflare.com/; unset = the shipped copies. */
  CLOUDFLARE_IPS_URL: optionalUrl,
  /** Re-checks after a notice is sent (durations: 30m, 6h, 1d), then one every TAKEDOWN_RECHECK_EVERY until TAKEDOWN_TRACK_FOR. */
  TAKEDOWN_RECHECK_AFTER: z.string().regex(durationList, "durations such as 1h,6h,24h").default("1h,6h,24h"),
  TAKEDOWN_RECHECK_EVERY: z.string().regex(durationList, "a duration such as 24h").default("24h"),
  TAKEDOWN_TRACK_FOR: z.string().regex(durationList, "a duration such as 30d").default("30d"),
  /** A link still up this long after a notice goes to the next recipient (host after site, registrar after host). */
  TAKEDOWN_ESCALATE_AFTER: z.string().regex(durationList, "a duration such as 7d").default("7d"),
  /** An escalation notice waits this long for the other links escalating to the same party, then goes out as one notice. */
  TAKEDOWN_ESCALATION_GATHER: z.string().regex(durationList, "a duration such as 5m").default("5m"),
  /** SMTP failures are retried with exponential backoff from this delay, this many times. */
  NOTICE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(60),
  NOTICE_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(12),
  /** Notices to one recipient address per 24 hours, all accounts together; the excess is held until the window frees (and the operator is alerted). */
  NOTICES_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(30),
  /** The digest of automatic takedowns waits this long after one is sent (the notices go out, others join it); at most one an hour. */
  AUTOPILOT_DIGEST_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  /** Automatic takedowns started for one creator in 24 hours; findings beyond wait (she and the operator are told) until the window frees. */
  AUTOPILOT_MAX_NOTICES_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(50),
  // Billing (Lemon Squeezy hosted checkout and signed webhooks); unset: payments are not configured.
  LEMONSQUEEZY_API_KEY: optionalString,
  LEMONSQUEEZY_API_URL: optionalUrl.transform((v) => (v ?? "https://api.lemonsqueezy.com").replace(/(?<!\/)\/+$/, "")),
  LEMONSQUEEZY_STORE_ID: optionalString,
  /** `starter-monthly=ID,starter-yearly=ID,…`: the store's variant of each plan and period. */
  LEMONSQUEEZY_VARIANTS: csv.transform((pairs, ctx) => {
    const variants: Partial<Record<VariantKey, string>> = {};
    for (const pair of pairs) {
      const [key = "", id = ""] = pair.split("=").map((s) => s.trim());
      if (!parseVariantKey(key) || !/^\d+$/.test(id)) ctx.addIssue({ code: "custom", message: `"${pair}" is not plan-period=variant id (e.g. starter-monthly=123)` });
      else variants[key as VariantKey] = id;
    }
    return variants;
  }),
  LEMONSQUEEZY_WEBHOOK_SECRET: optionalString,
  /** The store's public address; its /billing page is where 'Manage billing' goes when no signed link can be had. */
  LEMONSQUEEZY_STORE_URL: optionalUrl,
  LEMONSQUEEZY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Bearer token that /metrics requires; unset: /metrics is not served. */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, "at least 16 characters"),
  /** How often the monitoring tick looks for creators whose automatic rescan is due. */
  MONITORING_TICK_SECONDS: z.coerce.number().int().min(10).default(300),
  ...crawlSettingsSchema.shape,
  /** Impersonation checks run (on demand and after her scans); "false" where no outside platform may be contacted. */
  IMPERSONATION_ENABLED: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  /** Impersonation checks: the likeliest handles looked up per platform, and the pause between two requests to one platform. */
  IMPERSONATION_HANDLES_PER_PLATFORM: z.coerce.number().int().min(1).max(500).default(40),
  /** `site:` web-search queries (her names on each platform) an impersonation check may ask as a source of candidates; 0: none. */
  IMPERSONATION_SEARCH_QUERIES: z.coerce.number().int().min(0).max(100).default(12),
  IMPERSONATION_PLATFORM_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** The platforms an impersonation check looks at (names as on the identity page); empty: every one with public profiles. */
  IMPERSONATION_PLATFORMS: csv.pipe(z.array(z.string().refine((name) => !!findPlatform(name), "a platform name, e.g. Instagram or Reddit"))),
});

export type Env = Omit<z.infer<typeof envSchema>, "AGENT_ADDRESS" | "AGENT_PHONE"> & {
  /** The agent's postal address and telephone, as every notice carries them (a development placeholder outside production). */
  AGENT_ADDRESS: string;
  AGENT_PHONE: string;
  /** Absolute data folder (PGlite files, outbox, generated secret). */
  dataDir: string;
  /** The deployment's public origin, e.g. https://leakwarden.example. */
  publicUrl: string;
  webDistDir: string;
};

export class EnvError extends Error {}

/** Outside production a notice still carries an address and phone, marked as placeholders (notices there go to the outbox or a test mailbox). */
export const DEVELOPMENT_AGENT_ADDRESS = "1 Example Street, Springfield, USA (development placeholder: set AGENT_ADDRESS)";
export const DEVELOPMENT_AGENT_PHONE = "+1 555 0100 (development placeholder: set AGENT_PHONE)";

/** An address no one reads: the development default, or any *.localhost, *.test, *.invalid, *.example. */
const placeholderMail = /@(?:[^@\s]+\.)?(?:localhost|test|invalid|example)$/i;

/**
 * Notices must carry the agent's postal address, telephone and email (17 U.S.C. § 512(c)(3)(A)(iv)):
 * in production the server does not start without them, and says which to set.
 */
function agentContactProblems(env: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!env.AGENT_ADDRESS) problems.push("  AGENT_ADDRESS: not set (the agent's postal address, e.g. 1 Main Street, Wilmington, DE 19801, USA)");
  if (!env.AGENT_PHONE) problems.push("  AGENT_PHONE: not set (the agent's telephone, e.g. +1 302 555 0100)");
  if (!env.AGENT_EMAIL.trim()) problems.push("  AGENT_EMAIL: not set (the mailbox where the agent reads replies to notices)");
  else if (placeholderMail.test(env.AGENT_EMAIL.trim())) problems.push(`  AGENT_EMAIL: "${env.AGENT_EMAIL}" is a placeholder; set the mailbox where the agent reads replies to notices`);
  return problems;
}

/** Parses settings once; the only place that reads process.env. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    // Named by the setting; a list setting's bad entry by its place in the list.
    const lines = parsed.error.issues.map((i) => {
      const [name, index] = i.path;
      return `  ${name === undefined ? "(settings)" : String(name)}: ${i.message}${typeof index === "number" ? ` (entry ${index + 1})` : ""}`;
    });
    throw new EnvError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (env.TEST_CLOCK_CONTROL && env.NODE_ENV !== "test") throw new EnvError("Invalid settings:\n  TEST_CLOCK_CONTROL: only allowed with NODE_ENV=test");
  if (env.NODE_ENV === "production") {
    const problems = agentContactProblems(env);
    if (problems.length > 0) {
      throw new EnvError(
        `Takedown notices must carry the agent's postal address, telephone and email, and in production the server does not start without them:\n${problems.join("\n")}`,
      );
    }
  }
  // npm runs workspace scripts in the workspace folder: resolve relative paths from where npm was called.
  const base = source.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base === path.join(repoRoot, "apps/server") ? repoRoot : base, env.DATA_DIR);
  return {
    ...env,
    AGENT_ADDRESS: env.AGENT_ADDRESS ?? DEVELOPMENT_AGENT_ADDRESS,
    AGENT_PHONE: env.AGENT_PHONE ?? DEVELOPMENT_AGENT_PHONE,
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/(?<!\/)\/+$/, ""),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(base, env.WEB_DIST_DIR) : path.join(repoRoot, "apps/web/dist"),
  };
}
