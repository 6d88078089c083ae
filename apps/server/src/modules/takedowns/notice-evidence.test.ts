import { readLeakEvidence } from "@leakwarden/contracts/leak-evidence";
import { describe, expect, it } from "vitest";
import { noticeEvidence } from "./notice-pipeline";
import { evidenceLines, type NoticeItem } from "./notice-template";

// From a leak's stored evidence to the notice's sentences: what is said of a link is what its record holds.

const references = new Map([
  ["ref-one-0000", 1],
  ["ref-two-0000", 2],
]);
const lines = (url: string, stored: unknown) => {
  const item: NoticeItem = { url, ...noticeEvidence(references, readLeakEvidence(stored)), fetchedAt: null, sha256: null };
  return evidenceLines(item);
};

describe("a notice's statements from the recorded evidence", () => {
  it("a file-host link found in a post that named her: that post, that name, and no image", () => {
    const out = lines("https://gofile.io/d/HerGo1", {
      matchedNames: [],
      imageMatches: [],
      linkedFrom: { pageUrl: "https://forum.example/t/1", pageTitle: "juniper_vale pack", matchedBy: "name", matchedNames: ["juniper_vale"], foundIn: "post", imageMatches: [], service: "gofile", kind: "folder", keyOnPage: false },
    });
    expect(out).toEqual(["Found in a post at https://forum.example/t/1 that names juniper_vale."]);
    expect(out.join(" ")).not.toMatch(/image/i);
  });

  it("a file-host link found in a post by her image: the reference photo it copies and the image's address", () => {
    const out = lines("https://gofile.io/d/ImgGo1", {
      linkedFrom: {
        pageUrl: "https://forum.example/t/2",
        pageTitle: "",
        matchedBy: "image",
        matchedNames: [],
        foundIn: "post",
        imageMatches: [{ imageUrl: "https://forum.example/img/her.jpg", referenceId: "ref-two-0000", distance: 10 }],
        service: "gofile",
        kind: "folder",
        keyOnPage: false,
      },
    });
    expect(out).toEqual(["Found in a post at https://forum.example/t/2 that shows an image of hers.", "The image https://forum.example/img/her.jpg is a copy of her reference photo no. 2 (ref. ref-two-)."]);
  });

  it("a link recorded before the post was: said of the page, by the page's names, never 'by image'", () => {
    const out = lines("https://mega.nz/file/Old1", {
      linkedFrom: { pageUrl: "https://forum.example/t/3", pageTitle: "x", matchedBy: "image", matchedNames: [], service: "mega", kind: "file", keyOnPage: true },
    });
    expect(out).toEqual(["Found on the page https://forum.example/t/3."]);
  });

  it("a page: the names as matched, its images with the reference each copies, its title as its words", () => {
    const out = lines("https://leaks.example/juniper", {
      title: "juniper_vale leak — mirror at evil.example",
      matchedNames: ["juniper_vale"],
      imageMatches: [{ imageUrl: "https://leaks.example/1.jpg", referenceId: "ref-one-0000" }, { imageUrl: "https://leaks.example/2.jpg" }],
      snippet: "",
    });
    expect(out).toEqual([
      "The page's title reads: \u201Cjuniper_vale leak \u2014 mirror at [link removed]\u201D",
      "Where on the page: the page names juniper_vale.",
      "The image on the page https://leaks.example/1.jpg is a copy of her reference photo no. 1 (ref. ref-one-).",
      "The image on the page https://leaks.example/2.jpg is her image, which she identified herself.",
    ]);
  });
});
