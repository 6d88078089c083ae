import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** A creator's email alert rules (the dashboard's Custom Alert section). One row per creator. */
export const alertRule = pgTable("alert_rule", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** An email after each scan that found new leaks. */
  newLeak: boolean("new_leak").notNull().default(false),
  /** off | daily | weekly */
  digest: text("digest").notNull().default("off"),
  /** An email when a takedown succeeds (the link is gone). */
  takedownSucceeded: boolean("takedown_succeeded").notNull().default(false),
  /** When the digest chain's next run is due; a queued run for another time is stale and does nothing. */
  nextDigestAt: timestamp("next_digest_at", { withTimezone: true }),
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
