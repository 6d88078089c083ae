import { describe, expect, it } from "vitest";
import {
  PDQ_DEFAULT_MAX_DISTANCE,
  PDQ_DEFAULT_MIN_QUALITY,
  findMatches,
  formatPdqHash,
  hammingDistance,
  hammingDistanceWords,
  isMatch,
  packPdqHashes,
  parsePdqHash,
  popcount32,
} from "./pdq-match";

// Published PDQ test vectors (facebook/ThreatExchange) for distinct images.
const UNRELATED = [
  "e64cc9d91e623842f8d1f1d9a398e78c9f199a3bd87924f2b7e11e0bf061b064", // c.png
  "6227401f601ff4ccafcc9fad4b0d95d371a2eb7265a3285234d228ca94deeb2d", // wee.jpg
  "cfb2009ddd21c6dab0046a7745b5984757a8a4535b3377aea2591d32b33ff940", // q0122.jpg
  "a0fe94f1e5cc1cc8dd855948498dc9243f7ca27336f036d7f212b74bc103c9a7", // q0291.jpg
  "1049d96239e24d4dca2c55512b8bdb77425f4dbcf575a0a95555aaab5554aaaa", // q0746.jpg
  "489db672e9190276d452aeab41eba20f02375fe4092d88defdf491a5c55c5f70", // q1050.jpg
  "b150231ffae4710ffcf4f18bb574b109a576f14bb8543189f8743289f174b109", // q2821.jpg
  "d8f8f0cce0f4a84f0e370a22028f67f0b36e2ed596623e1d33e6b39c4e9c9b22", // bridge-1-original.jpg
];

const ZEROS = "0".repeat(64);
const ONES = "f".repeat(64);

/** Small deterministic PRNG (mulberry32) so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

function randomHash(next: () => number): Uint32Array {
  return Uint32Array.from({ length: 8 }, () => next());
}

/** Copy of `words` with exactly `k` distinct bits flipped. */
function withFlippedBits(words: Uint32Array, k: number, next: () => number): Uint32Array {
  const out = words.slice();
  const chosen = new Set<number>();
  while (chosen.size < k) chosen.add(next() & 255);
  for (const bit of chosen) out[bit >> 5]! ^= 1 << (bit & 31);
  return out;
}

/** Bit-by-bit over the hex text: shares no code with the implementation. */
function naiveDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    let x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    for (; x; x >>= 1) d += x & 1;
  }
  return d;
}

describe("parsePdqHash / formatPdqHash", () => {
  it("reads the hex text big-endian into 8 words", () => {
    const words = parsePdqHash("0123456789abcdef" + "f".repeat(40) + "00000001");
    expect(words).toBeInstanceOf(Uint32Array);
    expect(words.length).toBe(8);
    expect(words[0]).toBe(0x01234567);
    expect(words[1]).toBe(0x89abcdef);
    expect(words[2]).toBe(0xffffffff);
    expect(words[7]).toBe(1);
  });

  it("round-trips, normalising to lowercase", () => {
    for (const h of UNRELATED) expect(formatPdqHash(parsePdqHash(h))).toBe(h);
    expect(formatPdqHash(parsePdqHash(UNRELATED[0]!.toUpperCase()))).toBe(UNRELATED[0]);
    expect(formatPdqHash(parsePdqHash(ZEROS))).toBe(ZEROS);
  });

  it.each([
    ["empty", ""],
    ["63 chars", "a".repeat(63)],
    ["65 chars", "a".repeat(65)],
    ["non-hex char", "g" + "a".repeat(63)],
    ["0x prefix", "0x" + "a".repeat(62)],
    ["embedded space", "a".repeat(31) + " " + "a".repeat(32)],
    ["trailing newline", "a".repeat(64) + "\n"],
    ["sign", "-" + "a".repeat(63)],
  ])("rejects %s", (_label, hex) => {
    expect(() => parsePdqHash(hex)).toThrow(TypeError);
    expect(() => hammingDistance(hex, ZEROS)).toThrow(TypeError);
    expect(() => hammingDistance(ZEROS, hex)).toThrow(TypeError);
  });

  it("rejects non-strings", () => {
    // @ts-expect-error: what an untyped caller may pass
    expect(() => parsePdqHash(undefined)).toThrow(TypeError);
    // @ts-expect-error: what an untyped caller may pass
    expect(() => parsePdqHash(123)).toThrow(TypeError);
  });

  it("rejects word arrays of the wrong shape", () => {
    expect(() => formatPdqHash(new Uint32Array(7))).toThrow(TypeError);
    // @ts-expect-error: what an untyped caller may pass
    expect(() => formatPdqHash(new Int32Array(8))).toThrow(TypeError);
  });
});

