import { sql, type SQL } from "drizzle-orm";
import { PDQ_DEFAULT_MAX_DISTANCE } from "@leakwarden/pdq/pdq-match";

/**
 * Multi-index hashing of 256-bit PDQ hashes (docs/decisions/011-image-index.md): the hash is cut
 * into 16 words of 16 bits. Two hashes within distance 31 differ by at most one bit in at least
 * one word (16 words × 2 bits > 31), so looking up each word and its 16 one-bit neighbours
 * (16 × 17 index probes) finds every hash within 31; the distance is then checked exactly.
 */

export const MIH_WORDS = 16;
/** The largest distance the word split guarantees to find. */
export const MIH_MAX_DISTANCE = 2 * MIH_WORDS - 1;
if (PDQ_DEFAULT_MAX_DISTANCE > MIH_MAX_DISTANCE) throw new Error("the PDQ threshold exceeds what the index finds");

const HEX_256 = /^[0-9a-f]{64}$/;

/** A 64-digit hex hash, validated and lower-cased. */
export function normalizeHash(hex: string): string {
  const h = hex.toLowerCase();
  if (!HEX_256.test(h)) throw new Error("not a 256-bit hex hash");
  return h;
}

/** The 16 words of a hex hash, most significant first (word k = hex digits 4k…4k+3), as stored: value − 32768 (smallint). */
export function hashWords(hex: string): number[] {
  const h = normalizeHash(hex);
  return Array.from({ length: MIH_WORDS }, (_, k) => parseInt(h.slice(4 * k, 4 * k + 4), 16) - 32768);
}

/** The hash as PostgreSQL's bit(256) text. */
export function hashBits(hex: string): string {
  let out = "";
  for (const c of normalizeHash(hex)) out += parseInt(c, 16).toString(2).padStart(4, "0");
  return out;
}

type WordIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;
export type HashColumns = { hash: string } & { [K in `w${WordIndex}`]: number };

/** The columns of one hash row: hash and w0…w15. */
export function hashColumns(hex: string): HashColumns {
  const words = hashWords(hex);
  return Object.assign({ hash: hashBits(hex) }, ...words.map((w, k) => ({ [`w${k}`]: w }))) as HashColumns;
}

/**
 * One statement: for each hash, the owners of the rows of `table` within `maxDistance`, and the
 * nearest distance; through the migration's image_hash_near / reference_hash_near (16 index-only
 * scans a hash, each over one word and its 16 one-bit neighbours).
 */
export function nearHashesQuery(table: "image_hash" | "reference_hash", hexes: readonly string[], maxDistance: number): SQL {
  if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > MIH_MAX_DISTANCE) throw new Error(`maxDistance must be 0…${MIH_MAX_DISTANCE}`);
  const fn = sql.identifier(`${table}_near`);
  const bits = `{${hexes.map(hashBits).join(",")}}`;
  return sql`select n.owner, min(n.distance)::int as distance from unnest(${bits}::text[]) as q(h) cross join lateral ${fn}(q.h::bit(256), ${maxDistance}) n group by n.owner`;
}
