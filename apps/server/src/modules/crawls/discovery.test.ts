import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { fileURLToPath } from "node:url";
import { pdqCropHashes } from "@leakwarden/pdq/pdq-crops";
import { pdqHashOrientationsExact } from "@leakwarden/pdq/pdq-hash";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeForHashing } from "../../scanner/image-match";
import { loadLeakSiteCatalog } from "../../scanner/leak-site-catalog";
import { runScan } from "../../scanner/run-scan";
import { parseScannerSettings } from "../../scanner/scanner-settings";
import { startCrawlFixtureWeb, type CrawlFixtureWeb } from "@leakwarden/test-support/fake-web/crawl-fixture-web";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

/**
 * Discovery without her name being searchable, end to end: a web of two forums (XenForo,
 * Discourse), a paged tube/gallery site and her own promo site, behind the test forward proxy,
 * whose web search lists none of the leaks. Crawling it finds every post that names her in
 * disguise or shows her photos with no text at all, and nothing else; a creator who joins after
 * the crawl sees the copies of her photos from the shared image index, without a new crawl (how fast:
 * bench/index-bench.ts).
 */

const pdqReference = (name: string) => fileURLToPath(new URL(`../../../../../packages/pdq/reference/${name}`, import.meta.url));
// Her photos, and another creator's (the same images are "other people" to each of them).
const lunaPhotos = { beach: readFileSync(fixturePath("reference-photo.jpg")), park: readFileSync(pdqReference("q1050.jpg")), garden: readFileSync(pdqReference("q0291.jpg")) };
const maraPhotos = { studio: readFileSync(pdqReference("q0122.jpg")), street: readFileSync(fixturePath("other-photo.jpg")), bridge: readFileSync(fixturePath("third-photo.jpg")) };

/** What the browser sends for a reference photo (hash-image.ts). */
async function hashLikeTheBrowser(bytes: Buffer) {
  const { hashes, quality } = pdqHashOrientationsExact(await decodeForHashing(bytes, 1024));
  return { hashes, quality, crops: pdqCropHashes(await decodeForHashing(bytes, 512), undefined, { turns: true }) };
}

async function watermarked(bytes: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const mark = Buffer.from(
    `<svg width="${width}" height="${height}"><text x="${width - 20}" y="${height - 20}" font-size="${Math.round(height / 14)}" text-anchor="end" fill="white" fill-opacity="0.7" font-family="sans-serif">leakfans.example</text></svg>`,
  );
  return sharp(bytes).composite([{ input: mark }]).jpeg({ quality: 75 }).toBuffer();
}

async function cropped(bytes: Buffer, fraction: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  return sharp(bytes).extract({ left: 0, top: 0, width: width - Math.round(width * fraction), height }).jpeg({ quality: 80 }).toBuffer();
}

type Leak = {
  url: string;
  confidence: string;
  status: string;
  evidence: {
    foundBy?: string;
    linkedFrom?: unknown;
    signals: string[];
    matchedNames: string[];
    evasions?: Array<{ name: string; seen: string; forms: string[] }>;
    discovery?: { how: string; site: string };
    imageMatches: Array<{ imageUrl: string; referenceId: string; distance: number; variant: string }>;
  };
};

const jpeg = (body: Buffer) => ({ contentType: "image/jpeg", body });
const img = (path: string) => `<p><a href="${path}"><img src="${path}" alt=""></a></p>`;

