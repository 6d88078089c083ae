import { loadAuthClient } from "./load-auth-client";

/** POST /api/auth/sign-out. Failures are only logged (spec §8): the caller forgets the session anyway. */
export async function signOut(): Promise<void> {
  try {
    const authClient = await loadAuthClient();
    const { error } = await authClient.signOut();
    if (error) console.warn("Sign-out failed:", error.message ?? error.status);
  } catch (error) {
    console.warn("Sign-out failed:", error);
  }
}
