import type { Credentials } from "@leakwarden/contracts/auth";
import { loadAuthClient } from "./load-auth-client";
import { toAuthResult, unexpected, type AuthResult } from "./auth-result";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** POST /api/auth/sign-in/email */
/** Signed in, or (two-factor sign-in on) waiting for the authenticator's code. */
export type SignInAnswer = { user: SignedInUser } | { twoFactorRedirect: true };

export async function signInWithPassword({ email, password }: Credentials): Promise<AuthResult<SignInAnswer>> {
  try {
    const authClient = await loadAuthClient();
    return toAuthResult<SignInAnswer>(await authClient.signIn.email({ email, password }));
  } catch {
    return unexpected();
  }
}
