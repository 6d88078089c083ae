import { describe, expect, it } from "vitest";
import { percentOf } from "./scans.service";

const running = (queriesDone: number, queriesPlanned: number, pagesDone: number, pagesPlanned: number) =>
  percentOf({ status: "running", queriesDone, queriesPlanned, pagesDone, pagesPlanned });

describe("scan progress", () => {
  it("is the share of planned work done: searches half, pages read the other half", () => {
    expect(running(0, 0, 0, 0)).toBe(0);
    expect(running(5, 10, 0, 0)).toBe(25);
    expect(running(10, 10, 0, 40)).toBe(50);
    expect(running(10, 10, 20, 40)).toBe(75);
    expect(running(10, 10, 39, 40)).toBe(98);
    expect(percentOf({ status: "completed", queriesDone: 10, queriesPlanned: 10, pagesDone: 40, pagesPlanned: 40 })).toBe(100);
  });

  it("does not sit near the end while searches remain, however many of the pages found so far were read", () => {
    // Half the searches asked and every page they found read: half done, not 99%.
    expect(running(5, 10, 12, 12)).toBe(50);
    expect(running(1, 10, 3, 3)).toBe(10);
    for (let q = 0; q < 10; q++) expect(running(q, 10, 100, 100)).toBeLessThanOrEqual(q * 10);
  });

  it("rises as work is done and stays below 100 until the scan completed", () => {
    let last = -1;
    for (let q = 0; q <= 10; q++) {
      const p = running(q, 10, 0, 20);
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
    for (let d = 0; d <= 20; d++) {
      const p = running(10, 10, d, 20);
      expect(p).toBeGreaterThanOrEqual(last);
      expect(p).toBeLessThan(100);
      last = p;
    }
  });
});
