import { createHmac, timingSafeEqual } from "node:crypto";

/** The hex HMAC-SHA256 of the raw body with the signing secret: Lemon Squeezy's `X-Signature`. */
export function signBody(secret: string, body: Uint8Array | string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** Whether `signature` signs exactly these bytes; compared in constant time. */
export function signatureMatches(secret: string, body: Uint8Array, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signBody(secret, body), "hex");
  const given = Buffer.from(signature.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
