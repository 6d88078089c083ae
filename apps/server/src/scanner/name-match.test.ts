import { describe, expect, it } from "vitest";
import { buildNameMatchers, findNameMatches } from "./name-match";

const matchers = buildNameMatchers({
  stageNames: [
    { platform: "OnlyFans", username: "luna_rivers" },
    { platform: "{host}", username: "lunarivers.example" },
  ],
  nicknames: ["Moon Bunny", "Zoë"],
});
const names = (text: string) => findNameMatches(text, matchers).map((m) => m.found);

describe("name matching", () => {
  it("matches the same name however it is joined", () => {
    for (const t of ["luna_rivers", "Luna Rivers", "luna-rivers", "luna.rivers", "LunaRivers", "lunarivers", "LUNA RIVERS", "@luna_rivers", "onlyfans.com/luna_rivers"]) {
      expect(names(`look: ${t} here`), t).toHaveLength(1);
    }
  });

  it("matches in slugs and titles next to other words", () => {
    expect(names("luna-rivers-onlyfans-leaked")).toEqual(["luna-rivers"]);
    expect(names("Luna Rivers' OnlyFans")).toEqual(["Luna Rivers"]);
    expect(names("[luna_rivers] mega")).toEqual(["luna_rivers"]);
  });

  it("does not match longer names that contain hers", () => {
    for (const t of ["luna_riverside", "xluna_rivers", "lunarivers2", "LunaRiversXO", "Luna Riverstone", "moonbunnyy", "luna_rivers_2", "real_luna_rivers", "luna_rivers_xo"]) {
      expect(names(t), t).toEqual([]);
    }
  });

  it("still finds her name in file names and tags that describe her content", () => {
    expect(names("luna_rivers_onlyfans_leaked.zip")).toEqual(["luna_rivers"]);
    expect(names("leaked_luna_rivers_2024")).toEqual(["luna_rivers"]);
    expect(names("@luna_rivers_ says hi")).toEqual(["luna_rivers"]);
  });

  it("does not join words across blocks or sentences", () => {
    expect(names("Luna\nRivers")).toEqual([]);
    expect(names("at Luna. Rivers run")).toEqual([]);
  });

  it("folds case and accents, and skips names too short to be names", () => {
    expect(names("zoe posted")).toEqual(["zoe"]);
    const short = buildNameMatchers({ stageNames: [{ platform: "OnlyFans", username: "jo" }], nicknames: [] });
    expect(short).toEqual([]);
  });

  it("does not treat her own website domain as a name", () => {
    expect(matchers.map((m) => m.name)).toEqual(["luna_rivers", "Moon Bunny", "Zoë"]);
  });
});
