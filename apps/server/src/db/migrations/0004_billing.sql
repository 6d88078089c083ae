CREATE TABLE "billing_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"body_sha256" text NOT NULL,
	"event_name" text NOT NULL,
	"user_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"provider_id" text NOT NULL,
	"provider_subscription_id" text,
	"status" text NOT NULL,
	"event_name" text NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"provider_created_at" timestamp with time zone,
	"provider_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"provider_customer_id" text,
	"provider_order_id" text,
	"provider_variant_id" text NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"renews_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"card_brand" text,
	"card_last_four" text,
	"urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_schedule" (
	"user_id" text PRIMARY KEY NOT NULL,
	"every_hours" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_scan_id" uuid
);
--> statement-breakpoint
CREATE TABLE "monitoring_tick" (
	"name" text PRIMARY KEY NOT NULL,
	"next_tick_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_event" ADD CONSTRAINT "billing_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment" ADD CONSTRAINT "billing_payment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_schedule" ADD CONSTRAINT "monitoring_schedule_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_schedule" ADD CONSTRAINT "monitoring_schedule_last_scan_id_scan_id_fk" FOREIGN KEY ("last_scan_id") REFERENCES "public"."scan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_event_body" ON "billing_event" USING btree ("body_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_provider" ON "billing_payment" USING btree ("kind","provider_id");--> statement-breakpoint
CREATE INDEX "billing_payment_user_idx" ON "billing_payment" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_provider_id" ON "subscription" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_user_idx" ON "subscription" USING btree ("user_id");