import { sessionIdSchema, type AccountSessionsResponse, type RevokedSessionsResponse } from "@leakwarden/contracts/sessions";
import { Hono } from "hono";
import type { Db } from "../db/client";
import { signedInUser, type AppEnv } from "../http/context";
import { requireSession } from "../http/middleware";
import { AppError } from "../lib/app-error";
import type { Logger } from "../lib/logger";
import type { Auth } from "./auth";
import { deleteOtherSessions, deleteOwnSession, listStandingSessions } from "./auth.repository";
import { describePlace, displayAddress } from "./place";
import { describeDevice } from "./user-agent";

export interface SessionsDeps {
  db: Db;
  auth: Auth;
  logger: Logger;
  now?: () => Date;
}

/**
 * Her signed-in sessions (account settings): listed without their tokens, each signed out by id,
 * or all but this one at once. Only her own sessions are ever read or removed.
 */
export function sessionsRoutes({ db, auth, logger, now = () => new Date() }: SessionsDeps) {
  const routes = new Hono<AppEnv>();

  /** The id of the session this request came with. */
  async function currentSessionId(headers: Headers): Promise<string> {
    const found = await auth.api.getSession({ headers }).catch(() => null);
    if (!found) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
    return found.session.id;
  }

  routes.get("/v1/account/sessions", requireSession, async (c) => {
    const { id: userId } = signedInUser(c);
    const currentId = await currentSessionId(c.req.raw.headers);
    const rows = await listStandingSessions(db, userId, now());
    const body: AccountSessionsResponse = {
      sessions: rows
        .map((row) => ({
          id: row.id,
          current: row.id === currentId,
          device: describeDevice(row.userAgent),
          ipAddress: displayAddress(row.ipAddress),
          place: describePlace(row.ipAddress),
          signedInAt: row.createdAt.toISOString(),
          lastSeenAt: row.updatedAt.toISOString(),
        }))
        // This device first, then the most recently used.
        .sort((a, b) => Number(b.current) - Number(a.current)),
    };
    return c.json(body);
  });

  routes.post("/v1/account/sessions/revoke-others", requireSession, async (c) => {
    const { id: userId } = signedInUser(c);
    const currentId = await currentSessionId(c.req.raw.headers);
    const revoked = await deleteOtherSessions(db, userId, currentId);
    logger.info({ userId, revoked }, "other sessions signed out");
    const body: RevokedSessionsResponse = { revoked };
    return c.json(body);
  });

  routes.post("/v1/account/sessions/:id/revoke", requireSession, async (c) => {
    const { id: userId } = signedInUser(c);
    const parsed = sessionIdSchema.safeParse(c.req.param("id"));
    if (!parsed.success) throw new AppError("NOT_FOUND", "No such session.");
    // Another creator's session id is answered exactly like one that does not exist.
    if (!(await deleteOwnSession(db, userId, parsed.data))) throw new AppError("NOT_FOUND", "No such session.");
    logger.info({ userId }, "session signed out from the account settings");
    const body: RevokedSessionsResponse = { revoked: 1 };
    return c.json(body);
  });

  return routes;
}
