import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { leak } from "./scans";
import { takedown } from "./takedowns";

/**
 * A creator's autopilot: takedowns sent without her click, per category. No row, or a null
 * column: off (DESIGN §2: off until she turns it on). A category's column holds her last leak
 * number (leak.number) when she turned it on: it covers the leaks numbered after it, found from
 * then on, never the ones she already had.
 */
export const autopilotSetting = pgTable("autopilot_setting", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  leakSitesFrom: bigint("leak_sites_from", { mode: "number" }),
  socialMediaFrom: bigint("social_media_from", { mode: "number" }),
  fileHostsFrom: bigint("file_hosts_from", { mode: "number" }),
  /** When the last digest of automatic takedowns was sent; the next waits until an hour after it. */
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * A leak the autopilot took down: one row a leak, ever (its key), so that a leak found again,
 * or found by a scan and a crawl at once, is never sent twice; listed in the next digest.
 */
export const autopilotSend = pgTable(
  "autopilot_send",
  {
    leakId: uuid("leak_id")
      .primaryKey()
      .references(() => leak.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    takedownId: uuid("takedown_id")
      .notNull()
      .references(() => takedown.id, { onDelete: "cascade" }),
    /** leak_sites | social_media | file_hosts: the switch that sent it. */
    category: text("category").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When a digest listed it; null: the next digest lists it. */
    digestedAt: timestamp("digested_at", { withTimezone: true }),
  },
  (t) => [index("autopilot_send_user_digest_idx").on(t.userId, t.digestedAt)],
);
