import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  PDQ_MAX_FULL_RESOLUTION_PIXELS,
  PDQ_ZERO_HASH,
  pdqHash,
  pdqHashDihedral,
  pdqHashOrientations,
  pdqHashOrientationsExact,
  orientPixels,
  type PdqDihedralName,
  type PixelImage,
} from "./pdq-hash";
import { hammingDistance } from "./pdq-match";

// The reference implementation's images and hashes (BSD, facebook/ThreatExchange), kept with the package.
const REFERENCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../reference");
if (!existsSync(path.join(REFERENCE_DIR, "expected.json"))) throw new Error(`PDQ reference images missing at ${REFERENCE_DIR}`);

// Meta's own ports accept this much decoder-induced drift.
const REFERENCE_TOLERANCE = 16;
const MATCH_THRESHOLD = 31;

type ReferenceCase = { file: string; pdq: string };

/**
 * Decodes pixels as stored, like the reference tool: no ICC colour
 * conversion, no EXIF auto-rotation (sharp only rotates when asked), and
 * alpha simply dropped rather than composited.
 */
async function decode(file: string): Promise<PixelImage> {
  const { data, info } = await sharp(path.join(REFERENCE_DIR, file), { ignoreIcc: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 && info.channels !== 3 && info.channels !== 4) {
    throw new Error(`${file}: unexpected channel count ${info.channels}`);
  }
  return { width: info.width, height: info.height, data, channels: info.channels };
}

// Hashed up front so the measured distances can appear in the test names.
const cases: ReferenceCase[] = (JSON.parse(readFileSync(path.join(REFERENCE_DIR, "expected.json"), "utf8")) as { cases: ReferenceCase[] }).cases;
const measured = await Promise.all(
  cases.map(async (c) => {
    const { hash, quality } = pdqHash(await decode(c.file));
    return { ...c, hash, quality, distance: hammingDistance(hash, c.pdq) };
  }),
);
const byFile = new Map(measured.map((m) => [m.file, m]));

const DIHEDRAL_FILES: Record<PdqDihedralName, string> = {
  original: "bridge-1-original.jpg",
  rotate90: "bridge-2-rotate-90.jpg",
  rotate180: "bridge-3-rotate-180.jpg",
  rotate270: "bridge-4-rotate-270.jpg",
  flipX: "bridge-5-flipx.jpg",
  flipY: "bridge-6-flipy.jpg",
  flipPlus1: "bridge-7-flip-plus-1.jpg",
  flipMinus1: "bridge-8-flip-minus-1.jpg",
};
const VARIANTS = Object.keys(DIHEDRAL_FILES) as PdqDihedralName[];

const dihedral = pdqHashDihedral(await decode(DIHEDRAL_FILES.original));

describe("reference hashes", () => {
  for (const m of measured) {
    it(`${m.file}: distance ${m.distance} from reference (quality ${m.quality})`, () => {
      expect(m.distance, `${m.file}: got ${m.hash}, reference ${m.pdq}`).toBeLessThanOrEqual(REFERENCE_TOLERANCE);
    });
  }

  it("covers every case in expected.json", () => {
    expect(measured.length).toBe(cases.length);
    expect(measured.length).toBeGreaterThan(0);
  });

  it("keeps unrelated reference images apart", () => {
    const distinct = measured.filter((m) => !m.file.startsWith("bridge-") || m.file === DIHEDRAL_FILES.original);
    for (const a of distinct) {
      for (const b of distinct) {
        if (a.file >= b.file) continue;
        const d = hammingDistance(a.hash, b.hash);
        expect(d, `${a.file} vs ${b.file}`).toBeGreaterThan(MATCH_THRESHOLD);
      }
    }
  });
});

describe("dihedral variants of bridge-1-original.jpg", () => {
  for (const name of VARIANTS) {
    const file = DIHEDRAL_FILES[name];
    const variant = dihedral?.hashes[name] ?? PDQ_ZERO_HASH;
    const ours = byFile.get(file);
    const toFile = ours ? hammingDistance(variant, ours.hash) : -1;
    const toReference = ours ? hammingDistance(variant, ours.pdq) : -1;
    it(`${name} vs ${file}: distance ${toFile} (to reference hash ${toReference})`, () => {
      expect(ours, `${file} missing from expected.json`).toBeDefined();
      expect(toFile).toBeLessThanOrEqual(MATCH_THRESHOLD);
      expect(toReference).toBeLessThanOrEqual(MATCH_THRESHOLD);
      // And it must be this file the variant matches, not another transform.
      for (const other of VARIANTS) {
        if (other === name) continue;
        const otherHash = byFile.get(DIHEDRAL_FILES[other])?.hash ?? PDQ_ZERO_HASH;
        expect(hammingDistance(variant, otherHash), `${name} vs ${other}`).toBeGreaterThan(MATCH_THRESHOLD);
      }
    });
  }

  it("reports the same quality as the plain hash", () => {
    expect(dihedral?.quality).toBe(byFile.get(DIHEDRAL_FILES.original)?.quality);
  });
});

// ---------------------------------------------------------------------------
// Synthetic images: no decoder involved, so transforms are exact.

/** Deterministic grey pattern with structure at several scales and no symmetry. */
function pattern(width: number, height: number, scale = 1): Uint8Array {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / scale;
      const v = y / scale;
      const value =
        128 +
        50 * Math.sin(u / 23 + 0.3) * Math.cos(v / 37) +
        30 * Math.sin((u + 2 * v) / 17) +
        20 * Math.cos((3 * u - v) / 29) +
        (u < width / scale / 3 && v < height / scale / 2 ? 25 : -10);
      data[y * width + x] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  return data;
}

function grey(width: number, height: number, data: Uint8Array): PixelImage {
  return { width, height, data, channels: 1 };
}

function toRgba(img: PixelImage, alpha: (p: number) => number): PixelImage {
  const out = new Uint8ClampedArray(img.width * img.height * 4);
  for (let p = 0; p < img.width * img.height; p++) {
    out.fill(img.data[p]!, p * 4, p * 4 + 3);
    out[p * 4 + 3] = alpha(p);
  }
  return { ...img, data: out, channels: 4 };
}

/** dest(x, y) = src(map(x, y)), with the destination size given. */
function remap(
  img: PixelImage,
  width: number,
  height: number,
  map: (x: number, y: number) => [number, number],
): PixelImage {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = map(x, y);
      out[y * width + x] = img.data[sy * img.width + sx]!;
    }
  }
  return grey(width, height, out);
}

