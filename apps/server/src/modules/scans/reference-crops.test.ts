import { readFileSync } from "node:fs";
import { cropPixels, PDQ_REFERENCE_CROPS, pdqCropHashes, pdqCropLabel } from "@leakwarden/pdq/pdq-crops";
import { pdqHashDihedral, pdqHashOrientationsExact } from "@leakwarden/pdq/pdq-hash";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeForHashing } from "../../scanner/image-match";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "@leakwarden/test-support/fake-web/local-search-web";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

/**
 * A reference image added as the web client adds it (its hashes and its crops'
 * hashes, computed from the file; never the file), then a scan of a page
 * showing a cropped copy of it: found through the stored crop hashes.
 */

const photo = readFileSync(fixturePath("reference-photo.jpg"));

/** What the browser computes (hash-image.ts): the photo's hashes at ≤ 1024 px, its crops' at ≤ 512 px. */
async function hashLikeTheBrowser(bytes: Buffer) {
  const { hashes, quality } = pdqHashOrientationsExact(await decodeForHashing(bytes, 1024));
  return { hashes, quality, crops: pdqCropHashes(await decodeForHashing(bytes, 512)) };
}

/** What clients sent before crops carried one hash: each crop's eight orientations. */
async function legacyCrops(bytes: Buffer) {
  const px = await decodeForHashing(bytes, 512);
  return PDQ_REFERENCE_CROPS.slice(0, 99).map((c) => ({ transform: pdqCropLabel(c), ...pdqHashDihedral(cropPixels(px, c)!) }));
}

/** The photo with the given fractions cut off its left, top, right and bottom, re-encoded; mirrored left to right if asked. */
async function croppedCopy([l, t, r, b]: [number, number, number, number], mirrored = false): Promise<Buffer> {
  const { width: W = 0, height: H = 0 } = await sharp(photo).metadata();
  const left = Math.round(W * l);
  const top = Math.round(H * t);
  const cut = sharp(photo).extract({ left, top, width: W - left - Math.round(W * r), height: H - top - Math.round(H * b) });
  return (mirrored ? cut.flop() : cut).jpeg({ quality: 80 }).toBuffer();
}

