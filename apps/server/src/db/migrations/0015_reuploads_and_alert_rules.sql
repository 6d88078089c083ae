ALTER TABLE "leak" ADD COLUMN "reupload" jsonb;--> statement-breakpoint
ALTER TABLE "alert_rule" ADD COLUMN "reupload" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rule" ADD COLUMN "new_impersonator" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rule" ADD COLUMN "reupload_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_rule" ADD COLUMN "impersonator_alerted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "image_sighting_page_idx" ON "image_sighting" USING btree ("page_url");--> statement-breakpoint
-- An account made before these rules keeps the choice it made for new-leak emails (an account
-- that switched alerts off, or unsubscribed, is not written to again), and is told only of
-- impersonators listed from now on.
UPDATE "alert_rule" SET "reupload" = "new_leak", "new_impersonator" = "new_leak", "impersonator_alerted_at" = date_trunc('milliseconds', now());
