import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** One per creator: the specific-content text, the ownership code and onboarding state. */
export const creatorProfile = pgTable("creator_profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  specific: text("specific").notNull().default(""),
  verificationCode: text("verification_code").notNull().unique(),
  onboardingCompletedAt: timestamp("onboarding_completed_at", { withTimezone: true }),
  lastVerifyAt: timestamp("last_verify_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const stageName = pgTable(
  "stage_name",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    platformId: integer("platform_id").notNull(),
    username: text("username").notNull(),
    /** Lower-cased username: one entry per platform and name, whatever the case. */
    usernameKey: text("username_key").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    lastCheckAt: timestamp("last_check_at", { withTimezone: true }),
    lastCheckStatus: text("last_check_status"),
    lastCheckReason: text("last_check_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("stage_name_user_platform_key").on(t.userId, t.platformId, t.usernameKey), index("stage_name_user_idx").on(t.userId)],
);

export const nickname = pgTable(
  "nickname",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    valueKey: text("value_key").notNull(),
    /** When she stated that this nickname is hers (a notice may then rest on it); null: not stated. */
    attestedAt: timestamp("attested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("nickname_user_key").on(t.userId, t.valueKey)],
);

export const allowedDomain = pgTable(
  "allowed_domain",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("allowed_domain_user_domain").on(t.userId, t.domain)],
);

/**
 * A handle (platform and username, as the platform compares them) proved by more than one account.
 * While open, notices citing it are held for every account that proved it; an operator resolves it
 * (`npm run ops -- disputes`) in favour of one account, whose proof alone then stands.
 */
export const handleDispute = pgTable(
  "handle_dispute",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platformId: integer("platform_id").notNull(),
    /** Lower-cased username, as stage_name.username_key. */
    usernameKey: text("username_key").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** The account the operator found owns the handle (null: open, or the account is gone). */
    ownerUserId: text("owner_user_id").references(() => user.id, { onDelete: "set null" }),
    note: text("note"),
  },
  (t) => [index("handle_dispute_handle_idx").on(t.platformId, t.usernameKey)],
);
