import { loadAuthClient } from "./load-auth-client";
import { CONFIRMED_PATH } from "./sign-up";
import { toAuthResult, unexpected, type AuthResult } from "./auth-result";

/** POST /api/auth/send-verification-email: a new confirmation mail to the creator's own address. */
export async function resendConfirmation(email: string): Promise<AuthResult<unknown>> {
  try {
    const authClient = await loadAuthClient();
    return toAuthResult(await authClient.sendVerificationEmail({ email, callbackURL: CONFIRMED_PATH }));
  } catch {
    return unexpected();
  }
}
