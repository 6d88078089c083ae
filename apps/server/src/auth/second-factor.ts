import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import type { Db } from "../db/client";
import { claimTotpStep, findTwoFactor, replaceBackupCodes } from "./auth.repository";
import { totpKey, totpStepOf } from "./totp-replay";

/** The key the two-factor plugin encrypts with (the library's secret configuration). */
type SecretConfig = Parameters<typeof symmetricDecrypt>[0]["key"];

export type SecondFactorCheck = "ok" | "invalid" | "used";

/**
 * Checks the second factor a signed-in request carries to confirm a sensitive change: a code from
 * her authenticator app (taken once, as at sign-in) or one of her backup codes (used up, as at
 * sign-in). Her codes are read and written as the two-factor plugin keeps them.
 */
export async function takeSecondFactor(db: Db, secret: SecretConfig, userId: string, typed: string): Promise<SecondFactorCheck> {
  const code = typed.trim();
  if (code === "" || code.length > 64) return "invalid";
  const row = await findTwoFactor(db, userId);
  if (!row) return "invalid";
  if (/^\d{6}$/.test(code)) {
    const step = totpStepOf(totpKey(await symmetricDecrypt({ key: secret, data: row.secret })), code, Date.now());
    if (step === null) return "invalid";
    return (await claimTotpStep(db, userId, step)) ? "ok" : "used";
  }
  let codes: unknown;
  try {
    codes = JSON.parse(await symmetricDecrypt({ key: secret, data: row.backupCodes }));
  } catch {
    return "invalid";
  }
  if (!Array.isArray(codes) || !codes.includes(code)) return "invalid";
  const left = codes.filter((c) => c !== code);
  // Only if the codes are still those read: two requests with one backup code cannot both pass.
  const taken = await replaceBackupCodes(db, row.id, row.backupCodes, await symmetricEncrypt({ key: secret, data: JSON.stringify(left) }));
  return taken ? "ok" : "used";
}
