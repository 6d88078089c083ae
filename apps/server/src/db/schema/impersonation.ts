import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ImpersonatorStatus } from "@leakwarden/contracts/impersonation";
import { user } from "./auth";

export type StoredEvidence = { kind: string; weight: number; detail: string; url?: string };

/**
 * An account that likely passes itself off as the creator, found by an
 * impersonation check: what its profile showed, our copy of its avatar, its
 * score and evidence, and what she did about it.
 */
export const impersonator = pgTable(
  "impersonator",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    platformId: integer("platform_id").notNull(),
    handle: text("handle").notNull(),
    /** Lower-cased handle: one row per platform and handle. */
    handleKey: text("handle_key").notNull(),
    profileUrl: text("profile_url").notNull(),
    displayName: text("display_name"),
    bio: text("bio"),
    /** The platform's avatar address, kept for the record (never shown to her browser). */
    avatarUrl: text("avatar_url"),
    /** Our small JPEG copy of the avatar, base64. */
    avatarJpeg: text("avatar_jpeg"),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    followers: integer("followers"),
    accountCreatedAt: timestamp("account_created_at", { withTimezone: true }),
    score: integer("score").notNull(),
    evidence: jsonb("evidence").$type<StoredEvidence[]>().notNull().default([]),
    /** open | reported | gone | dismissed */
    status: text("status").$type<ImpersonatorStatus>().notNull().default("open"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }).notNull().defaultNow(),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    goneAt: timestamp("gone_at", { withTimezone: true }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("impersonator_user_platform_handle").on(t.userId, t.platformId, t.handleKey), index("impersonator_user_status_idx").on(t.userId, t.status)],
);

/** The creator's latest impersonation check. */
export const impersonationCheck = pgTable("impersonation_check", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** queued | running | done | failed */
  status: text("status").notNull(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  uncheckable: jsonb("uncheckable").$type<{ platform: string; reason: string }[]>().notNull().default([]),
  profilesChecked: integer("profiles_checked").notNull().default(0),
});
