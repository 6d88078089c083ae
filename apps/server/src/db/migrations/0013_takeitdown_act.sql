ALTER TABLE "takedown" ADD COLUMN "basis" text DEFAULT 'dmca' NOT NULL;--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "attestation" jsonb;--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "removal_deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "deadline_missed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takedown_notice" ADD COLUMN "kind" text DEFAULT 'dmca' NOT NULL;