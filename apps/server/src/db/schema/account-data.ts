import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Her request to delete her account: erased when eraseAfter has passed (the 7-day grace period),
 * unless she signs in before (the request is then cancelled and she is told on that sign-in).
 * Goes with the account when it is erased.
 */
export const accountDeletion = pgTable("account_deletion", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** scheduled | cancelled */
  status: text("status").$type<"scheduled" | "cancelled">().notNull(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  eraseAfter: timestamp("erase_after", { withTimezone: true }).notNull(),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  /** Cancelled by a sign-in, and she has not yet been shown that it was. */
  cancelNoticePending: boolean("cancel_notice_pending").notNull().default(false),
});

/**
 * The minimal record the law requires of a notice sent in the name of an account that was
 * erased: when, to whom, which link, and the statements it made. Linked to no account and
 * holding nothing else about the person (no name, no address, no signature).
 */
export const legalNoticeRecord = pgTable(
  "legal_notice_record",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** The recipient's address (a site, host or registrar's abuse or copyright desk). */
    recipient: text("recipient").notNull(),
    url: text("url").notNull(),
    /** dmca | takeitdown */
    kind: text("kind").notNull(),
    /** The statements the notice made (good faith, accuracy and authority), word for word. */
    statement: text("statement").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("legal_notice_record_sent_idx").on(t.sentAt)],
);
