import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { pdqCropHashes } from "@leakwarden/pdq/pdq-crops";
import { pdqHashOrientationsExact } from "@leakwarden/pdq/pdq-hash";
import { like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeForHashing, hashImageBuffer } from "../../scanner/image-match";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { localScanSettings, startLocalSearchWeb, type LocalSearchWeb } from "@leakwarden/test-support/fake-web/local-search-web";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { imageHash, indexedImage } from "../../db/schema/image-index";
import * as repo from "./image-index.repository";
import { hashColumns } from "./multi-index-hash.repository";

/**
 * The shared image index end to end: one creator's scan indexes every image on the pages it
 * reads; a creator who joins afterwards adds three reference photos and sees, without a scan, the
 * pages where copies of them were seen (resized, re-encoded, watermarked, cropped, mirrored,
 * cropped and turned), as medium-confidence leaks that say how they were found. Images of other
 * people are not matched, and no one else sees her leaks.
 */

const pdqReference = (name: string) => fileURLToPath(new URL(`../../../../../packages/pdq/reference/${name}`, import.meta.url));
const photos = {
  beach: readFileSync(fixturePath("reference-photo.jpg")),
  street: readFileSync(pdqReference("q0746.jpg")),
  park: readFileSync(pdqReference("q1050.jpg")),
};
const otherPerson = readFileSync(fixturePath("other-photo.jpg"));

/** What the browser sends for a reference photo (hash-image.ts): its hashes at ≤ 1024 px, its crops' (with their three turns) at ≤ 512 px. */
async function hashLikeTheBrowser(bytes: Buffer) {
  const { hashes, quality } = pdqHashOrientationsExact(await decodeForHashing(bytes, 1024));
  return { hashes, quality, crops: pdqCropHashes(await decodeForHashing(bytes, 512), undefined, { turns: true }) };
}

async function watermarked(bytes: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const mark = Buffer.from(
    `<svg width="${width}" height="${height}"><text x="${width - 20}" y="${height - 20}" font-size="${Math.round(height / 14)}" text-anchor="end" fill="white" fill-opacity="0.7" font-family="sans-serif">leakvault.example</text></svg>`,
  );
  return sharp(bytes).composite([{ input: mark }]).jpeg({ quality: 75 }).toBuffer();
}

async function cropped(bytes: Buffer, fraction: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  return sharp(bytes).extract({ left: 0, top: 0, width: width - Math.round(width * fraction), height }).jpeg({ quality: 80 }).toBuffer();
}

/** Trimmed by `fraction` on the left and the top, then turned `angle` degrees (clockwise), and mirrored if asked. */
async function turnedCrop(bytes: Buffer, fraction: number, angle: 90 | 180 | 270, mirrored = false): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const left = Math.round(width * fraction);
  const top = Math.round(height * fraction);
  const turned = await sharp(bytes).extract({ left, top, width: width - left, height: height - top }).rotate(angle).toBuffer();
  return (mirrored ? sharp(turned).flop() : sharp(turned)).jpeg({ quality: 80 }).toBuffer();
}

const page = (n: string, images: string[]) =>
  `<!doctype html><html><head><title>Upload ${n} – PixDump</title></head><body><h1>Upload ${n}</h1>${images.map((src) => `<img src="${src}" alt="">`).join("")}<p>Nice one.</p></body></html>`;
const jpeg = (body: Buffer) => ({ contentType: "image/jpeg", body });

const BARE_RESULT = "/img/bare-result.jpg";

type Leak = { url: string; confidence: string; status: string; evidence: { foundBy?: string; signals: string[]; imageMatches: Array<{ imageUrl: string; referenceId: string; distance: number; variant: string }> } };

