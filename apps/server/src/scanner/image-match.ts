import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { PDQ_CROP_HASH_MAX_SIDE, PDQ_REFERENCE_CROPS, pdqCropHashes, type PdqCrop } from "@leakwarden/pdq/pdq-crops";
import { PDQ_DIHEDRAL_INVERSE, PDQ_DIHEDRAL_NAMES, pdqHashOrientations, pdqHashOrientationsExact, type PdqDihedralHashes, type PdqDihedralName, type PixelImage } from "@leakwarden/pdq/pdq-hash";
import { findMatches, isMatch, parsePdqHash, PDQ_DEFAULT_MAX_DISTANCE, PDQ_DEFAULT_MIN_QUALITY, PDQ_HASH_WORDS } from "@leakwarden/pdq/pdq-match";
import type { ReferenceHash } from "./scan-types";

/**
 * Perceptual matching of images found on pages against the creator's
 * reference images. A reference is kept as its eight orientation hashes
 * (each from the turned pixels), so a mirrored or rotated copy is as near as
 * the original; resized, slightly cropped, re-encoded or watermarked copies
 * stay within the PDQ threshold. Its crops are kept as one hash each, and the
 * found image is hashed in its eight orientations to meet them, so a turned
 * crop matches too (docs/decisions/009-image-matching.md).
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

/** A found image's PDQ hash (`hash`, as it stands) and the hashes of its eight orientations. */
export type ImageHash = { hash: string; hashes: PdqDihedralHashes; quality: number; width: number; height: number };

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
  const { hashes, quality } = pdqHashOrientations(pixels);
  return { hash: hashes.original, hashes, quality, width: pixels.sourceWidth, height: pixels.sourceHeight };
}

/** The eight orientation hashes of a reference image file, each from its turned pixels (what the web client stores for each reference). */
export async function hashReferenceImage(path: string, id: string = path): Promise<ReferenceHash> {
  const pixels = await decodeForHashing(await readFile(path));
  const { hashes, quality } = pdqHashOrientationsExact(pixels);
  return { id, hashes, quality };
}

/** Her reference file's eight orientation hashes, then the hash of each crop (the set a browser sends), so that cropped copies match too. */
export async function hashReferenceImageWithCrops(path: string, id: string = path, crops: readonly PdqCrop[] = PDQ_REFERENCE_CROPS): Promise<ReferenceHash[]> {
  const pixels = await decodeForHashing(await readFile(path), PDQ_CROP_HASH_MAX_SIDE);
  const { hashes, quality } = pdqHashOrientationsExact(pixels);
  return [{ id, hashes, quality }, ...pdqCropHashes(pixels, crops).map((c) => ({ id, ...c }))];
}

export type PreparedReference = {
  id: string;
  quality: number;
  transform: string | null;
  /** The reference's eight orientation hashes, met by the found image as it stands; for a crop, its one hash. */
  variants: Array<{ name: PdqDihedralName; words: Uint32Array }>;
  /** One hash, met by the found image in each of its eight orientations. */
  turned: boolean;
};

export function prepareReferences(refs: readonly ReferenceHash[]): PreparedReference[] {
  return refs.map((r) => ({
    id: r.id,
    quality: r.quality,
    transform: r.transform ?? null,
    variants:
      "hashes" in r
        ? (Object.entries(r.hashes) as Array<[PdqDihedralName, string]>).map(([name, hex]) => ({ name, words: parsePdqHash(hex) }))
        : [{ name: "original" as const, words: parsePdqHash(r.hash) }],
    turned: !("hashes" in r),
  }));
}

export type ReferenceMatch = { referenceId: string; variant: string; distance: number; quality: number };

export type MatchOptions = { maxDistance?: number; minQuality?: number };

/**
 * Hashes packed into one word array, built once per prepared set: with crops
 * a plan's references run to 100k+ hashes, and the packed scan (findMatches)
 * is ~30× faster than comparing them one by one. `fixed`: every orientation
 * of the references kept in eight; `turned`: the one-hash crops.
 */
type Packed = { packed: Uint32Array; owners: Array<{ ref: PreparedReference; name: PdqDihedralName }> };
type PackedIndex = { fixed: Packed; turned: Packed };
const packedIndexes = new WeakMap<readonly PreparedReference[], PackedIndex>();

function pack(refs: readonly PreparedReference[]): Packed {
  const owners = refs.flatMap((ref) => ref.variants.map((v) => ({ ref, name: v.name })));
  const packed = new Uint32Array(owners.length * PDQ_HASH_WORDS);
  let i = 0;
  for (const ref of refs) for (const v of ref.variants) packed.set(v.words, i++ * PDQ_HASH_WORDS);
  return { packed, owners };
}

function packedIndex(refs: readonly PreparedReference[]): PackedIndex {
  let index = packedIndexes.get(refs);
  if (!index) {
    index = { fixed: pack(refs.filter((r) => !r.turned)), turned: pack(refs.filter((r) => r.turned)) };
    packedIndexes.set(refs, index);
  }
  return index;
}

/** The nearest reference (min distance over its variants and crops), when it is a match. */
export function matchReferences(candidate: ImageHash, refs: readonly PreparedReference[], opts: MatchOptions = {}): ReferenceMatch | null {
  const maxDistance = opts.maxDistance ?? PDQ_DEFAULT_MAX_DISTANCE;
  const minQuality = opts.minQuality ?? PDQ_DEFAULT_MIN_QUALITY;
  const { fixed, turned } = packedIndex(refs);
  let best: ReferenceMatch | null = null;
  // `variant`: how the copy is turned from the reference (or from its crop).
  const consider = (ref: PreparedReference, variant: PdqDihedralName, distance: number) => {
    // A flat reference (low quality) would match every other flat image.
    const quality = Math.min(candidate.quality, ref.quality);
    if ((!best || distance < best.distance) && isMatch(distance, quality, { maxDistance, minQuality })) {
      best = { referenceId: ref.id, variant: ref.transform ? `${variant} of ${ref.transform}` : variant, distance, quality };
    }
  };
  // In reference order, so the first of equally near variants wins.
  for (const { index, distance } of findMatches(parsePdqHash(candidate.hash), fixed.packed, maxDistance)) {
    const { ref, name } = fixed.owners[index]!;
    consider(ref, name, distance);
  }
  // The found image mirrored (hashed from its mirrored pixels) against each reference as it stands:
  // nearer than the reference's derived mirror at many sizes.
  if (candidate.hashes.flipY !== candidate.hash) {
    for (const { index, distance } of findMatches(parsePdqHash(candidate.hashes.flipY), fixed.packed, maxDistance)) {
      const { ref, name } = fixed.owners[index]!;
      if (name === "original") consider(ref, "flipY", distance);
    }
  }
  if (turned.owners.length > 0) {
    for (const orientation of PDQ_DIHEDRAL_NAMES) {
      // The found image turned by `orientation` is near the crop: the copy is the crop turned back.
      for (const { index, distance } of findMatches(parsePdqHash(candidate.hashes[orientation]), turned.packed, maxDistance)) {
        consider(turned.owners[index]!.ref, PDQ_DIHEDRAL_INVERSE[orientation], distance);
      }
    }
  }
  return best;
}
