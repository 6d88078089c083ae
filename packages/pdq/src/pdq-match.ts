/**
 * Comparing PDQ hashes.
 *
 * In-memory form: a Uint32Array of 8 words, word 0 holding the first 8 hex
 * characters (big-endian, exactly as the text reads). Hamming distance does
 * not care about bit order, so this layout is chosen for cheap parsing and
 * formatting; it is not the reference's internal 16-bit word order.
 *
 * Many hashes are stored "packed": one Uint32Array with hash n at words
 * 8n..8n+7. That is one contiguous allocation for a million hashes (32 MB)
 * and lets the scan run over linear memory without per-hash objects.
 */

export const PDQ_HASH_WORDS = 8;

/** The reference's recommended match threshold (inclusive). */
export const PDQ_DEFAULT_MAX_DISTANCE = 31;

/** The reference's advice: hashes of quality below this are unreliable. */
export const PDQ_DEFAULT_MIN_QUALITY = 50;

export type PdqMatchOptions = {
  maxDistance?: number;
  minQuality?: number;
};

export type PdqMatch = {
  /** Position of the reference hash (array index, or hash index in a packed array). */
  index: number;
  distance: number;
};

const HEX_HASH = /^[0-9a-fA-F]{64}$/;

/** Throws on anything but exactly 64 hex digits (either case). */
export function parsePdqHash(hex: string): Uint32Array {
  if (typeof hex !== "string" || !HEX_HASH.test(hex)) {
    throw new TypeError(`Invalid PDQ hash: expected 64 hex characters, got ${describe(hex)}`);
  }
  const words = new Uint32Array(PDQ_HASH_WORDS);
  for (let w = 0; w < PDQ_HASH_WORDS; w++) {
    words[w] = parseInt(hex.slice(w * 8, w * 8 + 8), 16);
  }
  return words;
}

export function formatPdqHash(words: Uint32Array): string {
  assertHashWords(words, "hash");
  let hex = "";
  for (let w = 0; w < PDQ_HASH_WORDS; w++) hex += words[w]!.toString(16).padStart(8, "0");
  return hex;
}

/** Builds the packed form from hex strings and/or parsed hashes. */
export function packPdqHashes(hashes: readonly (string | Uint32Array)[]): Uint32Array {
  const packed = new Uint32Array(hashes.length * PDQ_HASH_WORDS);
  hashes.forEach((h, i) => {
    const words = typeof h === "string" ? parsePdqHash(h) : h;
    assertHashWords(words, `hash ${i}`);
    packed.set(words, i * PDQ_HASH_WORDS);
  });
  return packed;
}

export function hammingDistance(hexA: string, hexB: string): number {
  return hammingDistanceWords(parsePdqHash(hexA), parsePdqHash(hexB));
}

export function hammingDistanceWords(a: Uint32Array, b: Uint32Array): number {
  assertHashWords(a, "first hash");
  assertHashWords(b, "second hash");
  let d = 0;
  for (let w = 0; w < PDQ_HASH_WORDS; w++) d += popcount32(a[w]! ^ b[w]!);
  return d;
}

/**
 * SWAR popcount: JavaScript has no popcount instruction, and this
 * branch-free form stays in 32-bit integer registers under every JIT.
 */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Both bounds inclusive, as in the reference tooling. */
export function isMatch(distance: number, quality: number, opts?: PdqMatchOptions): boolean {
  const maxDistance = opts?.maxDistance ?? PDQ_DEFAULT_MAX_DISTANCE;
  const minQuality = opts?.minQuality ?? PDQ_DEFAULT_MIN_QUALITY;
  return distance <= maxDistance && quality >= minQuality;
}

/**
 * Linear scan for every reference within maxDistance (inclusive) of the
 * candidate, in reference order. A packed Uint32Array is the fast path;
 * an array of hashes is accepted for convenience.
 */
