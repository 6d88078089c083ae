import { describe, expect, it } from "vitest";
import { buildMultiNameMatcher, buildNameMatchers, findNameMatches, prepareText, type EvasionForm } from "./name-match";
import { disguisesOf, GAP, normaliseText } from "./name-normaliser";

const luna = buildNameMatchers({
  stageNames: [{ platform: "OnlyFans", username: "luna_rivers" }],
  nicknames: ["moonlight luna"],
});
const sable = buildNameMatchers({ stageNames: [], nicknames: ["sable"] });
const ada = buildNameMatchers({ stageNames: [], nicknames: ["ada"] });

type Row = { text: string; lang?: string; seen: string; forms: EvasionForm[] };

/** Pages that write her name in disguise: each must be found, quoting what the page wrote. */
const positives: Row[] = [
  { text: "new: lun4_r1vers full pack", seen: "lun4_r1vers", forms: ["leetspeak"] },
  { text: "luna_riv3r$ mega folder", seen: "luna_riv3r$", forms: ["leetspeak"] },
  { text: "L@na? no: lun@ rivers leaked", seen: "lun@ rivers", forms: ["leetspeak"] },
  { text: "1una_r!vers vids", seen: "1una_r!vers", forms: ["leetspeak"] },
  { text: "|_0l: lun4r1v3r5 all sets", seen: "lun4r1v3r5", forms: ["leetspeak"] },
  { text: "Lunа Rivеrs onlyfans", seen: "Lunа Rivеrs", forms: ["lookalike"] },
  { text: "ｌｕｎａ＿ｒｉｖｅｒｓ leaks", seen: "ｌｕｎａ＿ｒｉｖｅｒｓ", forms: ["styled"] },
  { text: "𝐥𝐮𝐧𝐚 𝐫𝐢𝐯𝐞𝐫𝐬 free", seen: "𝐥𝐮𝐧𝐚 𝐫𝐢𝐯𝐞𝐫𝐬", forms: ["styled"] },
  { text: "Λυνα — no; Lυnα Rivers yes", seen: "Lυnα Rivers", forms: ["lookalike"] },
  { text: "l u n a  r i v e r s videos", seen: "l u n a  r i v e r s", forms: ["spaced"] },
  { text: "get l.u.n.a.r.i.v.e.r.s here", seen: "l.u.n.a.r.i.v.e.r.s", forms: ["dotted"] },
  { text: "lu\u200bna\u200c_ri\u200dvers leaked", seen: "lu\u200bna\u200c_ri\u200dvers", forms: ["zero-width"] },
  { text: "l\u0336u\u0336n\u0336a\u0336 rivers", seen: "l\u0336u\u0336n\u0336a\u0336 rivers", forms: ["combining"] },
  { text: "Сливы: Луна Риверс, все видео", lang: "ru", seen: "Луна Риверс", forms: ["transliterated"] },
  { text: "Луна Ріверс", lang: "uk-UA", seen: "Луна Ріверс", forms: ["transliterated"] },
  { text: "luna💋rivers leaked", seen: "luna💋rivers", forms: ["decorated"] },
  { text: "Luna❤️Rivers", seen: "Luna❤️Rivers", forms: ["decorated"] },
  { text: "new l*u*n*a*r*i*v*e*r*s", seen: "l*u*n*a*r*i*v*e*r*s", forms: ["decorated", "dotted"] },
  { text: "luna|rivers", seen: "luna|rivers", forms: ["decorated"] },
];

/** Plain spellings: found, and not marked as a disguise. */
const plain: Row[] = [
  { text: "#LunaRivers", seen: "LunaRivers", forms: [] },
  { text: "#LunaRiversLeaked is trending", seen: "LunaRivers", forms: [] },
  { text: "MoonlightLuna on every site", seen: "MoonlightLuna", forms: [] },
  { text: "moonlight_luna pack", seen: "moonlight_luna", forms: [] },
  { text: "Luna Rivers!", seen: "Luna Rivers", forms: [] },
  { text: "@luna_rivers", seen: "luna_rivers", forms: [] },
  { text: "★luna_rivers★", seen: "luna_rivers", forms: [] },
];

