import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { ageConfirmationRoutes } from "../auth/age-confirmation";
import { sessionsRoutes } from "../auth/sessions";
import type { Auth } from "../auth/auth";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { TrustedProxies } from "../lib/trusted-proxies";
import { accountDataRoutes } from "../modules/account/account-data.routes";
import type { AccountDeletionService } from "../modules/account/account-deletion";
import { accountRoutes } from "../modules/account/account.routes";
import type { AccountService } from "../modules/account/account.service";
import { contactRoutes } from "../modules/contact/contact.routes";
import type { ContactService } from "../modules/contact/contact.service";
import { billingRoutes, billingWebhookRoutes } from "../modules/billing/billing.routes";
import type { BillingService } from "../modules/billing/billing.service";
import { alertsRoutes } from "../modules/alerts/alerts.routes";
import type { AlertsService } from "../modules/alerts/alerts.service";
import { identitiesRoutes } from "../modules/identities/identities.routes";
import type { IdentitiesService } from "../modules/identities/identities.service";
import { scansRoutes } from "../modules/scans/scans.routes";
import type { ScansService } from "../modules/scans/scans.service";
import { siteRoutes } from "../modules/site/site.routes";
import type { SiteService } from "../modules/site/site.service";
import { takedownsRoutes } from "../modules/takedowns/takedowns.routes";
import type { AutopilotService } from "../modules/takedowns/autopilot.service";
import type { ImpersonationService } from "../modules/impersonation/impersonation.service";
import { impersonationRoutes } from "../modules/impersonation/impersonation.routes";
import type { TakedownsService } from "../modules/takedowns/takedowns.service";
import type { OperationsService } from "../modules/operations/operations.service";
import type { AppEnv } from "./context";
import { errorBody, handleError, inErrorShape } from "./error-handler";
import { checkOrigin, clientIp, loadSession, SERVICE_UNAVAILABLE_MESSAGE, withClientIp } from "./middleware";
import { createMetrics, observabilityRoutes, requestContext } from "./observability";
import { SessionCache } from "./session-cache";

export interface AppDeps {
  logger: Logger;
  database: Database;
  auth: Auth;
  publicUrl: string;
  trustedProxies: string[];
  webDistDir?: string;
  /** Bearer token of /metrics; unset: metrics are not served. */
  metricsToken?: string;
  operations: OperationsService;
  /** Her data export and account deletion. */
  accountData?: { deletion: AccountDeletionService; exportsPerHour: number; passwordChecks: { max: number; windowSeconds: number }; now: () => Date };
  services: { account: AccountService; identities: IdentitiesService; scans: ScansService; site: SiteService; alerts: AlertsService; billing: BillingService; takedowns: TakedownsService; autopilot?: AutopilotService; impersonation?: ImpersonationService; contact?: ContactService };
}

/** The origin the web build writes into the blog's feed, for the server to replace with PUBLIC_URL (apps/web/blog.ts). */
export const FEED_ORIGIN_PLACEHOLDER = "https://public-url.leakwarden.invalid";

