import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { judgeCase, positiveCase, runCase, SWEEP_SEED, trapCase, type SweepCase } from "@leakwarden/test-support/disguised-names";
import { buildMultiNameMatcher } from "./name-match";
import { nameWork } from "./name-normaliser";

const check = (c: SweepCase) => {
  const why = judgeCase(c, runCase(c));
  if (why) throw new Error(`${c.label}: ${why}\n  names: ${JSON.stringify(c.names.map((n) => n.name))}\n  text: ${JSON.stringify(c.text)}`);
};

describe("generated sweep of disguised names", () => {
  it("finds every disguised name, quoting what the page wrote and saying how", () => {
    fc.assert(fc.property(positiveCase, check), { seed: SWEEP_SEED, numRuns: 400 });
  });

  it("takes no longer name, other creator's name or ordinary text for hers", () => {
    fc.assert(fc.property(trapCase, check), { seed: SWEEP_SEED, numRuns: 400 });
  });
});

describe("hostile text of a megabyte", () => {
  const matcher = buildMultiNameMatcher([
    { creatorId: "c1", name: "luna_rivers", kind: "stage" },
    { creatorId: "c1", name: "moonlight luna", kind: "nickname" },
    { creatorId: "c2", name: "lunar", kind: "nickname" },
    { creatorId: "c3", name: "aaaa", kind: "nickname" },
  ]);
  /** Pieces that make the readers look around: spelled-out chains, runs of digits and symbols, marks, separators, near-names. */
  const pieces = ["7*", "1!", "l u n a ", "lun4_r1vers_", "a\u0336\u0337\u0338", "\u200b", "💋", "| ", "4 . ", "l.u.n.a.r.i.v.e.r.s.", "aaaa", "Л", "$@+", "ⓐ", "#LunaRivers", "moon light luna "];
  const work = (text: string) => {
    nameWork.steps = 0;
    matcher.matchAll(text, { lang: "ru" });
    return nameWork.steps;
  };

  it("reads each in work bounded by a constant per character, the same at a quarter of the size", () => {
    const MB = 1 << 20;
    const texts: string[] = pieces.map((p) => p.repeat(Math.ceil(MB / p.length)).slice(0, MB));
    // All the pieces mixed, in a fixed pseudo-random order.
    let mixed = "";
    for (let i = 0; mixed.length < MB; i++) mixed += pieces[(i * 7919) % pieces.length]!;
    texts.push(mixed.slice(0, MB));
    for (const text of texts) {
      const full = work(text);
      const quarter = work(text.slice(0, MB / 4));
      expect(full / text.length, JSON.stringify(text.slice(0, 24))).toBeLessThan(64);
      // Linear: four times the text, about four times the work.
      expect(full / Math.max(1, quarter), JSON.stringify(text.slice(0, 24))).toBeLessThan(4.5);
    }
    // It counts steps, not time: reading these megabytes takes ~13 s on a quiet run, several times that on a busy machine.
  }, 120_000);
});