/** Traps of the same shapes: someone else, or ordinary words. */
const traps: { text: string; lang?: string; matchers?: typeof luna }[] = [
  { text: "lun4_r1verside leaked" },
  { text: "luna_riverside" },
  { text: "Luna_R1versid3 pack" },
  { text: "lun4_r1vers_2 is not her" },
  { text: "l u n a r i v e r s i d e" },
  { text: "we watched the moon light over luna park" },
  { text: "Moon Light Luna Park tickets" },
  { text: "moon light, luna park" },
  { text: "Луна Риверс", lang: "en" },
  { text: "Луна Риверсайд", lang: "ru" },
  { text: "LunaRiversXO" },
  { text: "color: sable; order code 5able-2031", matchers: sable.filter(() => false) },
  { text: "order code 5able-2031, part 5ABLE", matchers: sable },
  { text: "SKU 5ABLE ships today", matchers: sable },
  { text: "I a d a m s", matchers: ada },
  { text: "please di5able the alarm", matchers: sable },
  { text: "moonlight, luna park" },
  { text: "Moonlight Lunatics tour" },
  { text: "moon★light luna" },
  { text: "luna 💋 and rivers" },
  { text: "luna💋riverside" },
  { text: "Ночью светила луна, реки текли", lang: "ru", matchers: buildNameMatchers({ stageNames: [], nicknames: ["Luna"] }) },
  { text: "the letters a d a are a pattern", matchers: ada },
];

describe("names that cannot hide", () => {
  it.each(positives)("finds $seen", ({ text, lang, seen, forms }) => {
    const found = findNameMatches(text, luna, undefined, { lang: lang ?? null });
    expect(found.map((m) => ({ seen: m.found, forms: m.forms }))).toEqual([{ seen, forms }]);
  });

  it.each(plain)("reads $seen as her name written plainly", ({ text, seen, forms }) => {
    const found = findNameMatches(text, luna);
    expect(found.map((m) => ({ seen: m.found, forms: m.forms }))).toEqual([{ seen, forms }]);
  });

  it.each(traps)("does not take '$text' for her", ({ text, lang, matchers }) => {
    expect(findNameMatches(text, matchers ?? luna, undefined, { lang: lang ?? null })).toEqual([]);
  });

  it("measures precision and recall on the table", () => {
    let tp = 0;
    let fp = 0;
    for (const r of [...positives, ...plain]) if (findNameMatches(r.text, luna, undefined, { lang: r.lang ?? null }).some((m) => m.found === r.seen)) tp++;
    for (const t of traps) fp += findNameMatches(t.text, t.matchers ?? luna, undefined, { lang: t.lang ?? null }).length;
    expect({ recall: tp / (positives.length + plain.length), falsePositives: fp }).toEqual({ recall: 1, falsePositives: 0 });
  });

  it("reads a word wholly in another script as hers only when it stands among Latin words", () => {
    const capa = buildNameMatchers({ stageNames: [], nicknames: ["capa"] });
    expect(findNameMatches("Вчера Сара пришла домой", capa)).toEqual([]);
    expect(findNameMatches("Χθες ρουα ήρθε", buildNameMatchers({ stageNames: [], nicknames: ["poua"] }))).toEqual([]);
    expect(findNameMatches("new Сара leaks, full pack", capa).map((m) => [m.found, m.forms])).toEqual([["Сара", ["lookalike"]]]);
    // Mixed scripts in one word are a disguise wherever they stand.
    expect(findNameMatches("Вчера Cара пришла", capa).map((m) => m.forms)).toEqual([["lookalike"]]);
  });

  it("reads repeated and spaced separators, enclosed and small-capital letters, and spelled-out digits", () => {
    const cases: [string, string, EvasionForm[]][] = [
      ["new luna • rivers pack", "luna • rivers", ["decorated"]],
      ["luna__rivers leaked", "luna__rivers", ["decorated"]],
      ["Luna - Rivers videos", "Luna - Rivers", []],
      ["ⓛⓤⓝⓐ 🅡🅘🅥🅔🅡🅢", "ⓛⓤⓝⓐ 🅡🅘🅥🅔🅡🅢", ["styled"]],
      ["ʟᴜɴᴀ ʀɪᴠᴇʀꜱ", "ʟᴜɴᴀ ʀɪᴠᴇʀꜱ", ["styled"]],
      ["who is 1*u*n*4*r*i*v*3*r*s?", "1*u*n*4*r*i*v*3*r*s", ["leetspeak", "decorated", "dotted"]],
      ["wow lun4 r1v3r$!!", "lun4 r1v3r$", ["leetspeak"]],
      ["file luna_rivers_set3.zip", "luna_rivers", []],
      ["lu\u00adna rivers", "lu\u00adna rivers", ["zero-width"]],
    ];
    for (const [text, seen, forms] of cases) expect(findNameMatches(text, luna).map((m) => [m.found, m.forms]), text).toEqual([[seen, forms]]);
    // A sentence still ends at a full stop; a symbol glued on makes a longer name.
    expect(findNameMatches("at Luna. Rivers run", luna)).toEqual([]);
    expect(findNameMatches("sable+ and $sable", sable)).toEqual([]);
  });

  it("still finds a plain sable, and a leet one standing alone", () => {
    expect(findNameMatches("the colour sable", sable).map((m) => m.forms)).toEqual([[]]);
    expect(findNameMatches("new from 5able tonight", sable).map((m) => [m.found, m.forms])).toEqual([["5able", ["leetspeak"]]]);
  });
});

