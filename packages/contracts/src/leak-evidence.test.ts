import { describe, expect, it } from "vitest";
import { leakEvidenceKinds, leakEvidenceSchema, readLeakEvidence, type LeakEvidence } from "./leak-evidence";

const scanned: LeakEvidence = {
  matchedNames: ["luna_rivers"],
  evasions: [{ name: "luna_rivers", seen: "lun4_r1vers", forms: ["leetspeak"] }],
  matchedIn: ["title", "tags"],
  snippet: "lun4_r1vers full set",
  title: "Luna set",
  signals: ["crawl: new thread on Leaks", "file-host-link: mega.nz"],
  imageMatches: [{ imageUrl: "https://leaks.example/1.jpg", referenceId: "r1", variant: "rotate90", distance: 12, quality: 90 }],
  sources: ["crawl:leaks"],
  discovery: { how: "crawl", site: "leaks", siteName: "Leaks", text: "new thread on Leaks", itemKey: "t1" },
  httpStatus: 200,
  fetchedAt: "2026-11-20T10:00:00.000Z",
  sha256: "ab".repeat(32),
  finalUrl: "https://leaks.example/t/1",
  robots: { policy: "record", status: "allowed", rule: null },
  truncated: false,
};

describe("a leak's stored evidence, read through its schema", () => {
  it("reads back every kind a finder writes, unchanged", () => {
    expect(readLeakEvidence(JSON.parse(JSON.stringify(scanned)))).toEqual(scanned);
    const indexed: LeakEvidence = { foundBy: "image-index", imageMatches: [{ imageUrl: "https://x.example/a.jpg", referenceId: "r1", variant: "original", distance: 3, quality: 80 }] };
    expect(readLeakEvidence(indexed)).toEqual(indexed);
    const linked: LeakEvidence = {
      matchedNames: ["luna_rivers"],
      signals: ["linked from https://forum.example/t/1 where your name matched"],
      linkedFrom: { pageUrl: "https://forum.example/t/1", pageTitle: "Luna set", matchedBy: "name", matchedNames: ["luna_rivers"], service: "mega", kind: "file", keyOnPage: true },
    };
    expect(readLeakEvidence(linked)).toEqual(linked);
    const reported: LeakEvidence = { source: "impersonator", imageMatches: [{ imageUrl: "https://social.example/p/1.jpg" }], matchedNames: [] };
    expect(readLeakEvidence(reported)).toEqual(reported);
  });

  it("leaves out unknown kinds, values that do not fit and list items that do not fit, and never throws", () => {
    const stored = {
      ...scanned,
      mirroredAt: [{ page: "https://forum.example/t/9" }],
      linkedFrom: [{ page: "https://forum.example/t/9" }],
      foundBy: "a-finder-from-the-future",
      snippet: 42,
      robots: "allowed",
      discovery: { how: "scan" },
      matchedNames: ["luna_rivers", 3, { name: "x" }],
      evasions: [{ name: "a", seen: "b", forms: ["unknown-form"] }, { name: "luna_rivers", seen: "l u n a", forms: ["spaced"] }],
      imageMatches: [{ referenceId: "r1" }, null, { imageUrl: "https://leaks.example/2.jpg" }],
      matchedIn: ["title", "sidebar", 3],
    };
    const read = readLeakEvidence(stored);
    expect(read).not.toHaveProperty("mirroredAt");
    expect(read).not.toHaveProperty("linkedFrom");
    expect(read).not.toHaveProperty("foundBy");
    expect(read).not.toHaveProperty("snippet");
    expect(read).not.toHaveProperty("robots");
    expect(read).not.toHaveProperty("discovery");
    expect(read.matchedNames).toEqual(["luna_rivers"]);
    expect(read.evasions).toEqual([{ name: "luna_rivers", seen: "l u n a", forms: ["spaced"] }]);
    expect(read.imageMatches).toEqual([{ imageUrl: "https://leaks.example/2.jpg" }]);
    expect(read.matchedIn).toEqual(["title"]);
    expect(read.title).toBe("Luna set");
    expect(leakEvidenceSchema.safeParse(read).success).toBe(true);
  });

  it("reads anything that is not a record as no evidence", () => {
    for (const stored of [null, undefined, "text", 3, [], [scanned], true]) expect(readLeakEvidence(stored)).toEqual({});
    expect(readLeakEvidence({ matchedNames: "luna_rivers", signals: null, imageMatches: {} })).toEqual({});
  });

  it("bounds the items it reads from one list", () => {
    const read = readLeakEvidence({ signals: Array.from({ length: 5_000 }, (_, i) => `leak-phrase: ${i}`) });
    expect(read.signals).toHaveLength(200);
  });

  it("knows each kind by the key it is stored under", () => {
    expect(Object.keys(leakEvidenceKinds)).toEqual(expect.arrayContaining(["matchedNames", "evasions", "imageMatches", "signals", "discovery", "foundBy", "source"]));
  });
});
