import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "@leakwarden/test-support/fake-web/local-search-web";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

// A forum thread: her post shares three file-host links; another member's post shares another
// creator's; the sidebar and the footer link packs of the site's own. On PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
const thread = `<!doctype html><html><head><title>OnlyFans leaks megathread — page 3</title></head><body>
<nav><a href="https://gofile.io/d/NavPak">Site pack</a></nav>
<main>
  <article class="message message--post" id="js-post-101">
    <div class="message-user">uploader1</div>
    <div class="bbWrapper">luna_rivers OnlyFans leaked full pack, 2.3 GB
      <a href="https://gofile.io/d/HerGo1?utm_source=forum">gofile</a>
      <a href="https://mega.nz/file/HerMega1#SecretDecryptionKey0123">mega</a>
      mirror: pixeldrain.com/u/HerPix12
      <a href="https://krakenfiles.com/view/allowd1234/file.html">kraken</a>
    </div>
  </article>
  <article class="message message--post" id="js-post-102">
    <div class="message-user">uploader2</div>
    <div class="bbWrapper">mia_moon OnlyFans leaked <a href="https://gofile.io/d/MiaGo1">gofile</a> mega.nz/file/MiaMega1#k</div>
  </article>
</main>
<aside class="sidebar"><h3>Trending</h3><a href="https://bunkr.si/a/SideAl1">luna_rivers album</a></aside>
<footer><a href="https://pixeldrain.com/u/Footer1">backup</a></footer>
</body></html>`;

// Her name only in disguise: the page waits for her confirmation, and so does its link.
const disguised = `<!doctype html><html><head><title>New leaks</title></head><body><main>
<div class="post" id="post-7">lun4_r1vers OnlyFans leaked pack <a href="https://gofile.io/d/DisGo1">gofile</a> <a href="https://gofile.io/d/HerGo1">same pack</a></div>
</main></body></html>`;

describe("file-host links in a matched post become leaks of their own", () => {
  let services: TestServices;
  let web: LocalSearchWeb;
  let luna: TestClient;

  beforeAll(async () => {
    web = await startLocalSearchWeb({ pages: { "/threads/megathread": thread, "/posts/7": disguised } });
    services = await createTestServices(localScanSettings(web));
    luna = await signUpAndConfirm(services, "luna-files@example.com");
    await luna.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: ["krakenfiles.com"], specific: "" });
  });
  afterAll(async () => {
    await services?.close();
    await web?.close();
  });

  it("lists her post's gofile, mega and pixeldrain links beside the page, each saying where it was found; nobody else's, no sidebar's", async () => {
    const started = await (await luna.post("/v1/scans", {})).json();
    await services.queue.runDue(["scan.run"]);
    expect((await (await luna.get(`/v1/scans/${started.id}`)).json()).status).toBe("completed");

    const list = await (await luna.get("/v1/leaks?pageSize=100")).json();
    const byUrl = new Map<string, Record<string, unknown> & { evidence: Record<string, unknown> }>(list.items.map((l: { url: string }) => [l.url, l]));
    const pageUrl = `${web.origin}/threads/megathread`;
    expect([...byUrl.keys()].sort()).toEqual(
      [pageUrl, `${web.origin}/posts/7`, "https://gofile.io/d/HerGo1", "https://mega.nz/file/HerMega1", "https://pixeldrain.com/u/HerPix12", "https://gofile.io/d/DisGo1"].sort(),
    );

    const page = byUrl.get(pageUrl)!;
    expect(page.confidence).toBe("high");
    for (const [url, domain] of [
      ["https://gofile.io/d/HerGo1", "gofile.io"],
      ["https://mega.nz/file/HerMega1", "mega.nz"],
      ["https://pixeldrain.com/u/HerPix12", "pixeldrain.com"],
    ] as const) {
      const file = byUrl.get(url)!;
      expect(file, url).toMatchObject({ domain, confidence: "high", category: "leak_site", status: "new" });
      expect(file.evidence.signals).toContain(`linked from ${pageUrl} where your name matched`);
      expect(file.evidence.linkedFrom).toMatchObject({ pageUrl, matchedBy: "name", matchedNames: ["luna_rivers"], foundIn: "post", imageMatches: [] });
    }
    // The mega link's decryption key is not stored anywhere.
    expect(JSON.stringify(list)).not.toContain("SecretDecryptionKey0123");
    expect(byUrl.get("https://mega.nz/file/HerMega1")!.evidence.linkedFrom).toMatchObject({ service: "mega", kind: "file", keyOnPage: true });

    // The same file linked from two pages is one leak, at the higher page's confidence.
    expect(list.items.filter((l: { url: string }) => l.url === "https://gofile.io/d/HerGo1")).toHaveLength(1);

    // A medium page's link is medium too: it waits for her confirmation like the page.
    expect(byUrl.get(`${web.origin}/posts/7`)!.confidence).toBe("medium");
    expect(byUrl.get("https://gofile.io/d/DisGo1")!.confidence).toBe("medium");
  });
});
