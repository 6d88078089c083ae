import type { ScanView } from "@leakwarden/contracts/scans";
import { describe, expect, it } from "vitest";
import { phaseText, progressCounts } from "./scan-format";

const scan = (phase: string, progress: Partial<ScanView["progress"]>, imagesMatched = 0): ScanView =>
  ({
    id: "s",
    status: "running",
    trigger: "manual",
    phase,
    progress: { queriesPlanned: 0, queriesDone: 0, pagesPlanned: 0, pagesDone: 0, percent: 0, ...progress },
    stats: { sitesAnalyzed: 0, linksChecked: 0, leaksFound: 0, newLeaks: 0, imagesMatched, durationMs: null },
    outcome: null,
    error: null,
    sourceErrors: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: null,
  });

describe("a running scan in words", () => {
  it("names the phase with the counts behind it", () => {
    expect(phaseText(scan("search", { queriesPlanned: 12, queriesDone: 5 }))).toBe("Searching the web for your names (5 of 12 searches asked)");
    expect(phaseText(scan("fetch", { queriesPlanned: 12, queriesDone: 12, pagesPlanned: 40, pagesDone: 9 }))).toBe("Checking the pages found (9 of 40 pages read)");
    expect(phaseText(scan("queued", {}))).toBe("Waiting to start");
  });

  it("counts searches asked, pages read of those planned and images matched", () => {
    expect(progressCounts(scan("fetch", { queriesPlanned: 12, queriesDone: 12, pagesPlanned: 40, pagesDone: 9 }, 2))).toBe("12 of 12 searches asked, 9 of 40 pages read, 2 images matched.");
    expect(progressCounts(scan("queued", {}))).toBe("");
  });

  it("writes large counts with separators and one image in the singular", () => {
    expect(progressCounts(scan("fetch", { queriesPlanned: 40, queriesDone: 40, pagesPlanned: 1250, pagesDone: 1003 }, 1))).toBe("40 of 40 searches asked, 1,003 of 1,250 pages read, 1 image matched.");
    expect(phaseText(scan("fetch", { pagesPlanned: 1250, pagesDone: 1003 }))).toBe("Checking the pages found (1,003 of 1,250 pages read)");
  });
});