describe("popcount32", () => {
  it("matches a naive count", () => {
    const next = rng(1);
    const values = [0, 1, 0x80000000, 0xffffffff, 0x55555555, 0xaaaaaaaa, 0x0f0f0f0f];
    for (let i = 0; i < 1000; i++) values.push(next());
    for (const v of values) {
      let n = 0;
      for (let x = v; x; x >>>= 1) n += x & 1;
      expect(popcount32(v), v.toString(16)).toBe(n);
    }
  });
});

describe("hammingDistance", () => {
  it("counts differing bits", () => {
    expect(hammingDistance(ZEROS, ZEROS)).toBe(0);
    expect(hammingDistance(ZEROS, ONES)).toBe(256);
    expect(hammingDistance(ONES.toUpperCase(), ONES)).toBe(0);
  });

  it("sees every one of the 256 bit positions", () => {
    const zero = parsePdqHash(ZEROS);
    for (let bit = 0; bit < 256; bit++) {
      const one = zero.slice();
      one[bit >> 5] = (1 << (bit & 31)) >>> 0;
      const hex = formatPdqHash(one);
      expect(hammingDistance(ZEROS, hex)).toBe(1);
      expect(hammingDistance(hex, ONES)).toBe(255);
    }
  });

  it("agrees with a naive bitwise count and is symmetric", () => {
    const next = rng(2);
    for (let i = 0; i < 200; i++) {
      const a = formatPdqHash(randomHash(next));
      const b = formatPdqHash(randomHash(next));
      expect(hammingDistance(a, b)).toBe(naiveDistance(a, b));
      expect(hammingDistance(b, a)).toBe(hammingDistance(a, b));
    }
  });

  it("keeps distinct reference images beyond the match threshold", () => {
    for (let i = 0; i < UNRELATED.length; i++) {
      for (let j = i + 1; j < UNRELATED.length; j++) {
        const d = hammingDistance(UNRELATED[i]!, UNRELATED[j]!);
        expect(d, `${i} vs ${j}`).toBeGreaterThan(PDQ_DEFAULT_MAX_DISTANCE);
      }
    }
  });

  it("works on parsed words too", () => {
    expect(hammingDistanceWords(parsePdqHash(UNRELATED[0]!), parsePdqHash(UNRELATED[1]!))).toBe(
      hammingDistance(UNRELATED[0]!, UNRELATED[1]!),
    );
    expect(() => hammingDistanceWords(new Uint32Array(8), new Uint32Array(9))).toThrow(TypeError);
  });
});

describe("isMatch", () => {
  it("defaults to distance <= 31 and quality >= 50", () => {
    expect(PDQ_DEFAULT_MAX_DISTANCE).toBe(31);
    expect(PDQ_DEFAULT_MIN_QUALITY).toBe(50);
    expect(isMatch(0, 100)).toBe(true);
    expect(isMatch(31, 50)).toBe(true);
    expect(isMatch(32, 100)).toBe(false);
    expect(isMatch(0, 49)).toBe(false);
  });

  it("accepts overrides independently", () => {
    expect(isMatch(40, 100, { maxDistance: 40 })).toBe(true);
    expect(isMatch(41, 100, { maxDistance: 40 })).toBe(false);
    expect(isMatch(10, 20, { minQuality: 20 })).toBe(true);
    expect(isMatch(32, 20, { minQuality: 20 })).toBe(false);
    expect(isMatch(5, 0, { maxDistance: 5, minQuality: 0 })).toBe(true);
  });
});

