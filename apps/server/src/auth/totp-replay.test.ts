import { describe, expect, it } from "vitest";
import { totpCode } from "@leakwarden/test-support/totp";
import { totpKey, totpStepOf } from "./totp-replay";

// The step a code belongs to, as an authenticator app computes codes (RFC 6238), for both ways the
// two-factor plugin keeps a secret.
describe("the time step of an authenticator code", () => {
  const at = Date.UTC(2026, 10, 28, 6, 0, 10);
  const step = Math.floor(at / 30_000);

  it("finds the step among the one before, the current one and the one after, and none outside", () => {
    const key = totpKey("base32:JBSWY3DPEHPK3PXP");
    for (const offset of [-1, 0, 1]) expect(totpStepOf(key, totpCode("JBSWY3DPEHPK3PXP", at + offset * 30_000), at)).toBe(step + offset);
    expect(totpStepOf(key, totpCode("JBSWY3DPEHPK3PXP", at - 60_000), at)).toBeNull();
    expect(totpStepOf(key, "12345", at)).toBeNull();
    expect(totpStepOf(key, "１２３４５６", at)).toBeNull();
  });

  it("reads a secret kept as text as its UTF-8 bytes", () => {
    // The app is given the text's bytes in base32 (the otpauth:// URI).
    const text = "abcdefghij";
    const base32 = "MFRGGZDFMZTWQ2LK";
    expect(totpStepOf(totpKey(text), totpCode(base32, at), at)).toBe(step);
  });
});
