import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { pdqHash, pdqHashDihedral, type PdqDihedralName, type PixelImage } from "@leakwarden/pdq/pdq-hash";
import { hammingDistanceWords, isMatch, parsePdqHash, PDQ_DEFAULT_MAX_DISTANCE, PDQ_DEFAULT_MIN_QUALITY } from "@leakwarden/pdq/pdq-match";
import type { ReferenceHash } from "./scan-types";

/**
 * Perceptual matching of images found on pages against the creator's
 * reference images. A reference is kept as its eight dihedral hashes, so a
 * mirrored or rotated copy is as near as the original; resized, slightly
 * cropped, re-encoded or watermarked copies stay within the PDQ threshold.
 */

/** Decoding bound: a hostile 100-megapixel image must not take the memory. */
const MAX_INPUT_PIXELS = 64_000_000;
/**
 * Hashing at most this many pixels a side. PDQ reduces every image to 64×64
 * anyway; hashing is synchronous, and a smaller input keeps the event loop
 * (and the scan's timers) responsive.
 */
const HASH_MAX_SIDE = 512;
/** Smaller images are icons, avatars and thumbnails of thumbnails. */
export const MIN_IMAGE_SIDE = 64;

export type ImageHash = { hash: string; quality: number; width: number; height: number };

export async function decodeForHashing(
  input: Buffer | string,
  maxSide: number = HASH_MAX_SIDE,
): Promise<PixelImage & { sourceWidth: number; sourceHeight: number }> {
  const img = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "none", animated: false });
  const meta = await img.metadata();
  const { data, info } = await img
    .rotate() // EXIF orientation, as browsers display (and hash) it
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    channels: info.channels as 1 | 3 | 4,
    sourceWidth: meta.autoOrient?.width ?? meta.width ?? info.width,
    sourceHeight: meta.autoOrient?.height ?? meta.height ?? info.height,
  };
}

/** PDQ hash of an encoded image (any format sharp reads: JPEG, PNG, WebP, AVIF, GIF…), or null when it is too small. */
export async function hashImageBuffer(input: Buffer): Promise<ImageHash | null> {
  const pixels = await decodeForHashing(input);
  if (pixels.sourceWidth < MIN_IMAGE_SIDE || pixels.sourceHeight < MIN_IMAGE_SIDE) return null;
  const { hash, quality } = pdqHash(pixels);
  return { hash, quality, width: pixels.sourceWidth, height: pixels.sourceHeight };
}

/** The eight dihedral hashes of a reference image file (what the web client stores for each reference). */
export async function hashReferenceImage(path: string, id: string = path): Promise<ReferenceHash> {
  const pixels = await decodeForHashing(await readFile(path));
  const { hashes, quality } = pdqHashDihedral(pixels);
  return { id, hashes, quality };
}

/**
 * PDQ is fragile to cropping: trimming 2% off each side can cost 30-70 bits.
 * Where the reference pixels are at hand (the CLI hashes her files locally),
 * hashes of her image with each side trimmed by 0/2.5/5/7.5% are added, so a
 * copy cropped a little lands near one of them. 255 extra dihedral sets per
 * image; a random image stays ~128 bits from each, so precision is unharmed.
 */
export const REFERENCE_CROP_STEPS: readonly number[] = [0, 0.025, 0.05, 0.075];
/** Between and beyond the grid: slight uniform trims, and one side cut by 10-15%. */
const EXTRA_CROPS: ReadonlyArray<readonly [number, number, number, number]> = [
  [0.01, 0.01, 0.01, 0.01],
  [0.015, 0.015, 0.015, 0.015],
  [0.1, 0.1, 0.1, 0.1],
  ...[0.1, 0.125, 0.15].flatMap((f) => [
    [f, 0, 0, 0] as const,
    [0, f, 0, 0] as const,
    [0, 0, f, 0] as const,
    [0, 0, 0, f] as const,
  ]),
];
const CROP_HASH_MAX_SIDE = HASH_MAX_SIDE;

export async function hashReferenceImageWithCrops(path: string, id: string = path): Promise<ReferenceHash[]> {
  const bytes = await readFile(path);
  const out: ReferenceHash[] = [await hashReferenceImage(path, id)];
  const px = await decodeForHashing(bytes, CROP_HASH_MAX_SIDE);
  const pct = (f: number) => `${+(f * 100).toFixed(1)}%`;
  const crops: Array<readonly [number, number, number, number]> = [...EXTRA_CROPS];
  for (const l of REFERENCE_CROP_STEPS) {
    for (const t of REFERENCE_CROP_STEPS) {
      for (const r of REFERENCE_CROP_STEPS) {
        for (const b of REFERENCE_CROP_STEPS) if (l + t + r + b > 0) crops.push([l, t, r, b]);
      }
    }
  }
  for (const [l, t, r, b] of crops) {
    const x = Math.round(px.width * l);
    const y = Math.round(px.height * t);
    const w = Math.round(px.width * (1 - l - r));
    const h = Math.round(px.height * (1 - t - b));
    if (w < MIN_IMAGE_SIDE || h < MIN_IMAGE_SIDE) continue;
    const { hashes, quality } = pdqHashDihedral(cropPixels(px, x, y, w, h));
    out.push({ id, hashes, quality, transform: `crop l${pct(l)} t${pct(t)} r${pct(r)} b${pct(b)}` });
  }
  return out;
}

function cropPixels(img: PixelImage, x: number, y: number, w: number, h: number): PixelImage {
  const c = img.channels;
  const out = new Uint8Array(w * h * c);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * img.width + x) * c;
    out.set(img.data.subarray(from, from + w * c), row * w * c);
  }
  return { width: w, height: h, data: out, channels: c };
}

export type PreparedReference = {
  id: string;
  quality: number;
  transform: string | null;
  variants: Array<{ name: PdqDihedralName; words: Uint32Array }>;
};

export function prepareReferences(refs: readonly ReferenceHash[]): PreparedReference[] {
  return refs.map((r) => ({
    id: r.id,
    quality: r.quality,
    transform: r.transform ?? null,
    variants: (Object.entries(r.hashes) as Array<[PdqDihedralName, string]>).map(([name, hex]) => ({ name, words: parsePdqHash(hex) })),
  }));
}

export type ReferenceMatch = { referenceId: string; variant: string; distance: number; quality: number };

export type MatchOptions = { maxDistance?: number; minQuality?: number };

/** The nearest reference (min distance over its variants), when it is a match. */
export function matchReferences(candidate: ImageHash, refs: readonly PreparedReference[], opts: MatchOptions = {}): ReferenceMatch | null {
  const maxDistance = opts.maxDistance ?? PDQ_DEFAULT_MAX_DISTANCE;
  const minQuality = opts.minQuality ?? PDQ_DEFAULT_MIN_QUALITY;
  const words = parsePdqHash(candidate.hash);
  let best: ReferenceMatch | null = null;
  for (const ref of refs) {
    // A flat reference (low quality) would match every other flat image.
    const quality = Math.min(candidate.quality, ref.quality);
    for (const v of ref.variants) {
      const distance = hammingDistanceWords(words, v.words);
      if (!best || distance < best.distance) {
        if (isMatch(distance, quality, { maxDistance, minQuality })) {
          best = { referenceId: ref.id, variant: ref.transform ? `${v.name} of ${ref.transform}` : v.name, distance, quality };
        }
      }
    }
  }
  return best;
}