describe("the shared image index", () => {
  let services: TestServices;
  let web: LocalSearchWeb;
  let scout: TestClient;
  const copies: Record<string, { photo: keyof typeof photos; body: Buffer }> = {};

  beforeAll(async () => {
    copies["resized"] = { photo: "beach", body: await sharp(photos.beach).resize({ width: 300 }).jpeg({ quality: 85 }).toBuffer() };
    copies["mirrored"] = { photo: "beach", body: await sharp(photos.beach).flop().jpeg({ quality: 85 }).toBuffer() };
    copies["cropped"] = { photo: "beach", body: await cropped(photos.beach, 0.06) };
    copies["reencoded"] = { photo: "park", body: await sharp(photos.park).webp({ quality: 40 }).toBuffer() };
    copies["watermarked"] = { photo: "park", body: await watermarked(photos.park) };
    copies["street"] = { photo: "street", body: await sharp(photos.street).resize({ width: 400 }).jpeg({ quality: 70 }).toBuffer() };
    // Crops turned (and one also mirrored): found when the scan sees them, and from the index when she adds her photos later.
    copies["turned-crop"] = { photo: "beach", body: await turnedCrop(photos.beach, 0.05, 90) };
    copies["mirrored-turned-crop"] = { photo: "park", body: await turnedCrop(photos.park, 0.075, 270, true) };
    const files: Record<string, { contentType: string; body: Buffer }> = { "/img/other.jpg": jpeg(otherPerson) };
    const pages: Record<string, string> = { "/t/other-person": page("other", ["/img/other.jpg"]) };
    for (const [name, c] of Object.entries(copies)) {
      files[`/img/${name}`] = name === "reencoded" ? { contentType: "image/webp", body: c.body } : jpeg(c.body);
      pages[`/t/${name}`] = page(name, [`/img/${name}`, "/img/other.jpg"]);
    }
    // An image the search returns by itself, no page around it: indexed as its own page.
    files[BARE_RESULT] = jpeg(await sharp(photos.street).resize({ width: 360 }).jpeg({ quality: 75 }).toBuffer());
    web = await startLocalSearchWeb({ pages, files, resultFiles: [BARE_RESULT] });
    services = await createTestServices(localScanSettings(web, { SCAN_MAX_QUERIES: "1" }));
    // Someone else's scan reads the pages: her names are not on them, and she has no reference photos.
    scout = await signUpAndConfirm(services, "scout.index@example.com");
    await scout.post("/v1/root/update-profile-all", { platforms: { onlyfans: "mara_quill" }, nicknames: [], allowlist: [], specific: "" });
    expect((await scout.post("/v1/scans", {})).status).toBe(202);
    await services.queue.runDue(["scan.run"]);
  }, 90_000);

  afterAll(async () => {
    await services?.close();
    await web?.close();
  });

  it("indexes every image the scan saw, once, with the pages it was seen on; hashes and URLs only", async () => {
    const images = await services.database.db.select().from(indexedImage);
    expect(images.map((i) => i.imageUrl).sort()).toEqual([...Object.keys(copies), "other.jpg", "bare-result.jpg"].map((n) => `${web.origin}/img/${n}`).sort());
    for (const i of images) expect(Object.keys(i).sort()).toEqual(["firstSeenAt", "hash", "id", "imageUrl", "lastSeenAt", "mirrorHash", "quality", "turnedHashes"]);
    expect(await services.database.db.select().from(imageHash)).toHaveLength(2 * images.length);
    const other = images.find((i) => i.imageUrl.endsWith("/other.jpg"))!;
    const pagesOfOther = await repo.sightingsOf(services.database.db, [other.id], 50);
    expect(pagesOfOther).toHaveLength(Object.keys(copies).length + 1);
    expect(new Set(pagesOfOther.map((s) => s.host))).toEqual(new Set([new URL(web.origin).hostname]));
    const bare = images.find((i) => i.imageUrl === `${web.origin}${BARE_RESULT}`)!;
    expect((await repo.sightingsOf(services.database.db, [bare.id], 50)).map((s) => s.pageUrl)).toEqual([`${web.origin}${BARE_RESULT}`]);
    // The scan found nothing for its own creator.
    expect((await (await scout.get("/v1/leaks")).json()).total).toBe(0);
  });

  it("finds every hash within distance 31 and none beyond, through the multi-index word lookups", async () => {
    const db = services.database.db;
    const flip = (hex: string, bits: number[]) => {
      const b = Buffer.from(hex, "hex");
      for (const i of bits) b[i >> 3]! ^= 0x80 >> (i & 7);
      return b.toString("hex");
    };
    const query = randomBytes(32).toString("hex");
    // Near hashes whose flipped bits are spread across the hash, and far ones (multi-index-hash.test.ts places them against the split).
    const spread = (d: number) => Array.from({ length: d }, (_, i) => (i % 16) * 16 + Math.floor(i / 16) * 7);
    const planted = new Map<string, number>();
    for (let d = 0; d <= 40; d++) planted.set(flip(query, spread(d)), d);
    for (let i = 0; i < 200; i++) planted.set(randomBytes(32).toString("hex"), -1);
    const ids: Array<[number, string]> = [];
    for (const [h] of planted) {
      const [row] = await db.insert(indexedImage).values({ imageUrl: `https://test.invalid/${h}`, hash: h, mirrorHash: h, quality: 100 }).returning({ id: indexedImage.id });
      await db.insert(imageHash).values({ imageId: row!.id, mirrored: false, ...hashColumns(h) });
      ids.push([row!.id, h]);
    }
    const near = await repo.nearHashes(db, "image_hash", [query], 31);
    const expected = ids.filter(([, h]) => {
      const d = planted.get(h)!;
      return d >= 0 && d <= 31;
    });
    expect(expected).toHaveLength(32);
    for (const [id, h] of expected) expect(near.get(String(id)), `distance ${planted.get(h)}`).toBe(planted.get(h));
    for (const [id, h] of ids) if (!expected.some(([e]) => e === id)) expect(near.has(String(id)), `distance ${planted.get(h)}`).toBe(false);
    await db.delete(indexedImage).where(like(indexedImage.imageUrl, "https://test.invalid/%"));
  });

  let luna: TestClient;
  const refIds: Record<string, string> = {};

  it("shows a creator who joins later the leaks of her reference photos from the index, without a scan", async () => {
    luna = await signUpAndConfirm(services, "luna.index@example.com");
    await services.queue.startWorkers();
    // Her device hashes the photos; the clock starts when she adds them.
    const hashed = await Promise.all(Object.entries(photos).map(async ([label, bytes]) => ({ label, ...(await hashLikeTheBrowser(bytes)) })));
    const added = Date.now();
    for (const { label, ...hashes } of hashed) {
      const res = await luna.post("/v1/reference-images", { label, ...hashes });
      expect(res.status).toBe(201);
      refIds[label] = (await res.json()).id;
    }
    const expected = [...Object.keys(copies).map((n) => `${web.origin}/t/${n}`), `${web.origin}${BARE_RESULT}`].sort();
    let found: Leak[] = [];
    // The leaks appear by themselves (the match job): polled with a generous ceiling, as a loaded
    // machine may be slow; how fast they appear is measured by bench/index-bench.ts.
    while (Date.now() - added < 120_000) {
      found = (await (await luna.get("/v1/leaks?pageSize=50")).json()).items;
      if (found.length >= expected.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(found.map((l) => l.url).sort()).toEqual(expected);
    const bare = found.find((l) => l.url === `${web.origin}${BARE_RESULT}`)!;
    expect(bare.evidence.imageMatches.map((m) => [m.imageUrl, m.referenceId])).toEqual([[bare.url, refIds.street]]);
    for (const l of found.filter((f) => f !== bare)) {
      const name = l.url.split("/").pop()!;
      expect(l.confidence).toBe("medium");
      expect(l.status).toBe("new");
      expect(l.evidence.foundBy).toBe("image-index");
      const m = l.evidence.imageMatches[0]!;
      expect(m.imageUrl).toBe(`${web.origin}/img/${name}`);
      expect(m.referenceId).toBe(refIds[copies[name]!.photo]);
      expect(l.evidence.signals[0]).toBe(`image matched your reference '${copies[name]!.photo}' at distance ${m.distance}`);
      // The other person's photo on the same page matched nothing.
      expect(l.evidence.imageMatches.map((i) => i.imageUrl)).not.toContain(`${web.origin}/img/other.jpg`);
    }
    expect(found.find((l) => l.url.endsWith("/mirrored"))!.evidence.imageMatches[0]!.variant).toMatch(/flipY/);
    // The turned crops, indexed before she existed, were met by her crops' turns.
    expect(found.find((l) => l.url.endsWith("/turned-crop"))!.evidence.imageMatches[0]!.variant).toMatch(/^rotate(90|180|270) of crop /);
    expect(found.find((l) => l.url.endsWith("/mirrored-turned-crop"))!.evidence.imageMatches[0]!.variant).toMatch(/^flipY of rotate(90|180|270) of crop /);
    // No scan ran for her.
    expect((await (await luna.get("/v1/scans/latest")).json()).scan).toBeNull();
  }, 180_000);

  it("shows her leaks to no one else; reference hashes are nobody else's to see", async () => {
    const bea = await signUpAndConfirm(services, "bea.index@example.com");
    await bea.post("/v1/reference-images", { label: "bea", ...(await hashLikeTheBrowser(readFileSync(pdqReference("q0122.jpg")))) });
    await new Promise((r) => setTimeout(r, 2_000));
    for (const c of [bea, scout]) {
      const body = await (await c.get("/v1/leaks")).json();
      expect(body.total).toBe(0);
      expect((await (await c.get(`/v1/reference-images`)).json()).items.map((i: { id: string }) => i.id)).not.toContain(refIds.beach);
    }
  }, 90_000);

  it("matches an image seen after her photos were added against her references (a crawl or a later scan)", async () => {
    const copy = await sharp(photos.street).flop().resize({ width: 500 }).jpeg({ quality: 60 }).toBuffer();
    const hash = (await hashImageBuffer(copy))!;
    const seen = { imageUrl: "https://pics.leakforum.example/a/9.jpg", pageUrl: "https://leakforum.example/threads/9", host: "leakforum.example", hash: hash.hashes, quality: hash.quality, seenAt: new Date() };
    const other = (await hashImageBuffer(otherPerson))!;
    const unrelated = { ...seen, imageUrl: "https://pics.leakforum.example/a/10.jpg", hash: other.hashes, quality: other.quality };
    expect(await services.imageIndex.indexAndMatch([seen, unrelated])).toBe(1);
    const found: Leak[] = (await (await luna.get("/v1/leaks?pageSize=50")).json()).items;
    const l = found.find((x) => x.url === "https://leakforum.example/threads/9")!;
    expect(l.evidence.imageMatches.map((m) => m.imageUrl)).toEqual(["https://pics.leakforum.example/a/9.jpg"]);
    expect(l.evidence.imageMatches[0]!.referenceId).toBe(refIds.street);
    // Seen again: the same leak, not a second one.
    expect(await services.imageIndex.indexAndMatch([seen])).toBe(0);
  });

  it("makes a known image re-posted on a new page a leak there without fetching it again, a turned crop of hers included", async () => {
    // The crawler sees the images already indexed on new pages and hands over their URLs only.
    const seenAt = new Date();
    const reposts = ["turned-crop", "mirrored-turned-crop", "resized"].map((name) => ({ imageUrl: `${web.origin}/img/${name}`, pageUrl: `https://mirror.leaksite.example/p/${name}`, seenAt }));
    const other = { imageUrl: `${web.origin}/img/other.jpg`, pageUrl: "https://mirror.leaksite.example/p/other", seenAt };
    expect(await services.imageIndex.sightAgain([...reposts, other])).toBe(3);
    const found: Leak[] = (await (await luna.get("/v1/leaks?pageSize=50")).json()).items;
    const byUrl = new Map(found.map((l) => [l.url, l]));
    for (const r of reposts) {
      const l = byUrl.get(r.pageUrl)!;
      expect(l.evidence.imageMatches.map((m) => m.imageUrl)).toEqual([r.imageUrl]);
      expect(l.confidence).toBe("medium");
    }
    // The crops were turned: met in the orientation the copy was posted in, not through the crop's turns.
    expect(byUrl.get("https://mirror.leaksite.example/p/turned-crop")!.evidence.imageMatches[0]!.variant).toMatch(/^(rotate(90|180|270)|flip\w+) of crop /);
    expect(byUrl.has(other.pageUrl)).toBe(false);
  });

  it("keeps the six other orientation hashes of each indexed image, 32 bytes each, and none beyond", async () => {
    const rows = await services.database.db.select().from(indexedImage).where(like(indexedImage.imageUrl, `${web.origin}/img/%`));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.turnedHashes?.length).toBe(6 * 32);
  });
});
