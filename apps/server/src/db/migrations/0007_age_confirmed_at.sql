ALTER TABLE "user" ADD COLUMN "age_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts confirmed at sign-up before this column existed: the confirmation came with the account.
UPDATE "user" SET "age_confirmed_at" = "created_at" WHERE "age_confirmed" AND "age_confirmed_at" IS NULL;
