import type { LeakView } from "@leakwarden/contracts/scans";
import { describe, expect, it } from "vitest";
import { readEvidence } from "./leak-labels";

const leak = (evidence: Record<string, unknown>): LeakView => ({
  id: "l1",
  number: 1,
  url: "https://board.example/t/1",
  domain: "board.example",
  title: "lun4_r1vers leaked",
  category: "leak_site",
  confidence: "medium",
  status: "new",
  firstSeenAt: "2026-01-01T00:00:00.000Z",
  lastSeenAt: "2026-01-01T00:00:00.000Z",
  evidence,
});

describe("the evidence of a disguised name", () => {
  it("says how the page wrote her name, in words", () => {
    const e = readEvidence(
      leak({
        matchedNames: ["luna_rivers"],
        evasions: [
          { name: "luna_rivers", seen: "lun4_r1vers", forms: ["leetspeak"] },
          { name: "luna_rivers", seen: "l u n a r i v e r s", forms: ["spaced"] },
          { name: "luna_rivers", seen: "Лунa", forms: ["transliterated", "lookalike"] },
        ],
      }),
    );
    expect(e.disguises).toEqual([
      "“lun4_r1vers”, with digits and symbols for letters",
      "“l u n a r i v e r s”, with letters spaced apart",
      "“Лунa”, with Cyrillic letters for the Latin ones and look-alike letters from another alphabet",
    ]);
  });

  it("shows nothing for plain names or evidence it cannot read", () => {
    expect(readEvidence(leak({ matchedNames: ["luna_rivers"] })).disguises).toEqual([]);
    expect(readEvidence(leak({ evasions: [{ seen: 3 }, "x", { name: "a", seen: "b", forms: ["unknown-form"] }] })).disguises).toEqual([]);
  });
});

describe("evidence stored by an older or newer build", () => {
  it("shows what it knows and leaves out kinds it does not know or cannot read", () => {
    const e = readEvidence(
      leak({
        matchedNames: ["luna_rivers", 7, null],
        snippet: { text: "not a string" },
        signals: ["file-host-link: mega.nz", { kind: "linked-from", page: "https://forum.example/t/1" }],
        imageMatches: [{ imageUrl: "https://leaks.example/1.jpg", referenceId: "r1", distance: 12 }, { referenceId: "r2" }, "https://x.example/2.jpg"],
        mirroredAt: [{ page: "https://forum.example/t/1" }],
        legacyScore: 0.9,
      }),
    );
    expect(e).toEqual({ matchedNames: ["luna_rivers"], snippet: "", signals: ["file-host-link: mega.nz"], imageUrls: ["https://leaks.example/1.jpg"], disguises: [] });
  });

  it("reads no evidence at all as an empty record", () => {
    expect(readEvidence(leak(null as never))).toEqual({ matchedNames: [], snippet: "", signals: [], imageUrls: [], disguises: [] });
  });
});