describe("the normalised text", () => {
  it("maps every letter back to where it was read", () => {
    const text = "Ｌun4\u200b r!v!";
    const nt = normaliseText(text, "leet");
    // The closing "!" is punctuation; the one inside the word stands for a letter.
    expect(nt.chars).toBe("iunariv");
    expect([...nt.chars].map((_, i) => text.slice(nt.start[i]!, nt.end[i]!))).toEqual(["Ｌ", "u", "n", "4", "r", "!", "v"]);
    expect([...nt.gap]).toEqual([GAP.BREAK, GAP.NONE, GAP.NONE, GAP.NONE, GAP.SPACE, GAP.NONE, GAP.NONE]);
  });

  it("keeps digits that stand alone as digits", () => {
    expect(normaliseText("call 0800 now", "leet").chars).toBe("caii0800now");
    expect(normaliseText("$100 off", "leet").chars).toBe("100off");
  });
});

describe("one matcher for many creators", () => {
  const multi = buildMultiNameMatcher([
    { creatorId: "c1", name: "luna_rivers", kind: "stage" },
    { creatorId: "c1", name: "moonlight luna", kind: "nickname" },
    { creatorId: "c2", name: "luna_riverside", kind: "stage" },
    { creatorId: "c3", name: "sable", kind: "nickname" },
    { creatorId: "c4", name: "luna", kind: "nickname" },
    { creatorId: "c5", name: "jo", kind: "nickname" },
  ]);

  it("finds each creator's names in one pass, and none of another's", () => {
    const text = "Leaks: lun4_r1verside, luna_rivers and MoonlightLuna; 5able-2031 is a code; jo";
    const hits = multi.match(text);
    expect([...hits.keys()].sort()).toEqual(["c1", "c2"]);
    expect(hits.get("c1")!.map((m) => [m.name, m.found, m.forms])).toEqual([
      ["luna_rivers", "luna_rivers", []],
      ["moonlight luna", "MoonlightLuna", []],
    ]);
    expect(hits.get("c2")!.map((m) => [m.found, m.forms])).toEqual([["lun4_r1verside", ["leetspeak"]]]);
  });

  it("reads a page once for all of them", () => {
    const prepared = prepareText("Луна и луна_риверс, luna", { lang: "ru" });
    expect(prepared.readings.map((r) => r.reading)).toEqual(["plain", "translit"]);
    const hits = multi.matchAll(prepared);
    // "Луна" alone is the Russian word for the moon: a one-word name is not read back from Cyrillic.
    expect(hits.map((h) => [h.creatorId, h.found, h.forms])).toEqual([
      ["c1", "луна_риверс", ["transliterated"]],
      ["c4", "luna", []],
    ]);
  });

  it("drops names too short to be names", () => {
    expect(multi.entries.map((e) => e.creatorId)).not.toContain("c5");
  });
});

describe("the reverse, for generating disguised handles", () => {
  it("gives the digits, symbols and look-alike letters that read as a letter", () => {
    const a = disguisesOf("a");
    expect(a.leet).toEqual(expect.arrayContaining(["4", "@"]));
    expect(a.lookalike).toEqual(expect.arrayContaining(["а", "α"]));
    expect(disguisesOf("l").leet).toEqual(expect.arrayContaining(["1", "!", "|"]));
    // Every disguise reads back as the letter.
    for (const c of [...a.leet, ...a.lookalike]) {
      expect(findNameMatches(`lun${c}_rivers`, luna).length, c).toBe(1);
    }
  });
});

describe("hostile text", () => {
  it("reads one endless word made of her name (CamelCase, leetspeak, marks, Cyrillic) as no one's", () => {
    for (const p of ["xLunaRivers", "lun4_r1vers_", "l\u0336", "\u200b", "Л"]) {
      const text = p.repeat(Math.ceil(200_000 / p.length));
      expect(findNameMatches(text, luna, undefined, { lang: "ru" }), p).toEqual([]);
    }
  });
});
