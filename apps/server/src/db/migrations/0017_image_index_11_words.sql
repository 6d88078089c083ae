-- Multi-index hashing in 11 words instead of 16 (docs/decisions/011-image-index.md): words 0–7 of 23
-- bits and 8–10 of 24 bits (most significant first). Two hashes within 31 bits are within 2 bits on
-- one of words 0–9 or within 1 bit on word 10 (10 × 3 + 2 = 32 > 31), so the query's words and
-- their neighbours within those radii (8 × 277 + 2 × 301 + 25 = 2,843 values) find every hash
-- within 31, with ~34× fewer candidates to check than 16 words of 16 bits (272 × N / 65,536).
-- The words are recomputed from the stored hash; w11–w15 and their indexes go.
--> statement-breakpoint
ALTER TABLE "image_hash" DROP COLUMN "w11";
--> statement-breakpoint
ALTER TABLE "image_hash" DROP COLUMN "w12";
--> statement-breakpoint
ALTER TABLE "image_hash" DROP COLUMN "w13";
--> statement-breakpoint
ALTER TABLE "image_hash" DROP COLUMN "w14";
--> statement-breakpoint
ALTER TABLE "image_hash" DROP COLUMN "w15";
--> statement-breakpoint
ALTER TABLE "image_hash"
  ALTER COLUMN "w0" SET DATA TYPE integer USING substring("hash" FROM 1 FOR 23)::int,
  ALTER COLUMN "w1" SET DATA TYPE integer USING substring("hash" FROM 24 FOR 23)::int,
  ALTER COLUMN "w2" SET DATA TYPE integer USING substring("hash" FROM 47 FOR 23)::int,
  ALTER COLUMN "w3" SET DATA TYPE integer USING substring("hash" FROM 70 FOR 23)::int,
  ALTER COLUMN "w4" SET DATA TYPE integer USING substring("hash" FROM 93 FOR 23)::int,
  ALTER COLUMN "w5" SET DATA TYPE integer USING substring("hash" FROM 116 FOR 23)::int,
  ALTER COLUMN "w6" SET DATA TYPE integer USING substring("hash" FROM 139 FOR 23)::int,
  ALTER COLUMN "w7" SET DATA TYPE integer USING substring("hash" FROM 162 FOR 23)::int,
  ALTER COLUMN "w8" SET DATA TYPE integer USING substring("hash" FROM 185 FOR 24)::int,
  ALTER COLUMN "w9" SET DATA TYPE integer USING substring("hash" FROM 209 FOR 24)::int,
  ALTER COLUMN "w10" SET DATA TYPE integer USING substring("hash" FROM 233 FOR 24)::int;
--> statement-breakpoint
ALTER TABLE "reference_hash" DROP COLUMN "w11";
--> statement-breakpoint
ALTER TABLE "reference_hash" DROP COLUMN "w12";
--> statement-breakpoint
ALTER TABLE "reference_hash" DROP COLUMN "w13";
--> statement-breakpoint
ALTER TABLE "reference_hash" DROP COLUMN "w14";
--> statement-breakpoint
ALTER TABLE "reference_hash" DROP COLUMN "w15";
--> statement-breakpoint
ALTER TABLE "reference_hash"
  ALTER COLUMN "w0" SET DATA TYPE integer USING substring("hash" FROM 1 FOR 23)::int,
  ALTER COLUMN "w1" SET DATA TYPE integer USING substring("hash" FROM 24 FOR 23)::int,
  ALTER COLUMN "w2" SET DATA TYPE integer USING substring("hash" FROM 47 FOR 23)::int,
  ALTER COLUMN "w3" SET DATA TYPE integer USING substring("hash" FROM 70 FOR 23)::int,
  ALTER COLUMN "w4" SET DATA TYPE integer USING substring("hash" FROM 93 FOR 23)::int,
  ALTER COLUMN "w5" SET DATA TYPE integer USING substring("hash" FROM 116 FOR 23)::int,
  ALTER COLUMN "w6" SET DATA TYPE integer USING substring("hash" FROM 139 FOR 23)::int,
  ALTER COLUMN "w7" SET DATA TYPE integer USING substring("hash" FROM 162 FOR 23)::int,
  ALTER COLUMN "w8" SET DATA TYPE integer USING substring("hash" FROM 185 FOR 24)::int,
  ALTER COLUMN "w9" SET DATA TYPE integer USING substring("hash" FROM 209 FOR 24)::int,
  ALTER COLUMN "w10" SET DATA TYPE integer USING substring("hash" FROM 233 FOR 24)::int;
