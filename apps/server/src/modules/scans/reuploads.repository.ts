import { and, desc, eq, gte, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leak, type StoredReupload } from "../../db/schema/scans";
import { takedown } from "../../db/schema/takedowns";

export type RemovedLeak = {
  id: string;
  number: number;
  url: string;
  canonicalUrl: string;
  domain: string;
  title: string;
  evidence: Record<string, unknown>;
  takedownId: string;
  removedAt: Date;
  noticeSentAt: Date | null;
};

export type ReuploadCandidate = { id: string; url: string; canonicalUrl: string; domain: string; title: string; evidence: Record<string, unknown> };

/** Her leaks first seen since `since`, not yet marked as re-uploads and not dismissed: the newest `limit`. */
export function newLeaksSince(db: DbOrTx, userId: string, since: Date, limit: number): Promise<ReuploadCandidate[]> {
  return db
    .select({ id: leak.id, url: leak.url, canonicalUrl: leak.canonicalUrl, domain: leak.domain, title: leak.title, evidence: leak.evidence })
    .from(leak)
    .where(and(eq(leak.userId, userId), gte(leak.firstSeenAt, since), isNull(leak.reupload), inArray(leak.status, ["new", "confirmed"])))
    .orderBy(desc(leak.firstSeenAt))
    .limit(limit);
}

/** Her removed leaks with their latest successful takedown, at most `limit`. */
export async function removedLeaks(db: DbOrTx, userId: string, limit: number): Promise<RemovedLeak[]> {
  // The latest successful takedown of each removed leak of hers.
  const rows = await db
    .selectDistinctOn([leak.id], {
      id: leak.id,
      number: leak.number,
      url: leak.url,
      canonicalUrl: leak.canonicalUrl,
      domain: leak.domain,
      title: leak.title,
      evidence: leak.evidence,
      takedownId: takedown.id,
      removedAt: takedown.removedAt,
      noticeSentAt: takedown.firstSentAt,
    })
    .from(leak)
    .innerJoin(takedown, and(eq(takedown.leakId, leak.id), eq(takedown.status, "removed")))
    .where(and(eq(leak.userId, userId), eq(leak.status, "removed")))
    .orderBy(leak.id, desc(takedown.removedAt))
    .limit(limit);
  return rows.filter((r): r is typeof r & { removedAt: Date } => !!r.removedAt);
}

/** Marks a leak as a re-upload unless it already is one; false when it was. */
export async function markReupload(db: DbOrTx, leakId: string, reupload: StoredReupload): Promise<boolean> {
  const updated = await db
    .update(leak)
    .set({ reupload })
    .where(and(eq(leak.id, leakId), isNull(leak.reupload)))
    .returning({ id: leak.id });
  return updated.length > 0;
}
