import { timingSafeEqual } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { twoFactor } from "../db/schema/auth";

export const TOTP_CODE_USED = "This code has already been used. Wait for the next code in your authenticator app and enter that one.";

/** The two-factor plugin's own settings, which we leave at their defaults: 30 s steps, 6 digits, one step either side. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
/** How the plugin marks a secret it keeps in base32 (one brought from elsewhere); others are used as UTF-8 text. */
const BASE32_PREFIX = "base32:";

/** The key of a decrypted secret, as the plugin reads it (its own library, `@better-auth/utils`, does the rest). */
export function totpKey(decrypted: string): string | Uint8Array {
  return decrypted.startsWith(BASE32_PREFIX) ? base32.decode(decrypted.slice(BASE32_PREFIX.length).toUpperCase()) : decrypted;
}

/** The time step whose code `code` is, among those the plugin accepts at `nowMs`; null when none (the plugin refuses it). */
export async function totpStepOf(key: string | Uint8Array, code: string, nowMs: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const otp = createOTP(key, { digits: DIGITS, period: PERIOD_SECONDS });
  const current = Math.floor(nowMs / 1000 / PERIOD_SECONDS);
  let matched: number | null = null;
  // Every step is computed and compared, whichever matches: the time taken says nothing of which.
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(await otp.hotp(step)), Buffer.from(code))) matched = step;
  }
  return matched;
}

/**
 * Takes `step` as her last used one, if it is later than any she used: false when a code of this
 * step (or a later one) was already accepted. One conditional write, so two requests with the same
 * code, on any API process, cannot both pass.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  return claimed.length > 0;
}
