import { describe, expect, it } from "vitest";
import { HOSTILE_RUNS, hostilePage } from "@leakwarden/test-support/hostile-pages";
import { analyzePage, type AnalyzeOptions } from "./analyze-page";
import { buildExclusions } from "./exclusions";
import { parseHtmlDocument, plainTextDocument } from "./html-document";
import { assessLeakContext, pastedLinkHosts } from "./leak-context";
import { LeakSiteCatalog } from "./leak-site-catalog";
import { buildNameMatchers } from "./name-match";

const identity = { stageNames: [{ platform: "OnlyFans", username: "luna_rivers" }], nicknames: ["Luna"] };
const matchers = buildNameMatchers(identity);
const opts: AnalyzeOptions = {
  matchers,
  exclusions: buildExclusions([], identity.stageNames),
  catalog: new LeakSiteCatalog([]),
  references: [],
  maxImagesPerPage: 0,
};

describe("links pasted as text", () => {
  it("finds the host of each link, whatever surrounds it", () => {
    expect(pastedLinkHosts("all of it: mega.nz/folder/AbC123#xyz enjoy")).toEqual(["mega.nz"]);
    expect(pastedLinkHosts("(https://Files.Catbox.moe/abc.mp4) and gofile.io/d/xyz")).toEqual(["files.catbox.moe", "gofile.io"]);
    expect(pastedLinkHosts("..-mega.nz/file/abcd")).toEqual(["mega.nz"]);
    // The path of a link is not another link.
    expect(pastedLinkHosts("example.com/go/mega.nz/abc")).toEqual(["example.com"]);
  });

  it("needs a dotted name, a letters-only last label and three characters of path", () => {
    expect(pastedLinkHosts("mega.nz/ab")).toEqual([]);
    expect(pastedLinkHosts("mega.nz/ab cd")).toEqual([]);
    expect(pastedLinkHosts("localhost/abcdef 1.2.3.4/abcdef mega.n/abcdef")).toEqual([]);
    expect(pastedLinkHosts("a-/b-/c-/ ./// a../x.y/")).toEqual([]);
  });
});

// Each run below took a backtracking pattern seconds per 100 KB and grew with
// the square of its length; read once per character, a megabyte takes well under a second.
describe("text built against the patterns", () => {
  for (const [kind, run] of Object.entries(HOSTILE_RUNS)) {
    it(`reads a megabyte of ${kind} in linear time`, () => {
      const text = `luna_rivers leaked ${run(1_000_000)} mega.nz/folder/abc`;
      const doc = plainTextDocument(text, "https://board.example/t/1");
      const ctx = assessLeakContext({ doc, matchers, catalogSite: false });
      expect(ctx.cues.map((c) => c.kind)).toContain("file-host-link");
    }, 15_000);
  }

  it("analyses a whole megabyte page crafted against every pattern", async () => {
    const html = hostilePage("luna_rivers", 1_000_000);
    expect(html.length).toBeGreaterThan(900_000);
    const doc = parseHtmlDocument(html, "https://board.example/t/2");
    const v = await analyzePage(
      { listedUrl: doc.url, finalUrl: doc.url, status: 200, contentType: "text/html", body: Buffer.from(html), truncated: false, fetchedAt: new Date().toISOString(), sha256: "0".repeat(64), robots: null },
      opts,
      { sources: ["test"], doc },
    );
    expect(v.finding?.evidence.matchedNames).toContain("luna_rivers");
  }, 20_000);
});