describe("findMatches", () => {
  // Random references plus planted near-duplicates of the candidate at
  // every distance from 0 to 40, so each threshold has hits on both sides.
  const next = rng(3);
  const candidate = randomHash(next);
  const refs: Uint32Array[] = [];
  for (let i = 0; i < 3000; i++) refs.push(randomHash(next));
  for (let k = 0; k <= 40; k++) refs.splice(next() % refs.length, 0, withFlippedBits(candidate, k, next));
  const packed = packPdqHashes(refs);
  const candidateHex = formatPdqHash(candidate);
  const refsHex = refs.map(formatPdqHash);

  function bruteForce(maxDistance: number): { index: number; distance: number }[] {
    const out: { index: number; distance: number }[] = [];
    refsHex.forEach((h, index) => {
      const distance = naiveDistance(candidateHex, h);
      if (distance <= maxDistance) out.push({ index, distance });
    });
    return out;
  }

  it.each([0, 1, 10, 31, 32, 33, 64, 100, 128, 256])("agrees with brute force at maxDistance %i", (maxDistance) => {
    const expected = bruteForce(maxDistance);
    expect(findMatches(candidate, packed, maxDistance)).toEqual(expected);
    expect(findMatches(candidate, refs, maxDistance)).toEqual(expected);
  });

  it("defaults to the reference threshold", () => {
    const found = findMatches(candidate, packed);
    expect(found).toEqual(bruteForce(31));
    expect(found.map((m) => m.distance).sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, k) => k));
  });

  it("packs hex strings and word arrays identically", () => {
    expect(packPdqHashes(refsHex)).toEqual(packed);
    expect(packPdqHashes([])).toEqual(new Uint32Array(0));
    expect(findMatches(candidate, new Uint32Array(0))).toEqual([]);
    expect(findMatches(candidate, [])).toEqual([]);
  });

  it("rejects malformed input", () => {
    expect(() => findMatches(new Uint32Array(7), packed)).toThrow(TypeError);
    expect(() => findMatches(candidate, packed.subarray(0, 12))).toThrow(RangeError);
    expect(() => findMatches(candidate, [new Uint32Array(4)])).toThrow(TypeError);
    expect(() => findMatches(candidate, packed, -1)).toThrow(RangeError);
    expect(() => findMatches(candidate, packed, Number.NaN)).toThrow(RangeError);
    expect(() => packPdqHashes(["nope"])).toThrow(TypeError);
  });

  it("agrees with brute force when the differing bits sit all in the first or all in the last words", () => {
    // The packed scan dismisses a hash on its first 96 bits: near the threshold,
    // both placements must still be counted exactly.
    const r = rng(5);
    const near: Uint32Array[] = [];
    for (let k = 24; k <= 40; k++) {
      for (const [from, span] of [[0, 96], [96, 160], [0, 256]] as const) {
        const h = candidate.slice();
        const bits = new Set<number>();
        while (bits.size < k) bits.add(from + (r() % span));
        for (const b of bits) h[b >> 5]! ^= 1 << (b & 31);
        near.push(h);
      }
    }
    // Values of every popcount, in every 16-bit half, against the candidate.
    for (let w = 0; w < 8; w++) {
      for (const v of [0, 1, 0xffff, 0x10000, 0xffff0000, 0xffffffff, 0x80000001, 0x7fff8000]) {
        const h = candidate.slice();
        h[w]! ^= v;
        near.push(h);
      }
    }
    const nearHex = near.map(formatPdqHash);
    for (const maxDistance of [0, 16, 30, 31, 32, 33, 40]) {
      const expected = nearHex.flatMap((h, index) => {
        const distance = naiveDistance(candidateHex, h);
        return distance <= maxDistance ? [{ index, distance }] : [];
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(findMatches(candidate, packPdqHashes(near), maxDistance)).toEqual(expected);
    }
  });

  it("scans a million packed hashes", () => {
    const n = 1_000_000;
    const big = new Uint32Array(n * 8);
    const r = rng(4);
    for (let i = 0; i < big.length; i++) big[i] = r();
    const planted = [5, 123_456, n - 1];
    planted.forEach((index, k) => big.set(withFlippedBits(candidate, 10 * k, r), index * 8));
    const started = performance.now();
    const found = findMatches(candidate, big, PDQ_DEFAULT_MAX_DISTANCE);
    const elapsed = performance.now() - started;
    expect(found).toEqual(planted.map((index, k) => ({ index, distance: 10 * k })));
    // Generous bound: catches an accidental slow path, not a benchmark.
    expect(elapsed).toBeLessThan(2000);
  });
});
