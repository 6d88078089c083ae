ALTER TABLE "leak" ADD COLUMN "reupload" jsonb;--> statement-breakpoint
CREATE INDEX "image_sighting_page_idx" ON "image_sighting" USING btree ("page_url");