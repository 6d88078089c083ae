CREATE TABLE "leak_number_counter" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "leak_user_number_idx";--> statement-breakpoint
ALTER TABLE "leak" ALTER COLUMN "number" SET DATA TYPE bigint;--> statement-breakpoint
-- Leak numbers are per creator (#1, #2, … for each), no longer the service's sequence.
ALTER TABLE "leak" ALTER COLUMN "number" SET DEFAULT 0;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "leak_number_seq";--> statement-breakpoint
UPDATE "leak" SET "number" = r.n
  FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "number", "first_seen_at", "id") AS n FROM "leak") r
  WHERE "leak"."id" = r."id" AND "leak"."number" IS DISTINCT FROM r.n;--> statement-breakpoint
ALTER TABLE "alert_rule" ALTER COLUMN "new_leak" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "alert_rule" ALTER COLUMN "digest" SET DEFAULT 'weekly';--> statement-breakpoint
ALTER TABLE "alert_rule" ALTER COLUMN "takedown_succeeded" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "alert_rule" ADD COLUMN "last_new_leak_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_rule" ADD COLUMN "new_leak_alerted_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leak_number_counter" ADD CONSTRAINT "leak_number_counter_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leak_user_number_idx" ON "leak" USING btree ("user_id","number");--> statement-breakpoint
INSERT INTO "leak_number_counter" ("user_id", "last") SELECT "user_id", max("number") FROM "leak" GROUP BY "user_id";--> statement-breakpoint
-- Every insert into leak gets the creator's next number, whichever code inserts it: the counter
-- row's update serialises two inserts for the same creator. An insert that will meet its own
-- (creator, URL) row and turn into an update (ON CONFLICT) takes that row's number instead of
-- using one up; only two transactions inserting the same new URL at once can leave a gap.
CREATE OR REPLACE FUNCTION leak_number_assign() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  existing bigint;
BEGIN
  SELECT l.number INTO existing FROM leak l WHERE l.user_id = NEW.user_id AND l.canonical_url = NEW.canonical_url;
  IF FOUND THEN
    NEW.number := existing;
    RETURN NEW;
  END IF;
  INSERT INTO leak_number_counter AS c (user_id, last) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET last = c.last + 1
    RETURNING c.last INTO NEW.number;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER leak_number_assign BEFORE INSERT ON leak
  FOR EACH ROW EXECUTE FUNCTION leak_number_assign();--> statement-breakpoint
-- Alerts are on for new accounts; an account made before keeps what it had (the old defaults,
-- all off, when it never set its alerts).
INSERT INTO "alert_rule" ("user_id", "new_leak", "digest", "takedown_succeeded")
  SELECT "id", false, 'off', false FROM "user"
  ON CONFLICT ("user_id") DO NOTHING;--> statement-breakpoint
-- New-leaks emails tell of leaks numbered after this: an existing account is told only of leaks found from now on.
UPDATE "alert_rule" a SET "new_leak_alerted_through" = c."last" FROM "leak_number_counter" c WHERE c."user_id" = a."user_id";
