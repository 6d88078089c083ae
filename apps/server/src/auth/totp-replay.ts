import { createHmac, timingSafeEqual } from "node:crypto";

export const TOTP_CODE_USED = "This code has already been used. Wait for the next code in your authenticator app and enter that one.";

/** The two-factor plugin's own settings, which we leave at their defaults: 30 s steps, 6 digits, one step either side. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
/** How the plugin marks a secret it keeps in base32 (one brought from elsewhere); others are used as UTF-8 bytes. */
const BASE32_PREFIX = "base32:";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.toUpperCase()) {
    if (char === "=") break;
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("not base32");
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The key bytes of a decrypted secret, as the plugin reads them. */
export function totpKey(decrypted: string): Buffer {
  return decrypted.startsWith(BASE32_PREFIX) ? base32Bytes(decrypted.slice(BASE32_PREFIX.length)) : Buffer.from(decrypted, "utf8");
}

function codeAt(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The time step whose code `code` is, among those the plugin accepts at `nowMs`; null when none (the plugin refuses it). */
export function totpStepOf(key: Buffer, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(nowMs / 1000 / PERIOD_SECONDS);
  let matched: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(codeAt(key, step)), Buffer.from(code))) matched = step;
  }
  return matched;
}
