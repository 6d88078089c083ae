/**
 * PDQ perceptual image hash (256 bits plus a 0..100 quality score),
 * following the published PDQ algorithm from facebook/ThreatExchange.
 *
 * Pipeline: RGB -> luma, two-pass Jarosz (tent) filter, decimation to
 * 64x64, 2D DCT keeping the 16x16 lowest non-DC frequencies, then one bit
 * per coefficient: set where the coefficient exceeds the median.
 *
 * Everything here is plain typed-array arithmetic so the same code runs in
 * the browser (canvas ImageData) and in Node (raw pixels from an image
 * decoder). No platform APIs.
 *
 * Fidelity: the reference keeps intermediates in 32-bit floats; this port
 * stores buffers as Float32Array too but accumulates in doubles, which is
 * more accurate and differs from the reference only for coefficients that
 * sit on the median. Measured distances to the reference hashes are
 * dominated by image-decoder differences, not by arithmetic.
 */

export type PixelImage = {
  width: number;
  height: number;
  /** Row-major, interleaved, no row padding. Alpha (channel 4) is ignored. */
  data: Uint8Array | Uint8ClampedArray;
  channels: 1 | 3 | 4;
};

export type PdqHashResult = {
  /** 64 lowercase hex chars, in the reference's textual order. */
  hash: string;
  /** 0..100; the reference advises discarding hashes below 50. */
  quality: number;
};

export type PdqDihedralName =
  | "original"
  | "rotate90"
  | "rotate180"
  | "rotate270"
  | "flipX"
  | "flipY"
  | "flipPlus1"
  | "flipMinus1";

export type PdqDihedralHashes = Record<PdqDihedralName, string>;

export const PDQ_DIHEDRAL_NAMES: readonly PdqDihedralName[] = ["original", "rotate90", "rotate180", "rotate270", "flipX", "flipY", "flipPlus1", "flipMinus1"];

/**
 * The transform that undoes each one: if an image turned by `t` looks like a
 * reference, the image is the reference turned by PDQ_DIHEDRAL_INVERSE[t].
 */
export const PDQ_DIHEDRAL_INVERSE: Readonly<Record<PdqDihedralName, PdqDihedralName>> = {
  original: "original",
  rotate90: "rotate270",
  rotate180: "rotate180",
  rotate270: "rotate90",
  flipX: "flipX",
  flipY: "flipY",
  flipPlus1: "flipPlus1",
  flipMinus1: "flipMinus1",
};

export type PdqDihedralResult = {
  hashes: PdqDihedralHashes;
  quality: number;
};

/**
 * Above this many pixels the luma plane is first box-averaged by an integer
 * factor. The Jarosz filter is linear in the pixel count, so this is purely
 * about memory: two Float32 planes of a 50-megapixel photo would need 400 MB,
 * which a browser tab may refuse. A box average by an integer factor is the
 * same kind of operation the tent filter performs anyway, so hashes stay
 * within a few bits of full-resolution hashing.
 *
 * (The reference C++ command-line tool resizes anything larger than 512 on a
 * side to 512x512 by nearest neighbour before hashing; its published test
 * hashes predate that, so full resolution is kept here wherever affordable.)
 */
export const PDQ_MAX_FULL_RESOLUTION_PIXELS = 1 << 24;

/** The reference refuses to hash anything smaller, returning zeros. */
export const PDQ_MIN_HASHABLE_DIMENSION = 5;

export const PDQ_ZERO_HASH = "0".repeat(64);

const LUMA_R = 0.299;
const LUMA_G = 0.587;
const LUMA_B = 0.114;

const DOWNSAMPLE_SIZE = 64;
const DCT_SIZE = 16;
const JAROSZ_PASSES = 2;

// 16x64, row-major. Row i is the (i+1)th DCT-II basis vector: the DC row is
// skipped on purpose because it only encodes overall brightness.
const DCT_MATRIX: Float64Array = (() => {
  const m = new Float64Array(DCT_SIZE * DOWNSAMPLE_SIZE);
  const scale = Math.sqrt(2 / DOWNSAMPLE_SIZE);
  for (let i = 0; i < DCT_SIZE; i++) {
    for (let j = 0; j < DOWNSAMPLE_SIZE; j++) {
      m[i * DOWNSAMPLE_SIZE + j] = scale * Math.cos((Math.PI / 2 / DOWNSAMPLE_SIZE) * (i + 1) * (2 * j + 1));
    }
  }
  return m;
})();

