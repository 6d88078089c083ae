import { afterEach, describe, expect, it, vi } from "vitest";
import { totpCode, totpCodes } from "./totp";

describe("totpCode", () => {
  // RFC 6238 appendix B, SHA-1 key "12345678901234567890" (base32 below), 8 digits.
  const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  it("matches the RFC's test vectors", () => {
    expect(totpCode(secret, 59_000, 30, 8)).toBe("94287082");
    expect(totpCode(secret, 1_111_111_109_000, 30, 8)).toBe("07081804");
    expect(totpCode(secret, 2_000_000_000_000, 30, 8)).toBe("69279037");
  });
});

describe("totpCodes", () => {
  const secret = "JBSWY3DPEHPK3PXP";
  afterEach(() => vi.useRealTimers());

  it("gives three codes of rising steps at once in the middle of a step, all within the one step either side", async () => {
    vi.useFakeTimers({ now: 1_000_000 * 30_000 + 10_000 });
    const next = totpCodes(secret);
    const at = Date.now();
    expect([await next(), await next(), await next()]).toEqual([-30_000, 0, 30_000].map((offset) => totpCode(secret, at + offset)));
  });

  it("leaves the step before alone near the end of a step, and waits for the next step for a third code", async () => {
    vi.useFakeTimers({ now: 1_000_000 * 30_000 + 28_000 });
    const next = totpCodes(secret);
    const at = Date.now();
    expect([await next(), await next()]).toEqual([totpCode(secret, at), totpCode(secret, at + 30_000)]);
    const third = next();
    await vi.advanceTimersByTimeAsync(2_100);
    expect(await third).toBe(totpCode(secret, at + 60_000));
  });
});
