import type { LeakView } from "@leakwarden/contracts/scans";
import { describe, expect, it } from "vitest";
import { describeLinkedFrom, describeSignal, describeSignals, readEvidence } from "./leak-labels";

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
    expect(e).toEqual({ matchedNames: ["luna_rivers"], snippet: "", signals: ["It links to a file host, where leaks are shared for download (mega.nz)."], imageUrls: ["https://leaks.example/1.jpg"], disguises: [], foundThrough: null });
  });

  it("reads no evidence at all as an empty record", () => {
    expect(readEvidence(leak(null as never))).toEqual({ matchedNames: [], snippet: "", signals: [], imageUrls: [], disguises: [], foundThrough: null });
  });
});

describe("why a page was listed", () => {
  it("reads every cue the page reader records as a sentence, with the page's own words", () => {
    expect(describeSignal("leak-title: luna_rivers leaked")).toBe("Its title or a heading puts your name next to a leak word: “luna_rivers leaked”.");
    expect(describeSignal("free-access: free onlyfans")).toBe("It offers paid content for free: “free onlyfans”.");
    expect(describeSignal("gallery: 40 images, 2 videos")).toBe("It shows a large gallery (40 images, 2 videos).");
    expect(describeSignal("leak-site: catalogued leak site leakhub.example")).toBe("It is on a leak site we know (leakhub.example).");
    expect(describeSignal("leak-site: leak-site name leaks-daily.example")).toBe("The site's name reads like a leak site's (leaks-daily.example).");
    expect(describeSignal("crawl: new thread or post on LeakForum")).toBe("We found it reading the site: a new thread or post on LeakForum.");
  });

  it("says an image match and a linking page in words, without the matcher's distance", () => {
    expect(describeSignal("image matched your reference 'beach set' at distance 12")).toBe("One of its images is a copy of your reference photo “beach set”.");
    expect(describeSignal("image matched your reference 'untitled' at distance 3")).toBe("One of its images is a copy of one of your reference photos.");
    expect(describeSignal("linked from https://forum.example/t/1 where your name matched")).toBe("A post that names you links to it (https://forum.example/t/1).");
    expect(describeSignal("linked from https://forum.example/t/1 where your image matched")).toBe("A post that shows one of your images links to it (https://forum.example/t/1).");
  });

  it("says where a file-host link was found from its record, and 'by image' only with an image recorded", () => {
    const linked = { pageUrl: "https://forum.example/t/1", pageTitle: "", service: "gofile", kind: "folder" as const, keyOnPage: false };
    expect(describeLinkedFrom({ ...linked, matchedBy: "name", matchedNames: ["juniper_vale"], foundIn: "post", imageMatches: [] })).toBe("In a post at https://forum.example/t/1 that names juniper_vale.");
    expect(describeLinkedFrom({ ...linked, matchedBy: "image", matchedNames: [], foundIn: "post", imageMatches: [{ imageUrl: "https://forum.example/i.jpg", referenceId: "r1" }] })).toBe(
      "In a post at https://forum.example/t/1 that shows one of your images.",
    );
    expect(describeLinkedFrom({ ...linked, matchedBy: "name", matchedNames: ["juniper_vale"], foundIn: "thread" })).toBe("In the opening post of a thread at https://forum.example/t/1 whose title names juniper_vale.");
    // Recorded before the post was kept: the page, its names; no image claimed.
    expect(describeLinkedFrom({ ...linked, matchedBy: "image", matchedNames: [] })).toBe("On the page https://forum.example/t/1.");
  });

  it("makes one sentence of the reasons of one kind, each wording quoted once", () => {
    expect(
      describeSignals([
        "leak-title: juniper_vale OnlyFans leak",
        "leak-title: juniper vale onlyfans leak",
        "file-host-link: mega.nz",
        "leak-phrase: OnlyFans leak",
        "file-host-link: gofile.io",
        "leak-title: Juniper Vale leaked videos",
      ]),
    ).toEqual([
      "Its title or a heading puts your name next to a leak word: “juniper_vale OnlyFans leak”, “Juniper Vale leaked videos”.",
      "It links to a file host, where leaks are shared for download (mega.nz, gofile.io).",
      "It speaks of leaked content: “OnlyFans leak”.",
    ]);
  });

  it("never shows a code: an unknown kind gives its words as a sentence", () => {
    expect(describeSignal("new-kind: something the page said")).toBe("Something the page said.");
    expect(describeSignal("a phrase of its own")).toBe("A phrase of its own.");
  });
});