export function pdqHash(image: PixelImage): PdqHashResult {
  const dct = pdqDct16(image);
  if (dct === null) return { hash: PDQ_ZERO_HASH, quality: 0 };
  return { hash: dctToHex(dct.coefficients), quality: dct.quality };
}

/**
 * Hashes of the image as if it had been rotated/flipped, all derived from
 * one DCT: a flip of the pixels only changes the sign of odd/even
 * frequencies and a transpose swaps the DCT axes, so no re-filtering is
 * needed. Names and transforms follow the reference's dct16OriginalTo*:
 * - rotate90/180/270: counter-clockwise rotation of the pixels by that angle,
 * - flipX: mirror about the horizontal axis (upside down),
 * - flipY: mirror about the vertical axis (left-right),
 * - flipPlus1: transpose (mirror about the main diagonal),
 * - flipMinus1: anti-transpose (mirror about the anti-diagonal).
 * The "original" hash is exactly pdqHash(image).hash.
 */
export function pdqHashDihedral(image: PixelImage): PdqDihedralResult {
  const dct = pdqDct16(image);
  if (dct === null) {
    const z = PDQ_ZERO_HASH;
    return {
      hashes: {
        original: z,
        rotate90: z,
        rotate180: z,
        rotate270: z,
        flipX: z,
        flipY: z,
        flipPlus1: z,
        flipMinus1: z,
      },
      quality: 0,
    };
  }
  const a = dct.coefficients;
  // Frequency index i is frequency i+1, so mirroring an axis negates the
  // coefficients whose index along that axis is even.
  const even = (k: number): boolean => (k & 1) === 0;
  return {
    hashes: {
      original: dctToHex(a),
      rotate90: dctToHex(dihedral(a, true, (_i, j) => even(j))),
      rotate180: dctToHex(dihedral(a, false, (i, j) => ((i + j) & 1) === 1)),
      rotate270: dctToHex(dihedral(a, true, (i) => even(i))),
      flipX: dctToHex(dihedral(a, false, (i) => even(i))),
      flipY: dctToHex(dihedral(a, false, (_i, j) => even(j))),
      flipPlus1: dctToHex(dihedral(a, true, () => false)),
      flipMinus1: dctToHex(dihedral(a, true, (i, j) => ((i + j) & 1) === 1)),
    },
    quality: dct.quality,
  };
}

/**
 * The image's hashes in its eight orientations, for matching an image found
 * on the web against hashes of references: the dihedral hashes derived from
 * its DCT, except the left-right mirror (flipY), hashed from the mirrored
 * pixels. A derived hash is exact only where the filter and the decimation
 * are symmetric; at many sizes (256×256, 512×321…) a derived orientation is
 * 15-100 bits from the turned image's own hash, and the mirror is the
 * transform leakers use most. Costs two hashes.
 */
export function pdqHashOrientations(image: PixelImage): PdqDihedralResult {
  const derived = pdqHashDihedral(image);
  if (image.width < PDQ_MIN_HASHABLE_DIMENSION || image.height < PDQ_MIN_HASHABLE_DIMENSION) return derived;
  return { hashes: { ...derived.hashes, flipY: pdqHash(orientPixels(image, "flipY")).hash }, quality: derived.quality };
}

/**
 * Each of the eight orientation hashes from the turned pixels themselves: what
 * a turned copy hashes to, at any size (see above). For reference photos,
 * hashed once each: costs eight hashes.
 */
export function pdqHashOrientationsExact(image: PixelImage): PdqDihedralResult {
  const { hash, quality } = pdqHash(image);
  const hashes = { original: hash } as PdqDihedralHashes;
  for (const name of PDQ_DIHEDRAL_NAMES) if (name !== "original") hashes[name] = pdqHash(orientPixels(image, name)).hash;
  return { hashes, quality };
}