/** How long this process keeps which session a request's credentials name (whether it still stands is read on each request). */
const SESSION_CACHE_MS = 10_000;

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { logger } = deps;

  const proxies = new TrustedProxies(deps.trustedProxies);
  const metrics = createMetrics(deps.operations, logger);

  app.onError((error, c) => handleError(error, c, logger));
  app.use("*", requestContext(proxies, logger));
  app.use("*", metrics.timing);
  app.use("*", clientIp(proxies));
  // HSTS only on an answer that went over https: over plain http the header means nothing and
  // misleads (a browser must ignore it there), and a local install never pins its name to https.
  app.use("*", async (c, next) => {
    await next();
    if (cameOverHttps(c.req.raw, c.env, proxies)) c.header("Strict-Transport-Security", "max-age=15552000; includeSubDomains");
  });
  app.use(
    "*",
    secureHeaders({
      strictTransportSecurity: false,
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", "https://api-js.mixpanel.com"],
        fontSrc: ["'self'", "data:"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    }),
  );

  // What the API answers is hers (or says who is signed in): never kept by a shared cache, nor
  // shown again by the browser's back button after she signs out. A route may declare an answer
  // that is the same for everyone `public` (the site's settings); static files keep their caching.
  app.use("/v1/*", noStore);
  app.use("/api/*", noStore);

  app.get("/healthz", async (c) => {
    try {
      await deps.database.ping();
      return c.json({ status: "ok", db: "ok" });
    } catch (error) {
      logger.warn({ err: error }, "health check: database unreachable");
      return c.json({ status: "error", db: "unreachable" }, 503);
    }
  });

  app.route("/", observabilityRoutes({ operations: deps.operations, registry: metrics.registry, metricsToken: deps.metricsToken }));

  // better-auth gets the address we computed from the socket, never one the client sent.
  // Which session a /v1 call's credentials name is kept briefly (its standing is read each time); anything better-auth does but reading one may change them.
  // Its error answers are given the one error shape.
  const sessions = new SessionCache(SESSION_CACHE_MS);
  const databaseAnswers = () =>
    deps.database.ping().then(
      () => true,
      () => false,
    );
  app.use("/api/auth/*", bodyLimit({ maxSize: 64 * 1024 }));
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    try {
      // The library answers 500 (or throws, from its rate limiter) when it cannot read its tables: with
      // the database away that is an outage (503), so that a browser asking who is signed in does not
      // take it for "nobody".
      let response: Response | null = null;
      let failure: unknown = null;
      try {
        response = await deps.auth.handler(withClientIp(c.req.raw, c.get("clientIp")));
      } catch (error) {
        failure = error;
      }
      if ((!response || response.status >= 500) && !(await databaseAnswers())) {
        logger.warn({ path: c.req.path }, "auth request during a database outage");
        // Only a session read may say she is still signed in; a sign-in, a reset… is just not possible now.
        const message = c.req.path === "/api/auth/get-session" ? SERVICE_UNAVAILABLE_MESSAGE : "Leakwarden is unavailable at the moment. Please try again in a few minutes.";
        // (Its message beside `error` too, where the library's browser client reads it.)
        return c.json({ ...errorBody("UNAVAILABLE", message, undefined, { reason: "database-unreachable" }), message }, 503);
      }
      if (!response) throw failure;
      return await inErrorShape(response, logger, c.req.path);
    } finally {
      if (c.req.path !== "/api/auth/get-session") sessions.forgetAll();
    }
  });

  // Called by the payment provider with no session: its signature is checked, not a cookie or an Origin.
  app.route("/", billingWebhookRoutes(deps.services.billing));
  app.use("/v1/*", bodyLimit({ maxSize: 1024 * 1024 }));
  app.use("/v1/*", loadSession(deps.auth, { cache: sessions, db: deps.database.db }));
  app.use("/v1/*", checkOrigin([deps.publicUrl]));
  app.route("/", accountRoutes(deps.services.account));
  app.route("/", ageConfirmationRoutes({ db: deps.database.db, logger }));
  app.route("/", sessionsRoutes({ db: deps.database.db, auth: deps.auth, logger }));
  if (deps.accountData) app.route("/", accountDataRoutes({ db: deps.database.db, auth: deps.auth, logger, ...deps.accountData }));
  app.route("/", identitiesRoutes(deps.services.identities));
  app.route("/", scansRoutes(deps.services.scans));
  app.route("/", siteRoutes(deps.services.site));
  app.route("/", alertsRoutes(deps.services.alerts));
  app.route("/", billingRoutes(deps.services.billing));
  app.route("/", takedownsRoutes(deps.services.takedowns, deps.services.autopilot));
  if (deps.services.impersonation) app.route("/", impersonationRoutes(deps.services.impersonation));
  if (deps.services.contact) app.route("/", contactRoutes(deps.services.contact, deps.publicUrl));

  app.all("/api/*", (c) => c.json(errorBody("NOT_FOUND", "No such endpoint."), 404));
  app.all("/v1/*", (c) => c.json(errorBody("NOT_FOUND", "No such endpoint."), 404));

  const dist = deps.webDistDir;
  if (dist && fs.existsSync(path.join(dist, "index.html"))) {
    // index.html carries the prerendered landing page; other routes get the empty shell when the build made one.
    const shellFile = fs.existsSync(path.join(dist, "shell.html")) ? "shell.html" : "index.html";
    const shellHtml = fs.readFileSync(path.join(dist, shellFile), "utf8");
    app.use(
      "/assets/*",
      serveStatic({
        root: dist,
        precompressed: true,
        onFound: (_p, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    );
    // The blog's feed is built with a stand-in origin (apps/web/blog.ts): a feed's links must be absolute, and only the server knows PUBLIC_URL.
    const feedFile = path.join(dist, "blog", "rss.xml");
    if (fs.existsSync(feedFile)) {
      const origin = new URL(deps.publicUrl).origin.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
      const feed = fs.readFileSync(feedFile, "utf8").replaceAll(FEED_ORIGIN_PLACEHOLDER, origin);
      app.get("/blog/rss.xml", (c) => c.body(feed, 200, { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" }));
    }
    app.use("*", serveStatic({ root: dist, precompressed: true }));
    // SPA fallback: the client router decides, including its 404 page.
    app.get("*", (c) => c.html(shellHtml));
  } else {
    app.get("*", (c) => c.text("The web app is not built: run `npm run build`.", 503));
  }

  return app;
}

export type App = ReturnType<typeof createApp>;

const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (/^\s*public\b/i.test(c.res.headers.get("cache-control") ?? "")) return;
  try {
    c.res.headers.set("Cache-Control", "no-store");
  } catch {
    // A redirect made by Response.redirect has headers that cannot change: copy it.
    const copy = new Response(c.res.body, c.res);
    copy.headers.set("Cache-Control", "no-store");
    c.res = copy;
  }
};

/**
 * Whether the request reached us over https: its own URL says so, or a trusted
 * proxy (one in TRUSTED_PROXIES, connected to us) says it received it over https.
 */
function cameOverHttps(request: Request, env: unknown, proxies: TrustedProxies): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  if (forwarded !== "https") return false;
  const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  return !!socket && proxies.isTrusted(socket);
}