describe("discovery by crawling: names that cannot hide and images with no text", () => {
  let web: CrawlFixtureWeb;
  let services: TestServices;
  let luna: TestClient;
  let ivy: TestClient;
  const refIds: Record<string, string> = {};
  /** Luna's leaks by case: found by crawling, how they must say they were found. */
  const cases: Array<{ url: string; how: "name"; seen: string; forms: string[]; medium: boolean } | { url: string; how: "image"; photo: keyof typeof lunaPhotos; variant?: RegExp }> = [];
  const traps: string[] = [];
  const maraLeaks: string[] = [];
  let crawlRequests = 0;
  let maraClient: TestClient | undefined;

  beforeAll(async () => {
    const copy = {
      resized: await sharp(lunaPhotos.beach).resize({ width: 320 }).jpeg({ quality: 85 }).toBuffer(),
      watermarked: await watermarked(lunaPhotos.park),
      mirrored: await sharp(lunaPhotos.beach).flop().jpeg({ quality: 85 }).toBuffer(),
      cropped: await cropped(lunaPhotos.beach, 0.06),
      reencoded: await sharp(lunaPhotos.garden).webp({ quality: 40 }).toBuffer(),
      promo: await sharp(lunaPhotos.garden).resize({ width: 500 }).jpeg({ quality: 80 }).toBuffer(),
    };
    const files: Record<string, { contentType: string; body: Buffer }> = {
      "/attachments/a-2201.jpg": jpeg(copy.resized),
      "/attachments/a-2202.jpg": jpeg(copy.watermarked),
      "/attachments/a-2203.jpg": { contentType: "image/webp", body: await sharp(maraPhotos.street).webp({ quality: 50 }).toBuffer() },
      "/uploads/default/original/2X/f3a1.jpeg": jpeg(copy.mirrored),
      "/uploads/default/original/2X/f3a2.jpeg": jpeg(copy.cropped),
      "/uploads/default/original/2X/f3a3.jpeg": jpeg(await sharp(maraPhotos.bridge).flop().jpeg({ quality: 80 }).toBuffer()),
      "/media/gallery/g-77.webp": { contentType: "image/webp", body: copy.reencoded },
      "/wp-content/uploads/backstage.jpg": jpeg(copy.promo),
      "/attachments/a-2301.jpg": jpeg(await sharp(maraPhotos.studio).flop().jpeg({ quality: 80 }).toBuffer()),
      "/uploads/default/original/2X/m9.jpeg": jpeg(await sharp(maraPhotos.street).resize({ width: 400 }).jpeg({ quality: 70 }).toBuffer()),
      "/media/gallery/g-78.jpg": jpeg(await watermarked(maraPhotos.bridge)),
    };
    web = await startCrawlFixtureWeb({ files, xenforoPageSize: 4, discoursePageSize: 4, latencyMs: 5 });
    const name = (url: string, seen: string, forms: string[]) => cases.push({ url, how: "name", seen, forms, medium: forms.length > 0 });
    const image = (url: string, photo: keyof typeof lunaPhotos, variant?: RegExp) => cases.push({ url, how: "image", photo, ...(variant ? { variant } : {}) });

    // XenForo: look-alike letters, dotted, image-only (resized, watermarked); traps.
    name(web.addThread("fresh-of-pack-2211", "lunа_rіvеrs OnlyFans leaked pack", "<p>lunа_rіvеrs leaked, 200 photos https://mega.nz/folder/Cy1R#k</p>"), "lunа_rіvеrs", ["lookalike"]);
    name(web.addThread("new-set-8812", "New set leaked – 150 pics", "<p>l.u.n.a r.i.v.e.r.s onlyfans leaked, 150 pics: https://gofile.io/d/Dt0001</p>"), "l.u.n.a r.i.v.e.r.s", ["dotted"]);
    image(web.addThread("pics-2201", "pics 🔥", img("/attachments/a-2201.jpg")), "beach");
    image(web.addThread("pics-2202", "more", img("/attachments/a-2202.jpg")), "park");
    // Images of other people (another creator's photos, re-posted): hers to see once she joins, never Luna's.
    maraLeaks.push(web.addThread("pics-2203", "pics 🔥🔥", img("/attachments/a-2203.jpg")));
    traps.push(
      web.addThread(
        "lun4-r1verside-mega",
        "lun4_r1verside OnlyFans leaked mega",
        `<p>lun4_r1verside full leak, 1.2 GB: https://mega.nz/folder/Rs1d#k</p><img src="http://127.0.0.1:5432/a.jpg"><img src="http://169.254.169.254/latest/meta-data/i.jpg"><img src="http://localhost:3000/x.jpg"><img src="http://[::1]/y.jpg">`,
      ),
    );
    traps.push(web.addThread("drone-footage-2209", "Moon light over Luna Park – leaked drone footage", "<p>we watched the moon light over luna park, leaked drone footage, 40 photos https://mega.nz/folder/Dr0n#k</p>"));
    maraLeaks.push(web.addThread("pics-2301", "studio pics", img("/attachments/a-2301.jpg")));

    // Discourse: spaced out, a hashtag, image-only (mirrored, cropped); traps.
    name(web.addTopic("full-pack-2-gb", "Full pack leaked (2 GB)", "<p>l u n a  r i v e r s full leak, 2 GB: <a href=\"https://mega.nz/folder/Sp4c#k\">mega</a> 340 photos</p>"), "l u n a r i v e r s", ["spaced"]);
    name(web.addTopic("trending-pack", "Trending: full OF pack leaked", '<p>#LunaRivers #leaked full OnlyFans pack, 900 photos <a href="https://gofile.io/d/Hs7001">gofile</a></p>'), "LunaRivers", []);
    image(web.addTopic("new-pics-f3a1", "new pics", img("/uploads/default/original/2X/f3a1.jpeg")), "beach", /flipY/);
    image(web.addTopic("new-pics-f3a2", "new pics 2", img("/uploads/default/original/2X/f3a2.jpeg")), "beach");
    maraLeaks.push(web.addTopic("new-pics-f3a3", "new pics 3", img("/uploads/default/original/2X/f3a3.jpeg")));
    traps.push(web.addTopic("moonlight-lunatics-setlist", "Moonlight Lunatics tour leaked setlist", '<p>Moonlight Lunatics tour leaked: setlist and 25 photos <a href="https://mega.nz/folder/Tour#k">mega</a></p>'));
    maraLeaks.push(web.addTopic("garden-set", "garden set", img("/uploads/default/original/2X/m9.jpeg")));

    // The tube/gallery site (paged): CamelCase of her nickname, a re-encoded image; a trap.
    name(web.addVideo("new-video-77", "MoonlightLuna leaked OnlyFans video", '<h1>MoonlightLuna leaked OnlyFans video</h1><p>Download: <a href="https://mega.nz/file/Cm1#k">mega</a> 1080p</p>'), "MoonlightLuna", []);
    image(web.addVideo("gallery-77", "Gallery 77", `<h1>Gallery 77</h1><img src="/media/gallery/g-77.webp" alt="">`), "garden");
    maraLeaks.push(web.addVideo("gallery-78", "Gallery 78", `<h1>Gallery 78</h1><img src="/media/gallery/g-78.jpg" alt="">`));

    // Her own promo site (allow-listed): her photo and her name in leak words, never a leak.
    traps.push(web.addPromoPost("backstage-set", "#LunaRivers backstage: the leaked set? It's on my OnlyFans", `<p>#LunaRivers leaked? No, backstage, 300 photos</p>${img("/wp-content/uploads/backstage.jpg")}`));

    services = await createTestServices({ ...web.settings, CRAWL_ENABLED: "false", SCAN_MAX_QUERIES: "2" });
    luna = await signUpAndConfirm(services, "luna.discovery@example.com");
    ivy = await signUpAndConfirm(services, "ivy.discovery@example.com");
    expect((await luna.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: ["Moon Bunny", "moonlight luna"], allowlist: ["lunapromo.example"], specific: "" })).status).toBe(200);
    expect((await ivy.post("/v1/root/update-profile-all", { platforms: { onlyfans: "ivy_vale" }, nicknames: [], allowlist: [], specific: "" })).status).toBe(200);
    for (const [label, bytes] of Object.entries(lunaPhotos)) {
      const res = await luna.post("/v1/reference-images", { label, ...(await hashLikeTheBrowser(bytes)) });
      expect(res.status).toBe(201);
      refIds[label] = (await res.json()).id;
    }
  }, 180_000);

  afterAll(async () => {
    await services?.close();
    await web?.close();
  });

  it("the web search lists none of them: a scan of her names finds none", async () => {
    const identity = { stageNames: [{ platform: "OnlyFans", username: "luna_rivers" }], nicknames: ["Moon Bunny", "moonlight luna"], allowlist: ["lunapromo.example"], specific: "" };
    const scanned = await runScan({ identity, referenceHashes: [] }, { settings: parseScannerSettings({ ...web.settings, SCAN_MAX_QUERIES: "2", SCAN_BUDGET_MS: "20000" }), catalog: await loadLeakSiteCatalog(web.catalogPath) });
    expect(scanned.analysedUrls.length).toBeGreaterThan(0);
    const leakUrls = [...web.leaks, ...cases.map((c) => c.url)];
    // None through the search; one a page it reads lists as hers may be read on its own page.
    const bySearch = scanned.leaks.filter((l) => leakUrls.includes(l.url) && !l.evidence.sources.every((s) => s === "listed on a page read"));
    expect(bySearch.map((l) => l.url)).toEqual([]);
  }, 30_000);

  it("crawling finds every disguised name and every copy of her photos, and nothing else (recall and precision 100%)", async () => {
    const before = web.proxy.records.length;
    for (const siteId of web.siteIds) expect((await services.crawls.runSite(siteId)).outcome, siteId).toBe("completed");
    crawlRequests = web.requests.length;

    // The pages (the file-host links in her posts are leaks of their own: scanner/file-hosts.ts).
    const found: Leak[] = ((await (await luna.get("/v1/leaks?pageSize=100")).json()).items as Leak[]).filter((l) => !l.evidence.linkedFrom);
    const expected = [...web.leaks, ...cases.map((c) => c.url)].sort();
    const urls = found.map((l) => l.url).sort();
    const truePositives = urls.filter((u) => expected.includes(u)).length;
    expect({ recall: truePositives / expected.length, precision: truePositives / Math.max(1, urls.length) }).toEqual({ recall: 1, precision: 1 });
    expect(urls).toEqual(expected);
    for (const t of [...traps, ...web.traps, ...maraLeaks]) expect(urls).not.toContain(t);

    // Each finding says how it was found.
    const byUrl = new Map(found.map((l) => [l.url, l]));
    for (const c of cases) {
      const l = byUrl.get(c.url)!;
      expect(l.status, c.url).toBe("new");
      if (c.how === "name") {
        expect(l.evidence.discovery?.how, c.url).toBe("crawl");
        expect(l.evidence.signals[0], c.url).toMatch(/^crawl: new (?:thread or post|topic or post|page) on /);
        if (c.forms.length > 0) {
          expect(l.evidence.evasions, c.url).toEqual([{ name: "luna_rivers", seen: c.seen, forms: c.forms }]);
          expect(l.confidence, c.url).toBe("medium");
        } else {
          expect(l.evidence.evasions, c.url).toBeUndefined();
          expect(l.evidence.matchedNames.length, c.url).toBeGreaterThan(0);
        }
      } else {
        expect(l.confidence, c.url).toBe("medium");
        expect(l.evidence.foundBy, c.url).toBe("image-index");
        const m = l.evidence.imageMatches[0]!;
        expect(m.referenceId, c.url).toBe(refIds[c.photo]);
        expect(l.evidence.signals[0], c.url).toBe(`image matched your reference '${c.photo}' at distance ${m.distance}`);
        if (c.variant) expect(m.variant, c.url).toMatch(c.variant);
      }
    }
    // The leetspeak post of the fixture is evasion-only too.
    const leet = byUrl.get(web.leaks.find((u) => u.includes("lun4-r1vers"))!)!;
    expect(leet.confidence).toBe("medium");
    expect(leet.evidence.evasions?.[0]).toMatchObject({ seen: "lun4_r1vers", forms: ["leetspeak"] });

    // Another creator sees none of hers, only her own.
    const ivys: Leak[] = (await (await ivy.get("/v1/leaks?pageSize=100")).json()).items;
    expect(ivys.map((l) => l.url).sort()).toEqual([...web.ivyLeaks].sort());

    // Only the fixture's hosts were asked, through the proxy: no private address, whatever the pages linked to.
    const known = new Set([...Object.values(web.hosts), "search.example"]);
    const asked = web.proxy.records.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    for (const r of web.proxy.records) {
      expect(known.has(r.host), r.host).toBe(true);
      expect(isIP(r.host.replace(/^\[|\]$/g, "")), r.host).toBe(0);
    }
  }, 60_000);

  it("a creator who joins after the crawl adds three reference photos and sees the copies from the index without a new crawl", async () => {
    const mara = await signUpAndConfirm(services, "mara.discovery@example.com");
    await services.queue.startWorkers();
    const hashed = await Promise.all(Object.entries(maraPhotos).map(async ([label, bytes]) => ({ label, ...(await hashLikeTheBrowser(bytes)) })));
    const added = Date.now();
    const maraRefs: Record<string, string> = {};
    for (const { label, ...hashes } of hashed) {
      const res = await mara.post("/v1/reference-images", { label, ...hashes });
      expect(res.status).toBe(201);
      maraRefs[label] = (await res.json()).id;
    }
    // They appear by themselves (the match job): polled with a generous ceiling for a loaded machine.
    let found: Leak[] = [];
    while (Date.now() - added < 120_000) {
      found = (await (await mara.get("/v1/leaks?pageSize=50")).json()).items;
      if (found.length >= maraLeaks.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(found.map((l) => l.url).sort()).toEqual([...maraLeaks].sort());
    for (const l of found) {
      expect(l.confidence).toBe("medium");
      expect(l.evidence.foundBy).toBe("image-index");
      expect(Object.values(maraRefs)).toContain(l.evidence.imageMatches[0]!.referenceId);
    }
    // No new crawl: the fixture web was not asked anything since.
    expect(web.requests.length).toBe(crawlRequests);
    // Luna's list is unchanged by her arrival; her photos' copies stay Luna's alone.
    const lunas: Leak[] = (await (await luna.get("/v1/leaks?pageSize=100")).json()).items;
    for (const u of maraLeaks) expect(lunas.map((l) => l.url)).not.toContain(u);
    expect(found.map((l) => l.url)).not.toContain(cases.find((c) => c.how === "image")!.url);
    maraClient = mara;
  }, 180_000);

  it("a known image re-posted on a new page is not fetched again, and is a leak on its new page", async () => {
    const imageRequests = () => web.requests.filter((r) => r.path === "/attachments/a-2201.jpg" || r.path === "/uploads/default/original/2X/m9.jpeg").length;
    const before = imageRequests();
    expect(before).toBe(2);
    const repost = web.addThread("pics-2401", "pics again", img("/attachments/a-2201.jpg"));
    const maraRepost = web.addTopic("garden-set-again", "garden set (again)", img("/uploads/default/original/2X/m9.jpeg"));
    const forum = await services.crawls.runSite("leakfans");
    const talk = await services.crawls.runSite("modleaks");
    expect([forum.outcome, talk.outcome]).toEqual(["completed", "completed"]);
    expect(forum.imagesKnown + talk.imagesKnown).toBe(2);
    expect(imageRequests()).toBe(before);

    const lunas: Leak[] = (await (await luna.get("/v1/leaks?pageSize=100")).json()).items;
    const l = lunas.find((x) => x.url === repost)!;
    expect(l.evidence.foundBy).toBe("image-index");
    expect(l.evidence.imageMatches[0]).toMatchObject({ imageUrl: "http://forum.leakfans.example/attachments/a-2201.jpg", referenceId: refIds.beach });
    expect(lunas.map((x) => x.url)).not.toContain(maraRepost);
    const maras: Leak[] = (await (await maraClient!.get("/v1/leaks?pageSize=100")).json()).items;
    expect(maras.map((x) => x.url).sort()).toEqual([...maraLeaks, maraRepost].sort());
  }, 30_000);
});
