CREATE TABLE "image_hash" (
	"image_id" bigint NOT NULL,
	"mirrored" boolean NOT NULL,
	"hash" bit(256) NOT NULL,
	"w0" smallint NOT NULL,
	"w1" smallint NOT NULL,
	"w2" smallint NOT NULL,
	"w3" smallint NOT NULL,
	"w4" smallint NOT NULL,
	"w5" smallint NOT NULL,
	"w6" smallint NOT NULL,
	"w7" smallint NOT NULL,
	"w8" smallint NOT NULL,
	"w9" smallint NOT NULL,
	"w10" smallint NOT NULL,
	"w11" smallint NOT NULL,
	"w12" smallint NOT NULL,
	"w13" smallint NOT NULL,
	"w14" smallint NOT NULL,
	"w15" smallint NOT NULL,
	CONSTRAINT "image_hash_image_id_mirrored_pk" PRIMARY KEY("image_id","mirrored")
);
--> statement-breakpoint
CREATE TABLE "image_sighting" (
	"image_id" bigint NOT NULL,
	"page_url" text NOT NULL,
	"host" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_sighting_image_id_page_url_pk" PRIMARY KEY("image_id","page_url")
);
--> statement-breakpoint
CREATE TABLE "indexed_image" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"image_url" text NOT NULL,
	"hash" text NOT NULL,
	"mirror_hash" text NOT NULL,
	"quality" smallint NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_hash" (
	"reference_image_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"hash" bit(256) NOT NULL,
	"w0" smallint NOT NULL,
	"w1" smallint NOT NULL,
	"w2" smallint NOT NULL,
	"w3" smallint NOT NULL,
	"w4" smallint NOT NULL,
	"w5" smallint NOT NULL,
	"w6" smallint NOT NULL,
	"w7" smallint NOT NULL,
	"w8" smallint NOT NULL,
	"w9" smallint NOT NULL,
	"w10" smallint NOT NULL,
	"w11" smallint NOT NULL,
	"w12" smallint NOT NULL,
	"w13" smallint NOT NULL,
	"w14" smallint NOT NULL,
	"w15" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_hash" ADD CONSTRAINT "image_hash_image_id_indexed_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."indexed_image"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_sighting" ADD CONSTRAINT "image_sighting_image_id_indexed_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."indexed_image"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_hash" ADD CONSTRAINT "reference_hash_reference_image_id_reference_image_id_fk" FOREIGN KEY ("reference_image_id") REFERENCES "public"."reference_image"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_hash" ADD CONSTRAINT "reference_hash_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_hash_w0_idx" ON "image_hash" USING btree ("w0","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w1_idx" ON "image_hash" USING btree ("w1","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w2_idx" ON "image_hash" USING btree ("w2","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w3_idx" ON "image_hash" USING btree ("w3","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w4_idx" ON "image_hash" USING btree ("w4","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w5_idx" ON "image_hash" USING btree ("w5","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w6_idx" ON "image_hash" USING btree ("w6","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w7_idx" ON "image_hash" USING btree ("w7","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w8_idx" ON "image_hash" USING btree ("w8","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w9_idx" ON "image_hash" USING btree ("w9","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w10_idx" ON "image_hash" USING btree ("w10","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w11_idx" ON "image_hash" USING btree ("w11","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w12_idx" ON "image_hash" USING btree ("w12","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w13_idx" ON "image_hash" USING btree ("w13","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w14_idx" ON "image_hash" USING btree ("w14","image_id","hash");--> statement-breakpoint
CREATE INDEX "image_hash_w15_idx" ON "image_hash" USING btree ("w15","image_id","hash");--> statement-breakpoint
CREATE UNIQUE INDEX "indexed_image_url" ON "indexed_image" USING btree ("image_url");--> statement-breakpoint
CREATE INDEX "reference_hash_image_idx" ON "reference_hash" USING btree ("reference_image_id");--> statement-breakpoint
CREATE INDEX "reference_hash_w0_idx" ON "reference_hash" USING btree ("w0","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w1_idx" ON "reference_hash" USING btree ("w1","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w2_idx" ON "reference_hash" USING btree ("w2","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w3_idx" ON "reference_hash" USING btree ("w3","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w4_idx" ON "reference_hash" USING btree ("w4","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w5_idx" ON "reference_hash" USING btree ("w5","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w6_idx" ON "reference_hash" USING btree ("w6","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w7_idx" ON "reference_hash" USING btree ("w7","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w8_idx" ON "reference_hash" USING btree ("w8","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w9_idx" ON "reference_hash" USING btree ("w9","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w10_idx" ON "reference_hash" USING btree ("w10","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w11_idx" ON "reference_hash" USING btree ("w11","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w12_idx" ON "reference_hash" USING btree ("w12","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w13_idx" ON "reference_hash" USING btree ("w13","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w14_idx" ON "reference_hash" USING btree ("w14","reference_image_id","hash");--> statement-breakpoint
CREATE INDEX "reference_hash_w15_idx" ON "reference_hash" USING btree ("w15","reference_image_id","hash");
--> statement-breakpoint
-- Multi-index hashing: the owners of the hashes within max_distance (≤ 31) of q. The 16 words of q
-- and their one-bit neighbours (16 × 17 values), then one index-only scan a word that checks the
-- distance on the index entry. Bitmap scans off: they would read the table for every candidate.
CREATE FUNCTION image_hash_near(q bit(256), max_distance int) RETURNS TABLE(owner bigint, distance int)
LANGUAGE plpgsql STABLE
SET enable_bitmapscan = off
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  p smallint[] := '{}';
  v int;
BEGIN
  FOR k IN 0..15 LOOP
    v := substring(q FROM 1 + 16 * k FOR 16)::int;
    p := p || (v - 32768)::smallint;
    FOR b IN 0..15 LOOP
      p := p || ((v # (1 << b)) - 32768)::smallint;
    END LOOP;
  END LOOP;
  RETURN QUERY SELECT c.o, min(c.d)::int FROM (
    SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w0 = ANY(p[1:17]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w1 = ANY(p[18:34]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w2 = ANY(p[35:51]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w3 = ANY(p[52:68]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w4 = ANY(p[69:85]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w5 = ANY(p[86:102]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w6 = ANY(p[103:119]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w7 = ANY(p[120:136]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w8 = ANY(p[137:153]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w9 = ANY(p[154:170]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w10 = ANY(p[171:187]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w11 = ANY(p[188:204]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w12 = ANY(p[205:221]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w13 = ANY(p[222:238]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w14 = ANY(p[239:255]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT image_id AS o, bit_count(hash # q)::int AS d FROM image_hash WHERE w15 = ANY(p[256:272]) AND bit_count(hash # q) <= max_distance
  ) c GROUP BY c.o;
END
$$;
--> statement-breakpoint
-- Multi-index hashing: the owners of the hashes within max_distance (≤ 31) of q. The 16 words of q
-- and their one-bit neighbours (16 × 17 values), then one index-only scan a word that checks the
-- distance on the index entry. Bitmap scans off: they would read the table for every candidate.
CREATE FUNCTION reference_hash_near(q bit(256), max_distance int) RETURNS TABLE(owner uuid, distance int)
LANGUAGE plpgsql STABLE
SET enable_bitmapscan = off
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  p smallint[] := '{}';
  v int;
BEGIN
  FOR k IN 0..15 LOOP
    v := substring(q FROM 1 + 16 * k FOR 16)::int;
    p := p || (v - 32768)::smallint;
    FOR b IN 0..15 LOOP
      p := p || ((v # (1 << b)) - 32768)::smallint;
    END LOOP;
  END LOOP;
  RETURN QUERY SELECT c.o, min(c.d)::int FROM (
    SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w0 = ANY(p[1:17]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w1 = ANY(p[18:34]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w2 = ANY(p[35:51]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w3 = ANY(p[52:68]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w4 = ANY(p[69:85]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w5 = ANY(p[86:102]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w6 = ANY(p[103:119]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w7 = ANY(p[120:136]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w8 = ANY(p[137:153]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w9 = ANY(p[154:170]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w10 = ANY(p[171:187]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w11 = ANY(p[188:204]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w12 = ANY(p[205:221]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w13 = ANY(p[222:238]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w14 = ANY(p[239:255]) AND bit_count(hash # q) <= max_distance
    UNION ALL SELECT reference_image_id AS o, bit_count(hash # q)::int AS d FROM reference_hash WHERE w15 = ANY(p[256:272]) AND bit_count(hash # q) <= max_distance
  ) c GROUP BY c.o;
END
$$;
--> statement-breakpoint
-- Reference photos stored before the index: their hashes (eight orientations, and their crops',
-- one hash each or, from older clients, eight) made searchable by newly indexed images.
INSERT INTO reference_hash (reference_image_id, user_id, hash, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15)
SELECT r.id, r.user_id, h.b, substring(h.b FROM 1 FOR 16)::int - 32768, substring(h.b FROM 17 FOR 16)::int - 32768, substring(h.b FROM 33 FOR 16)::int - 32768, substring(h.b FROM 49 FOR 16)::int - 32768, substring(h.b FROM 65 FOR 16)::int - 32768, substring(h.b FROM 81 FOR 16)::int - 32768, substring(h.b FROM 97 FOR 16)::int - 32768, substring(h.b FROM 113 FOR 16)::int - 32768, substring(h.b FROM 129 FOR 16)::int - 32768, substring(h.b FROM 145 FOR 16)::int - 32768, substring(h.b FROM 161 FOR 16)::int - 32768, substring(h.b FROM 177 FOR 16)::int - 32768, substring(h.b FROM 193 FOR 16)::int - 32768, substring(h.b FROM 209 FOR 16)::int - 32768, substring(h.b FROM 225 FOR 16)::int - 32768, substring(h.b FROM 241 FOR 16)::int - 32768
FROM reference_image r
CROSS JOIN LATERAL (
  SELECT DISTINCT ('x' || lower(x.hex))::bit(256) AS b FROM (
    SELECT e.value AS hex FROM jsonb_each_text(r.hashes) e WHERE e.key IN ('original', 'rotate90', 'rotate180', 'rotate270', 'flipX', 'flipY', 'flipPlus1', 'flipMinus1')
    UNION ALL SELECT c->>'hash' FROM jsonb_array_elements(coalesce(r.hashes->'crops', '[]'::jsonb)) c WHERE c ? 'hash'
    UNION ALL SELECT e.value FROM jsonb_array_elements(coalesce(r.hashes->'crops', '[]'::jsonb)) c CROSS JOIN LATERAL jsonb_each_text(c->'hashes') e WHERE c ? 'hashes'
  ) x WHERE x.hex ~ '^[0-9a-fA-F]{64}$'
) h;
