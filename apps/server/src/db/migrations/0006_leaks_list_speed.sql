-- Trigram indexes for the Leaks search (pg_trgm ships with PostgreSQL; PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The day the Leaks table shows, as the search matches it. to_char is only stable in general; with
-- this fixed format and time zone it depends on nothing else, so it may be indexed.
CREATE OR REPLACE FUNCTION leak_seen_day(at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') $$;--> statement-breakpoint
CREATE TABLE "leak_count" (
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leak_count_user_id_status_category_pk" PRIMARY KEY("user_id","status","category")
);
--> statement-breakpoint
DROP INDEX "leak_user_last_seen_idx";--> statement-breakpoint
DROP INDEX "leak_user_status_idx";--> statement-breakpoint
DROP INDEX "takedown_user_created_idx";--> statement-breakpoint
ALTER TABLE "leak_count" ADD CONSTRAINT "leak_count_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leak_user_order_idx" ON "leak" USING btree ("user_id","last_seen_at" DESC NULLS FIRST,"number" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "leak_user_status_order_idx" ON "leak" USING btree ("user_id","status","last_seen_at" DESC NULLS FIRST,"number" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "leak_user_category_order_idx" ON "leak" USING btree ("user_id","category","last_seen_at" DESC NULLS FIRST,"number" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "leak_user_number_idx" ON "leak" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "leak_search_trgm_idx" ON "leak" USING gin (("url" || ' ' || "title" || ' ' || "domain" || ' ' || "category" || ' ' || "status") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leak_seen_day_trgm_idx" ON "leak" USING gin (leak_seen_day("last_seen_at") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "takedown_leak_created_idx" ON "takedown" USING btree ("leak_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "takedown_user_created_idx" ON "takedown" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- leak_count follows every write to leak, in the same transaction: the Leaks total is read, never counted.
-- A removed counter is only ever decremented (a user being deleted takes hers with her).
CREATE OR REPLACE FUNCTION leak_count_track() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO leak_count AS c (user_id, status, category, n) VALUES (NEW.user_id, NEW.status, NEW.category, 1)
      ON CONFLICT (user_id, status, category) DO UPDATE SET n = c.n + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE leak_count SET n = n - 1 WHERE user_id = OLD.user_id AND status = OLD.status AND category = OLD.category;
  ELSIF (OLD.user_id, OLD.status, OLD.category) IS DISTINCT FROM (NEW.user_id, NEW.status, NEW.category) THEN
    -- Both counters in key order, so that two such updates never wait on each other crosswise.
    IF (OLD.user_id, OLD.status, OLD.category) < (NEW.user_id, NEW.status, NEW.category) THEN
      UPDATE leak_count SET n = n - 1 WHERE user_id = OLD.user_id AND status = OLD.status AND category = OLD.category;
    END IF;
    INSERT INTO leak_count AS c (user_id, status, category, n) VALUES (NEW.user_id, NEW.status, NEW.category, 1)
      ON CONFLICT (user_id, status, category) DO UPDATE SET n = c.n + 1;
    IF (OLD.user_id, OLD.status, OLD.category) > (NEW.user_id, NEW.status, NEW.category) THEN
      UPDATE leak_count SET n = n - 1 WHERE user_id = OLD.user_id AND status = OLD.status AND category = OLD.category;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER leak_count_track AFTER INSERT OR DELETE OR UPDATE OF user_id, status, category ON leak
  FOR EACH ROW EXECUTE FUNCTION leak_count_track();--> statement-breakpoint
INSERT INTO leak_count (user_id, status, category, n)
  SELECT user_id, status, category, count(*)::integer FROM leak GROUP BY user_id, status, category;
