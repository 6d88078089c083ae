import { entitlements } from "@leakwarden/contracts/plans";
import { type DelistingEngine, delistingEngines, type DelistingResponse, type MarkDelisting } from "@leakwarden/contracts/takedowns";
import { AppError } from "../../lib/app-error";
import { describeWorks } from "./notice-template";
import { authorityOfAll, notHersError } from "./takedown-authority";
import { requireReady } from "./takedown-authorization";
import type { TakedownsContext } from "./takedowns.context";
import * as repo from "./takedowns.repository";

/** Search delisting: the packages for the engines' removal forms, of links still up after a notice, and which she submitted. */

const DELISTING_FORMS: Record<DelistingEngine, string> = {
  google: "https://reportcontent.google.com/forms/dmca_search",
  bing: "https://www.microsoft.com/en-us/concern/bing",
};

export async function delistingPackages(ctx: TakedownsContext, userId: string): Promise<DelistingResponse> {
  const tier = await ctx.tierFor(userId);
  if (!entitlements[tier].searchDelisting) {
    throw new AppError("QUOTA_EXCEEDED", "Search delisting packages come with the Premium and VIP plans.", undefined, {
      resource: "searchDelisting",
      limit: 0,
      use: 0,
      plan: tier,
      upgradeTo: tier === "vip" ? null : "premium",
    });
  }
  const owner = await requireReady(ctx, userId);
  const stillUp = await repo.listLinksStillUp(ctx.db, userId);
  // A package carries only links that are hers to send for; the others are listed with what to prove.
  const authority = authorityOfAll(owner.identities, await ctx.scans.leaksOf(userId, stillUp.map((l) => l.leakId)));
  const links = stillUp.filter((l) => authority.get(l.leakId)?.ok);
  const held = stillUp.flatMap((l) => {
    const a = authority.get(l.leakId);
    return a && !a.ok ? [{ leakId: a.leakId, code: a.code, reason: a.reason, prove: a.prove, nicknames: a.nicknames, url: l.url }] : [];
  });
  // The original work: her verified profiles on the platforms of the stage names that matched, or all of them.
  const cite = links.flatMap((l) => {
    const a = authority.get(l.leakId);
    return a?.ok ? a.cite : [];
  });
  const cited = [...new Set(cite.map((s) => s.profileUrl).filter((u): u is string => !!u))];
  const examples = cited.length > 0 ? cited : owner.examples;
  const submitted = await repo.listDelistings(ctx.db, userId);
  const urls = links.map((l) => l.url);
  return {
    packages: delistingEngines.map((engine) => ({
      engine,
      formUrl: DELISTING_FORMS[engine],
      fields: {
        copyrightOwner: owner.displayed,
        descriptionOfWork: `${describeWorks(owner.displayed, examples)} Notice sent by ${ctx.agent.name}, authorized agent of ${owner.displayed} (${ctx.agent.email}).`,
        authorizedExampleUrls: examples.join("\n"),
        infringingUrls: urls.join("\n"),
      },
      urlList: urls.join("\n"),
      items: links.map((l) => ({
        leakId: l.leakId,
        url: l.url,
        submittedAt: submitted.find((s) => s.leakId === l.leakId && s.engine === engine)?.submittedAt.toISOString() ?? null,
      })),
    })),
    held,
  };
}

/** The creator says she submitted the package (or some of its links) to an engine. */
export async function markDelisting(ctx: TakedownsContext, userId: string, input: MarkDelisting): Promise<DelistingResponse> {
  const current = await delistingPackages(ctx, userId);
  const pack = current.packages.find((p) => p.engine === input.engine)!;
  const ids = input.leakIds ?? pack.items.map((i) => i.leakId);
  const held = (current.held ?? []).filter((h) => ids.includes(h.leakId));
  if (held.length > 0) throw notHersError(held);
  const unknown = ids.filter((id) => !pack.items.some((i) => i.leakId === id));
  if (unknown.length > 0) throw new AppError("VALIDATION", "Some of these links are not in the delisting package.", { leakIds: "Only links still up after a notice can be delisted." }, { leakIds: unknown });
  await repo.insertDelistings(ctx.db, ids.map((leakId) => ({ userId, leakId, engine: input.engine, submittedAt: ctx.now() })));
  return delistingPackages(ctx, userId);
}
