import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { user } from "../../db/schema/auth";
import { billingEvent, billingPayment, subscription } from "../../db/schema/billing";

export type SubscriptionRow = typeof subscription.$inferSelect;
export type SubscriptionValues = Omit<typeof subscription.$inferInsert, "id" | "createdAt">;

export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.id, id)).limit(1);
  return rows.length > 0;
}

export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0]?.id;
}

export async function findUserEmail(db: DbOrTx, id: string): Promise<string | undefined> {
  const rows = await db.select({ email: user.email }).from(user).where(eq(user.id, id)).limit(1);
  return rows[0]?.email;
}

/** Stores a delivery once, its bytes as received: null when the same body was already received. */
export async function insertEventOnce(db: DbOrTx, values: { bodySha256: string; body: Buffer; eventName: string; outcome: string }): Promise<string | null> {
  const rows = await db.insert(billingEvent).values(values).onConflictDoNothing({ target: billingEvent.bodySha256 }).returning({ id: billingEvent.id });
  return rows[0]?.id ?? null;
}

export async function updateEvent(db: DbOrTx, id: string, values: { outcome: string; userId: string | null }) {
  await db.update(billingEvent).set(values).where(eq(billingEvent.id, id));
}

/**
 * Serialises the deliveries about one subscription (Lemon Squeezy sends several at once): the
 * stored state is read, compared by updated_at, then written by one of them at a time.
 */
export async function lockSubscription(tx: DbOrTx, providerSubscriptionId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-subscription:${providerSubscriptionId}`}))`);
}

export async function findSubscriptionByProviderId(db: DbOrTx, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  const rows = await db.select().from(subscription).where(eq(subscription.providerSubscriptionId, providerSubscriptionId)).limit(1);
  return rows[0];
}

export async function insertSubscription(db: DbOrTx, values: SubscriptionValues) {
  await db.insert(subscription).values(values);
}

/** Inserts the subscription unless one with its provider id is stored already. */
export async function insertSubscriptionOnce(db: DbOrTx, values: SubscriptionValues) {
  await db.insert(subscription).values(values).onConflictDoNothing({ target: subscription.providerSubscriptionId });
}

export async function updateSubscription(db: DbOrTx, id: string, values: Partial<SubscriptionValues>) {
  await db.update(subscription).set(values).where(eq(subscription.id, id));
}

/** A creator's subscriptions, the most recently changed first. */
export async function listUserSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscription).where(eq(subscription.userId, userId)).orderBy(desc(subscription.providerUpdatedAt));
}

/** Subscriptions that may grant a plan at `at` (the caller applies the exact rule). */
export async function listSubscriptionsGrantingAt(db: DbOrTx, at: Date): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscription)
    .where(
      or(
        inArray(subscription.status, ["active", "on_trial", "past_due"]),
        and(eq(subscription.status, "cancelled"), gt(subscription.endsAt, at)),
      ),
    );
}

export async function upsertPayment(db: DbOrTx, values: Omit<typeof billingPayment.$inferInsert, "id" | "createdAt">) {
  const updatedAt = values.providerUpdatedAt?.toISOString() ?? null;
  await db
    .insert(billingPayment)
    .values(values)
    .onConflictDoUpdate({
      target: [billingPayment.kind, billingPayment.providerId],
      set: { status: values.status, eventName: values.eventName, totalCents: values.totalCents, currency: values.currency, providerUpdatedAt: values.providerUpdatedAt },
      // An older description of the same payment changes nothing.
      setWhere: sql`${billingPayment.providerUpdatedAt} is null or ${updatedAt}::timestamptz is null or ${billingPayment.providerUpdatedAt} <= ${updatedAt}::timestamptz`,
    });
}

export async function listUserPayments(db: DbOrTx, userId: string) {
  return db.select().from(billingPayment).where(eq(billingPayment.userId, userId)).orderBy(desc(billingPayment.createdAt));
}
