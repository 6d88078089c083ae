import { describe, expect, it } from "vitest";
import { nextCheckAt, parseDurations, scheduleFromSettings } from "./takedown-schedule";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("takedown re-check schedule", () => {
  const schedule = scheduleFromSettings({ TAKEDOWN_RECHECK_AFTER: "1h,6h,24h", TAKEDOWN_RECHECK_EVERY: "24h", TAKEDOWN_TRACK_FOR: "30d", TAKEDOWN_ESCALATE_AFTER: "7d", TAKEDOWN_ESCALATION_GATHER: "5m" });

  it("reads durations", () => {
    expect(parseDurations("30s, 15m,1h,2d")).toEqual([30_000, 15 * 60_000, HOUR, 2 * DAY]);
    expect(() => parseDurations("1w")).toThrow();
  });

  it("checks after 1 h, 6 h, 24 h, then daily until 30 days, with a check at the escalation moment", () => {
    const sent = new Date("2025-01-01T00:00:00Z");
    const times: number[] = [];
    let at = sent;
    for (let next = nextCheckAt(schedule, sent, at); next; next = nextCheckAt(schedule, sent, at)) {
      times.push((next.getTime() - sent.getTime()) / HOUR);
      at = next;
    }
    expect(times.slice(0, 4)).toEqual([1, 6, 24, 48]);
    expect(times).toContain(7 * 24);
    expect(times.at(-1)).toBe(30 * 24);
    expect(times).toHaveLength(3 + 29);
  });

  it("goes on from a late check without piling up missed ones", () => {
    const sent = new Date("2025-01-01T00:00:00Z");
    const late = new Date(sent.getTime() + 3 * DAY + 5 * HOUR);
    expect(nextCheckAt(schedule, sent, late)!.getTime() - sent.getTime()).toBe(4 * DAY);
    expect(nextCheckAt(schedule, sent, new Date(sent.getTime() + 31 * DAY))).toBeNull();
  });
});
