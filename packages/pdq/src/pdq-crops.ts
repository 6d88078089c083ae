import { orientPixels, pdqHash, type PixelImage } from "./pdq-hash";

/**
 * Crop variants of a reference image.
 *
 * PDQ is fragile to cropping: trimming 1% off one side costs 10-30 bits,
 * 3% off one side 20-50, 3% off every side 60-120 (the match threshold is
 * 31). Where the reference pixels are at hand (the creator's device, the
 * operator's CLI), the image is also hashed with its sides trimmed, so a
 * copy cropped a little lands near one of those hashes. A random image stays
 * ~128 bits from each, so extra hashes cost no precision.
 *
 * A crop is hashed as it stands, in one orientation: the scanner hashes each
 * image it finds in all eight (pdqHashOrientations), so a mirrored or rotated
 * crop still meets its crop's hash, and a reference carries 8× more crops for
 * the same payload.
 */

/** Fractions of the width/height trimmed off the left, top, right and bottom. */
export type PdqCrop = readonly [left: number, top: number, right: number, bottom: number];

export type PdqCropHash = {
  /** e.g. "crop l5% t0% r2.5% b0%": which crop this is the hash of. */
  transform: string;
  hash: string;
  quality: number;
  /** The crop turned a quarter, a half and three quarters (counter-clockwise), each hashed from its turned pixels (pdqCropHashes with `turns`). */
  turns?: PdqCropTurns;
};

/** The three rotations of a crop: with the crop as it stands they meet each of its eight orientations, as it stands or mirrored. */
export type PdqCropTurns = { rotate90: string; rotate180: string; rotate270: string };
export const PDQ_CROP_TURNS = ["rotate90", "rotate180", "rotate270"] as const;

/** Crops leaving less than this many pixels a side are skipped (the scanner ignores smaller images too). */
export const PDQ_MIN_CROP_SIDE = 64;

/**
 * Crops are hashed from the reference reduced to at most this many pixels a
 * side (the scanner hashes found images at the same size). Cost is linear in
 * the pixels, and the 64×64 reduction PDQ works on loses nothing at 512.
 */
export const PDQ_CROP_HASH_MAX_SIDE = 512;

const pct = (f: number) => `${+(f * 100).toFixed(2)}%`;

/** "crop l5% t0% r2.5% b0%" */
export function pdqCropLabel([l, t, r, b]: PdqCrop): string {
  return `crop l${pct(l)} t${pct(t)} r${pct(r)} b${pct(b)}`;
}

/** One side, two opposite, two adjacent, all four: each trimmed by f. */
function shapes(f: number): PdqCrop[] {
  return [
    [f, 0, 0, 0],
    [0, f, 0, 0],
    [0, 0, f, 0],
    [0, 0, 0, f],
    [f, 0, f, 0],
    [0, f, 0, f],
    [f, f, 0, 0],
    [0, f, f, 0],
    [0, 0, f, f],
    [f, 0, 0, f],
    [f, f, f, f],
  ];
}

/**
 * The crops hashed for every reference image, on the creator's device (and
 * by the CLI), and sent with it.
 *
 * The shapes a leaker cuts: one side (a caption, a watermark, a border), two
 * opposite sides (re-framing to another aspect ratio), two adjacent sides (a
 * corner logo), all four (a zoom), each by 1.25%, 2.5% … 11.25%, so that a
 * copy cropped by up to ~11% in one of those shapes is ≤ 0.625% per side away
 * from a listed crop, which PDQ tolerates; one side cut by 12.5-15%; slight
 * uniform trims; and every combination of 0/2.5/5/7.5% on the four sides, for
 * unequal crops on three or four sides.
 *
 * Measured (`npm run bench:pdq`; pdq-crops.test.ts): 331 crops, one hash
 * each, hashed from the photo's 512-pixel reduction in 0.35-0.65 s, in the
 * Web Worker off the page's thread; ~42 KiB of JSON per reference image.
 * Recall on copies cropped 3-10%: one side 94% (mirrored too), two opposite
 * sides 92%, two adjacent 85%, all four 72%, unequal amounts on three or four
 * sides 50%, against 0-2% without crops.
 */
export const PDQ_REFERENCE_CROPS: readonly PdqCrop[] = (() => {
  const grid = [0, 0.025, 0.05, 0.075];
  const crops: PdqCrop[] = [1.25, 2.5, 3.75, 5, 6.25, 7.5, 8.75, 10, 11.25].flatMap((p) => shapes(p / 100));
  crops.push([0.01, 0.01, 0.01, 0.01], [0.015, 0.015, 0.015, 0.015]);
  for (const f of [0.125, 0.15]) crops.push([f, 0, 0, 0], [0, f, 0, 0], [0, 0, f, 0], [0, 0, 0, f]);
  for (const l of grid) for (const t of grid) for (const r of grid) for (const b of grid) if (l + t + r + b > 0) crops.push([l, t, r, b]);
  const seen = new Set<string>();
  return crops.filter((c) => !seen.has(pdqCropLabel(c)) && !!seen.add(pdqCropLabel(c)));
})();

/** Upper bound a server should accept per reference image (the set above, with room to grow). */
export const PDQ_MAX_REFERENCE_CROPS = 400;

/** The pixels inside the crop (rounded to whole pixels), or null when too little would remain. */
export function cropPixels(image: PixelImage, [l, t, r, b]: PdqCrop, minSide: number = PDQ_MIN_CROP_SIDE): PixelImage | null {
  for (const f of [l, t, r, b]) if (!(f >= 0 && f < 1)) throw new RangeError(`PDQ crop: fractions must be in [0, 1), got ${String(f)}`);
  const x = Math.round(image.width * l);
  const y = Math.round(image.height * t);
  const w = Math.round(image.width * (1 - l - r));
  const h = Math.round(image.height * (1 - t - b));
  if (w < minSide || h < minSide || x + w > image.width || y + h > image.height) return null;
  const c = image.channels;
  const out = new Uint8Array(w * h * c);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * image.width + x) * c;
    out.set(image.data.subarray(from, from + w * c), row * w * c);
  }
  return { width: w, height: h, data: out, channels: c };
}

/**
 * The hash of each crop of the image, as it stands (see above). Pass the
 * image at about PDQ_CROP_HASH_MAX_SIDE a side: larger only costs time.
 */
export function pdqCropHashes(image: PixelImage, crops: readonly PdqCrop[] = PDQ_REFERENCE_CROPS, opts: { turns?: boolean } = {}): PdqCropHash[] {
  const out: PdqCropHash[] = [];
  for (const crop of crops) {
    const px = cropPixels(image, crop);
    if (!px) continue;
    const { hash, quality } = pdqHash(px);
    const entry: PdqCropHash = { transform: pdqCropLabel(crop), hash, quality };
    // Each turn hashed from the turned pixels: what a turned copy of the crop hashes to.
    if (opts.turns) entry.turns = Object.fromEntries(PDQ_CROP_TURNS.map((t) => [t, pdqHash(orientPixels(px, t)).hash])) as PdqCropTurns;
    out.push(entry);
  }
  return out;
}
