import { sql, type SQL } from "drizzle-orm";
import { PDQ_DEFAULT_MAX_DISTANCE } from "@leakwarden/pdq/pdq-match";

/**
 * Multi-index hashing of 256-bit PDQ hashes (docs/decisions/011-image-index.md): the hash is cut
 * into 11 words, eight of 23 bits then three of 24 (most significant first), each searched within
 * a radius: 2 bits for words 0–9, 1 bit for word 10. Two hashes within distance 31 are within the
 * radius on at least one word (if every word differed by more, the distance would be at least
 * 10 × 3 + 2 = 32), so looking up each word's neighbours within its radius (8 × 277 + 2 × 301 +
 * 25 = 2,843 index probes) finds every hash within 31; the distance is then checked exactly.
 * Against 16 words of 16 bits (272 probes, 272 × N / 65,536 candidates) this trades ten times the
 * probes for ~34 times fewer candidates: ~6,000 instead of ~83,000 at 20 million hashes.
 */

export type MihWord = { readonly offset: number; readonly bits: number; readonly radius: number };

export const MIH_WORDS: readonly MihWord[] = [
  ...Array.from({ length: 8 }, (_, k) => ({ offset: 23 * k, bits: 23, radius: 2 })),
  { offset: 184, bits: 24, radius: 2 },
  { offset: 208, bits: 24, radius: 2 },
  { offset: 232, bits: 24, radius: 1 },
];
/** The largest distance the word split guarantees to find: one less than the sum of (radius + 1). */
export const MIH_MAX_DISTANCE = MIH_WORDS.reduce((s, w) => s + w.radius + 1, 0) - 1;
if (PDQ_DEFAULT_MAX_DISTANCE > MIH_MAX_DISTANCE) throw new Error("the PDQ threshold exceeds what the index finds");

const HEX_256 = /^[0-9a-f]{64}$/;

/** A 64-digit hex hash, validated and lower-cased. */
export function normalizeHash(hex: string): string {
  const h = hex.toLowerCase();
  if (!HEX_256.test(h)) throw new Error("not a 256-bit hex hash");
  return h;
}

/** The 11 words of a hex hash, as stored (unsigned integers of 23 or 24 bits). */
export function hashWords(hex: string): number[] {
  const v = BigInt(`0x${normalizeHash(hex)}`);
  return MIH_WORDS.map((w) => Number((v >> BigInt(256 - w.offset - w.bits)) & ((1n << BigInt(w.bits)) - 1n)));
}

/** The hash as PostgreSQL's bit(256) text. */
export function hashBits(hex: string): string {
  let out = "";
  for (const c of normalizeHash(hex)) out += parseInt(c, 16).toString(2).padStart(4, "0");
  return out;
}

type WordIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
export type HashColumns = { hash: string } & { [K in `w${WordIndex}`]: number };

/** The columns of one hash row: hash and w0…w10. */
export function hashColumns(hex: string): HashColumns {
  const words = hashWords(hex);
  return Object.assign({ hash: hashBits(hex) }, ...words.map((w, k) => ({ [`w${k}`]: w }))) as HashColumns;
}

/** Words a lookup runs: all 11, or a range of them (a lookup split over two connections). */
export type WordRange = readonly [first: number, last: number];
export const ALL_WORDS: WordRange = [0, MIH_WORDS.length - 1];
/** The index probes one word's lookup makes: its value and every value within its radius. */
export function wordProbes(w: MihWord): number {
  let probes = 0;
  let choose = 1;
  for (let i = 0; i <= w.radius; i++) {
    probes += choose;
    choose = (choose * (w.bits - i)) / (i + 1);
  }
  return probes;
}

/** The most connections one lookup is spread over (IMAGE_INDEX_LOOKUP_CONNECTIONS). */
export const MAX_LOOKUP_PARTS = 4;

/**
 * A lookup's 11 words cut into `parts` consecutive ranges with the largest range's probes as few
 * as can be, run at once on as many connections (PostgreSQL): the lookup takes about as long as
 * its largest range. Two parts: words 0–4 (1,385 probes) and 5–10 (1,458); three: at most 1,108;
 * four: at most 831 of the 2,843.
 */
export function wordRanges(parts: number): readonly WordRange[] {
  if (!Number.isInteger(parts) || parts < 1 || parts > MAX_LOOKUP_PARTS) throw new Error(`parts must be 1…${MAX_LOOKUP_PARTS}`);
  const probes = MIH_WORDS.map(wordProbes);
  const n = probes.length;
  const sum = (a: number, b: number) => probes.slice(a, b + 1).reduce((s, p) => s + p, 0);
  // best[k][i]: the least largest range covering words i…n-1 in k ranges, and where its first ends.
  const best: Array<Array<{ cost: number; end: number }>> = [];
  best[1] = probes.map((_, i) => ({ cost: sum(i, n - 1), end: n - 1 }));
  for (let k = 2; k <= parts; k++) {
    best[k] = probes.map((_, i) => {
      let choice = { cost: Infinity, end: n - 1 };
      for (let end = i; end < n - (k - 1); end++) {
        const cost = Math.max(sum(i, end), best[k - 1]![end + 1]!.cost);
        if (cost < choice.cost) choice = { cost, end };
      }
      return choice;
    });
  }
  const ranges: WordRange[] = [];
  for (let k = parts, i = 0; k >= 1; k--) {
    const { end } = best[k]![i]!;
    ranges.push([i, end]);
    i = end + 1;
  }
  return ranges;
}

/** The two halves of a lookup split over two connections: words 0–4 and 5–10. */
export const WORD_HALVES: readonly WordRange[] = wordRanges(2);

/**
 * One statement: for each hash, the owners of the rows of `table` within `maxDistance`, and the
 * nearest distance, found through `words` (all 11 unless a range is given); through the
 * migrations' image_hash_near / reference_hash_near (0020: one index-only scan a word of the
 * range, each over the word's neighbours within its radius).
 */
export function nearHashesQuery(table: "image_hash" | "reference_hash", hexes: readonly string[], maxDistance: number, words: WordRange = ALL_WORDS): SQL {
  if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > MIH_MAX_DISTANCE) throw new Error(`maxDistance must be 0…${MIH_MAX_DISTANCE}`);
  const [first, last] = words;
  if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last >= MIH_WORDS.length || first > last) throw new Error("not a range of words");
  const fn = sql.identifier(`${table}_near`);
  const bits = `{${hexes.map(hashBits).join(",")}}`;
  return sql`select n.owner, min(n.distance)::int as distance from unnest(${bits}::text[]) as q(h) cross join lateral ${fn}(q.h::bit(256), ${maxDistance}, ${first}::int, ${last}::int) n group by n.owner`;
}
