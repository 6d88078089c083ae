CREATE TABLE "handle_dispute" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" integer NOT NULL,
	"username_key" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"owner_user_id" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "nickname" ADD COLUMN "attested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "handle_dispute" ADD CONSTRAINT "handle_dispute_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handle_dispute_handle_idx" ON "handle_dispute" USING btree ("platform_id","username_key");