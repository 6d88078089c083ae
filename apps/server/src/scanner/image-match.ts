import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { PDQ_CROP_HASH_MAX_SIDE, PDQ_OPERATOR_CROPS, pdqCropHashes, type PdqCrop } from "@leakwarden/pdq/pdq-crops";
import { pdqHash, pdqHashDihedral, type PdqDihedralName, type PixelImage } from "@leakwarden/pdq/pdq-hash";
import { findMatches, isMatch, parsePdqHash, PDQ_DEFAULT_MAX_DISTANCE, PDQ_DEFAULT_MIN_QUALITY, PDQ_HASH_WORDS } from "@leakwarden/pdq/pdq-match";
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
 * Her reference file's dihedral hashes, then those of each crop in the
 * operator set (PDQ_OPERATOR_CROPS: wider than what a browser sends, since
 * the CLI hashes local files), so that cropped copies match too.
 */
export async function hashReferenceImageWithCrops(path: string, id: string = path, crops: readonly PdqCrop[] = PDQ_OPERATOR_CROPS): Promise<ReferenceHash[]> {
  const pixels = await decodeForHashing(await readFile(path), PDQ_CROP_HASH_MAX_SIDE);
  const { hashes, quality } = pdqHashDihedral(pixels);
  return [{ id, hashes, quality }, ...pdqCropHashes(pixels, crops).map((c) => ({ id, ...c }))];
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

/**
 * All variants of a set of references packed into one word array, built once
 * per prepared set: with crops a plan's references run to 100k+ hashes, and
 * the packed scan (findMatches) is ~30× faster than comparing them one by one.
 */
type PackedIndex = { packed: Uint32Array; owners: Array<{ ref: PreparedReference; name: PdqDihedralName }> };
const packedIndexes = new WeakMap<readonly PreparedReference[], PackedIndex>();

function packedIndex(refs: readonly PreparedReference[]): PackedIndex {
  let index = packedIndexes.get(refs);
  if (!index) {
    const owners = refs.flatMap((ref) => ref.variants.map((v) => ({ ref, name: v.name })));
    const packed = new Uint32Array(owners.length * PDQ_HASH_WORDS);
    let i = 0;
    for (const ref of refs) for (const v of ref.variants) packed.set(v.words, i++ * PDQ_HASH_WORDS);
    index = { packed, owners };
    packedIndexes.set(refs, index);
  }
  return index;
}

/** The nearest reference (min distance over its variants), when it is a match. */
export function matchReferences(candidate: ImageHash, refs: readonly PreparedReference[], opts: MatchOptions = {}): ReferenceMatch | null {
  const maxDistance = opts.maxDistance ?? PDQ_DEFAULT_MAX_DISTANCE;
  const minQuality = opts.minQuality ?? PDQ_DEFAULT_MIN_QUALITY;
  const { packed, owners } = packedIndex(refs);
  let best: ReferenceMatch | null = null;
  // In reference order, so the first of equally near variants wins.
  for (const { index, distance } of findMatches(parsePdqHash(candidate.hash), packed, maxDistance)) {
    const { ref, name } = owners[index]!;
    // A flat reference (low quality) would match every other flat image.
    const quality = Math.min(candidate.quality, ref.quality);
    if ((!best || distance < best.distance) && isMatch(distance, quality, { maxDistance, minQuality })) {
      best = { referenceId: ref.id, variant: ref.transform ? `${name} of ${ref.transform}` : name, distance, quality };
    }
  }
  return best;
}
