ALTER TABLE "takedown_reply" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "takedown_reply" ADD COLUMN "trust" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "takedown_reply" ADD COLUMN "authentication" text DEFAULT '' NOT NULL;