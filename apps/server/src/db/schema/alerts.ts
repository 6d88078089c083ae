import { bigint, boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A creator's email alert rules (the dashboard's Custom Alert section). One row per creator; a
 * creator without a row has the defaults (alerts on: a monitoring service that stays silent by
 * default is not monitoring). Accounts made before alerts were on by default have a row with
 * what they had.
 */
export const alertRule = pgTable("alert_rule", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** An email when new leaks are found: batched, at most one an hour. */
  newLeak: boolean("new_leak").notNull().default(true),
  /** off | daily | weekly */
  digest: text("digest").notNull().default("weekly"),
  /** An email when a takedown succeeds (the link is gone). */
  takedownSucceeded: boolean("takedown_succeeded").notNull().default(true),
  /** When the digest chain's next run is due; a queued run for another time is stale and does nothing. */
  nextDigestAt: timestamp("next_digest_at", { withTimezone: true }),
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
  /** When the last new-leaks email was sent; the next waits until an hour after it. */
  lastNewLeakAlertAt: timestamp("last_new_leak_alert_at", { withTimezone: true }),
  /**
   * The creator's leak number (leak.number) up to which new-leaks emails have told her: the next
   * covers every leak numbered after it, whichever scan, crawl or match found it and in whatever order.
   */
  newLeakAlertedThrough: bigint("new_leak_alerted_through", { mode: "number" }).notNull().default(0),
  /** An email when a link re-posts content of hers that was taken down: batched, at most one an hour. */
  reupload: boolean("reupload").notNull().default(true),
  /** An email when an impersonation check lists a new likely impersonator: batched, at most one an hour. */
  newImpersonator: boolean("new_impersonator").notNull().default(true),
  /** When the last re-upload email was sent; it told of the re-uploads recognised before then, the next tells of those after. */
  reuploadAlertedAt: timestamp("reupload_alerted_at", { withTimezone: true }),
  /** When the last new-impersonator email was sent; the next tells of accounts first listed after it. */
  impersonatorAlertedAt: timestamp("impersonator_alerted_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
