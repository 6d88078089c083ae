import type { AccountSessionsResponse, RevokedSessionsResponse } from "@leakwarden/contracts/sessions";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { toAuthResult, unexpected, type AuthResult } from "./auth-result";
import { loadAuthClient } from "./load-auth-client";
import { queryKeys } from "../../../lib/query-keys";

type Body = Record<string, unknown>;

/** A POST to the auth server, its refusal read as the provider's message. */
async function authPost<T>(path: string, body: Body): Promise<AuthResult<T>> {
  try {
    const authClient = await loadAuthClient();
    return toAuthResult(await authClient.$fetch<T>(path, { method: "POST", body }));
  } catch {
    return unexpected();
  }
}

/** POST /api/auth/request-password-reset: the same answer whether or not the address has an account. */
export const requestPasswordReset = (email: string) => authPost<{ status: boolean }>("/request-password-reset", { email });

/** POST /api/auth/reset-password with the emailed link's token. */
export const resetPassword = (token: string, newPassword: string) => authPost<{ status: boolean }>("/reset-password", { token, newPassword });

/** POST /api/auth/change-password: the other sessions are signed out (the server insists). */
export const changePassword = (currentPassword: string, newPassword: string) =>
  authPost<{ token: string | null }>("/change-password", { currentPassword, newPassword, revokeOtherSessions: true });

/** How her account confirms an email change: what the server asks (her password, or a fresh Google sign-in; her second factor when on). */
export interface EmailChangeConfirmation {
  currentPassword?: string | undefined;
  code?: string | undefined;
}

/** POST /api/auth/change-email: a confirmation link goes to the new address. */
export const changeEmail = (newEmail: string, confirm: EmailChangeConfirmation = {}) =>
  authPost<{ status: boolean }>("/change-email", {
    newEmail,
    callbackURL: "/settings?email=changed",
    ...(confirm.currentPassword ? { currentPassword: confirm.currentPassword } : {}),
    ...(confirm.code ? { code: confirm.code } : {}),
  });

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export const enableTwoFactor = (password: string) => authPost<TwoFactorSetup>("/two-factor/enable", { password });
export const disableTwoFactor = (password: string) => authPost<{ status: boolean }>("/two-factor/disable", { password });

export interface SignedInAfterCode {
  user: { id: string; email: string; name: string };
}

/** Confirms two-factor setup, or finishes a sign-in that asked for the code. */
export const verifyTotp = (code: string) => authPost<SignedInAfterCode>("/two-factor/verify-totp", { code });
export const verifyBackupCode = (code: string) => authPost<SignedInAfterCode>("/two-factor/verify-backup-code", { code });

/** Whether two-factor sign-in is on, from the auth server's session. */
export function useTwoFactorEnabled() {
  return useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: async () => {
      const body = await api<{ user?: { twoFactorEnabled?: boolean } } | null>("/api/auth/get-session");
      return body?.user?.twoFactorEnabled === true;
    },
  });
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: queryKeys.account.sessions, queryFn: () => api<AccountSessionsResponse>("/v1/account/sessions") });
export const useAccountSessions = () => useQuery(sessionsQueryOptions());

export const revokeSession = (id: string) => api<RevokedSessionsResponse>(`/v1/account/sessions/${encodeURIComponent(id)}/revoke`, { method: "POST" });
export const revokeOtherSessions = () => api<RevokedSessionsResponse>("/v1/account/sessions/revoke-others", { method: "POST" });
