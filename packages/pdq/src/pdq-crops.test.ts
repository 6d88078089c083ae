import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  cropPixels,
  PDQ_CROP_HASH_MAX_SIDE,
  PDQ_MAX_REFERENCE_CROPS,
  PDQ_REFERENCE_CROPS,
  pdqCropHashes,
  pdqCropLabel,
  type PdqCrop,
} from "./pdq-crops";
import { orientPixels, pdqHash, pdqHashOrientations, pdqHashOrientationsExact, type PixelImage } from "./pdq-hash";
import { hammingDistance, PDQ_DEFAULT_MAX_DISTANCE } from "./pdq-match";

const REFERENCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../reference");
// The reference set's photos with real detail (q0003/q0004 are the low-quality cases).
const PHOTOS = ["bridge-1-original.jpg", "q0122.jpg", "q0291.jpg", "q0746.jpg", "q1050.jpg", "q2821.jpg"];

/** Decoded as the scanner decodes what it finds: EXIF-rotated, at most 512 px a side. */
async function decode(input: string | Buffer): Promise<PixelImage> {
  const { data, info } = await sharp(input)
    .rotate()
    .resize({ width: PDQ_CROP_HASH_MAX_SIDE, height: PDQ_CROP_HASH_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data, channels: info.channels as 3 };
}

/**
 * A leaked copy: the file cropped by the given fractions (then mirrored left to right, if asked) and
 * re-encoded; its hashes in eight orientations, as the scanner hashes what it finds.
 */
async function croppedCopy(file: string, [l, t, r, b]: PdqCrop, mirrored = false): Promise<string[]> {
  const { width: W = 0, height: H = 0 } = await sharp(file).metadata();
  const left = Math.round(W * l);
  const top = Math.round(H * t);
  const cut = sharp(file).extract({ left, top, width: W - left - Math.round(W * r), height: H - top - Math.round(H * b) });
  const jpeg = await (mirrored ? cut.flop() : cut).jpeg({ quality: 85 }).toBuffer();
  return Object.values(pdqHashOrientations(await decode(jpeg)).hashes);
}

describe("crop sets", () => {
  it("labels every crop distinctly and stays within the bound a server accepts", () => {
    const labels = PDQ_REFERENCE_CROPS.map(pdqCropLabel);
    expect(new Set(labels).size).toBe(labels.length);
    for (const l of labels) expect(l).toMatch(/^crop l\d{1,2}(\.\d{1,2})?% t\d{1,2}(\.\d{1,2})?% r\d{1,2}(\.\d{1,2})?% b\d{1,2}(\.\d{1,2})?%$/);
    expect(PDQ_REFERENCE_CROPS).toHaveLength(331);
    expect(PDQ_REFERENCE_CROPS.length).toBeLessThanOrEqual(PDQ_MAX_REFERENCE_CROPS);
    expect(pdqCropLabel([0.05, 0, 0.025, 0.1125])).toBe("crop l5% t0% r2.5% b11.25%");
    // The shapes in steps of 1.25%, and the grid of unequal cuts on every side.
    for (const l of ["crop l0% t11.25% r0% b11.25%", "crop l15% t0% r0% b0%", "crop l2.5% t5% r0% b7.5%", "crop l7.5% t2.5% r5% b2.5%"]) expect(labels).toContain(l);
  });
});

describe("cropPixels", () => {
  // 100×80, 3 channels; each pixel encodes its coordinates.
  const img: PixelImage = {
    width: 100,
    height: 80,
    channels: 3,
    data: Uint8Array.from({ length: 100 * 80 * 3 }, (_, i) => {
      const p = Math.floor(i / 3);
      return i % 3 === 0 ? p % 100 : i % 3 === 1 ? Math.floor(p / 100) : 7;
    }),
  };

  it("keeps exactly the pixels inside the crop", () => {
    const out = cropPixels(img, [0.1, 0.05, 0.2, 0.1])!;
    expect([out.width, out.height, out.channels]).toEqual([70, 68, 3]);
    expect([out.data[0], out.data[1]]).toEqual([10, 4]); // x = 10, y = 4
    const last = (out.width * out.height - 1) * 3;
    expect([out.data[last], out.data[last + 1], out.data[last + 2]]).toEqual([79, 71, 7]);
  });

  it("refuses crops leaving too little, and fractions out of range", () => {
    expect(cropPixels(img, [0, 0.1, 0, 0.1])?.height).toBe(64); // 64 px is enough
    expect(cropPixels(img, [0, 0.1, 0, 0.15])).toBeNull(); // 60 px is not
    expect(cropPixels(img, [0.6, 0, 0.6, 0], 1)).toBeNull();
    expect(() => cropPixels(img, [-0.1, 0, 0, 0])).toThrow(RangeError);
    expect(() => cropPixels(img, [Number.NaN, 0, 0, 0])).toThrow(RangeError);
  });
});

describe("pdqCropHashes", () => {
  it("gives each crop's label, hash and quality", async () => {
    const px = await decode(path.join(REFERENCE_DIR, "bridge-1-original.jpg"));
    const crops = pdqCropHashes(px);
    expect(crops.map((c) => c.transform)).toEqual(PDQ_REFERENCE_CROPS.map(pdqCropLabel));
    const i = PDQ_REFERENCE_CROPS.findIndex((c) => pdqCropLabel(c) === "crop l5% t0% r0% b0%");
    expect(crops[i]).toEqual({ transform: "crop l5% t0% r0% b0%", ...pdqHash(cropPixels(px, [0.05, 0, 0, 0])!) });
    for (const c of crops) expect(c.quality).toBeGreaterThanOrEqual(50);
  }, 30_000);

  it("with turns, gives each crop's three turns: the hashes of the crop turned, or of the photo turned then cropped on the turned sides", async () => {
    const px = await decode(path.join(REFERENCE_DIR, "q0746.jpg"));
    const [plain] = pdqCropHashes(px, [[0.05, 0.025, 0, 0]]);
    const [c] = pdqCropHashes(px, [[0.05, 0.025, 0, 0]], { turns: true });
    expect({ transform: c!.transform, hash: c!.hash, quality: c!.quality }).toEqual(plain);
    const crop = cropPixels(px, [0.05, 0.025, 0, 0])!;
    expect(c!.turns).toEqual({
      rotate90: pdqHash(orientPixels(crop, "rotate90")).hash,
      rotate180: pdqHash(orientPixels(crop, "rotate180")).hash,
      rotate270: pdqHash(orientPixels(crop, "rotate270")).hash,
    });
    // A copy of the photo turned a half, with the same sides trimmed (now right and bottom), meets the half turn.
    const copy = await decode(await sharp(path.join(REFERENCE_DIR, "q0746.jpg")).rotate(180).jpeg({ quality: 80 }).toBuffer());
    const turnedCopy = pdqHash(cropPixels(copy, [0, 0, 0.05, 0.025])!).hash;
    expect(hammingDistance(turnedCopy, c!.turns!.rotate180)).toBeLessThanOrEqual(PDQ_DEFAULT_MAX_DISTANCE);
    expect(hammingDistance(turnedCopy, c!.hash)).toBeGreaterThan(PDQ_DEFAULT_MAX_DISTANCE);
  });

  it("skips crops of images too small to crop", () => {
    const tiny: PixelImage = { width: 70, height: 70, channels: 1, data: new Uint8Array(70 * 70).map((_, i) => (i * 31) % 256) };
    const crops = pdqCropHashes(tiny);
    expect(crops.length).toBeGreaterThan(0);
    expect(crops.length).toBeLessThan(PDQ_REFERENCE_CROPS.length);
  });
});

/**
 * Recall on copies cropped by 3–10% on one or more sides (amounts off the
 * 1.25% grid on purpose), each JPEG re-encoded: with the photo's hashes
 * alone, against the photo's and its crops' hashes. Matched as the scanner
 * matches (image-match.ts): the copy as it stands against the photo's eight
 * orientations, and the copy in its eight orientations against each crop.
 */
// Hashed up front so that the measured recall can appear in the test names.
const { tally, total, references } = await (async () => {
  const amounts = [0.03, 0.043, 0.057, 0.072, 0.086, 0.1];
  const oneSide = (f: number): PdqCrop[] => [
    [f, 0, 0, 0],
    [0, f, 0, 0],
    [0, 0, f, 0],
    [0, 0, 0, f],
  ];
  const shapes: Record<string, { make: (f: number) => PdqCrop[]; mirrored?: boolean }> = {
    "one side": { make: oneSide },
    "one side, mirrored": { make: oneSide, mirrored: true },
    "two opposite sides": {
      make: (f) => [
        [f, 0, f, 0],
        [0, f, 0, f],
      ],
    },
    "two adjacent sides": {
      make: (f) => [
        [f, f, 0, 0],
        [0, 0, f, f],
      ],
    },
    "all four sides": { make: (f) => [[f, f, f, f]] },
    "unequal, three or four sides": {
      make: (f) => [
        [f, f / 2, 0, (3 * f) / 4],
        [f / 3, f, (2 * f) / 3, f / 2],
      ],
    },
  };
  const tally: Record<string, { copies: number; wholeOnly: number; withCrops: number }> = {};
  const references: Array<{ file: string; whole: string[]; crops: string[] }> = [];
  const near = (a: string[], b: string[]) => a.some((x) => b.some((y) => hammingDistance(x, y) <= PDQ_DEFAULT_MAX_DISTANCE));
  for (const photo of PHOTOS) {
    const file = path.join(REFERENCE_DIR, photo);
    const px = await decode(file);
    const whole = Object.values(pdqHashOrientationsExact(px).hashes);
    const crops = pdqCropHashes(px).map((c) => c.hash);
    references.push({ file, whole, crops });
    for (const [shape, { make, mirrored }] of Object.entries(shapes)) {
      const t = (tally[shape] ??= { copies: 0, wholeOnly: 0, withCrops: 0 });
      for (const f of amounts) {
        for (const crop of make(f)) {
          const copy = await croppedCopy(file, crop, mirrored);
          const matchesWhole = near(whole, copy.slice(0, 1));
          t.copies++;
          if (matchesWhole) t.wholeOnly++;
          if (matchesWhole || near(crops, copy)) t.withCrops++;
        }
      }
    }
  }
  const total = Object.values(tally).reduce((a, t) => ({ copies: a.copies + t.copies, wholeOnly: a.wholeOnly + t.wholeOnly, withCrops: a.withCrops + t.withCrops }), {
    copies: 0,
    wholeOnly: 0,
    withCrops: 0,
  });
  return { tally, total, references };
})();
const pct = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;

describe("cropped copies of the reference photos", () => {

  // Measured: one side 94% (mirrored too), opposite 92%, adjacent 85%, all four 72%, unequal on three
  // or four sides 50%; the photo's hashes alone: 0-2%.
  const floors: Record<string, number> = {
    "one side": 0.9,
    "one side, mirrored": 0.9,
    "two opposite sides": 0.85,
    "two adjacent sides": 0.75,
    "all four sides": 0.65,
    "unequal, three or four sides": 0.45,
  };
  for (const [shape, t] of Object.entries(tally)) {
    it(`${shape}: ${pct(t.withCrops, t.copies)} matched with the crops, ${pct(t.wholeOnly, t.copies)} without (${t.copies} copies)`, () => {
      expect(t.withCrops / t.copies).toBeGreaterThanOrEqual(floors[shape]!);
      expect(t.wholeOnly / t.copies).toBeLessThanOrEqual(0.1);
    });
  }

  it(`overall: ${pct(total.withCrops, total.copies)} with the crops against ${pct(total.wholeOnly, total.copies)} without`, () => {
    expect(total.withCrops / total.copies).toBeGreaterThanOrEqual(0.85);
    expect(total.wholeOnly / total.copies).toBeLessThanOrEqual(0.05);
  });

  it("keeps unrelated photos apart: no crop of one is near any hash of another", () => {
    for (const a of references) {
      for (const b of references) {
        if (a === b) continue;
        let nearest = 256;
        for (const x of [...a.whole, ...a.crops]) for (const y of b.whole) nearest = Math.min(nearest, hammingDistance(x, y));
        expect(nearest, `${path.basename(a.file)} vs ${path.basename(b.file)}`).toBeGreaterThan(PDQ_DEFAULT_MAX_DISTANCE + 10);
      }
    }
  });
});
