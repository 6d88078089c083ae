-- The multi-index lookups over a range of words (docs/decisions/011-image-index.md): on PostgreSQL
-- one lookup runs words 0–4 and 5–10 on two pooled connections at once (1,385 and 1,458 probes),
-- which halves its time on a server with a core to spare; PGlite (one connection) runs all 11.
-- The results are the same as before: the union of the two ranges is the 11 words.
--> statement-breakpoint
DROP FUNCTION image_hash_near(bit(256), int);
--> statement-breakpoint
-- The owners of the hashes within max_distance (≤ 31) of q, each with its nearest distance, over
-- words first_word…last_word (all 11 by default): one index-only scan a word over the word's
-- neighbours (one `= ANY` of 25–301 values), the distance checked on the index entry. A word
-- outside the range is a one-time filter that is false: its scan does not run. Bitmap scans off:
-- they would read the table for every candidate.
CREATE FUNCTION image_hash_near(q bit(256), max_distance int, first_word int DEFAULT 0, last_word int DEFAULT 10) RETURNS TABLE(owner bigint, distance int)
LANGUAGE plpgsql STABLE
SET enable_bitmapscan = off
SET max_parallel_workers_per_gather = 0
SET jit = off
AS $$
BEGIN
  RETURN QUERY SELECT c.o, min(c.d)::int FROM (
    SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 0 AND 0 <= last_word AND w0 = ANY(ARRAY(SELECT substring(q FROM 1 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 1 AND 1 <= last_word AND w1 = ANY(ARRAY(SELECT substring(q FROM 24 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 2 AND 2 <= last_word AND w2 = ANY(ARRAY(SELECT substring(q FROM 47 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 3 AND 3 <= last_word AND w3 = ANY(ARRAY(SELECT substring(q FROM 70 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 4 AND 4 <= last_word AND w4 = ANY(ARRAY(SELECT substring(q FROM 93 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 5 AND 5 <= last_word AND w5 = ANY(ARRAY(SELECT substring(q FROM 116 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 6 AND 6 <= last_word AND w6 = ANY(ARRAY(SELECT substring(q FROM 139 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 7 AND 7 <= last_word AND w7 = ANY(ARRAY(SELECT substring(q FROM 162 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 8 AND 8 <= last_word AND w8 = ANY(ARRAY(SELECT substring(q FROM 185 FOR 24)::int # m FROM unnest(mih_masks(24, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 9 AND 9 <= last_word AND w9 = ANY(ARRAY(SELECT substring(q FROM 209 FOR 24)::int # m FROM unnest(mih_masks(24, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE first_word <= 10 AND 10 <= last_word AND w10 = ANY(ARRAY(SELECT substring(q FROM 233 FOR 24)::int # m FROM unnest(mih_masks(24, 1)) m)) AND bit_count(hash # q) <= max_distance
  ) c GROUP BY c.o;
END
$$;
--> statement-breakpoint
DROP FUNCTION reference_hash_near(bit(256), int);
--> statement-breakpoint
-- The owners of the hashes within max_distance (≤ 31) of q, each with its nearest distance, over
-- words first_word…last_word (all 11 by default): one index-only scan a word over the word's
-- neighbours (one `= ANY` of 25–301 values), the distance checked on the index entry. A word
-- outside the range is a one-time filter that is false: its scan does not run. Bitmap scans off:
-- they would read the table for every candidate.
CREATE FUNCTION reference_hash_near(q bit(256), max_distance int, first_word int DEFAULT 0, last_word int DEFAULT 10) RETURNS TABLE(owner uuid, distance int)
LANGUAGE plpgsql STABLE
SET enable_bitmapscan = off
SET max_parallel_workers_per_gather = 0
SET jit = off
AS $$
BEGIN
  RETURN QUERY SELECT c.o, min(c.d)::int FROM (
    SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 0 AND 0 <= last_word AND w0 = ANY(ARRAY(SELECT substring(q FROM 1 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 1 AND 1 <= last_word AND w1 = ANY(ARRAY(SELECT substring(q FROM 24 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 2 AND 2 <= last_word AND w2 = ANY(ARRAY(SELECT substring(q FROM 47 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 3 AND 3 <= last_word AND w3 = ANY(ARRAY(SELECT substring(q FROM 70 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 4 AND 4 <= last_word AND w4 = ANY(ARRAY(SELECT substring(q FROM 93 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 5 AND 5 <= last_word AND w5 = ANY(ARRAY(SELECT substring(q FROM 116 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 6 AND 6 <= last_word AND w6 = ANY(ARRAY(SELECT substring(q FROM 139 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 7 AND 7 <= last_word AND w7 = ANY(ARRAY(SELECT substring(q FROM 162 FOR 23)::int # m FROM unnest(mih_masks(23, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 8 AND 8 <= last_word AND w8 = ANY(ARRAY(SELECT substring(q FROM 185 FOR 24)::int # m FROM unnest(mih_masks(24, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 9 AND 9 <= last_word AND w9 = ANY(ARRAY(SELECT substring(q FROM 209 FOR 24)::int # m FROM unnest(mih_masks(24, 2)) m)) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE first_word <= 10 AND 10 <= last_word AND w10 = ANY(ARRAY(SELECT substring(q FROM 233 FOR 24)::int # m FROM unnest(mih_masks(24, 1)) m)) AND bit_count(hash # q) <= max_distance
  ) c GROUP BY c.o;
END
$$;