/** The image turned as `name` says (rotations counter-clockwise; see pdqHashDihedral). */
export function orientPixels(image: PixelImage, name: PdqDihedralName): PixelImage {
  const { width: W, height: H, channels: c } = image;
  const swap = name === "rotate90" || name === "rotate270" || name === "flipPlus1" || name === "flipMinus1";
  const width = swap ? H : W;
  const height = swap ? W : H;
  // The source pixel of destination (x, y).
  const source: (x: number, y: number) => number = {
    original: (x: number, y: number) => y * W + x,
    rotate90: (x: number, y: number) => x * W + (W - 1 - y),
    rotate180: (x: number, y: number) => (H - 1 - y) * W + (W - 1 - x),
    rotate270: (x: number, y: number) => (H - 1 - x) * W + y,
    flipX: (x: number, y: number) => (H - 1 - y) * W + x,
    flipY: (x: number, y: number) => y * W + (W - 1 - x),
    flipPlus1: (x: number, y: number) => x * W + y,
    flipMinus1: (x: number, y: number) => (H - 1 - x) * W + (W - 1 - y),
  }[name];
  const out = new Uint8Array(width * height * c);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = source(x, y) * c;
      const to = (y * width + x) * c;
      for (let k = 0; k < c; k++) out[to + k] = image.data[from + k]!;
    }
  }
  return { width, height, data: out, channels: c };
}

/**
 * The 16x16 DCT (row-major, row = vertical frequency) and quality, or null
 * for images too small to hash. Exported for callers that want to derive
 * their own thresholds or variants.
 */
export function pdqDct16(image: PixelImage): { coefficients: Float64Array; quality: number } | null {
  validateImage(image);
  if (image.width < PDQ_MIN_HASHABLE_DIMENSION || image.height < PDQ_MIN_HASHABLE_DIMENSION) return null;

  const { luma, rows, cols } = lumaPlane(image);
  const scratch = new Float32Array(rows * cols);
  jaroszFilter(
    luma,
    scratch,
    rows,
    cols,
    jaroszWindowSize(cols, DOWNSAMPLE_SIZE),
    jaroszWindowSize(rows, DOWNSAMPLE_SIZE),
  );
  const small = decimate(luma, rows, cols);
  return { coefficients: dct64To16(small), quality: qualityMetric(small) };
}

function validateImage(image: PixelImage): void {
  const { width, height, channels, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`PDQ: invalid image size ${String(width)}x${String(height)}`);
  }
  if (channels !== 1 && channels !== 3 && channels !== 4) {
    throw new RangeError(`PDQ: unsupported channel count ${String(channels)} (expected 1, 3 or 4)`);
  }
  const expected = width * height * channels;
  if (data.length !== expected) {
    throw new RangeError(
      `PDQ: pixel buffer has ${data.length} bytes, expected ${expected} for ${width}x${height}x${channels}`,
    );
  }
}

/**
 * Luma as Float32 (the reference's precision), box-reduced by an integer
 * factor when the image exceeds PDQ_MAX_FULL_RESOLUTION_PIXELS.
 */
function lumaPlane(image: PixelImage): { luma: Float32Array; rows: number; cols: number } {
  const { width, height, channels, data } = image;
  let factor = 1;
  while (Math.ceil(width / factor) * Math.ceil(height / factor) > PDQ_MAX_FULL_RESOLUTION_PIXELS) factor++;

  if (factor === 1) {
    const luma = new Float32Array(width * height);
    if (channels === 1) {
      for (let p = 0; p < luma.length; p++) luma[p] = data[p]!;
    } else {
      for (let p = 0, q = 0; p < luma.length; p++, q += channels) {
        luma[p] = LUMA_R * data[q]! + LUMA_G * data[q + 1]! + LUMA_B * data[q + 2]!;
      }
    }
    return { luma, rows: height, cols: width };
  }

  // Edge blocks may be partial; they are averaged over the pixels they have
  // so the border is not darkened.
  const cols = Math.ceil(width / factor);
  const rows = Math.ceil(height / factor);
  const sums = new Float64Array(rows * cols);
  for (let y = 0, q = 0; y < height; y++) {
    const rowBase = Math.floor(y / factor) * cols;
    for (let x = 0, c = rowBase, k = 0; x < width; x++, q += channels) {
      sums[c]! += channels === 1 ? data[q]! : LUMA_R * data[q]! + LUMA_G * data[q + 1]! + LUMA_B * data[q + 2]!;
      if (++k === factor) {
        k = 0;
        c++;
      }
    }
  }
  const luma = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const bh = Math.min(factor, height - r * factor);
    for (let c = 0; c < cols; c++) {
      const bw = Math.min(factor, width - c * factor);
      luma[r * cols + c] = sums[r * cols + c]! / (bh * bw);
    }
  }
  return { luma, rows, cols };
}

