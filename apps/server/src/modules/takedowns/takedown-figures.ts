import type { TakedownStats } from "@leakwarden/contracts/takedowns";
import type { TakedownsContext } from "./takedowns.context";
import * as repo from "./takedowns.repository";

/** The measured takedown figures, hers and the service's. */

export async function figures(ctx: TakedownsContext, userId: string | undefined): Promise<TakedownStats> {
  const s = await repo.stats(ctx.db, userId, ctx.now(), 7 * 86_400_000);
  return {
    noticesSent: s.noticesSent,
    linksTakenDown: s.linksTakenDown,
    linksRemoved: s.linksRemoved,
    linksDelistingSubmitted: s.linksDelisted,
    medianHoursToRemoval: s.medianSeconds === null ? null : Math.round((s.medianSeconds / 3600) * 10) / 10,
    removalRate: s.rateBase > 0 ? s.rateRemoved / s.rateBase : null,
    removalRateBase: s.rateBase,
  };
}

export async function statsOf(ctx: TakedownsContext, userId: string): Promise<TakedownStats> {
  return figures(ctx, userId);
}

/** The service-wide figures (e.g. for the landing page): measured, never configured. */
export async function overallStats(ctx: TakedownsContext): Promise<TakedownStats> {
  return figures(ctx, undefined);
}
