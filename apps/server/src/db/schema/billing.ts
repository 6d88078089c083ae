import { customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SubscriptionStatus } from "@leakwarden/contracts/billing";
import { user } from "./auth";

/** A Lemon Squeezy subscription, as its webhooks last described it. */
export const subscription = pgTable(
  "subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    providerCustomerId: text("provider_customer_id"),
    providerOrderId: text("provider_order_id"),
    providerVariantId: text("provider_variant_id").notNull(),
    /** starter | premium | vip */
    plan: text("plan").notNull(),
    /** monthly | yearly */
    period: text("period").notNull(),
    /** on_trial | active | paused | past_due | unpaid | cancelled | expired */
    status: text("status").$type<SubscriptionStatus>().notNull(),
    renewsAt: timestamp("renews_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    cardBrand: text("card_brand"),
    cardLastFour: text("card_last_four"),
    urls: jsonb("urls").$type<{ customerPortal?: string; updatePaymentMethod?: string }>().notNull().default({}),
    /** The provider's updated_at of the state stored: an older delivery changes nothing. */
    providerUpdatedAt: timestamp("provider_updated_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("subscription_provider_id").on(t.providerSubscriptionId), index("subscription_user_idx").on(t.userId)],
);

/** Raw bytes (PostgreSQL bytea): node-postgres reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** Every signed webhook delivery received, once (by the hash of its body). */
export const billingEvent = pgTable(
  "billing_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bodySha256: text("body_sha256").notNull(),
    /**
     * The delivery's bytes exactly as signed and received: what billing stores from it is text
     * without NUL characters (PostgreSQL text cannot hold them), so this keeps what was sent.
     * Null for deliveries received before it was kept.
     */
    body: bytea("body"),
    eventName: text("event_name").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** applied | ignored | stale | unknown-user | unknown-variant | conflict */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_event_body").on(t.bodySha256)],
);

/** Orders and subscription invoices: what was paid (or failed to be). */
export const billingPayment = pgTable(
  "billing_payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** order | invoice */
    kind: text("kind").notNull(),
    providerId: text("provider_id").notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    /** The provider's status: paid, pending, failed, refunded, void … */
    status: text("status").notNull(),
    /** The last event that described it, e.g. subscription_payment_failed. */
    eventName: text("event_name").notNull(),
    totalCents: integer("total_cents").notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    providerCreatedAt: timestamp("provider_created_at", { withTimezone: true }),
    providerUpdatedAt: timestamp("provider_updated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_payment_provider").on(t.kind, t.providerId), index("billing_payment_user_idx").on(t.userId)],
);
