import { findPlatform } from "@leakwarden/contracts/platforms";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import * as repo from "./identities.repository";

/** A handle's proof withdrawn because an operator found that another account owns it. */
export const WITHDRAWN_REASON = "Our team found that another account owns this handle, so your proof of it was withdrawn. Write to support if this is wrong.";

export type HandleDisputes = ReturnType<typeof createHandleDisputes>;
export type HandleDisputeView = Awaited<ReturnType<ReturnType<typeof createHandleDisputes>["list"]>>[number];

/**
 * One handle, one owner: the disputes opened when a second account proves a handle, as an
 * operator lists and resolves them (`npm run ops -- disputes`).
 */
export function createHandleDisputes(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    /** Open disputes (or every one), each with every account's proof of the handle, first proved first. */
    async list(options: { all?: boolean } = {}) {
      const rows = await repo.listDisputes(db, !options.all);
      return Promise.all(
        rows.map(async (d) => {
          const claims = await repo.verifiedClaims(db, d.platformId, d.usernameKey);
          return {
            id: d.id,
            platform: findPlatform(d.platformId)?.name ?? "Other",
            username: claims[0]?.username ?? d.usernameKey,
            openedAt: d.openedAt,
            resolvedAt: d.resolvedAt,
            ownerUserId: d.ownerUserId,
            note: d.note,
            claims: claims.map((c) => ({ userId: c.userId, email: c.email, username: c.username, verifiedAt: c.verifiedAt! })),
          };
        }),
      );
    },

    /**
     * Resolved in favour of one account: the other accounts' proofs of the handle are withdrawn
     * (they read why on their identities page), and notices citing it go on for its owner.
     */
    async resolve(id: string, owner: string, note: string | null = null) {
      const dispute = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findDispute(db, id) : undefined;
      if (!dispute) throw new AppError("NOT_FOUND", "No such dispute.");
      if (dispute.resolvedAt) throw new AppError("CONFLICT", "This dispute is already resolved.");
      const claims = await repo.verifiedClaims(db, dispute.platformId, dispute.usernameKey);
      // The owner as the operator names it: the account's id or its address.
      const ownerUserId = claims.find((c) => c.userId === owner || c.email?.toLowerCase() === owner.toLowerCase())?.userId;
      if (!ownerUserId) {
        throw new AppError("VALIDATION", "Some fields are not valid.", { owner: "Choose one of the accounts that proved this handle." });
      }
      const at = now();
      await db.transaction(async (tx) => {
        await repo.lockHandle(tx, dispute.platformId, dispute.usernameKey);
        if (!(await repo.resolveDispute(tx, id, { resolvedAt: at, ownerUserId, note }))) throw new AppError("CONFLICT", "This dispute is already resolved.");
        await repo.withdrawProofs(tx, dispute.platformId, dispute.usernameKey, ownerUserId, { lastCheckAt: at, lastCheckStatus: "unsupported", lastCheckReason: WITHDRAWN_REASON });
      });
      return { id, ownerUserId, withdrawn: [...new Set(claims.filter((c) => c.userId !== ownerUserId).map((c) => c.userId))] };
    },
  };
}
