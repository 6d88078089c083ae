import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { imageHash, indexedImage } from "../../db/schema/image-index";
import { referenceImage } from "../../db/schema/scans";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import * as repo from "./image-index.repository";
import { hashBits, hashColumns, hashWords, MIH_MAX_DISTANCE, MIH_WORDS, wordProbes, wordRanges } from "./multi-index-hash.repository";

/**
 * Multi-index hashing is exact: every stored hash within 31 of a query is found, with its
 * distance, and none beyond, on PGlite and on PostgreSQL (TEST_DATABASE_URL). Checked against a
 * brute-force scan over random hashes and near-duplicates whose differing bits are placed to
 * defeat the word split (every word one bit beyond its radius but one).
 */

const hex = () => randomBytes(32).toString("hex");
function flip(h: string, bits: Iterable<number>): string {
  const b = Buffer.from(h, "hex");
  for (const i of bits) b[i >> 3]! ^= 0x80 >> (i & 7);
  return b.toString("hex");
}
function distance(a: string, b: string): number {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  let d = 0;
  for (let i = 0; i < 32; i++) for (let v = x[i]! ^ y[i]!; v; v &= v - 1) d++;
  return d;
}
/** `d` random distinct bits. */
function randomBits(d: number): number[] {
  const s = new Set<number>();
  while (s.size < d) s.add(Math.floor(Math.random() * 256));
  return [...s];
}
/** Bits flipped so that word k differs by `perWord[k]` bits, at random places in the word. */
function bitsPerWord(perWord: number[]): number[] {
  const out: number[] = [];
  MIH_WORDS.forEach((w, k) => {
    const s = new Set<number>();
    while (s.size < perWord[k]!) s.add(w.offset + Math.floor(Math.random() * w.bits));
    out.push(...s);
  });
  return out;
}
/** The hardest near-duplicates: every word one bit beyond its radius, but `within` (at its radius, or `below` it), so only that word can find them. */
function adversarial(within: number, below = 0): number[] {
  return bitsPerWord(MIH_WORDS.map((w, k) => (k === within ? w.radius - below : w.radius + 1)));
}

describe("the word split", () => {
  it("covers the 256 bits in order and guarantees distance 31", () => {
    let next = 0;
    for (const w of MIH_WORDS) {
      expect(w.offset).toBe(next);
      next += w.bits;
      expect(w.bits).toBeLessThanOrEqual(24);
    }
    expect(next).toBe(256);
    expect(MIH_MAX_DISTANCE).toBe(31);
  });

  it("reads each word from the bits as the migration does (substring of the bit string)", () => {
    for (let i = 0; i < 50; i++) {
      const h = hex();
      const bits = hashBits(h);
      expect(hashWords(h)).toEqual(MIH_WORDS.map((w) => parseInt(bits.slice(w.offset, w.offset + w.bits), 2)));
    }
    expect(hashWords("f".repeat(64))).toEqual(MIH_WORDS.map((w) => 2 ** w.bits - 1));
    expect(adversarial(3).length).toBe(32 - 1);
    expect(adversarial(10).length).toBe(32 - 1);
  });

  it("cuts a lookup into consecutive ranges of words, each as few probes as can be", () => {
    const probes = MIH_WORDS.map(wordProbes);
    expect(probes).toEqual([277, 277, 277, 277, 277, 277, 277, 277, 301, 301, 25]);
    const largest = (parts: number) => Math.max(...wordRanges(parts).map(([a, b]) => probes.slice(a, b + 1).reduce((s, p) => s + p, 0)));
    expect(wordRanges(1)).toEqual([[0, 10]]);
    expect(wordRanges(2)).toEqual([[0, 4], [5, 10]]);
    expect([largest(2), largest(3), largest(4)]).toEqual([1458, 1108, 831]);
    for (const parts of [1, 2, 3, 4]) {
      const ranges = wordRanges(parts);
      expect(ranges).toHaveLength(parts);
      // Every word once, in order.
      expect(ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i))).toEqual(MIH_WORDS.map((_, k) => k));
    }
    expect(() => wordRanges(5)).toThrow();
  });
});

