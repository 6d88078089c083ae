import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../apps/server/src/db/client";
import { leak } from "../../../apps/server/src/db/schema/scans";
import { insertScan, upsertLeak } from "../../../apps/server/src/modules/scans/scans.repository";

type LeakValues = Parameters<typeof upsertLeak>[1];

/** A leak to store: where and when it was seen, and only the other fields a test looks at. */
export type SeededLeak = { url: string; seenAt: Date } & Partial<Pick<LeakValues, "title" | "category" | "confidence" | "evidence">>;

/**
 * Stores leaks of `userId` as one manual scan that found them would, without running a scan:
 * for tests that need leak rows with known times (to list, count or take down).
 * Unnamed fields get plain values: a high-confidence leak site titled "t", no evidence.
 * Returns the leaks' ids, in the order given.
 */
export async function seedLeaks(db: DbOrTx, userId: string, leaks: SeededLeak[]): Promise<string[]> {
  const { id: scanId } = await insertScan(db, userId, "manual");
  const ids: string[] = [];
  for (const { url, ...fields } of leaks) {
    await upsertLeak(db, { userId, scanId, canonicalUrl: url, url, domain: new URL(url).hostname, title: "t", category: "leak_site", confidence: "high", evidence: {}, ...fields });
    const [row] = await db.select({ id: leak.id }).from(leak).where(and(eq(leak.userId, userId), eq(leak.url, url)));
    ids.push(row!.id);
  }
  return ids;
}
