import { describe, expect, it } from "vitest";
import { analyzePage, type AnalyzeOptions, type FetchedPage } from "./analyze-page";
import { buildExclusions } from "./exclusions";
import { fileLinksInMatchedBlock } from "./file-hosts";
import { LeakSiteCatalog } from "./leak-site-catalog";
import { buildNameMatchers } from "./name-match";
import { PageTimeLimitError } from "./page-parser-pool";

const identity = {
  stageNames: [
    { platform: "OnlyFans", username: "luna_rivers" },
    { platform: "Instagram", username: "luna.rivers.official" },
  ],
  nicknames: ["Moon Bunny"],
};
const opts: AnalyzeOptions = {
  matchers: buildNameMatchers(identity),
  exclusions: buildExclusions(["partner-site.com"], identity.stageNames),
  catalog: new LeakSiteCatalog([{ id: "hub", name: "Hub", domains: ["leakhub.example"], category: "leak_site", resultSelector: "a" }]),
  references: [],
  maxImagesPerPage: 0,
};

function fetched(url: string, html: string, status = 200): FetchedPage {
  return {
    listedUrl: url,
    finalUrl: url,
    status,
    contentType: "text/html; charset=utf-8",
    body: Buffer.from(html),
    truncated: false,
    fetchedAt: new Date().toISOString(),
    sha256: "0".repeat(64),
    robots: null,
  };
}
const doc = (title: string, body: string, head = "") => `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
const imgs = (n: number) => Array.from({ length: n }, (_, i) => `<img src="/p/${i}.jpg" width="300" height="400">`).join("");
const verdict = (url: string, html: string, status = 200) => analyzePage(fetched(url, html, status), opts, { sources: ["test"] });

describe("pages that are leaks", () => {
  it("a leak post with download links (high, leak site)", async () => {
    const v = await verdict(
      "https://blog.example/luna-rivers-onlyfans-leaked/",
      doc("Luna Rivers OnlyFans Leaked – Free Download", `<h1>Luna Rivers OnlyFans Leaked</h1><p>Download here: <a href="https://pixeldrain.com/u/abc">pixeldrain</a></p>`),
    );
    expect(v.isLeak).toBe(true);
    expect(v.finding!.confidence).toBe("high");
    expect(v.finding!.category).toBe("leak_site");
    expect(v.finding!.evidence.signals.join("|")).toMatch(/file-host-link: pixeldrain.com/);
  });

  it("a forum post pasting a file-host link as text", async () => {
    const v = await verdict("https://board.example/t/991", doc("new stuff", `<h1>luna_rivers</h1><div>all of it: mega.nz/folder/AbC123#xyz enjoy</div>`));
    expect(v.finding?.confidence).toBe("high");
  });

  it("a thin page titled as her leak, without an offer (medium: needs her confirmation)", async () => {
    const v = await verdict("https://thin.example/x", doc("luna_rivers leaks", "<p>Coming soon.</p>"));
    expect(v.finding?.confidence).toBe("medium");
  });

  it("a gallery of many images on a page about her (medium)", async () => {
    const v = await verdict("https://gallery.example/m/luna", doc("Luna Rivers OnlyFans (40 photos)", `<h1>Luna Rivers</h1>${imgs(16)}`));
    expect(v.finding?.confidence).toBe("medium");
  });

  it("her content counted and offered for free (high)", async () => {
    const v = await verdict("https://tube.example/models/luna", doc("Luna Rivers - 48 Videos", `<h1>Luna Rivers</h1><p>Watch Luna Rivers OnlyFans videos for free.</p>`));
    expect(v.finding?.confidence).toBe("high");
  });

  it("a leak titled in Spanish or Portuguese", async () => {
    for (const title of ["Luna Rivers OnlyFans filtrado", "luna_rivers vazados", "Luna Rivers Fotos Filtradas"]) {
      const v = await verdict("https://fotos.example/luna", doc(title, `<h1>${title}</h1><p>85 fotos, 9 videos.</p>`));
      expect(v.finding?.confidence, title).toBe("high");
    }
  });

  it("a social post naming her next to a leak word (medium)", async () => {
    const v = await verdict("https://x.com/someone/status/1", doc("Post on X", `<div>Moon Bunny leaks 🔥 new vids https://t.co/abc</div>`));
    expect(v.finding).toMatchObject({ confidence: "medium", category: "social_media" });
  });

  it("a name written with zero-width characters to dodge filters", async () => {
    expect((await verdict("https://c.example/x", doc("Luna\u200bRivers OnlyFans Leaked", `<a href="https://mega.nz/folder/x">mega</a>`))).isLeak).toBe(true);
  });

  it("a leak that counts 404 photos, or shares deleted pictures", async () => {
    expect((await verdict("https://h.example/x", doc("Luna Rivers OnlyFans Leaked", `<p>404 photos and 20 videos.</p>`))).isLeak).toBe(true);
    expect((await verdict("https://i.example/x", doc("Luna Rivers deleted pics leaked", `<p>30 pics</p>`))).isLeak).toBe(true);
  });

  it("a leak page served without a type, with a byte-order mark", async () => {
    const page = fetched("https://raw.example/x", `\ufeff${doc("Luna Rivers OnlyFans leaked", `<a href="https://mega.nz/folder/x">mega</a>`)}`);
    page.contentType = "application/octet-stream";
    expect((await analyzePage(page, opts, { sources: [] })).isLeak).toBe(true);
  });

  it("a leak under her nickname, on a social network (social media)", async () => {
    const v = await verdict("https://t.me/s/leakchannel/88", doc("Moon Bunny nudes leaked", `<div>Moon Bunny leaked nudes, 30 pics ${imgs(3)} <a href="https://gofile.io/d/x">more</a></div>`));
    expect(v.finding?.category).toBe("social_media");
    expect(v.finding?.evidence.matchedNames).toEqual(["Moon Bunny"]);
  });
});

