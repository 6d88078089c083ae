import { eq, isNull } from "drizzle-orm";
import type { PlanId } from "@leakwarden/contracts/plans";
import type { Db } from "../db/client";
import { user } from "../db/schema/auth";
import { subscription } from "../db/schema/billing";
import { DEMO_VARIANT_ID } from "../modules/billing/billing.service";

/**
 * Takedowns come with a paid plan, and the demo has no payment provider: every demo account
 * gets an active VIP subscription of its own (provider id "demo-<user id>"), stored like any
 * other, so the plan, quotas and billing page all tell the same story. Only the demo process
 * calls this, on its own database.
 */
export const DEMO_PLAN: PlanId = "vip";

/** Gives the demo plan to every account without a subscription; returns how many got it. */
export async function grantDemoPlans(db: Db, now = new Date()): Promise<number> {
  const without = await db
    .select({ id: user.id })
    .from(user)
    .leftJoin(subscription, eq(subscription.userId, user.id))
    .where(isNull(subscription.id));
  if (without.length === 0) return 0;
  const rows = await db
    .insert(subscription)
    .values(
      without.map((u) => ({
        userId: u.id,
        providerSubscriptionId: `demo-${u.id}`,
        providerVariantId: DEMO_VARIANT_ID,
        plan: DEMO_PLAN,
        period: "monthly",
        status: "active",
        providerUpdatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: subscription.providerSubscriptionId })
    .returning({ id: subscription.id });
  return rows.length;
}
