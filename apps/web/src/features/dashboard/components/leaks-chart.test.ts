import { describe, expect, it } from "vitest";
import { chartDays, MIN_CHART_DAYS } from "./leaks-chart";

const month = (data: Record<number, number>) =>
  Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, "0")}`, found: data[i] ?? 0, removed: 0 }));

describe("the leaks chart's days", () => {
  it("draws a first day of data within a week, not at the edge of a 30-day axis", () => {
    const days = chartDays(month({ 29: 4 }));
    expect(days).toHaveLength(MIN_CHART_DAYS);
    expect(days.at(-1)).toMatchObject({ date: "2026-11-30", found: 4 });
  });

  it("starts at the first day with data when there is more than a week of it, and keeps the whole month when it is all data", () => {
    expect(chartDays(month({ 10: 1, 20: 2 }))[0]!.date).toBe("2026-11-11");
    expect(chartDays(month({ 0: 3 }))).toHaveLength(30);
  });

  it("keeps the whole range when there is no data at all", () => {
    expect(chartDays(month({}))).toHaveLength(30);
  });
});
