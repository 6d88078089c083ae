import { readFileSync } from "node:fs";
import { pdqCropHashes } from "@leakwarden/pdq/pdq-crops";
import { pdqHashDihedral } from "@leakwarden/pdq/pdq-hash";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeForHashing } from "../../scanner/image-match";
import { fixturePath } from "../../testing/fake-web/fake-search";
import { localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "../../testing/fake-web/local-search-web";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "../../testing/test-services";

/**
 * A reference image added as the web client adds it (its hashes and its crops'
 * hashes, computed from the file; never the file), then a scan of a page
 * showing a cropped copy of it: found through the stored crop hashes.
 */

const photo = readFileSync(fixturePath("reference-photo.jpg"));

/** What the browser computes (hash-image.ts): the photo's hashes at ≤ 1024 px, its crops' at ≤ 512 px. */
async function hashLikeTheBrowser(bytes: Buffer) {
  const { hashes, quality } = pdqHashDihedral(await decodeForHashing(bytes, 1024));
  return { hashes, quality, crops: pdqCropHashes(await decodeForHashing(bytes, 512)) };
}

describe("reference images with crop hashes", () => {
  let services: TestServices;
  let web: LocalSearchWeb;
  let ref: Awaited<ReturnType<typeof hashLikeTheBrowser>>;
  let ava: TestClient;
  let bea: TestClient;

  beforeAll(async () => {
    // The leaked copy: 7% cut off the right and the bottom (a corner logo trimmed), re-encoded.
    const { width: W = 0, height: H = 0 } = await sharp(photo).metadata();
    const copy = await sharp(photo)
      .extract({ left: 0, top: 0, width: Math.round(W * 0.93), height: Math.round(H * 0.93) })
      .jpeg({ quality: 80 })
      .toBuffer();
    // The search lists the page; the image is only reached from it.
    web = await startLocalSearchWeb({
      pages: { "/p/77": `<!doctype html><html><head><title>Upload #77 – PixVault</title></head><body><h1>Upload #77</h1><img src="/img/77.jpg" alt=""></body></html>` },
      files: { "/img/77.jpg": { contentType: "image/jpeg", body: copy } },
    });
    ref = await hashLikeTheBrowser(photo);
    services = await createTestServices(localScanSettings(web, { SCAN_MAX_QUERIES: "1" }));
    ava = await signUpAndConfirm(services, "ava.crops@example.com");
    bea = await signUpAndConfirm(services, "bea.crops@example.com");
    for (const c of [ava, bea]) await c.post("/v1/root/update-profile-all", { platforms: { onlyfans: "luna_rivers" }, nicknames: [], allowlist: [], specific: "" });
  }, 60_000);

  afterAll(async () => {
    await services?.close();
    web?.server.close();
  });

  it("refuses malformed crops with a clear error", async () => {
    const good = ref.crops[0]!;
    const cases: Array<[unknown, string]> = [
      [[{ ...good, transform: "zoom 5%" }], "crops.0.transform"],
      [[{ ...good, hashes: { ...good.hashes, flipX: "xyz" } }], "crops.0.hashes.flipX"],
      [[{ ...good, hashes: { ...good.hashes, extra: good.hashes.original } }], "crops.0.hashes"],
      [[{ ...good, quality: 101 }], "crops.0.quality"],
      [[{ ...good, image: "data:image/png;base64,AAAA" }], "crops.0"],
      [[good, good], "crops"],
      [Array.from({ length: 129 }, (_, i) => ({ ...good, transform: `crop l${i % 100}% t${Math.floor(i / 100)}% r0% b0%` })), "crops"],
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

  it("finds a cropped copy through the stored crop hashes, and says which crop matched", async () => {
    expect(ref.crops.length).toBe(99);
    const added = await ava.post("/v1/reference-images", { label: "bridge", hashes: ref.hashes, quality: ref.quality, crops: ref.crops });
    expect(added.status).toBe(201);
    // The photo's own hashes are stored as they were: a client that sends no crops still works.
    expect((await bea.post("/v1/reference-images", { label: "bridge", hashes: ref.hashes, quality: ref.quality })).status).toBe(201);

    for (const c of [ava, bea]) expect((await c.post("/v1/scans", {})).status).toBe(202);
    await services.queue.runDue(["scan.run"]);

    const found = (await (await ava.get("/v1/leaks")).json()).items;
    expect(found.map((l: { url: string }) => l.url)).toEqual([`${web.origin}/p/77`]);
    const match = (found[0].evidence.imageMatches as Array<{ imageUrl: string; referenceId: string; variant: string; distance: number }>)[0]!;
    expect(match.imageUrl).toBe(`${web.origin}/img/77.jpg`);
    expect(match.referenceId).toBe((await added.json()).id);
    expect(match.variant).toMatch(/^original of crop l0% t\d+(\.\d+)?% r\d+(\.\d+)?% b\d+(\.\d+)?%$/);
    expect(match.distance).toBeLessThanOrEqual(31);
    expect(found[0].confidence).toBe("high");

    // Without the crop hashes the same copy is missed: PDQ alone does not survive the crop.
    expect((await (await bea.get("/v1/leaks")).json()).total).toBe(0);
  });

  it("counts a reference image once toward the plan, however many crops it carries", async () => {
    // Ava has one image (with 99 crops) on a free plan of 3.
    for (let i = 0; i < 2; i++) expect((await ava.post("/v1/reference-images", { hashes: ref.hashes, quality: ref.quality, crops: ref.crops })).status).toBe(201);
    const fourth = await ava.post("/v1/reference-images", { hashes: ref.hashes, quality: ref.quality, crops: ref.crops });
    expect(fourth.status).toBe(403);
    expect((await fourth.json()).error.code).toBe("QUOTA_EXCEEDED");
    expect((await (await ava.get("/v1/reference-images")).json()).items).toHaveLength(3);
  });
});