/**
 * Per-pass box width: half of (old/new) rounded up, because two passes of
 * a box of width w give a tent of width ~2w, which should span one output
 * pixel's footprint.
 */
export function jaroszWindowSize(oldDimension: number, newDimension: number): number {
  return Math.floor((oldDimension + 2 * newDimension - 1) / (2 * newDimension));
}

/** In place on `buffer` (result ends up back in it); `scratch` is clobbered. */
function jaroszFilter(
  buffer: Float32Array,
  scratch: Float32Array,
  rows: number,
  cols: number,
  windowAlongRows: number,
  windowAlongCols: number,
): void {
  for (let pass = 0; pass < JAROSZ_PASSES; pass++) {
    for (let r = 0; r < rows; r++) boxAlongRow(buffer, scratch, r * cols, cols, windowAlongRows);
    boxAlongCols(scratch, buffer, rows, cols, windowAlongCols);
  }
}

/**
 * Centred running-mean box filter over one row, with the window shrunk
 * (not zero-padded) at the edges, matching the reference's four phases:
 * fill without output, output while growing, steady state, output while
 * shrinking. For even widths the window leans one sample to the right, as
 * in the reference.
 */
function boxAlongRow(input: Float32Array, output: Float32Array, base: number, length: number, window: number): void {
  const half = Math.floor((window + 2) / 2);
  let sum = 0;
  let count = 0;
  let ri = base;
  let li = base;
  let oi = base;
  for (let k = 0; k < half - 1; k++) {
    sum += input[ri++]!;
    count++;
  }
  for (let k = 0, n = window - half + 1; k < n; k++) {
    sum += input[ri++]!;
    count++;
    output[oi++] = sum / count;
  }
  for (let k = 0, n = length - window; k < n; k++) {
    sum += input[ri++]! - input[li++]!;
    output[oi++] = sum / count;
  }
  for (let k = 0; k < half - 1; k++) {
    sum -= input[li++]!;
    count--;
    output[oi++] = sum / count;
  }
}

/**
 * The same filter down every column at once: walking whole rows keeps
 * memory access sequential (a strided walk per column is several times
 * slower on large images), at the cost of one running sum per column.
 */
function boxAlongCols(input: Float32Array, output: Float32Array, rows: number, cols: number, window: number): void {
  const half = Math.floor((window + 2) / 2);
  const sums = new Float64Array(cols);
  let count = 0;
  let ri = 0;
  let li = 0;
  let oi = 0;
  for (let k = 0; k < half - 1; k++, ri += cols) {
    for (let c = 0; c < cols; c++) sums[c]! += input[ri + c]!;
    count++;
  }
  for (let k = 0, n = window - half + 1; k < n; k++, ri += cols, oi += cols) {
    count++;
    for (let c = 0; c < cols; c++) output[oi + c] = (sums[c]! += input[ri + c]!) / count;
  }
  for (let k = 0, n = rows - window; k < n; k++, ri += cols, li += cols, oi += cols) {
    for (let c = 0; c < cols; c++) output[oi + c] = (sums[c]! += input[ri + c]! - input[li + c]!) / count;
  }
  for (let k = 0; k < half - 1; k++, li += cols, oi += cols) {
    count--;
    for (let c = 0; c < cols; c++) output[oi + c] = (sums[c]! -= input[li + c]!) / count;
  }
}

/** Point-samples the filtered plane at the centres of a 64x64 grid. */
function decimate(input: Float32Array, rows: number, cols: number): Float32Array {
  const out = new Float32Array(DOWNSAMPLE_SIZE * DOWNSAMPLE_SIZE);
  for (let i = 0; i < DOWNSAMPLE_SIZE; i++) {
    const ini = Math.floor(((i + 0.5) * rows) / DOWNSAMPLE_SIZE);
    for (let j = 0; j < DOWNSAMPLE_SIZE; j++) {
      const inj = Math.floor(((j + 0.5) * cols) / DOWNSAMPLE_SIZE);
      out[i * DOWNSAMPLE_SIZE + j] = input[ini * cols + inj]!;
    }
  }
  return out;
}

