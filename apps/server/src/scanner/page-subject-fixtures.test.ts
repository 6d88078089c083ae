import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { analyzePage, type AnalyzeOptions } from "./analyze-page";
import { buildExclusions } from "./exclusions";
import { parseHtmlDocument } from "./html-document";
import { LeakSiteCatalog } from "./leak-site-catalog";
import { buildNameMatchers } from "./name-match";

/**
 * Pages real WordPress rendered (Debian's wordpress package, its three stock themes, posts written
 * through WordPress's own API: scripts/wordpress-fixtures/, fixtures/wordpress/SOURCES.md), read as a
 * scan reads them. Her posts name her in the title, the body, a tag, a category or an image caption;
 * the other creators' posts name her only in the recent-posts list, the tag cloud, a footer widget, a
 * "related posts" block or a comment; the front page, the archives and the search list her posts.
 */
const FIXTURES = fileURLToPath(new URL("../../../../packages/test-support/src/fake-web/fixtures/wordpress/", import.meta.url));
const THEMES = ["twentytwentyone", "twentytwentytwo", "twentytwentythree"] as const;
const ORIGIN = "http://127.0.0.1:8099";

const identity = { stageNames: [{ platform: "OnlyFans", username: "sablewren" }], nicknames: ["Sable Wren"] };
const opts: AnalyzeOptions = {
  matchers: buildNameMatchers(identity),
  exclusions: buildExclusions([], identity.stageNames),
  catalog: new LeakSiteCatalog([]),
  references: [],
  maxImagesPerPage: 0,
};

/** Page, its address, and whether it is hers (the place her name is in), else null. */
export const WORDPRESS_PAGES: Array<{ page: string; path: string; hers: "title" | "body" | "tags" | "media" | null }> = [
  { page: "title-leak", path: "/title-leak/", hers: "title" },
  { page: "body-leak", path: "/body-leak/", hers: "body" },
  { page: "tag-leak", path: "/tag-leak/", hers: "tags" },
  { page: "category-leak", path: "/category-leak/", hers: "tags" },
  { page: "caption-leak", path: "/caption-leak/", hers: "body" },
  { page: "marla-sidebar", path: "/marla-sidebar/", hers: null },
  { page: "dana-comment", path: "/dana-comment/", hers: null },
  { page: "ivy-related", path: "/ivy-related/", hers: null },
  { page: "sable-wren-brown-palette", path: "/sable-wren-brown-palette/", hers: null },
  { page: "index", path: "/", hers: null },
  { page: "tag-archive", path: "/tag/sable-wren/", hers: null },
  { page: "category-archive", path: "/category/sable-wren/", hers: null },
  { page: "date-archive", path: "/2024/03/", hers: null },
  { page: "search", path: "/?s=sable+wren", hers: null },
];

function fetched(body: Buffer, url: string) {
  return { listedUrl: url, finalUrl: url, status: 200, contentType: "text/html; charset=utf-8", body, truncated: false, fetchedAt: "2026-12-01T00:00:00.000Z", sha256: "0".repeat(64), robots: null };
}
const page = (theme: string, name: string, path: string) => fetched(readFileSync(`${FIXTURES}${theme}/${name}.html`), `${ORIGIN}${path}`);
/** The same page with nothing left that says WordPress (its generator, its body classes): a theme nobody described. */
const unbranded = (theme: string, name: string, path: string) => {
  const html = readFileSync(`${FIXTURES}${theme}/${name}.html`, "utf8").replace(/<body class="[^"]*"/, "<body").replace(/<meta name="generator"[^>]*>/g, "");
  return fetched(Buffer.from(html), `${ORIGIN}${path}`);
};

describe.each(THEMES)("WordPress, %s theme", (theme) => {
  it.each(WORDPRESS_PAGES.flatMap((p) => [{ ...p, as: "WordPress" }, { ...p, as: "unbranded" }]))("$page ($as): hers $hers", async ({ page: name, path, hers, as }) => {
    const v = await analyzePage((as === "WordPress" ? page : unbranded)(theme, name, path), opts, { sources: ["test"] });
    if (hers === null) {
      expect(v.isLeak, v.reason).toBe(false);
      return;
    }
    expect(v.isLeak, v.reason).toBe(true);
    expect(v.finding!.evidence.matchedIn).toContain(hers);
    // Found only in a tag or category: she confirms it; in the post itself with its offer, it may be sent.
    expect(v.finding!.confidence).toBe(hers === "tags" ? "medium" : "high");
  });

  it("reads the front page and the archives as listings of her posts", () => {
    for (const [name, path] of [["index", "/"], ["tag-archive", "/tag/sable-wren/"], ["date-archive", "/2024/03/"]] as const) {
      const doc = parseHtmlDocument(readFileSync(`${FIXTURES}${theme}/${name}.html`, "utf8"), `${ORIGIN}${path}`);
      expect(doc.structure, name).toBe("listing");
    }
  });
});

describe("a tube's video pages (Kernel Video Sharing's layout, fixtures/tube)", () => {
  const TUBE = fileURLToPath(new URL("../../../../packages/test-support/src/fake-web/fixtures/tube/", import.meta.url));
  const video = (file: string, url: string) => fetched(readFileSync(`${TUBE}${file}`), url);

  it("her own video page is hers, found in its title and its models", async () => {
    const v = await analyzePage(video("kvs-video-hers.html", "https://www.tubeleaks.example/videos/61011/sable-wren-beach-clip/"), opts, { sources: ["test"] });
    expect(v.isLeak, v.reason).toBe(true);
    expect(v.finding!.evidence.matchedIn).toEqual(expect.arrayContaining(["title", "tags"]));
    // Her video's own screenshots are the page's media; the related videos' thumbnails are not.
    const doc = parseHtmlDocument(readFileSync(`${TUBE}kvs-video-hers.html`, "utf8"), "https://www.tubeleaks.example/videos/61011/sable-wren-beach-clip/");
    expect(doc.images.filter((i) => i.inSubject !== false).map((i) => i.src)).toEqual(expect.arrayContaining([expect.stringContaining("/61011/180x135/1.jpg")]));
    expect(doc.images.filter((i) => i.src.includes("/61020/")).every((i) => i.inSubject === false)).toBe(true);
  });

  it("another creator's video that lists hers under Related Videos is not hers; her videos there are pages to read", async () => {
    const url = "https://www.tubeleaks.example/videos/61020/marla-quinn-shower-clip/";
    const v = await analyzePage(video("kvs-video-other.html", url), opts, { sources: ["test"] });
    expect(v.isLeak, v.reason).toBe(false);
    const doc = parseHtmlDocument(readFileSync(`${TUBE}kvs-video-other.html`, "utf8"), url);
    expect(doc.structure).toBe("subject");
    expect(doc.images.filter((i) => i.alt.includes("Sable Wren")).every((i) => i.inSubject === false)).toBe(true);
    expect((doc.listed ?? []).filter((l) => l.text.includes("Sable Wren")).map((l) => l.href)).toEqual([
      "https://www.tubeleaks.example/videos/61011/sable-wren-beach-clip/",
      "https://www.tubeleaks.example/videos/61024/sable-wren-mirror-selfies/",
    ]);
  });
});
