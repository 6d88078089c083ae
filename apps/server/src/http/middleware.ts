import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { clientIpHeader, type Auth } from "../auth/auth";
import { AppError } from "../lib/app-error";
import type { TrustedProxies } from "../lib/trusted-proxies";
import type { AppEnv } from "./context";

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

/** Loads the session (cookie or bearer token) into the context; never fails. */
export function loadSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (result) {
      c.set("user", {
        id: result.user.id,
        email: result.user.email,
        name: result.user.name,
        emailVerified: result.user.emailVerified,
      });
      const bearer = c.req.header("authorization")?.toLowerCase().startsWith("bearer ");
      c.set("authKind", bearer ? "bearer" : "cookie");
    } else {
      c.set("user", null);
      c.set("authKind", null);
    }
    await next();
  };
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
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
        throw new AppError("FORBIDDEN", "This request must come from the Leakwarden site.");
      }
    }
    await next();
  };
}