/**
 * Counts significant neighbour-to-neighbour steps in the 64x64 luma: flat
 * or heavily blurred images get low scores because their hash bits are
 * mostly noise. The per-step truncation to whole percent-of-range is what
 * makes small gradients count for nothing; it is done in float32 as in the
 * reference so scores agree exactly.
 */
function qualityMetric(a: Float32Array): number {
  const f = Math.fround;
  const step = (u: number, v: number): number => Math.abs(Math.trunc(f(f(f(u - v) * 100) / 255)));
  let gradientSum = 0;
  for (let i = 0; i < DOWNSAMPLE_SIZE - 1; i++) {
    for (let j = 0; j < DOWNSAMPLE_SIZE; j++) {
      gradientSum += step(a[i * DOWNSAMPLE_SIZE + j]!, a[(i + 1) * DOWNSAMPLE_SIZE + j]!);
    }
  }
  for (let i = 0; i < DOWNSAMPLE_SIZE; i++) {
    for (let j = 0; j < DOWNSAMPLE_SIZE - 1; j++) {
      gradientSum += step(a[i * DOWNSAMPLE_SIZE + j]!, a[i * DOWNSAMPLE_SIZE + j + 1]!);
    }
  }
  return Math.min(100, Math.floor(gradientSum / 90));
}

/** B = D A D^T with D the 16x64 matrix above; only the needed outputs. */
function dct64To16(a: Float32Array): Float64Array {
  const n = DOWNSAMPLE_SIZE;
  const t = new Float64Array(DCT_SIZE * n);
  for (let i = 0; i < DCT_SIZE; i++) {
    const d = i * n;
    for (let k = 0; k < n; k++) {
      const dk = DCT_MATRIX[d + k]!;
      const ak = k * n;
      const ti = i * n;
      for (let j = 0; j < n; j++) t[ti + j]! += dk * a[ak + j]!;
    }
  }
  const b = new Float64Array(DCT_SIZE * DCT_SIZE);
  for (let i = 0; i < DCT_SIZE; i++) {
    for (let j = 0; j < DCT_SIZE; j++) {
      let sum = 0;
      for (let k = 0; k < n; k++) sum += t[i * n + k]! * DCT_MATRIX[j * n + k]!;
      b[i * DCT_SIZE + j] = sum;
    }
  }
  return b;
}

/**
 * Applies a dihedral transform in the DCT domain: optional transpose plus a
 * sign flip where `negate(i, j)` holds, (i, j) being the source position.
 */
function dihedral(a: Float64Array, transpose: boolean, negate: (i: number, j: number) => boolean): Float64Array {
  const out = new Float64Array(DCT_SIZE * DCT_SIZE);
  for (let i = 0; i < DCT_SIZE; i++) {
    for (let j = 0; j < DCT_SIZE; j++) {
      const v = a[i * DCT_SIZE + j]!;
      out[transpose ? j * DCT_SIZE + i : i * DCT_SIZE + j] = negate(i, j) ? -v : v;
    }
  }
  return out;
}

/**
 * Bit k = 16*i + j is set where coefficient (i, j) is above the median; the
 * text form is that 256-bit number in big-endian hex, i.e. row 15 first
 * with column 15 as each 16-bit group's top bit, as the reference prints
 * its sixteen 16-bit words from the highest down.
 */
function dctToHex(dct: Float64Array): string {
  // Lower median (128th smallest of 256), as the reference's Torben
  // selection returns; strict ">" then sets at most 128 bits.
  const median = Float64Array.from(dct).sort()[(DCT_SIZE * DCT_SIZE) / 2 - 1]!;
  let hex = "";
  for (let i = DCT_SIZE - 1; i >= 0; i--) {
    let word = 0;
    for (let j = 0; j < DCT_SIZE; j++) {
      if (dct[i * DCT_SIZE + j]! > median) word |= 1 << j;
    }
    hex += word.toString(16).padStart(4, "0");
  }
  return hex;
}
