import type { GetUserResponse } from "@leakwarden/contracts/account";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { findUserById } from "./account.repository";

export interface AccountDeps {
  /** The plan's name while it applies, null otherwise (billing answers). */
  subscriptionNameFor(userId: string): Promise<string | null>;
}

export function createAccountService(db: Db, deps: AccountDeps) {
  return {
    async getUser(userId: string): Promise<GetUserResponse> {
      const row = await findUserById(db, userId);
      if (!row) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        email_confirmed_at: row.emailConfirmedAt?.toISOString() ?? (row.emailVerified ? row.updatedAt.toISOString() : null),
        age_confirmed: row.ageConfirmed,
        subscription_name: await deps.subscriptionNameFor(userId),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