/** Pixel-domain versions of each variant; rotations are counter-clockwise. */
function transform(img: PixelImage, name: PdqDihedralName): PixelImage {
  const W = img.width;
  const H = img.height;
  switch (name) {
    case "original":
      return img;
    case "rotate90":
      return remap(img, H, W, (x, y) => [W - 1 - y, x]);
    case "rotate180":
      return remap(img, W, H, (x, y) => [W - 1 - x, H - 1 - y]);
    case "rotate270":
      return remap(img, H, W, (x, y) => [y, H - 1 - x]);
    case "flipX":
      return remap(img, W, H, (x, y) => [x, H - 1 - y]);
    case "flipY":
      return remap(img, W, H, (x, y) => [W - 1 - x, y]);
    case "flipPlus1":
      return remap(img, H, W, (x, y) => [y, x]);
    case "flipMinus1":
      return remap(img, H, W, (x, y) => [W - 1 - y, H - 1 - x]);
  }
}

describe("pdqHash on synthetic images", () => {
  // 320x288: odd box windows and decimation points that never fall on
  // pixel boundaries, so mirroring the pixels mirrors the filter exactly.
  const base = grey(320, 288, pattern(320, 288));

  it("produces 64 lowercase hex chars and a high quality for a detailed image", () => {
    const { hash, quality } = pdqHash(base);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(quality).toBeGreaterThanOrEqual(50);
    expect(quality).toBeLessThanOrEqual(100);
  });

  it("is deterministic", () => {
    expect(pdqHash(base)).toEqual(pdqHash(grey(320, 288, pattern(320, 288))));
  });

  it("hashes grey, RGB and RGBA (alpha ignored) of the same picture alike", () => {
    const g = pdqHash(base);
    const rgb = new Uint8Array(base.width * base.height * 3);
    for (let p = 0; p < base.width * base.height; p++) rgb.fill(base.data[p]!, p * 3, p * 3 + 3);
    const fromRgb = pdqHash({ ...base, data: rgb, channels: 3 });
    const fromRgba = pdqHash(toRgba(base, (p) => (p * 7) & 255));
    expect(hammingDistance(fromRgb.hash, g.hash)).toBeLessThanOrEqual(2);
    expect(fromRgba).toEqual(fromRgb);
  });

  it("uses the reference luma weights", () => {
    // Two different pictures in the red and green channels: the hash must
    // follow 0.299 R + 0.587 G, not the swapped weighting.
    const W = 320;
    const H = 288;
    const r = pattern(W, H);
    const g = transform(grey(W, H, r), "rotate180").data;
    const rgb = new Uint8Array(W * H * 3);
    const luma = new Uint8Array(W * H);
    const swapped = new Uint8Array(W * H);
    for (let p = 0; p < W * H; p++) {
      rgb[p * 3] = r[p]!;
      rgb[p * 3 + 1] = g[p]!;
      luma[p] = Math.round(0.299 * r[p]! + 0.587 * g[p]!);
      swapped[p] = Math.round(0.587 * r[p]! + 0.299 * g[p]!);
    }
    const fromRgb = pdqHash({ width: W, height: H, data: rgb, channels: 3 }).hash;
    expect(hammingDistance(fromRgb, pdqHash(grey(W, H, luma)).hash)).toBeLessThanOrEqual(4);
    expect(hammingDistance(fromRgb, pdqHash(grey(W, H, swapped)).hash)).toBeGreaterThan(MATCH_THRESHOLD);
  });

  it("gives quality 0 for a flat image", () => {
    expect(pdqHash(grey(100, 80, new Uint8Array(8000).fill(90))).quality).toBe(0);
  });

  it("returns the all-zero hash and quality 0 below 5 pixels on a side", () => {
    expect(pdqHash(grey(4, 50, pattern(4, 50)))).toEqual({ hash: PDQ_ZERO_HASH, quality: 0 });
    const d = pdqHashDihedral(grey(50, 4, pattern(50, 4)));
    expect(d.quality).toBe(0);
    expect(new Set(Object.values(d.hashes))).toEqual(new Set([PDQ_ZERO_HASH]));
    expect(pdqHash(grey(5, 5, pattern(5, 5))).hash).not.toBe(PDQ_ZERO_HASH);
  });

  it("rejects malformed images", () => {
    const data = new Uint8Array(12);
    expect(() => pdqHash({ width: 2, height: 2, data, channels: 4 })).toThrow(RangeError);
    expect(() => pdqHash({ width: 2, height: 2, data: new Uint8Array(11), channels: 3 })).toThrow(RangeError);
    expect(() => pdqHash({ width: 0, height: 2, data: new Uint8Array(0), channels: 3 })).toThrow(RangeError);
    expect(() => pdqHash({ width: 1.5, height: 2, data, channels: 3 })).toThrow(RangeError);
    expect(() => pdqHash({ width: 3, height: 2, data, channels: 2 as 3 })).toThrow(RangeError);
  });

  it("box-reduces huge images without changing what is hashed", () => {
    // A 2x pixel-replicated copy, just over the limit and with a half-width
    // last row/column, reduces back to exactly the small picture.
    const small = grey(2101, 2101, pattern(2101, 2101, 2101 / 320));
    const large = remap(small, 4201, 4201, (x, y) => [x >> 1, y >> 1]);
    expect(large.width * large.height).toBeGreaterThan(PDQ_MAX_FULL_RESOLUTION_PIXELS);
    expect(pdqHash(large)).toEqual(pdqHash(small));
    // Building two multi-megapixel pictures in plain JavaScript takes seconds on a busy machine.
  }, 30_000);
});

