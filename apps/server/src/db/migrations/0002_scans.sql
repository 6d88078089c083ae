CREATE TABLE "leak" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"user_id" text NOT NULL,
	"canonical_url" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"confidence" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"evidence" jsonb NOT NULL,
	"first_scan_id" uuid,
	"last_scan_id" uuid,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reference_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"hashes" jsonb NOT NULL,
	"quality" integer NOT NULL,
	"thumbnail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text NOT NULL,
	"phase" text DEFAULT 'queued' NOT NULL,
	"queries_planned" integer DEFAULT 0 NOT NULL,
	"queries_done" integer DEFAULT 0 NOT NULL,
	"pages_planned" integer DEFAULT 0 NOT NULL,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"sites_analyzed" integer DEFAULT 0 NOT NULL,
	"links_checked" integer DEFAULT 0 NOT NULL,
	"leaks_found" integer DEFAULT 0 NOT NULL,
	"new_leaks" integer DEFAULT 0 NOT NULL,
	"images_matched" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"outcome" text,
	"error" text,
	"source_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "leak" ADD CONSTRAINT "leak_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak" ADD CONSTRAINT "leak_first_scan_id_scan_id_fk" FOREIGN KEY ("first_scan_id") REFERENCES "public"."scan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak" ADD CONSTRAINT "leak_last_scan_id_scan_id_fk" FOREIGN KEY ("last_scan_id") REFERENCES "public"."scan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_image" ADD CONSTRAINT "reference_image_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan" ADD CONSTRAINT "scan_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leak_user_url" ON "leak" USING btree ("user_id","canonical_url");--> statement-breakpoint
CREATE INDEX "leak_user_last_seen_idx" ON "leak" USING btree ("user_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "leak_user_status_idx" ON "leak" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "reference_image_user_idx" ON "reference_image" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scan_user_created_idx" ON "scan" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_one_active_per_user" ON "scan" USING btree ("user_id") WHERE "scan"."status" in ('queued', 'running');