ALTER TABLE "takedown" ADD COLUMN "form_step" jsonb;--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "counted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "takedown" SET "counted_at" = "first_sent_at" WHERE "first_sent_at" IS NOT NULL;
