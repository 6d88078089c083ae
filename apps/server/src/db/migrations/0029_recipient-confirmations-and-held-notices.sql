CREATE TABLE "recipient_confirmation" (
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recipient_confirmation_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
ALTER TABLE "takedown_notice" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recipient_confirmation" ADD CONSTRAINT "recipient_confirmation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "takedown_notice_recipient_sent_idx" ON "takedown_notice" USING btree (lower("recipient"->>'email'),"sent_at");