describe("reference images with crop hashes", () => {
  let services: TestServices;
  let web: LocalSearchWeb;
  let ref: Awaited<ReturnType<typeof hashLikeTheBrowser>>;
  let ava: TestClient;
  let bea: TestClient;
  let cleo: TestClient;

  beforeAll(async () => {
    // The leaked copies, each on a page of its own: 7% cut off the right and the bottom (a corner
    // logo trimmed); the same, mirrored; and unequal cuts on three sides.
    const page = (n: number) => `<!doctype html><html><head><title>Upload #${n} – PixVault</title></head><body><h1>Upload #${n}</h1><img src="/img/${n}.jpg" alt=""></body></html>`;
    const jpeg = (body: Buffer) => ({ contentType: "image/jpeg", body });
    // The search lists the pages; the images are only reached from them.
    web = await startLocalSearchWeb({
      pages: { "/p/77": page(77), "/p/78": page(78), "/p/79": page(79) },
      files: {
        "/img/77.jpg": jpeg(await croppedCopy([0, 0, 0.07, 0.07])),
        "/img/78.jpg": jpeg(await croppedCopy([0, 0, 0.07, 0.07], true)),
        "/img/79.jpg": jpeg(await croppedCopy([0.04, 0.06, 0, 0.07])),
      },
    });
    ref = await hashLikeTheBrowser(photo);
    services = await createTestServices(localScanSettings(web, { SCAN_MAX_QUERIES: "1" }));
    ava = await signUpAndConfirm(services, "ava.crops@example.com");
    bea = await signUpAndConfirm(services, "bea.crops@example.com");
    cleo = await signUpAndConfirm(services, "cleo.crops@example.com");
    for (const c of [ava, bea, cleo]) await c.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });
  }, 60_000);

  afterAll(async () => {
    await services?.close();
    web?.server.close();
  });

  it("refuses malformed crops with a clear error", async () => {
    const good = ref.crops[0]!;
    const { hashes } = pdqHashDihedral(await decodeForHashing(photo, 512));
    const cases: Array<[unknown, string]> = [
      [[{ ...good, transform: "zoom 5%" }], "crops.0.transform"],
      [[{ ...good, hash: "xyz" }], "crops.0.hash"],
      // One hash, or the eight of the older form: not both, not neither.
      [[{ ...good, hashes }], "crops.0.hash"],
      [[{ transform: good.transform, quality: good.quality }], "crops.0.hash"],
      [[{ transform: good.transform, quality: good.quality, hashes: { ...hashes, flipX: "xyz" } }], "crops.0.hashes.flipX"],
      [[{ transform: good.transform, quality: good.quality, hashes: { ...hashes, extra: hashes.original } }], "crops.0.hashes"],
      // A crop's three turns (hashes) go with its one hash.
      [[{ ...good, turns: { rotate90: "xyz", rotate180: good.hash, rotate270: good.hash } }], "crops.0.turns.rotate90"],
      [[{ ...good, turns: { rotate90: good.hash, rotate180: good.hash } }], "crops.0.turns.rotate270"],
      [[{ transform: good.transform, quality: good.quality, hashes, turns: { rotate90: good.hash, rotate180: good.hash, rotate270: good.hash } }], "crops.0.turns"],
      [[{ ...good, quality: 101 }], "crops.0.quality"],
      [[{ ...good, image: "data:image/png;base64,AAAA" }], "crops.0"],
      [[good, good], "crops"],
      [Array.from({ length: 401 }, (_, i) => ({ ...good, transform: `crop l${i % 100}% t${Math.floor(i / 100)}% r0% b0%` })), "crops"],
      ["all of them", "crops"],
    ];
    for (const [crops, field] of cases) {
      const res = await ava.post("/v1/reference-images", { hashes: ref.hashes, quality: ref.quality, crops });
      expect(res.status, field).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe("VALIDATION");
      expect(Object.keys(body.error.fields), JSON.stringify(body.error.fields)).toContain(field);
    }
    const bad = await (await ava.post("/v1/reference-images", { hashes: ref.hashes, quality: ref.quality, crops: [{ ...good, transform: "zoom" }] })).json();
    expect(bad.error.fields["crops.0.transform"]).toBe('A crop is named like "crop l5% t0% r2.5% b0%".');
    expect((await (await ava.get("/v1/reference-images")).json()).items).toEqual([]);
  });

  it("finds cropped copies through the stored crop hashes, mirrored or cut unequally, and says which crop matched", async () => {
    expect(ref.crops).toHaveLength(PDQ_REFERENCE_CROPS.length);
    const added = await ava.post("/v1/reference-images", { label: "bridge", hashes: ref.hashes, quality: ref.quality, crops: ref.crops });
    expect(added.status).toBe(201);
    // The photo's own hashes are stored as they were: a client that sends no crops still works.
    expect((await bea.post("/v1/reference-images", { label: "bridge", hashes: ref.hashes, quality: ref.quality })).status).toBe(201);
    // And one that sends each crop's eight hashes, as clients did before.
    expect((await cleo.post("/v1/reference-images", { label: "bridge", hashes: ref.hashes, quality: ref.quality, crops: await legacyCrops(photo) })).status).toBe(201);

    for (const c of [ava, bea, cleo]) expect((await c.post("/v1/scans", {})).status).toBe(202);
    await services.queue.runDue(["scan.run"]);

    type Found = { url: string; confidence: string; evidence: { imageMatches: Array<{ imageUrl: string; referenceId: string; variant: string; distance: number }> } };
    const leaksOf = async (c: TestClient) => ((await (await c.get("/v1/leaks")).json()).items as Found[]).sort((a, b) => a.url.localeCompare(b.url));
    const found = await leaksOf(ava);
    expect(found.map((l) => l.url)).toEqual([77, 78, 79].map((n) => `${web.origin}/p/${n}`));
    const matches = found.map((l) => l.evidence.imageMatches[0]!);
    expect(matches.map((m) => m.imageUrl)).toEqual([77, 78, 79].map((n) => `${web.origin}/img/${n}.jpg`));
    const id = (await added.json()).id;
    for (const m of matches) {
      expect(m.referenceId).toBe(id);
      expect(m.distance).toBeLessThanOrEqual(31);
    }
    const crop = String.raw`crop l\d+(\.\d+)?% t\d+(\.\d+)?% r\d+(\.\d+)?% b\d+(\.\d+)?%`;
    expect(matches[0]!.variant).toMatch(new RegExp(`^original of ${crop}$`));
    // The mirrored copy met the crop's one hash through the found image's mirrored hash.
    expect(matches[1]!.variant).toMatch(new RegExp(`^flipY of ${crop}$`));
    expect(matches[2]!.variant).toMatch(new RegExp(`^original of ${crop}$`));
    for (const l of found) expect(l.confidence).toBe("high");

    // Without the crop hashes the same copies are missed: PDQ alone does not survive the crop.
    expect((await (await bea.get("/v1/leaks")).json()).total).toBe(0);
    // Crops stored in the older form still match.
    const legacy = await leaksOf(cleo);
    expect(legacy.map((l) => l.url)).toEqual(expect.arrayContaining([77, 78].map((n) => `${web.origin}/p/${n}`)));
  });

  it("counts a reference image once toward the plan, however many crops it carries", async () => {
    // Ava has one image (with its 331 crops) on a free plan of 3.
    for (let i = 0; i < 2; i++) expect((await ava.post("/v1/reference-images", { hashes: ref.hashes, quality: ref.quality, crops: ref.crops })).status).toBe(201);
    const fourth = await ava.post("/v1/reference-images", { hashes: ref.hashes, quality: ref.quality, crops: ref.crops });
    expect(fourth.status).toBe(403);
    expect((await fourth.json()).error.code).toBe("QUOTA_EXCEEDED");
    expect((await (await ava.get("/v1/reference-images")).json()).items).toHaveLength(3);
  });
});
