import { entitlements, findPlan, planIds, tierOrder, type EntitlementTier, type PlanId } from "@leakwarden/contracts/plans";
import type { Db } from "../../db/client";
import * as repo from "./billing.repository";

/**
 * Whether a subscription gives its plan at `at`: active, on trial and past due (while the
 * provider retries the card) do; cancelled does until its end date; paused, unpaid and expired do not.
 */
export function planApplies(s: { status: string; endsAt: Date | null }, at: Date): boolean {
  if (s.status === "active" || s.status === "on_trial" || s.status === "past_due") return true;
  if (s.status === "cancelled") return s.endsAt !== null && at < s.endsAt;
  return false;
}

/** The variant of a plan granted on sign-up (the demo's, for every account): never bought, never billed. */
export const DEMO_VARIANT_ID = "demo";

const isPlanId = (p: string): p is PlanId => (planIds as readonly string[]).includes(p);
const rank = (tier: EntitlementTier) => tierOrder.indexOf(tier);

export interface EntitlementsDeps {
  db: Db;
  now?: () => Date;
  /**
   * A plan every new account gets, stored as a subscription of its own like any other, so the
   * plan, quotas and billing page all tell the same story: the demo, which has no payment provider.
   */
  grantOnSignUp?: PlanId;
}

/** Which tier each creator is on, from her subscriptions: the one answer every quota reads. */
export function createEntitlementsService(deps: EntitlementsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The subscription that matters: the best one that applies, else the most recently changed. */
  async function currentSubscription(userId: string, at = now()): Promise<{ row: repo.SubscriptionRow; applies: boolean } | null> {
    const rows = await repo.listUserSubscriptions(db, userId);
    const applying = rows.filter((r) => isPlanId(r.plan) && planApplies(r, at)).sort((a, b) => rank(b.plan as PlanId) - rank(a.plan as PlanId));
    if (applying[0]) return { row: applying[0], applies: true };
    return rows[0] ? { row: rows[0], applies: false } : null;
  }

  async function tierFor(userId: string, at = now()): Promise<EntitlementTier> {
    const current = await currentSubscription(userId, at);
    return current?.applies ? (current.row.plan as PlanId) : "free";
  }

  return {
    now,
    currentSubscription,
    tierFor,

    /** An account was just created: it gets the plan granted on sign-up, if there is one. */
    async accountCreated(userId: string): Promise<void> {
      if (!deps.grantOnSignUp) return;
      await repo.insertSubscriptionOnce(db, {
        userId,
        providerSubscriptionId: `demo-${userId}`,
        providerVariantId: DEMO_VARIANT_ID,
        plan: deps.grantOnSignUp,
        period: "monthly",
        status: "active",
        providerUpdatedAt: now(),
      });
    },

    /** get-user's subscription_name: the plan's name while it applies. */
    async subscriptionNameFor(userId: string): Promise<string | null> {
      const tier = await tierFor(userId);
      return tier === "free" ? null : findPlan(tier).name;
    },

    /** Stage names and nicknames the creator's tier allows. */
    async identityLimitsFor(userId: string): Promise<{ stageNames: number; nicknames: number; plan: EntitlementTier }> {
      const tier = await tierFor(userId);
      return { stageNames: entitlements[tier].stageNames, nicknames: entitlements[tier].nicknames, plan: tier };
    },

    /** Creators whose plan includes automatic rescans at `at`, with their frequency. */
    async monitoredCreators(at = now()): Promise<{ userId: string; everyHours: number }[]> {
      const best = new Map<string, EntitlementTier>();
      for (const row of await repo.listSubscriptionsGrantingAt(db, at)) {
        if (!isPlanId(row.plan) || !planApplies(row, at)) continue;
        const known = best.get(row.userId);
        if (!known || rank(row.plan) > rank(known)) best.set(row.userId, row.plan);
      }
      return [...best]
        .map(([userId, tier]) => ({ userId, everyHours: entitlements[tier].monitoringEveryHours }))
        .filter((c): c is { userId: string; everyHours: number } => c.everyHours !== null);
    },
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
