import { describe, expect, it } from "vitest";
import { utcDay, utcShortDay } from "./dates";

describe("dates in sentences", () => {
  it("writes a billing day as the web app writes its dates (en-US, medium, the UTC day)", () => {
    for (const iso of ["2026-12-24T00:00:00.000Z", "2026-12-24T23:30:00.000Z", "2027-01-01T00:00:00.000Z", "2026-05-09T12:00:00.000Z"]) {
      const d = new Date(iso);
      expect(utcShortDay(d)).toBe(new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(d));
    }
    expect(utcShortDay(new Date("2026-12-24T23:30:00.000Z"))).toBe("Dec 24, 2026");
  });

  it("keeps a letter's day in words (notices)", () => {
    expect(utcDay(new Date("2026-12-24T23:30:00.000Z"))).toBe("24 December 2026");
  });
});
