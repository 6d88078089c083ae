import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { scan } from "./scans";

/** When each monitored creator's next automatic rescan is due. */
export const monitoringSchedule = pgTable("monitoring_schedule", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  everyHours: integer("every_hours").notNull(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  lastScanId: uuid("last_scan_id").references(() => scan.id, { onDelete: "set null" }),
});

/** The periodic tick's claim: one tick per interval, however many workers run. */
export const monitoringTick = pgTable("monitoring_tick", {
  name: text("name").primaryKey(),
  nextTickAt: timestamp("next_tick_at", { withTimezone: true }).notNull(),
});
