CREATE TABLE "alert_rule" (
	"user_id" text PRIMARY KEY NOT NULL,
	"new_leak" boolean DEFAULT false NOT NULL,
	"digest" text DEFAULT 'off' NOT NULL,
	"takedown_succeeded" boolean DEFAULT false NOT NULL,
	"next_digest_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_rule" ADD CONSTRAINT "alert_rule_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;