describe("pages that are not leaks", () => {
  it("a news article about leaks that names her", async () => {
    const p = (s: string) => `<p>${s} ${"The report describes how paid content moves between forums and file hosts, and what platforms said about it in a statement to reporters.".repeat(1)}</p>`;
    const v = await verdict(
      "https://news.example/onlyfans-leaks",
      doc(
        "Luna Rivers OnlyFans leak: what creators can do",
        `<article><h1>Luna Rivers OnlyFans leak: what creators can do</h1><p class="byline">By A. Writer</p>${p("Luna Rivers said her content leaked last year, according to an interview.")}${p("Experts told us the industry has few tools.")}${p("Creators said takedowns are slow.")}${p("A spokesperson declined to comment.")}</article>`,
        '<meta property="og:type" content="article">',
      ),
    );
    expect(v.isLeak).toBe(false);
    expect(v.reason).toBe("article about leaks");
  });

  it("an interview or fan page linking to her official profiles", async () => {
    const v = await verdict(
      "https://mag.example/interview",
      doc("Luna Rivers on her OnlyFans journey", `<h1>Luna Rivers</h1><p>Her 40 photos series.</p>${imgs(14)}<a href="https://onlyfans.com/luna_rivers">OnlyFans</a>`),
    );
    expect(v.isLeak).toBe(false);
    expect(v.reason).toBe("promotes her official profiles");
  });

  it("the words in another sense", async () => {
    for (const [title, body] of [
      ["Luna Rivers Plumbing – roof leak repair", "<p>Luna Rivers fixed the roof leak. Mega sale on pipes. Free download of our checklist.</p>"],
      ["Luna Rivers leaked the news", "<p>Luna Rivers leaked the news of her tour to a friend.</p>"],
      ["Memory leak in luna_rivers parser", "<p>luna_rivers leaks memory when the mega buffer grows.</p>"],
      ["Luna Rivers Lodge – photo gallery", `<h1>Luna Rivers Lodge</h1><p>40 photos of our cabins by the lake.</p>${imgs(16)}`],
      ["OnlyFans for free? Luna Rivers' trial", "<p>Subscribe to Luna Rivers: OnlyFans for free for 30 days, 300 photos inside.</p>"],
      ["Luna Rivers Leaked Album Review", "<h1>Luna Rivers Leaked Album Review</h1><p>The band's album leaked early.</p>"],
      ["Luna Rivers Leak Detection Services", "<h1>Luna Rivers Leak Detection</h1><p>We find water leaks fast. 40 photos of jobs.</p>"],
      ["Creator Luna Rivers says OnlyFans content was leaked", "<article><p>Luna Rivers said on Monday that more than 300 photos were leaked from her account.</p></article>"],
    ] as const) {
      expect((await verdict("https://misc.example/p", doc(title, body))).isLeak, title).toBe(false);
    }
  });

  it("a different creator whose name contains hers, even linking to her in a sidebar", async () => {
    const v = await verdict(
      "https://leakhub.example/luna-riverside-leaked",
      doc("luna_riverside OnlyFans Leaked", `<h1>luna_riverside leaked</h1><a href="https://mega.nz/folder/x">mega</a>${imgs(14)}<aside><a href="/luna-rivers">Luna Rivers</a></aside>`),
    );
    expect(v.isLeak).toBe(false);
    expect(v.reason).toBe("does not name her");
  });

  it("an article explaining how mega links and site-rips spread", async () => {
    const p = (s: string) => `<p>${s} Researchers who studied piracy networks for a year said the pattern repeats across platforms, and experts told reporters that takedowns are slow.</p>`;
    const v = await verdict(
      "https://ledger.example/features/leaks",
      doc(
        "How creator leaks spread",
        `<article><h1>How creator leaks spread</h1><p class="byline">By S. Okafor</p>${p("Leakers post mega links and site-rips on forums.")}${p("Luna Rivers said her content leaked twice.")}${p("A spokesperson declined to comment.")}</article>`,
      ),
    );
    expect(v.isLeak).toBe(false);
  });

  it("someone else's leak that lists her under trending searches", async () => {
    const v = await verdict(
      "https://leaks.example/lunariversxo",
      doc("lunariversxo OnlyFans Leaked", `<main><h1>lunariversxo leaked</h1><a href="https://mega.nz/folder/x">mega</a></main><aside><h3>Trending</h3><p>Luna Rivers · Moon Bunny</p></aside>`),
    );
    expect(v.isLeak).toBe(false);
  });

  it("a leak page whose content was removed, and a search page with no results", async () => {
    const removed = await verdict("https://f.example/x", doc("Luna Rivers OnlyFans Leaked (58 photos)", `<h1>Luna Rivers OnlyFans Leaked</h1><p>This content has been removed following a DMCA notice.</p>`));
    expect(removed.reason).toBe("page says it was removed or not found");
    const empty = await verdict("https://g.example/search?q=luna+rivers+leaked", doc("Search: luna rivers leaked", `<h1>Search results for luna rivers leaked</h1><p>No results found.</p>`));
    expect(empty.isLeak).toBe(false);
  });

  it("a page that does not name her, however leaky", async () => {
    expect((await verdict("https://leakhub.example/other", doc("Someone Else OnlyFans leaked", `<a href="https://mega.nz/x">mega</a>`))).isLeak).toBe(false);
  });

  it("error pages, her own profiles and allow-listed domains", async () => {
    const leaky = doc("Luna Rivers OnlyFans Leaked", `<a href="https://mega.nz/folder/x">mega</a>`);
    expect((await verdict("https://gone.example/x", leaky, 404)).reason).toBe("HTTP 404");
    expect((await verdict("https://WWW.OnlyFans.com/Luna_Rivers/", leaky)).reason).toBe("own-profile");
    expect((await verdict("http://instagram.com/luna.rivers.official?hl=en", leaky)).reason).toBe("own-profile");
    expect((await verdict("https://promo.partner-site.com/luna", leaky)).reason).toBe("allow-list");
  });
});

