import { describe, expect, it } from "vitest";
import { totpCode } from "./totp";

describe("totpCode", () => {
  // RFC 6238 appendix B, SHA-1 key "12345678901234567890" (base32 below), 8 digits.
  const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  it("matches the RFC's test vectors", () => {
    expect(totpCode(secret, 59_000, 30, 8)).toBe("94287082");
    expect(totpCode(secret, 1_111_111_109_000, 30, 8)).toBe("07081804");
    expect(totpCode(secret, 2_000_000_000_000, 30, 8)).toBe("69279037");
  });
});
