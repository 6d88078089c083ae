import { describe, expect, it } from "vitest";
import { findPlatform, normalizeDomain, normalizeUsername, platforms, profileUrlOf, usernameProblem } from "./platforms";

describe("platform list", () => {
  it("has the spec's ids, with 3 absent and 21 platforms", () => {
    expect(platforms.map((p) => p.id)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]);
    expect(findPlatform(3)).toBeUndefined();
  });

  it("finds a platform by id, name, lower-cased key or alias", () => {
    expect(findPlatform("ONLYFANS")?.id).toBe(1);
    expect(findPlatform("reddit (u/username)")?.id).toBe(19);
    expect(findPlatform("Reddit (r/subreddit)")?.id).toBe(20);
    expect(findPlatform("14")?.name).toBe("Chaturbate");
    expect(findPlatform("myspace")).toBeUndefined();
  });

  it("normalises what a creator pastes into the stage name", () => {
    const of = findPlatform("OnlyFans")!;
    expect(normalizeUsername(of, " @luna_rivers ")).toBe("luna_rivers");
    expect(normalizeUsername(of, "https://onlyfans.com/luna_rivers")).toBe("luna_rivers");
    expect(normalizeUsername(findPlatform(19)!, "u/LunaRivers")).toBe("LunaRivers");
    expect(normalizeUsername(findPlatform(20)!, "r/LunaFans")).toBe("LunaFans");
    expect(normalizeUsername(findPlatform(18)!, "https://www.LunaRivers.com/")).toBe("lunarivers.com");
    expect(profileUrlOf(findPlatform(17)!, "luna")).toBe("https://www.tiktok.com/@luna");
  });

  it("explains usernames a platform does not allow", () => {
    const ig = findPlatform("Instagram")!;
    expect(usernameProblem(ig, "luna.rivers")).toBeNull();
    expect(usernameProblem(ig, "")).toBe("Enter a username.");
    expect(usernameProblem(ig, "a".repeat(31))).toMatch(/at most 30/);
    expect(usernameProblem(ig, "luna-rivers")).toMatch(/Not a valid Instagram username/);
  });

  it("normalises domains and refuses what is not a public host name", () => {
    expect(normalizeDomain("https://www.Example.com/path")).toBe("example.com");
    expect(normalizeDomain("*.promo.example.co.uk")).toBe("promo.example.co.uk");
    for (const bad of ["127.0.0.1", "localhost", "[::1]", "intranet", "not a domain", "", "http://10.0.0.1/x"]) expect(normalizeDomain(bad), bad).toBeNull();
  });
});