describe("pages that name her only in disguise", () => {
  const offer = `<p>Download here: <a href="https://pixeldrain.com/u/abc">pixeldrain</a></p>`;

  it("a leetspeak-only leak post is a medium-confidence finding that quotes the disguise", async () => {
    const v = await verdict("https://board.example/t/1", doc("lun4_r1vers OnlyFans Leaked – Free Download", `<h1>lun4_r1vers OnlyFans Leaked</h1>${offer}`));
    expect(v.finding).toMatchObject({ confidence: "medium", evidence: { matchedNames: ["luna_rivers"], evasions: [{ name: "luna_rivers", seen: "lun4_r1vers", forms: ["leetspeak"] }] } });
    expect(v.finding!.evidence.snippet).toContain("lun4_r1vers");
  });

  it("the same post naming her plainly as well stays high", async () => {
    const v = await verdict("https://board.example/t/2", doc("lun4_r1vers OnlyFans Leaked – Free Download", `<h1>Luna Rivers OnlyFans Leaked</h1>${offer}`));
    expect(v.finding?.confidence).toBe("high");
  });

  it("her name in Cyrillic on a Russian page, and not on an English one", async () => {
    const page = (lang: string) => `<!doctype html><html lang="${lang}"><head><title>Луна Риверс OnlyFans слив</title></head><body><h1>Луна Риверс OnlyFans Leaked</h1>${offer}</body></html>`;
    const ru = await verdict("https://sliv.example/luna", page("ru-RU"));
    expect(ru.finding).toMatchObject({ confidence: "medium", evidence: { evasions: [{ seen: "Луна Риверс", forms: ["transliterated"] }] } });
    expect((await verdict("https://sliv.example/luna", page("en"))).isLeak).toBe(false);
  });

  it("someone else whose disguised name contains hers is not her", async () => {
    const v = await verdict("https://board.example/t/3", doc("lun4_r1verside OnlyFans Leaked", `<h1>lun4_r1verside OnlyFans Leaked</h1>${offer}`));
    expect(v.isLeak).toBe(false);
  });
});

describe("the file-host links of a leak page", () => {
  const post = doc("luna_rivers OnlyFans leaked", `<article class="post">luna_rivers full set <a href="https://gofile.io/d/Her1Go">gofile</a></article><article class="post">other set <a href="https://gofile.io/d/Oth1Go">gofile</a></article>`);

  it("are leaks of their own, read where the page reader reads (her post's only)", async () => {
    const asked: string[] = [];
    const v = await analyzePage(fetched("https://board.example/t/9", post), { ...opts, fileLinks: async (input) => (asked.push(input.pageUrl), fileLinksInMatchedBlock(input)) }, { sources: ["test"] });
    expect(v.finding?.confidence).toBe("high");
    expect(v.linkedFiles.map((f) => f.url)).toEqual(["https://gofile.io/d/Her1Go"]);
    expect(asked).toEqual(["https://board.example/t/9"]);
  });

  it("past the page time limit, the page is still the leak it was judged, without file links", async () => {
    const v = await analyzePage(fetched("https://board.example/t/9", post), { ...opts, fileLinks: () => Promise.reject(new PageTimeLimitError("https://board.example/t/9", 100)) }, { sources: ["test"] });
    expect(v.isLeak).toBe(true);
    expect(v.finding?.confidence).toBe("high");
    expect(v.linkedFiles).toEqual([]);
  });
});
