ALTER TABLE "leak" ADD COLUMN "forgery_marked_at" timestamp with time zone;--> statement-breakpoint
-- A leak she already asked to take down as a forgery of her keeps that mark, from when she first said so.
UPDATE "leak" SET "forgery_marked_at" = f."at"
FROM (
  SELECT "leak_id", min(("attestation"->>'attestedAt')::timestamptz) AS "at"
  FROM "takedown"
  WHERE ("attestation"->>'forgery')::boolean
  GROUP BY "leak_id"
) f
WHERE "leak"."id" = f."leak_id";
