CREATE TABLE "takedown_reply" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"excerpt" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "basis" text DEFAULT 'dmca' NOT NULL;--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "attestation" jsonb;--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "removal_deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "deadline_missed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takedown" ADD COLUMN "counter_notice" jsonb;--> statement-breakpoint
ALTER TABLE "takedown_notice" ADD COLUMN "kind" text DEFAULT 'dmca' NOT NULL;--> statement-breakpoint
ALTER TABLE "takedown_reply" ADD CONSTRAINT "takedown_reply_notice_id_takedown_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."takedown_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_reply_notice_message_idx" ON "takedown_reply" USING btree ("notice_id","message_id");