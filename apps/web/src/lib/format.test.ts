import { describe, expect, it } from "vitest";
import { formatCompact, formatCount } from "./format";

describe("number formatting", () => {
  it("writes headline figures compactly and counts with separators, the same in any browser locale", () => {
    expect(formatCompact(999)).toBe("999");
    expect(formatCompact(1234)).toBe("1.2K");
    expect(formatCompact(2_500_000)).toBe("2.5M");
    expect(formatCount(12345)).toBe("12,345");
  });
});