describe("pdqHashDihedral on synthetic images", () => {
  const base = grey(320, 288, pattern(320, 288));
  const result = pdqHashDihedral(base);

  it("has the plain hash as its original", () => {
    expect(result.hashes.original).toBe(pdqHash(base).hash);
    expect(result.quality).toBe(pdqHash(base).quality);
  });

  for (const name of VARIANTS) {
    it(`${name} equals the hash of the ${name} pixels`, () => {
      const direct = pdqHash(transform(base, name)).hash;
      // Only float rounding at the median can separate them.
      expect(hammingDistance(result.hashes[name], direct)).toBeLessThanOrEqual(2);
      for (const other of VARIANTS) {
        if (other !== name) expect(hammingDistance(result.hashes[other], direct)).toBeGreaterThan(MATCH_THRESHOLD);
      }
    });
  }
});

describe("orientation hashes from turned pixels", () => {
  // 256×256: even windows and decimation points, so turning the pixels does not turn the filter.
  const even = grey(256, 256, pattern(256, 256));
  const tall = grey(90, 140, pattern(90, 140));

  for (const name of VARIANTS) {
    it(`orientPixels turns the pixels as ${name} says, in every channel`, () => {
      expect(orientPixels(tall, name)).toEqual(transform(tall, name));
      const rgb = toRgba(tall, () => 255);
      const turned = orientPixels(rgb, name);
      expect([turned.width, turned.height, turned.channels]).toEqual([transform(tall, name).width, transform(tall, name).height, 4]);
      expect(turned.data.filter((_, i) => i % 4 === 0)).toEqual(transform(tall, name).data);
    });
  }

  it("pdqHashOrientations hashes the mirror from the mirrored pixels, the rest as pdqHashDihedral", () => {
    const derived = pdqHashDihedral(even);
    const result = pdqHashOrientations(even);
    expect(result.quality).toBe(derived.quality);
    expect(result.hashes.flipY).toBe(pdqHash(transform(even, "flipY")).hash);
    for (const name of VARIANTS.filter((n) => n !== "flipY")) expect(result.hashes[name]).toBe(derived.hashes[name]);
  });

  it("pdqHashOrientationsExact hashes every orientation from its turned pixels", () => {
    const result = pdqHashOrientationsExact(even);
    expect(result.quality).toBe(pdqHash(even).quality);
    for (const name of VARIANTS) expect(result.hashes[name], name).toBe(pdqHash(transform(even, name)).hash);
  });

  it("meets turned copies where the derived orientations are far off (a 256-pixel photo)", async () => {
    const { data, info } = await sharp(path.join(REFERENCE_DIR, "q0122.jpg")).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const photo: PixelImage = { width: info.width, height: info.height, data, channels: 3 };
    const derived = pdqHashDihedral(photo).hashes;
    const exact = pdqHashOrientationsExact(photo).hashes;
    // Measured: the derived ones are 60-100 bits from the turned copies.
    for (const name of ["rotate180", "flipY"] as const) {
      const copy = pdqHash(orientPixels(photo, name)).hash;
      expect(hammingDistance(derived[name], copy), name).toBeGreaterThan(MATCH_THRESHOLD);
      expect(hammingDistance(exact[name], copy), name).toBe(0);
    }
    // A found mirrored copy, mirrored back, is the photo: its mirror hash meets the photo's own.
    expect(pdqHashOrientations(orientPixels(photo, "flipY")).hashes.flipY).toBe(pdqHash(photo).hash);
  });

  it("leaves images too small to hash at the all-zero hash", () => {
    expect(pdqHashOrientations(grey(4, 4, new Uint8Array(16))).hashes.flipY).toBe(PDQ_ZERO_HASH);
    expect(pdqHashOrientationsExact(grey(4, 4, new Uint8Array(16))).hashes.rotate90).toBe(PDQ_ZERO_HASH);
  });
});
