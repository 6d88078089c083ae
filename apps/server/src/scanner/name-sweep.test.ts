import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { judgeCase, positiveCase, runCase, SWEEP_SEED, trapCase, type SweepCase } from "@leakwarden/test-support/disguised-names";

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
