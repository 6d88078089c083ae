import type { Credentials } from "@leakwarden/contracts/auth";
import { loadAuthClient } from "./load-auth-client";
import { toAuthResult, unexpected, type AuthResult } from "./auth-result";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** POST /api/auth/sign-in/email */
export async function signInWithPassword({ email, password }: Credentials): Promise<AuthResult<{ user: SignedInUser }>> {
  try {
    const authClient = await loadAuthClient();
    return toAuthResult(await authClient.signIn.email({ email, password }));
  } catch {
    return unexpected();
  }
}
