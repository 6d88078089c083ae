ALTER TABLE "crawl_host" ADD COLUMN "robots_status" text;--> statement-breakpoint
ALTER TABLE "crawl_host" ADD COLUMN "robots_txt" text;--> statement-breakpoint
ALTER TABLE "crawl_host" ADD COLUMN "robots_fetched_at" timestamp with time zone;