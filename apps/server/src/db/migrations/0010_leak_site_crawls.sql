CREATE TABLE "crawl_host" (
	"host" text PRIMARY KEY NOT NULL,
	"next_allowed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_status" text
);
--> statement-breakpoint
CREATE TABLE "crawl_host_lease" (
	"host" text NOT NULL,
	"slot" integer NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crawl_host_lease_host_slot_pk" PRIMARY KEY("host","slot")
);
--> statement-breakpoint
CREATE TABLE "crawl_item" (
	"site_id" text NOT NULL,
	"key" text NOT NULL,
	"seq" bigserial NOT NULL,
	"url" text NOT NULL,
	"fetch_url" text,
	"title" text DEFAULT '' NOT NULL,
	"item_time" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_by" text,
	"claim_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"discovered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"leaks" integer DEFAULT 0 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "crawl_item_site_id_key_pk" PRIMARY KEY("site_id","key")
);
--> statement-breakpoint
CREATE TABLE "crawl_site" (
	"site_id" text PRIMARY KEY NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"listing_holder" text,
	"listing_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"items_read" integer DEFAULT 0 NOT NULL,
	"pages_read" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	"leaks_found" integer DEFAULT 0 NOT NULL,
	"last_run" jsonb
);
--> statement-breakpoint
CREATE INDEX "crawl_item_site_status_idx" ON "crawl_item" USING btree ("site_id","status","seq");