CREATE TABLE "search_delisting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"leak_id" uuid NOT NULL,
	"engine" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"leak_id" uuid NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level" integer,
	"web_form" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"first_sent_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"last_check_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_authorization" (
	"user_id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"signature" text NOT NULL,
	"statement" text NOT NULL,
	"statement_version" text NOT NULL,
	"owner_name" text NOT NULL,
	"stage_name_id" uuid,
	"granted_at" timestamp with time zone NOT NULL,
	"client_ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"takedown_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"level" integer NOT NULL,
	"recipient" jsonb NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "takedown_notice_link" (
	"notice_id" uuid NOT NULL,
	"takedown_id" uuid NOT NULL,
	CONSTRAINT "takedown_notice_link_notice_id_takedown_id_pk" PRIMARY KEY("notice_id","takedown_id")
);
--> statement-breakpoint
ALTER TABLE "search_delisting" ADD CONSTRAINT "search_delisting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_delisting" ADD CONSTRAINT "search_delisting_leak_id_leak_id_fk" FOREIGN KEY ("leak_id") REFERENCES "public"."leak"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown" ADD CONSTRAINT "takedown_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown" ADD CONSTRAINT "takedown_leak_id_leak_id_fk" FOREIGN KEY ("leak_id") REFERENCES "public"."leak"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_authorization" ADD CONSTRAINT "takedown_authorization_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_event" ADD CONSTRAINT "takedown_event_takedown_id_takedown_id_fk" FOREIGN KEY ("takedown_id") REFERENCES "public"."takedown"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_notice" ADD CONSTRAINT "takedown_notice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_notice_link" ADD CONSTRAINT "takedown_notice_link_notice_id_takedown_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."takedown_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_notice_link" ADD CONSTRAINT "takedown_notice_link_takedown_id_takedown_id_fk" FOREIGN KEY ("takedown_id") REFERENCES "public"."takedown"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_delisting_leak_engine" ON "search_delisting" USING btree ("leak_id","engine");--> statement-breakpoint
CREATE INDEX "search_delisting_user_idx" ON "search_delisting" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "takedown_user_created_idx" ON "takedown" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_one_open_per_leak" ON "takedown" USING btree ("leak_id") WHERE "takedown"."status" in ('draft', 'queued', 'sent', 'escalated');--> statement-breakpoint
CREATE INDEX "takedown_event_takedown_idx" ON "takedown_event" USING btree ("takedown_id","at");--> statement-breakpoint
CREATE INDEX "takedown_notice_user_idx" ON "takedown_notice" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "takedown_notice_link_takedown_idx" ON "takedown_notice_link" USING btree ("takedown_id");