--> statement-breakpoint
-- The masks of every value within `radius` (0, 1 or 2) bits of a `bits`-bit word: 0, each bit, each
-- pair of bits. Immutable, so a cached plan holds them as constants.
CREATE FUNCTION mih_masks(bits int, radius int) RETURNS int[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT array_agg(m ORDER BY m) FROM (
    SELECT 0 AS m
    UNION ALL SELECT 1 << i FROM generate_series(0, bits - 1) i WHERE radius >= 1
    UNION ALL SELECT (1 << i) | (1 << j) FROM generate_series(0, bits - 2) i, generate_series(i + 1, bits - 1) j WHERE radius >= 2
  ) s
$$;
--> statement-breakpoint
-- The owners of the hashes within max_distance (≤ 31) of q, each with its nearest distance: one
-- index-only scan a word over the word's neighbours (one `= ANY` of 25–301 values), the distance
-- checked on the index entry. Bitmap scans off: they would read the table for every candidate.
CREATE OR REPLACE FUNCTION image_hash_near(q bit(256), max_distance int) RETURNS TABLE(owner bigint, distance int)
LANGUAGE plpgsql STABLE
SET enable_bitmapscan = off
SET max_parallel_workers_per_gather = 0
SET jit = off
AS $$
BEGIN
  RETURN QUERY SELECT c.o, min(c.d)::int FROM (
    SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w0 = ANY(ARRAY(SELECT substring(q FROM 1 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w1 = ANY(ARRAY(SELECT substring(q FROM 24 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w2 = ANY(ARRAY(SELECT substring(q FROM 47 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w3 = ANY(ARRAY(SELECT substring(q FROM 70 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w4 = ANY(ARRAY(SELECT substring(q FROM 93 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w5 = ANY(ARRAY(SELECT substring(q FROM 116 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w6 = ANY(ARRAY(SELECT substring(q FROM 139 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w7 = ANY(ARRAY(SELECT substring(q FROM 162 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w8 = ANY(ARRAY(SELECT substring(q FROM 185 FOR 24)::int # m FROM unnest(mih_masks(24, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w9 = ANY(ARRAY(SELECT substring(q FROM 209 FOR 24)::int # m FROM unnest(mih_masks(24, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w10 = ANY(ARRAY(SELECT substring(q FROM 233 FOR 24)::int # m FROM unnest(mih_masks(24, 1)) m)) AND bit_count(hash # q) <= max_distance
  ) c GROUP BY c.o;
END
$$;
--> statement-breakpoint
-- The owners of the hashes within max_distance (≤ 31) of q, each with its nearest distance: one
-- index-only scan a word over the word's neighbours (one `= ANY` of 25–301 values), the distance
-- checked on the index entry. Bitmap scans off: they would read the table for every candidate.
CREATE OR REPLACE FUNCTION reference_hash_near(q bit(256), max_distance int) RETURNS TABLE(owner uuid, distance int)
LANGUAGE plpgsql STABLE
SET enable_bitmapscan = off
SET max_parallel_workers_per_gather = 0
SET jit = off
AS $$
BEGIN
  RETURN QUERY SELECT c.o, min(c.d)::int FROM (
    SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w0 = ANY(ARRAY(SELECT substring(q FROM 1 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w1 = ANY(ARRAY(SELECT substring(q FROM 24 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w2 = ANY(ARRAY(SELECT substring(q FROM 47 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w3 = ANY(ARRAY(SELECT substring(q FROM 70 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w4 = ANY(ARRAY(SELECT substring(q FROM 93 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w5 = ANY(ARRAY(SELECT substring(q FROM 116 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w6 = ANY(ARRAY(SELECT substring(q FROM 139 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w7 = ANY(ARRAY(SELECT substring(q FROM 162 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w8 = ANY(ARRAY(SELECT substring(q FROM 185 FOR 24)::int # m FROM unnest(mih_masks(24, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w9 = ANY(ARRAY(SELECT substring(q FROM 209 FOR 24)::int # m FROM unnest(mih_masks(24, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w10 = ANY(ARRAY(SELECT substring(q FROM 233 FOR 24)::int # m FROM unnest(mih_masks(24, 1)) m)) AND bit_count(hash # q) <= max_distance
  ) c GROUP BY c.o;
END
$$;
