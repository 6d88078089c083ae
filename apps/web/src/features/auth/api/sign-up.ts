import type { Credentials } from "@leakwarden/contracts/auth";
import { loadAuthClient } from "./load-auth-client";
import { toAuthResult, unexpected, type AuthResult } from "./auth-result";

export const CONFIRMED_PATH = "/auth/confirmed";

/**
 * POST /api/auth/sign-up/email. No name field: the server names the account after the address's
 * local part. The confirmation link lands on /auth/confirmed.
 */
export async function signUpWithPassword({ email, password }: Credentials): Promise<AuthResult<unknown>> {
  try {
    const authClient = await loadAuthClient();
    return toAuthResult(await authClient.signUp.email({ email, password, name: "", ageConfirmed: true, callbackURL: CONFIRMED_PATH }));
  } catch {
    return unexpected();
  }
}
