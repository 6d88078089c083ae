import { entitlements, type EntitlementTier } from "@leakwarden/contracts/plans";
import { AppError } from "../../lib/app-error";
import type { TakedownsContext } from "./takedowns.context";
import * as repo from "./takedowns.repository";

/** Her month's takedowns: how many her plan covers, how many are used, when the count starts again. */

const upgradeFrom = (tier: EntitlementTier) => (tier === "free" ? "starter" : tier === "starter" ? "premium" : tier === "premium" ? "vip" : null);

export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

export async function quotaFor(ctx: TakedownsContext, userId: string, at: Date) {
  const tier = await ctx.tierFor(userId);
  const limit = entitlements[tier].takedownsPerMonth;
  const used = await repo.countLinksFirstTakenDownSince(ctx.db, userId, monthStart(at));
  return { tier, limit, used, resetsAt: nextMonthStart(at).toISOString() };
}

export function quotaError(q: Awaited<ReturnType<typeof quotaFor>>, wanted: number): AppError {
  const message =
    q.limit === 0
      ? "Your plan shows results only: takedowns come with a paid plan."
      : `Your plan covers ${String(q.limit)} takedowns a month; ${q.used} used, ${wanted} more asked. The count starts again on ${q.resetsAt.slice(0, 10)}.`;
  return new AppError("QUOTA_EXCEEDED", message, undefined, {
    resource: "takedownsPerMonth",
    limit: q.limit,
    use: q.used,
    plan: q.tier,
    upgradeTo: upgradeFrom(q.tier),
    resetsAt: q.resetsAt,
  });
}
