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
