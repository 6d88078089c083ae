CREATE TABLE "allowed_domain" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"specific" text DEFAULT '' NOT NULL,
	"verification_code" text NOT NULL,
	"onboarding_completed_at" timestamp with time zone,
	"last_verify_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_profile_verification_code_unique" UNIQUE("verification_code")
);
--> statement-breakpoint
CREATE TABLE "nickname" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"value" text NOT NULL,
	"value_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_name" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"platform_id" integer NOT NULL,
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_check_at" timestamp with time zone,
	"last_check_status" text,
	"last_check_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allowed_domain" ADD CONSTRAINT "allowed_domain_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_profile" ADD CONSTRAINT "creator_profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nickname" ADD CONSTRAINT "nickname_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_name" ADD CONSTRAINT "stage_name_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allowed_domain_user_domain" ON "allowed_domain" USING btree ("user_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "nickname_user_key" ON "nickname" USING btree ("user_id","value_key");--> statement-breakpoint
CREATE UNIQUE INDEX "stage_name_user_platform_key" ON "stage_name" USING btree ("user_id","platform_id","username_key");--> statement-breakpoint
CREATE INDEX "stage_name_user_idx" ON "stage_name" USING btree ("user_id");