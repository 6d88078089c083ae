import { describe, expect, it } from "vitest";
import { generateCandidates, nameWords } from "./candidates";
import { nameSimilarity } from "./similarity";

describe("impersonator handles from her names", () => {
  const handles = (names: string[], opts = {}) => generateCandidates(names, opts).map((c) => c.handle);

  it("reads the words of a name however it is written", () => {
    expect(nameWords("Luna Rivers")).toEqual(["luna", "rivers"]);
    expect(nameWords("LunaRivers")).toEqual(["luna", "rivers"]);
    expect(nameWords("luna_rivers")).toEqual(["luna", "rivers"]);
    expect(nameWords("Zoë.Vale")).toEqual(["zoe", "vale"]);
  });

  it("puts her name with each separator first, then the usual additions, then misspellings and look-alikes", () => {
    const list = generateCandidates(["Luna Rivers"], { limit: 300 });
    const all = list.map((c) => c.handle);
    expect(all.slice(0, 2)).toEqual(["lunarivers", "luna_rivers"]);
    expect(all).toEqual(expect.arrayContaining(["luna.rivers", "luna-rivers", "lunarivers_official", "reallunarivers", "the_luna_rivers", "lunariversvip", "lunarivers_backup", "lunariversfree", "lunarivers_leaks", "lunarivers2", "lunariversx", "_lunarivers", "lunarivers_"]));
    expect(all).toEqual(expect.arrayContaining(["lunariverss", "lunarivrs", "lun4rivers", "1unarivers", "iunarivers", "lunar1vers", "lunariv3rs", "lunarivers_vip"]));
    const rank = (h: string) => all.indexOf(h);
    expect(rank("lunarivers")).toBeLessThan(rank("lunarivers_official"));
    expect(rank("lunarivers_official")).toBeLessThan(rank("lunariverss"));
    expect(rank("lunariverss")).toBeLessThan(rank("lun4rivers"));
    // Sorted by cost, each handle once.
    expect(new Set(all).size).toBe(all.length);
    expect(list.map((c) => c.cost)).toEqual([...list.map((c) => c.cost)].sort((a, b) => a - b));
  });

  it("is bounded, and keeps to the platform's rule for handles", () => {
    expect(generateCandidates(["Luna Rivers", "Lulu", "Moon Girl"], { limit: 25 })).toHaveLength(25);
    const tiktok = handles(["Luna Rivers"], { accept: (h: string) => /^[a-z0-9_.]{2,24}$/.test(h), limit: 500 });
    expect(tiktok.some((h) => h.includes("-"))).toBe(false);
    expect(handles(["A Very Long Stage Name Indeed Really"], { maxLength: 15, limit: 500 }).every((h) => h.length <= 15)).toBe(true);
    // Four words at most, 64 characters read: a pasted paragraph stays cheap.
    expect(generateCandidates(["x".repeat(100_000)], { limit: 1000 }).length).toBeLessThanOrEqual(1000);
  });

  it("ranks her main stage name's handles before a nickname's", () => {
    const all = handles(["Luna Rivers", "Moonie"]);
    expect(all.indexOf("lunarivers")).toBeLessThan(all.indexOf("moonie"));
    expect(all.indexOf("moonie")).toBeLessThan(all.indexOf("lunarivers_official"));
  });
});

describe("name similarity", () => {
  it("reads disguises as the name, and other names as other names", () => {
    expect(nameSimilarity("lunarivers", ["Luna Rivers"]).score).toBe(1);
    expect(nameSimilarity("lunarivers_official", ["Luna Rivers"]).score).toBeGreaterThanOrEqual(0.9);
    expect(nameSimilarity("lun4_r1vers", ["Luna Rivers"]).score).toBeGreaterThanOrEqual(0.9);
    expect(nameSimilarity("lunaariverss", ["Luna Rivers"]).score).toBeGreaterThanOrEqual(0.9);
    expect(nameSimilarity("Luna Rivers 💋 VIP", ["Luna Rivers"]).score).toBeGreaterThanOrEqual(0.9);
    expect(nameSimilarity("Maria Gonzales", ["Luna Rivers"]).score).toBeLessThan(0.5);
    expect(nameSimilarity("", ["Luna Rivers"]).score).toBe(0);
  });
});
