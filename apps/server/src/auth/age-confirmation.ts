import { confirmAgeSchema, type ConfirmAgeResponse } from "@leakwarden/contracts/account";
import { Hono } from "hono";
import type { Db } from "../db/client";
import { readJson, signedInUser, type AppEnv } from "../http/context";
import { requireSession } from "../http/middleware";
import type { Logger } from "../lib/logger";
import { confirmAge } from "./auth.repository";

export interface AgeConfirmationDeps {
  db: Db;
  logger: Logger;
  now?: () => Date;
}

/**
 * POST /v1/account/confirm-age: a Google sign-up cannot carry the 18+ confirmation, so such an
 * account gives it here once, before any product endpoint answers it (see currentUser).
 */
export function ageConfirmationRoutes({ db, logger, now = () => new Date() }: AgeConfirmationDeps) {
  const routes = new Hono<AppEnv>();
  routes.post("/v1/account/confirm-age", requireSession, async (c) => {
    const { id } = signedInUser(c);
    await readJson(c, confirmAgeSchema);
    const confirmedAt = now();
    // Only the first confirmation counts.
    if (await confirmAge(db, id, confirmedAt)) logger.info({ userId: id, ageConfirmedAt: confirmedAt.toISOString() }, "18+ confirmation recorded");
    const body: ConfirmAgeResponse = { ageConfirmed: true };
    return c.json(body);
  });
  return routes;
}
