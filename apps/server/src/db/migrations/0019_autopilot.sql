CREATE TABLE "autopilot_send" (
	"leak_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"takedown_id" uuid NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"digested_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "autopilot_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"leak_sites_from" bigint,
	"social_media_from" bigint,
	"file_hosts_from" bigint,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autopilot_send" ADD CONSTRAINT "autopilot_send_leak_id_leak_id_fk" FOREIGN KEY ("leak_id") REFERENCES "public"."leak"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_send" ADD CONSTRAINT "autopilot_send_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_send" ADD CONSTRAINT "autopilot_send_takedown_id_takedown_id_fk" FOREIGN KEY ("takedown_id") REFERENCES "public"."takedown"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_setting" ADD CONSTRAINT "autopilot_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autopilot_send_user_digest_idx" ON "autopilot_send" USING btree ("user_id","digested_at");