import { createHmac } from "node:crypto";

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let end = text.length;
  while (end > 0 && text[end - 1] === "=") end--;
  const clean = text.slice(0, end).toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) for the base32 secret of an otpauth:// URI, as an authenticator app computes it. */
export function totpCode(base32Secret: string, at: number = Date.now(), period = 30, digits = 6): string {
  const counter = Math.floor(at / 1000 / period);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac("sha1", base32Decode(base32Secret)).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, "0");
}

/** The secret an otpauth:// URI carries. */
export function secretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get("secret");
  if (!secret) throw new Error("no secret in the otpauth URI");
  return secret;
}

/**
 * The codes an authenticator app shows as time passes, for a test that enters several: the server
 * takes each time step's code once, so each call gives the code of a later step than the last,
 * among those the server accepts now (one step either side), waiting for the next step when none is left.
 * The step before the current one is used only while the current one has seconds left, so the code is
 * still accepted when the server reads it; three codes in a row then need no wait at all.
 */
export function totpCodes(base32Secret: string, period = 30, margin = 5_000): () => Promise<string> {
  let last = -Infinity;
  return async () => {
    for (;;) {
      const nowMs = Date.now();
      const now = Math.floor(nowMs / 1000 / period);
      const leftInStep = (now + 1) * period * 1000 - nowMs;
      const earliest = leftInStep > margin ? now - 1 : now;
      const step = Math.max(earliest, last + 1);
      if (step <= now + 1) {
        last = step;
        return totpCode(base32Secret, step * period * 1000, period);
      }
      await new Promise((resolve) => setTimeout(resolve, leftInStep + 50));
    }
  };
}
