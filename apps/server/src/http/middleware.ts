import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { clientIpHeader, type Auth } from "../auth/auth";
import { standingSessionStatement } from "../auth/auth.repository";
import { AppError } from "../lib/app-error";
import type { TrustedProxies } from "../lib/trusted-proxies";
import type { Db } from "../db/client";
import { currentUser, signedInUser, type AppEnv, type SessionUser } from "./context";
import { SessionCache, type FoundSession } from "./session-cache";

/** Records the client's address from the socket (forwarded headers only from trusted proxies). */
export function clientIp(proxies: TrustedProxies): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let socket = "unknown";
    try {
      socket = getConnInfo(c).remote.address ?? "unknown";
    } catch {
      // in-process requests (app.request) have no socket
      socket = "127.0.0.1";
    }
    c.set("clientIp", proxies.clientAddress(socket, c.req.header("x-forwarded-for")));
    await next();
  };
}

/** A copy of the request whose client-address header is the one we computed, never the client's own. */
export function withClientIp(request: Request, ip: string): Request {
  const headers = new Headers(request.headers);
  headers.set(clientIpHeader, ip);
  return new Request(request, { headers });
}

/**
 * The user of a session that still stands, as her account reads now; null once it has ended (signed
 * out, revoked, password changed, account deleted: each removes the row) or expired. One read by
 * primary key: this is what makes an ending made through any API process hold in every other at once.
 * Built once and bound per call, as the Leaks list's statements are: it runs on every signed-in call.
 */
function standingSessionReader(db: Db): (sessionId: string) => Promise<SessionUser | null> {
  const statement = standingSessionStatement(db);
  return async (sessionId) => (await statement.execute({ sessionId, now: new Date() }))[0] ?? null;
}

/** Loads the session (cookie or bearer token) into the context (an unreadable database is an error, never a sign-out). */
export function loadSession(auth: Auth, sessions?: { cache: SessionCache; db: Db }): MiddlewareHandler<AppEnv> {
  const kept = sessions ? { cache: sessions.cache, standing: standingSessionReader(sessions.db) } : null;
  return async (c, next) => {
    const headers = c.req.raw.headers;
    let readHere = false;
    const lookup = async (): Promise<FoundSession | null> => {
      readHere = true;
      const result = await auth.api.getSession({ headers }).catch((error: unknown) => {
        // Credentials the library refuses are no session; a session it could not read (the
        // database is away) is an outage: she is not signed out, she is told to try again.
        if (isClientRefusal(error)) return null;
        throw unavailable(error);
      });
      if (!result) return null;
      const { user: u, session: s } = result;
      return {
        sessionId: s.id,
        user: { id: u.id, email: u.email, name: u.name, emailVerified: u.emailVerified, ageConfirmed: u.ageConfirmed === true },
        expiresAt: s.expiresAt,
      };
    };
    // No cookie and no bearer token: no session to look up.
    const key = SessionCache.keyOf(headers);
    let user: SessionUser | null = null;
    if (key !== null && kept) {
      const found = await kept.cache.read(key, lookup);
      // Kept from an earlier request (this one did not read it): it may have ended since, through another process.
      if (found && !readHere) {
        user = await kept.standing(found.sessionId).catch((error: unknown) => {
          throw unavailable(error);
        });
        if (!user) kept.cache.forget(key);
      } else user = found?.user ?? null;
    } else if (key !== null) user = (await lookup())?.user ?? null;
    if (user) {
      c.set("user", user);
      const bearer = c.req.header("authorization")?.toLowerCase().startsWith("bearer ");
      c.set("authKind", bearer ? "bearer" : "cookie");
    } else {
      c.set("user", null);
      c.set("authKind", null);
    }
    try {
      await next();
    } finally {
      // A write may change what the session says (age confirmation, account): read it again next time.
      if (user && kept && !safeMethods.has(c.req.method)) kept.cache.forgetUser(user.id);
    }
  };
}

export const SERVICE_UNAVAILABLE_MESSAGE = "Leakwarden is unavailable at the moment. You are still signed in: please try again in a few minutes.";

/** The library's own refusal of the credentials (a 4xx): nothing is wrong but the credentials. */
function isClientRefusal(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

/** A session that could not be read: 503, with the cause kept for the log. */
function unavailable(cause: unknown): AppError {
  const error = new AppError("UNAVAILABLE", SERVICE_UNAVAILABLE_MESSAGE, undefined, { reason: "database-unreachable" });
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

/** Signed in, whatever the account still owes (get-user, the age confirmation itself). */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  signedInUser(c);
  await next();
};

/** Signed in and allowed to use the product: every data endpoint. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  currentUser(c);
  await next();
};

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard: a state-changing request made with a cookie session must
 * come from one of our own origins. Bearer-token clients are not exposed to it.
 */
export function checkOrigin(allowedOrigins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    if (!safeMethods.has(c.req.method) && c.get("authKind") === "cookie") {
      const origin = c.req.header("origin");
      if (!origin || !allowed.has(origin)) {
        throw new AppError("FORBIDDEN", "This request came from another site and was refused. Reload the page and try again.");
      }
    }
    await next();
  };
}