export function findMatches(
  candidate: Uint32Array,
  references: Uint32Array | readonly Uint32Array[],
  maxDistance: number = PDQ_DEFAULT_MAX_DISTANCE,
): PdqMatch[] {
  assertHashWords(candidate, "candidate");
  if (!(maxDistance >= 0)) throw new RangeError(`maxDistance must be >= 0, got ${String(maxDistance)}`);
  if (!Array.isArray(references)) return scanPacked(candidate, references as Uint32Array, maxDistance);

  const matches: PdqMatch[] = [];
  for (let i = 0; i < references.length; i++) {
    const d = hammingDistanceWords(candidate, references[i]!);
    if (d <= maxDistance) matches.push({ index: i, distance: d });
  }
  return matches;
}

// Bits set in each 16-bit value (64 KB, built once): two table loads per word
// beat the arithmetic popcount several times over in a scan's inner loop.
const POPCOUNT16 = (() => {
  const t = new Uint8Array(1 << 16);
  for (let i = 1; i < t.length; i++) t[i] = (i & 1) + t[i >>> 1]!;
  return t;
})();

function scanPacked(candidate: Uint32Array, packed: Uint32Array, maxDistance: number): PdqMatch[] {
  if (!isUint32Array(packed) || packed.length % PDQ_HASH_WORDS !== 0) {
    throw new RangeError(`Packed hashes must be a Uint32Array with a multiple of ${PDQ_HASH_WORDS} words`);
  }
  // The candidate sits in locals and the words are unrolled, so the JIT keeps
  // everything in registers. After three words (96 bits) an unrelated hash
  // already differs in ~48 bits, far above any useful threshold, so almost
  // every stored hash is dismissed there; checking earlier would be a coin
  // toss for the branch predictor, and checking later reads words for nothing.
  // The partial sum only grows, so dismissing on it never loses a match.
  const t = POPCOUNT16;
  const c0 = candidate[0]!;
  const c1 = candidate[1]!;
  const c2 = candidate[2]!;
  const c3 = candidate[3]!;
  const c4 = candidate[4]!;
  const c5 = candidate[5]!;
  const c6 = candidate[6]!;
  const c7 = candidate[7]!;
  const matches: PdqMatch[] = [];
  let x = 0;
  for (let o = 0, n = packed.length; o < n; o += PDQ_HASH_WORDS) {
    x = packed[o]! ^ c0;
    let d = t[x & 0xffff]! + t[x >>> 16]!;
    x = packed[o + 1]! ^ c1;
    d += t[x & 0xffff]! + t[x >>> 16]!;
    x = packed[o + 2]! ^ c2;
    d += t[x & 0xffff]! + t[x >>> 16]!;
    if (d > maxDistance) continue;
    x = packed[o + 3]! ^ c3;
    d += t[x & 0xffff]! + t[x >>> 16]!;
    x = packed[o + 4]! ^ c4;
    d += t[x & 0xffff]! + t[x >>> 16]!;
    x = packed[o + 5]! ^ c5;
    d += t[x & 0xffff]! + t[x >>> 16]!;
    x = packed[o + 6]! ^ c6;
    d += t[x & 0xffff]! + t[x >>> 16]!;
    x = packed[o + 7]! ^ c7;
    d += t[x & 0xffff]! + t[x >>> 16]!;
    if (d <= maxDistance) matches.push({ index: o / PDQ_HASH_WORDS, distance: d });
  }
  return matches;
}

// A tag check rather than instanceof, so typed arrays from another realm
// (worker, iframe, test environment) are accepted.
function isUint32Array(value: unknown): value is Uint32Array {
  return Object.prototype.toString.call(value) === "[object Uint32Array]";
}

function assertHashWords(words: Uint32Array, what: string): void {
  if (!isUint32Array(words) || words.length !== PDQ_HASH_WORDS) {
    throw new TypeError(`Invalid PDQ ${what}: expected Uint32Array(${PDQ_HASH_WORDS})`);
  }
}

function describe(value: unknown): string {
  if (typeof value !== "string") return typeof value;
  return value.length > 80 ? `${value.length} characters` : JSON.stringify(value);
}
