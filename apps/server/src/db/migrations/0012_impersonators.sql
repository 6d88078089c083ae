CREATE TABLE "impersonation_check" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"uncheckable" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profiles_checked" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonator" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"platform_id" integer NOT NULL,
	"handle" text NOT NULL,
	"handle_key" text NOT NULL,
	"profile_url" text NOT NULL,
	"display_name" text,
	"bio" text,
	"avatar_url" text,
	"avatar_jpeg" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"followers" integer,
	"account_created_at" timestamp with time zone,
	"score" integer NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_at" timestamp with time zone,
	"gone_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "impersonation_check" ADD CONSTRAINT "impersonation_check_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonator" ADD CONSTRAINT "impersonator_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "impersonator_user_platform_handle" ON "impersonator" USING btree ("user_id","platform_id","handle_key");--> statement-breakpoint
CREATE INDEX "impersonator_user_status_idx" ON "impersonator" USING btree ("user_id","status");