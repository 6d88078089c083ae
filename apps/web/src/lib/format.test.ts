import { describe, expect, it } from "vitest";
import { formatCompact, formatCount, formatRelative, formatUtcDay, formatUtcShortDate, formatWeekdayDateTime } from "./format";

describe("number formatting", () => {
  it("writes headline figures compactly and counts with separators, the same in any browser locale", () => {
    expect(formatCompact(999)).toBe("999");
    expect(formatCompact(1234)).toBe("1.2K");
    expect(formatCompact(2_500_000)).toBe("2.5M");
    expect(formatCount(12345)).toBe("12,345");
  });
});

describe("date formatting", () => {
  it("writes billing days as the app's other dates and the server's sentences do, on the UTC day", () => {
    expect(formatUtcShortDate("2026-12-24T00:00:00.000Z")).toBe("Dec 24, 2026");
    expect(formatUtcShortDate("2026-12-24T23:30:00.000Z")).toBe("Dec 24, 2026");
  });

  it("names a post's day the same in every time zone", () => {
    expect(formatUtcDay("2026-03-01")).toBe("March 1, 2026");
  });

  it("writes a moment in words with a 24-hour clock", () => {
    const iso = "2026-12-01T23:05:00.000Z";
    const at = new Date(iso);
    const text = formatWeekdayDateTime(iso);
    expect(text).toMatch(/^[A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ 2026 at \d{2}:\d{2}$/);
    expect(text.endsWith(`at ${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`)).toBe(true);
  });

  it("says how far away a moment is", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    expect(formatRelative("2026-11-24T12:12:00Z", now)).toBe("in 12 minutes");
    expect(formatRelative("2026-11-24T17:00:00Z", now)).toBe("in 5 hours");
    expect(formatRelative("2026-12-24T12:00:00Z", now)).toBe("in 30 days");
  });
});
