import { deleteAccountSchema, type DeleteAccountResponse } from "@leakwarden/contracts/account-data";
import { Hono } from "hono";
import { PASSWORD_CHECKS_LIMITED, type Auth } from "../../auth/auth";
import type { Db } from "../../db/client";
import { readOptionalJson, signedInUser, type AppEnv } from "../../http/context";
import { requireSession } from "../../http/middleware";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import { addressKey, requestLimit } from "../../http/request-limit";
import { exportArchive, exportFileName } from "./account-export";
import type { AccountDeletionService } from "./account-deletion";

export interface AccountDataDeps {
  db: Db;
  auth: Auth;
  logger: Logger;
  deletion: AccountDeletionService;
  /** Exports allowed per hour, per account and per address. */
  exportsPerHour: number;
  /** Checks of her password while signed in, per account (shared with the auth library's password checks). */
  passwordChecks: { max: number; windowSeconds: number };
  now: () => Date;
}

/**
 * Her data in her hands: the export (a POST, so that the cookie session's Origin check applies,
 * limited per account and per socket address) and the deletion of her account.
 */
export function accountDataRoutes(deps: AccountDataDeps) {
  const routes = new Hono<AppEnv>();
  const exportLimit = requestLimit(deps.db, { name: "account-export", max: deps.exportsPerHour, windowSeconds: 3600, now: deps.now });
  // The same counter as the auth library's password checks (auth.ts passwordCheckKey), on the same clock.
  const passwordLimit = requestLimit(deps.db, { name: "password-check", ...deps.passwordChecks });

  routes.post("/v1/account/export", requireSession, async (c) => {
    const { id: userId } = signedInUser(c);
    await exportLimit.check([`ip:${addressKey(c.get("clientIp"))}`, `user:${userId}`], "You asked for your data several times in the last hour. Try again in an hour.");
    deps.logger.info({ userId }, "data export");
    return new Response(exportArchive({ db: deps.db, logger: deps.logger, now: deps.now }, userId), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${exportFileName(deps.now())}"`,
        "cache-control": "no-store",
      },
    });
  });

  routes.get("/v1/account/deletion", requireSession, async (c) => c.json(await deps.deletion.status(signedInUser(c).id)));

  routes.post("/v1/account/deletion", requireSession, async (c) => {
    const { id: userId } = signedInUser(c);
    const input = await readOptionalJson(c, deleteAccountSchema);
    if (input.password !== undefined) await passwordLimit.check([`user:${userId}`], PASSWORD_CHECKS_LIMITED);
    const found = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (!found) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
    const { eraseAfter } = await deps.deletion.request(userId, input, { createdAt: new Date(found.session.createdAt) });
    const body: DeleteAccountResponse = { eraseAfter: eraseAfter.toISOString() };
    return c.json(body);
  });

  routes.post("/v1/account/deletion/notice-seen", requireSession, async (c) => {
    await deps.deletion.dismissCancelNotice(signedInUser(c).id);
    return c.json({ ok: true });
  });

  return routes;
}