describe("lookups against brute force", () => {
  let database: Database;
  // Stored hashes: random ones, and near-duplicates of a few anchors at every distance 0–40 and in the adversarial shapes.
  const stored: string[] = [];
  const anchors = Array.from({ length: 6 }, hex);
  const queries: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    for (let i = 0; i < 400; i++) stored.push(hex());
    for (const a of anchors) {
      for (let d = 0; d <= 40; d++) stored.push(flip(a, randomBits(d)));
      for (let k = 0; k < MIH_WORDS.length; k++) {
        stored.push(flip(a, adversarial(k)));
        stored.push(flip(a, adversarial(k, 1)));
        // One bit more than the guarantee: distance 32, must not be found.
        stored.push(flip(a, bitsPerWord(MIH_WORDS.map((w) => w.radius + 1))));
      }
      queries.push(a, flip(a, randomBits(7)));
    }
    // A near-duplicate cluster: many stored hashes share words with each other.
    const cluster = hex();
    for (let i = 0; i < 60; i++) stored.push(flip(cluster, randomBits(i % 20)));
    queries.push(cluster, hex(), hex(), stored[0]!);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  function bruteForce(owners: Array<[string, string]>, q: readonly string[], max: number): Map<string, number> {
    const out = new Map<string, number>();
    for (const [owner, h] of owners) {
      const d = Math.min(...q.map((x) => distance(x, h)));
      if (d <= max && (!out.has(owner) || out.get(owner)! > d)) out.set(owner, d);
    }
    return out;
  }

  it("image_hash: the same owners and distances as a brute-force scan, for single and batched queries", async () => {
    const db = database.db;
    const rows = await db
      .insert(indexedImage)
      .values(stored.map((h, i) => ({ imageUrl: `https://mih.test/${i}.jpg`, hash: h, mirrorHash: h, quality: 100 })))
      .returning({ id: indexedImage.id });
    const owners: Array<[string, string]> = [];
    const values = rows.flatMap((r, i) => {
      // The mirrored row of each image: another random hash with the same owner.
      const mirror = hex();
      owners.push([String(r.id), stored[i]!], [String(r.id), mirror]);
      return [
        { imageId: r.id, mirrored: false, ...hashColumns(stored[i]!) },
        { imageId: r.id, mirrored: true, ...hashColumns(mirror) },
      ];
    });
    for (let i = 0; i < values.length; i += 500) await db.insert(imageHash).values(values.slice(i, i + 500));

    let found = 0;
    for (const q of queries) {
      const expected = bruteForce(owners, [q], 31);
      found += expected.size;
      expect(Object.fromEntries(await repo.nearHashes(db, "image_hash", [q], 31))).toEqual(Object.fromEntries(expected));
      // The lookup spread over two, three and four connections finds the same.
      for (const connections of [2, 3, 4]) expect(Object.fromEntries(await repo.nearHashes(db, "image_hash", [q], 31, { connections }))).toEqual(Object.fromEntries(expected));
    }
    // The anchors' planted copies within 31 (32 at distances 0–31, 22 adversarial), at least.
    expect(found).toBeGreaterThanOrEqual(anchors.length * 54);
    // A batch (as a reference photo's hashes are looked up) and a smaller radius.
    expect(Object.fromEntries(await repo.nearHashes(db, "image_hash", queries, 31))).toEqual(Object.fromEntries(bruteForce(owners, queries, 31)));
    expect(Object.fromEntries(await repo.nearHashes(db, "image_hash", queries, 31, { connections: 3 }))).toEqual(Object.fromEntries(bruteForce(owners, queries, 31)));
    expect(Object.fromEntries(await repo.nearHashes(db, "image_hash", queries.slice(0, 4), 12))).toEqual(Object.fromEntries(bruteForce(owners, queries.slice(0, 4), 12)));
  }, 60_000);

  it("reference_hash: the same reference photos and distances as a brute-force scan", async () => {
    const db = database.db;
    await db.insert(user).values({ id: "mih-luna", name: "Luna", email: "mih-luna@example.com" });
    const owners: Array<[string, string]> = [];
    for (let p = 0; p < 8; p++) {
      const [ref] = await db.insert(referenceImage).values({ userId: "mih-luna", label: `p${p}`, hashes: {} as never, quality: 100 }).returning({ id: referenceImage.id });
      const mine = stored.filter((_, i) => i % 8 === p);
      await repo.insertReferenceHashes(db, ref!.id, "mih-luna", mine);
      for (const h of mine) owners.push([ref!.id, h]);
    }
    for (const q of queries) {
      const expected = Object.fromEntries(bruteForce(owners, [q], 31));
      expect(Object.fromEntries(await repo.nearHashes(db, "reference_hash", [q], 31))).toEqual(expected);
      expect(Object.fromEntries(await repo.nearHashes(db, "reference_hash", [q], 31, { connections: 4 }))).toEqual(expected);
    }
  }, 60_000);
});
