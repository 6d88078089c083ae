/**
 * An account without a password confirms a sensitive change (deleting the account, changing its
 * email) with a sign-in this recent: Google asks her again, so a stolen session is not enough.
 */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/** Whether a session began recently enough to confirm a sensitive change (the auth library stamps sessions with the real clock). */
export function signedInRecently(sessionCreatedAt: Date, nowMs = Date.now()): boolean {
  return nowMs - sessionCreatedAt.getTime() <= RECENT_SIGN_IN_MS;
}
