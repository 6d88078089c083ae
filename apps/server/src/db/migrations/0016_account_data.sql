CREATE TABLE "account_deletion" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"erase_after" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_notice_pending" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_notice_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"recipient" text NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"statement" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_deletion" ADD CONSTRAINT "account_deletion_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_notice_record_sent_idx" ON "legal_notice_record" USING btree ("sent_at");