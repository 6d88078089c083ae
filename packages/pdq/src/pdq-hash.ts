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
 * Fidelity: the reference computes in 32-bit floats; so does this port,
 * every operation rounded to float32 in the reference's order (a double
 * operation on two float32 values rounded once to float32 is exactly the
 * float32 operation), so the same pixels give the reference's hash and
 * quality bit for bit (bench/peers/pdq-cpp compares them at every size).
 * Distances to the published reference hashes come from image decoders.
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
// skipped on purpose because it only encodes overall brightness. float32,
// computed as the reference does: float(sqrt(2/64)) times a double cosine.
const DCT_MATRIX: Float32Array = (() => {
  const m = new Float32Array(DCT_SIZE * DOWNSAMPLE_SIZE);
  const scale = Math.fround(Math.sqrt(2 / DOWNSAMPLE_SIZE));
  for (let i = 0; i < DCT_SIZE; i++) {
    for (let j = 0; j < DOWNSAMPLE_SIZE; j++) {
      m[i * DOWNSAMPLE_SIZE + j] = scale * Math.cos((Math.PI / 2 / DOWNSAMPLE_SIZE) * (i + 1) * (2 * j + 1));
    }
  }
  return m;
})();

export function pdqHash(image: PixelImage): PdqHashResult {
  const dct = dct16(image, ORIGINAL_SIGNS);
  if (dct === null) return { hash: PDQ_ZERO_HASH, quality: 0 };
  return { hash: dctToHex(dct.coefficients, dct.median), quality: dct.quality };
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
  const dct = dct16(image, DIHEDRAL_SIGNS);
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
  return {
    hashes: {
      original: dctToHex(a, dct.median),
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
 * their own thresholds or variants. The coefficients are the reference's
 * float32 values exactly.
 */
export function pdqDct16(image: PixelImage): { coefficients: Float64Array; quality: number } | null {
  return dct16(image, null);
}

/** Which coefficients a dihedral hash negates: (i, j) => negate. */
type SignPattern = (i: number, j: number) => boolean;

const even = (k: number): boolean => (k & 1) === 0;
const KEEP_SIGNS: SignPattern = () => false;
const ORIGINAL_SIGNS: readonly SignPattern[] = [KEEP_SIGNS];
// Transposing does not change which coefficients are above the median, so
// the eight dihedral hashes rank only these four sets of values.
const DIHEDRAL_SIGNS: readonly SignPattern[] = [KEEP_SIGNS, (_i, j) => even(j), (i) => even(i), (i, j) => ((i + j) & 1) === 1];

/**
 * With `patterns` null, the reference's float32 DCT. Otherwise a DCT whose
 * coefficients, with each sign pattern applied, have exactly the
 * reference's bits (above or below the median alike): computed in doubles
 * (no float32 rounding, about twice as fast) and kept when, for every
 * pattern, the gap between the 128th and 129th values is wider than twice
 * the proven bound on its difference from the float32 computation, else
 * the float32 DCT.
 */
function dct16(image: PixelImage, patterns: readonly SignPattern[] | null): { coefficients: Float64Array; quality: number; median?: number } | null {
  validateImage(image);
  if (image.width < PDQ_MIN_HASHABLE_DIMENSION || image.height < PDQ_MIN_HASHABLE_DIMENSION) return null;

  const { width, height } = image;
  const factor = reductionFactor(width, height);
  const cols = Math.ceil(width / factor);
  const rows = Math.ceil(height / factor);
  const ws = borrowWorkspace(rows * cols, cols);
  try {
    if (factor === 1) fillLuma(image, ws.luma);
    else fillReducedLuma(image, factor, rows, cols, ws.luma);
    if (rows === DOWNSAMPLE_SIZE && cols === DOWNSAMPLE_SIZE) {
      // Already at the grid size: the reference hashes it unfiltered.
      ws.small.set(ws.luma.subarray(0, rows * cols));
    } else {
      jaroszFilter(ws, rows, cols, jaroszWindowSize(cols, DOWNSAMPLE_SIZE), jaroszWindowSize(rows, DOWNSAMPLE_SIZE));
      decimate(ws.luma, rows, cols, ws.small);
    }
    const quality = qualityMetric(ws.small);
    if (patterns !== null) {
      const coefficients = new Float64Array(DCT_SIZE * DCT_SIZE);
      const bound = dct64To16Double(ws.small, ws.partialDouble, ws.folded, coefficients);
      // The first pattern keeps the signs: its median is the hash's.
      const ranks = patterns.map((negate) => rank(coefficients, negate));
      if (ranks.every((r) => r.gap > 2 * bound)) return { coefficients, quality, median: ranks[0]!.median };
    }
    dct64To16(ws.small, ws.partial, ws.dct);
    return { coefficients: Float64Array.from(ws.dct), quality };
  } finally {
    returnWorkspace(ws);
  }
}

const rankScratch = new Float64Array(DCT_SIZE * DCT_SIZE);

/**
 * The lower median (128th smallest) of the coefficients, signs flipped where
 * `negate` says, and its gap to the 129th.
 */
function rank(a: Float64Array, negate: SignPattern): { median: number; gap: number } {
  const values = rankScratch;
  for (let i = 0; i < DCT_SIZE; i++) {
    for (let j = 0; j < DCT_SIZE; j++) {
      const v = a[i * DCT_SIZE + j]!;
      values[i * DCT_SIZE + j] = negate(i, j) ? -v : v;
    }
  }
  values.sort();
  const half = (DCT_SIZE * DCT_SIZE) / 2;
  return { median: values[half - 1]!, gap: values[half]! - values[half - 1]! };
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
 * The buffers of one hash. Allocating and zeroing two planes per hash cost
 * about a quarter of the time at scanner size, so one workspace is kept and
 * grown; a hash that starts while it is lent out (a re-entrant call) gets
 * its own. Every plane element is written before it is read, so nothing is
 * cleared between hashes.
 */
type Workspace = {
  capacity: number;
  luma: Float32Array;
  scratch: Float32Array;
  /** float32 values, held as doubles to spare conversions. */
  columnSums: Float64Array;
  small: Float32Array;
  partial: Float32Array;
  partialDouble: Float64Array;
  folded: Float64Array;
  dct: Float32Array;
};

/** Planes up to this many pixels (two 8 MB planes) stay allocated between hashes; bigger ones are freed. */
const RETAINED_WORKSPACE_PIXELS = 1 << 21;

let idleWorkspace: Workspace | null = null;

function newWorkspace(pixels: number, cols: number): Workspace {
  return {
    capacity: pixels,
    luma: new Float32Array(pixels),
    scratch: new Float32Array(pixels),
    columnSums: new Float64Array(cols),
    small: new Float32Array(DOWNSAMPLE_SIZE * DOWNSAMPLE_SIZE),
    partial: new Float32Array(DCT_SIZE * DOWNSAMPLE_SIZE),
    partialDouble: new Float64Array(DCT_SIZE * DOWNSAMPLE_SIZE),
    folded: new Float64Array(DOWNSAMPLE_SIZE * DOWNSAMPLE_SIZE),
    dct: new Float32Array(DCT_SIZE * DCT_SIZE),
  };
}

function borrowWorkspace(pixels: number, cols: number): Workspace {
  const ws = idleWorkspace;
  idleWorkspace = null;
  if (ws === null) return newWorkspace(pixels, cols);
  if (ws.capacity < pixels) {
    // Grow ahead a little so a run of slightly larger images does not reallocate each time.
    const capacity = pixels > RETAINED_WORKSPACE_PIXELS ? pixels : Math.min(RETAINED_WORKSPACE_PIXELS, Math.max(pixels, Math.ceil(ws.capacity * 1.5)));
    ws.capacity = capacity;
    ws.luma = new Float32Array(capacity);
    ws.scratch = new Float32Array(capacity);
  }
  if (ws.columnSums.length < cols) ws.columnSums = new Float64Array(cols);
  return ws;
}

function returnWorkspace(ws: Workspace): void {
  if (ws.capacity > RETAINED_WORKSPACE_PIXELS) {
    ws.capacity = 0;
    ws.luma = new Float32Array(0);
    ws.scratch = new Float32Array(0);
  }
  if (idleWorkspace === null) idleWorkspace = ws;
}

/** Above PDQ_MAX_FULL_RESOLUTION_PIXELS the luma plane is box-reduced by this integer factor. */
function reductionFactor(width: number, height: number): number {
  let factor = 1;
  while (Math.ceil(width / factor) * Math.ceil(height / factor) > PDQ_MAX_FULL_RESOLUTION_PIXELS) factor++;
  return factor;
}

// The reference computes luma in float32: float(coefficient) * channel,
// rounded, then summed left to right with a rounding after each addition.
// Red and green together take only 65,536 values, so their rounded sum is
// tabled (256 KB), and blue's products too.
const LUMA_RG_TABLE: Float32Array = (() => {
  const r = Math.fround(LUMA_R);
  const g = Math.fround(LUMA_G);
  const table = new Float32Array(65536);
  for (let red = 0; red < 256; red++) {
    for (let green = 0; green < 256; green++) table[(red << 8) | green] = Math.fround(r * red) + Math.fround(g * green);
  }
  return table;
})();
const LUMA_B_TABLE: Float32Array = Float32Array.from({ length: 256 }, (_, blue) => Math.fround(LUMA_B) * blue);

/** Luma as float32, bit for bit as the reference's fillFloatLumaFromRGB / FromGrey. */
function fillLuma(image: PixelImage, luma: Float32Array): void {
  const { width, height, channels, data } = image;
  const n = width * height;
  if (channels === 1) {
    for (let p = 0; p < n; p++) luma[p] = data[p]!;
    return;
  }
  // The store into the Float32Array rounds the last addition.
  for (let p = 0, q = 0; p < n; p++, q += channels) {
    luma[p] = LUMA_RG_TABLE[(data[q]! << 8) | data[q + 1]!]! + LUMA_B_TABLE[data[q + 2]!]!;
  }
}

/**
 * Luma box-averaged by `factor` for images too large to filter whole. Edge
 * blocks may be partial; they are averaged over the pixels they have so the
 * border is not darkened.
 */
function fillReducedLuma(image: PixelImage, factor: number, rows: number, cols: number, luma: Float32Array): void {
  const { width, height, channels, data } = image;
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
  for (let r = 0; r < rows; r++) {
    const bh = Math.min(factor, height - r * factor);
    for (let c = 0; c < cols; c++) {
      const bw = Math.min(factor, width - c * factor);
      luma[r * cols + c] = sums[r * cols + c]! / (bh * bw);
    }
  }
}

/**
 * Per-pass box width: half of (old/new) rounded up, because two passes of
 * a box of width w give a tent of width ~2w, which should span one output
 * pixel's footprint.
 */
export function jaroszWindowSize(oldDimension: number, newDimension: number): number {
  return Math.floor((oldDimension + 2 * newDimension - 1) / (2 * newDimension));
}

/** In place on ws.luma (the result ends up back in it); ws.scratch is clobbered. */
function jaroszFilter(ws: Workspace, rows: number, cols: number, windowAlongRows: number, windowAlongCols: number): void {
  for (let pass = 0; pass < JAROSZ_PASSES; pass++) {
    boxAlongRows(ws.luma, ws.scratch, rows, cols, windowAlongRows);
    if (rows * cols <= COLUMN_LANES_MAX_PIXELS) boxAlongColumnLanes(ws.scratch, ws.luma, rows, cols, windowAlongCols);
    else boxAlongCols(ws.scratch, ws.luma, rows, cols, windowAlongCols, ws.columnSums);
  }
}

/**
 * Centred running-sum box filter along each row, with the window shrunk
 * (not zero-padded) at the edges, in the reference's four phases: fill
 * without output, output while growing, steady state, output while
 * shrinking. For even widths the window leans one sample to the right, as
 * in the reference. The sum is a float32 rounded after every addition and
 * subtraction, in the reference's order, so the output is bit for bit the
 * reference's. The float32 division sum / count is taken as
 * fround(sum * (1 / count)) in doubles, which is the same number: the exact
 * quotient of a float32 by an integer c is never a float32 midpoint and lies
 * at least 2^-25 / c (relative) from one, while the double product is within
 * 2^-52 of it, so both round alike for any c below 2^27.
 */
function boxAlongRows(input: Float32Array, output: Float32Array, rows: number, cols: number, window: number): void {
  let r = 0;
  // Each running sum is a chain of dependent roundings, so four rows are
  // walked side by side to keep the processor busy while each waits.
  for (; r + 4 <= rows; r += 4) boxAlongFour(input, output, r * cols, cols, 1, cols, window);
  for (; r < rows; r++) boxAlongOne(input, output, r * cols, cols, 1, window);
}

/** One line of `length` samples from `base`, `step` apart. */
function boxAlongOne(input: Float32Array, output: Float32Array, base: number, length: number, step: number, window: number): void {
  const fround = Math.fround;
  const half = (window + 2) >> 1;
  const fill = half - 1;
  const grow = window - half + 1;
  const steady = length - window;
  let sum = 0;
  let count = 0;
  let inverse = 0;
  let ri = base;
  let li = base;
  let oi = base;
  for (let k = 0; k < fill; k++, ri += step) {
    sum = fround(sum + input[ri]!);
    count++;
    inverse = 1 / count;
  }
  for (let k = 0; k < grow; k++, ri += step, oi += step) {
    sum = fround(sum + input[ri]!);
    count++;
    inverse = 1 / count;
    output[oi] = sum * inverse;
  }
  for (let k = 0; k < steady; k++, ri += step, li += step, oi += step) {
    sum = fround(fround(sum + input[ri]!) - input[li]!);
    output[oi] = sum * inverse;
  }
  for (let k = 0; k < fill; k++, li += step, oi += step) {
    sum = fround(sum - input[li]!);
    count--;
    inverse = 1 / count;
    output[oi] = sum * inverse;
  }
}

/** boxAlongOne on four lines at once, `gap` apart (the same arithmetic per line). */
function boxAlongFour(input: Float32Array, output: Float32Array, base: number, length: number, step: number, gap: number, window: number): void {
  const fround = Math.fround;
  const half = (window + 2) >> 1;
  const fill = half - 1;
  const grow = window - half + 1;
  const steady = length - window;
  const c1 = gap;
  const c2 = 2 * gap;
  const c3 = 3 * gap;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let count = 0;
  let inverse = 0;
  let ri = base;
  let li = base;
  let oi = base;
  for (let k = 0; k < fill; k++, ri += step) {
    s0 = fround(s0 + input[ri]!);
    s1 = fround(s1 + input[ri + c1]!);
    s2 = fround(s2 + input[ri + c2]!);
    s3 = fround(s3 + input[ri + c3]!);
    count++;
    inverse = 1 / count;
  }
  for (let k = 0; k < grow; k++, ri += step, oi += step) {
    count++;
    inverse = 1 / count;
    s0 = fround(s0 + input[ri]!);
    s1 = fround(s1 + input[ri + c1]!);
    s2 = fround(s2 + input[ri + c2]!);
    s3 = fround(s3 + input[ri + c3]!);
    output[oi] = s0 * inverse;
    output[oi + c1] = s1 * inverse;
    output[oi + c2] = s2 * inverse;
    output[oi + c3] = s3 * inverse;
  }
  for (let k = 0; k < steady; k++, ri += step, li += step, oi += step) {
    s0 = fround(fround(s0 + input[ri]!) - input[li]!);
    s1 = fround(fround(s1 + input[ri + c1]!) - input[li + c1]!);
    s2 = fround(fround(s2 + input[ri + c2]!) - input[li + c2]!);
    s3 = fround(fround(s3 + input[ri + c3]!) - input[li + c3]!);
    output[oi] = s0 * inverse;
    output[oi + c1] = s1 * inverse;
    output[oi + c2] = s2 * inverse;
    output[oi + c3] = s3 * inverse;
  }
  for (let k = 0; k < fill; k++, li += step, oi += step) {
    count--;
    inverse = 1 / count;
    s0 = fround(s0 - input[li]!);
    s1 = fround(s1 - input[li + c1]!);
    s2 = fround(s2 - input[li + c2]!);
    s3 = fround(s3 - input[li + c3]!);
    output[oi] = s0 * inverse;
    output[oi + c1] = s1 * inverse;
    output[oi + c2] = s2 * inverse;
    output[oi + c3] = s3 * inverse;
  }
}

/**
 * Up to this many pixels (a 512 KB plane, in cache) the columns are walked
 * four at a time down the plane, their sums in registers: about a fifth
 * faster there than boxAlongCols, and slower on larger planes.
 */
const COLUMN_LANES_MAX_PIXELS = 1 << 17;

function boxAlongColumnLanes(input: Float32Array, output: Float32Array, rows: number, cols: number, window: number): void {
  let c = 0;
  for (; c + 4 <= cols; c += 4) boxAlongFour(input, output, c, rows, cols, 1, window);
  for (; c < cols; c++) boxAlongOne(input, output, c, rows, cols, window);
}

/**
 * The same filter down every column at once: walking whole rows keeps
 * memory access sequential (the reference's strided walk per column is
 * several times slower on large images), with one float32 running sum per
 * column, each rounded exactly as the reference rounds its single sum.
 */
function boxAlongCols(input: Float32Array, output: Float32Array, rows: number, cols: number, window: number, sums: Float64Array): void {
  const fround = Math.fround;
  const half = (window + 2) >> 1;
  const fill = half - 1;
  const grow = window - half + 1;
  const steady = rows - window;
  sums.fill(0, 0, cols);
  let count = 0;
  let inverse = 0;
  let ri = 0;
  let li = 0;
  let oi = 0;
  for (let k = 0; k < fill; k++, ri += cols) {
    for (let c = 0; c < cols; c++) sums[c] = fround(sums[c]! + input[ri + c]!);
    count++;
    inverse = 1 / count;
  }
  for (let k = 0; k < grow; k++, ri += cols, oi += cols) {
    count++;
    inverse = 1 / count;
    for (let c = 0; c < cols; c++) {
      const s = fround(sums[c]! + input[ri + c]!);
      sums[c] = s;
      output[oi + c] = s * inverse;
    }
  }
  for (let k = 0; k < steady; k++, ri += cols, li += cols, oi += cols) {
    for (let c = 0; c < cols; c++) {
      const s = fround(fround(sums[c]! + input[ri + c]!) - input[li + c]!);
      sums[c] = s;
      output[oi + c] = s * inverse;
    }
  }
  for (let k = 0; k < fill; k++, li += cols, oi += cols) {
    count--;
    inverse = 1 / count;
    for (let c = 0; c < cols; c++) {
      const s = fround(sums[c]! - input[li + c]!);
      sums[c] = s;
      output[oi + c] = s * inverse;
    }
  }
}

/** Point-samples the filtered plane at the centres of a 64x64 grid. */
function decimate(input: Float32Array, rows: number, cols: number, out: Float32Array): void {
  const columns = decimationColumns(cols);
  for (let i = 0; i < DOWNSAMPLE_SIZE; i++) {
    const row = Math.floor(((i + 0.5) * rows) / DOWNSAMPLE_SIZE) * cols;
    for (let j = 0; j < DOWNSAMPLE_SIZE; j++) out[i * DOWNSAMPLE_SIZE + j] = input[row + columns[j]!]!;
  }
}

let decimatedWidth = -1;
const decimatedColumns = new Int32Array(DOWNSAMPLE_SIZE);

/** The columns decimate samples, for the last width asked (hashes of one size come in runs). */
function decimationColumns(cols: number): Int32Array {
  if (cols !== decimatedWidth) {
    for (let j = 0; j < DOWNSAMPLE_SIZE; j++) decimatedColumns[j] = Math.floor(((j + 0.5) * cols) / DOWNSAMPLE_SIZE);
    decimatedWidth = cols;
  }
  return decimatedColumns;
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
  const n = DOWNSAMPLE_SIZE;
  // f(p / 255) as f(p * (1 / 255)): see boxAlongRows. A step under 2.54
  // counts 0 however it rounds (254 / 255 < 1), so only larger ones are worked out.
  const inverse = 1 / 255;
  let gradientSum = 0;
  for (let p = 0, end = (n - 1) * n; p < end; p++) {
    const d = a[p]! - a[p + n]!;
    if (d > 2.54 || d < -2.54) gradientSum += Math.abs(Math.trunc(f(f(f(d) * 100) * inverse)));
  }
  for (let i = 0; i < n; i++) {
    for (let p = i * n, end = p + n - 1; p < end; p++) {
      const d = a[p]! - a[p + 1]!;
      if (d > 2.54 || d < -2.54) gradientSum += Math.abs(Math.trunc(f(f(f(d) * 100) * inverse)));
    }
  }
  return Math.min(100, Math.floor(gradientSum / 90));
}

/**
 * B = D A D^T with D the 16x64 matrix above; only the needed outputs. In
 * float32 like the reference: each product rounded, then each sum in
 * ascending k, rounded after every addition (the loops are reordered for
 * sequential access, but every output's additions keep their order).
 */
function dct64To16(a: Float32Array, t: Float32Array, b: Float32Array): void {
  const fround = Math.fround;
  const n = DOWNSAMPLE_SIZE;
  t.fill(0);
  for (let i = 0; i < DCT_SIZE; i++) {
    const d = i * n;
    const ti = i * n;
    for (let k = 0; k < n; k++) {
      const dk = DCT_MATRIX[d + k]!;
      const ak = k * n;
      for (let j = 0; j < n; j++) t[ti + j] = t[ti + j]! + fround(dk * a[ak + j]!);
    }
  }
  for (let i = 0; i < DCT_SIZE; i++) {
    const ti = i * n;
    for (let j = 0; j < DCT_SIZE; j++) {
      const dj = j * n;
      let sum = 0;
      for (let k = 0; k < n; k++) sum = fround(sum + fround(t[ti + k]! * DCT_MATRIX[dj + k]!));
      b[i * DCT_SIZE + j] = sum;
    }
  }
}

// Unit roundoff of float32, and the largest sum of |D| along a row of the DCT matrix.
const FLOAT32_UNIT_ROUNDOFF = 2 ** -24;
const DCT_ROW_ABS_SUM = Math.max(
  ...Array.from({ length: DCT_SIZE }, (_, i) => DCT_MATRIX.subarray(i * DOWNSAMPLE_SIZE, (i + 1) * DOWNSAMPLE_SIZE).reduce((s, d) => s + Math.abs(d), 0)),
);
const HALF = DOWNSAMPLE_SIZE / 2;
// Row i of D is cos(pi (i+1)(2k+1) / 128): even about the middle for odd i, odd for even i, so
// each sum is taken over half the terms, of sums (or differences) of mirrored samples. How far
// the float32 matrix is from exactly so (nothing, as computed today) is added to the bound.
const DCT_ASYMMETRY = Math.max(
  0,
  ...Array.from({ length: DCT_SIZE * HALF }, (_, x) => {
    const i = Math.floor(x / HALF);
    const k = x % HALF;
    const d = DCT_MATRIX[i * DOWNSAMPLE_SIZE + k]!;
    const mirrored = DCT_MATRIX[i * DOWNSAMPLE_SIZE + DOWNSAMPLE_SIZE - 1 - k]!;
    return Math.abs((i & 1) === 1 ? mirrored - d : mirrored + d);
  }),
);

/**
 * dct64To16 in doubles, into `b` (`t` is 16x64 scratch, `folded` 64x64);
 * returns a bound on how far any of its coefficients can be from
 * dct64To16's. A float32 dot product of n terms (products rounded, then
 * summed in order) is within gamma(n) * sum|x*y| of the exact one,
 * gamma(n) = n*u / (1 - n*u) (Higham, Accuracy and Stability of Numerical
 * Algorithms, 3.1); the first stage's error then passes through the
 * second stage's row of D. The doubles' own error is far smaller and
 * covered by the margin.
 */
function dct64To16Double(a: Float32Array, t: Float64Array, folded: Float64Array, b: Float64Array): number {
  const n = DOWNSAMPLE_SIZE;
  let maxA = 0;
  for (let p = 0; p < n * n; p++) {
    const v = Math.abs(a[p]!);
    if (v > maxA) maxA = v;
  }
  // Rows k < 32 of `folded`: A[k] + A[63-k]; rows 32 + k: A[k] - A[63-k].
  for (let k = 0; k < HALF; k++) {
    const top = k * n;
    const bottom = (n - 1 - k) * n;
    const sum = k * n;
    const difference = (HALF + k) * n;
    for (let j = 0; j < n; j++) {
      const u = a[top + j]!;
      const v = a[bottom + j]!;
      folded[sum + j] = u + v;
      folded[difference + j] = u - v;
    }
  }
  for (let i = 0; i < DCT_SIZE; i++) {
    const d = i * n;
    const rows = (i & 1) === 1 ? 0 : HALF * n;
    for (let j = 0; j < n; j += 4) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let k = 0, fk = rows + j; k < HALF; k++, fk += n) {
        const dk = DCT_MATRIX[d + k]!;
        s0 += dk * folded[fk]!;
        s1 += dk * folded[fk + 1]!;
        s2 += dk * folded[fk + 2]!;
        s3 += dk * folded[fk + 3]!;
      }
      t[d + j] = s0;
      t[d + j + 1] = s1;
      t[d + j + 2] = s2;
      t[d + j + 3] = s3;
    }
  }
  for (let i = 0; i < DCT_SIZE; i++) {
    const ti = i * n;
    // Folded row i of T, sums then differences, in `folded`'s first row.
    for (let k = 0; k < HALF; k++) {
      const u = t[ti + k]!;
      const v = t[ti + n - 1 - k]!;
      folded[k] = u + v;
      folded[HALF + k] = u - v;
    }
    for (let j = 0; j < DCT_SIZE; j++) {
      const dj = j * n;
      const half = (j & 1) === 1 ? 0 : HALF;
      let sum = 0;
      for (let k = 0; k < HALF; k++) sum += folded[half + k]! * DCT_MATRIX[dj + k]!;
      b[i * DCT_SIZE + j] = sum;
    }
  }
  const terms = n + 1;
  const gamma = (terms * FLOAT32_UNIT_ROUNDOFF) / (1 - terms * FLOAT32_UNIT_ROUNDOFF);
  const s = DCT_ROW_ABS_SUM;
  const firstStage = gamma * s * maxA + HALF * DCT_ASYMMETRY * maxA;
  const secondStage = gamma * s * (s * maxA + firstStage) + s * firstStage + HALF * DCT_ASYMMETRY * (s * maxA + firstStage);
  return secondStage * 1.01 + 1e-6 * (1 + s * s * maxA);
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
const HEX_DIGITS = "0123456789abcdef";

function dctToHex(dct: Float64Array, knownMedian?: number): string {
  // Lower median (128th smallest of 256), as the reference's Torben
  // selection returns; strict ">" then sets at most 128 bits.
  const median = knownMedian ?? rank(dct, KEEP_SIGNS).median;
  let hex = "";
  for (let i = DCT_SIZE - 1; i >= 0; i--) {
    let word = 0;
    for (let j = 0; j < DCT_SIZE; j++) {
      if (dct[i * DCT_SIZE + j]! > median) word |= 1 << j;
    }
    hex += HEX_DIGITS[word >>> 12]! + HEX_DIGITS[(word >>> 8) & 15]! + HEX_DIGITS[(word >>> 4) & 15]! + HEX_DIGITS[word & 15]!;
  }
  return hex;
}
