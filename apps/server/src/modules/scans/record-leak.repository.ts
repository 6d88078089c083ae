import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leak } from "../../db/schema/scans";
import type { LeakEvidence } from "@leakwarden/contracts/leak-evidence";
import type { LeakCategory, LeakConfidence } from "@leakwarden/contracts/scans";

/**
 * A leak found for a creator, by a scan, a crawl or the shared image index: the one way a leak is
 * stored. One row per creator and canonical URL; the database numbers a new row (#1, #2, … per
 * creator: trigger leak_number_assign) and a sighting of a known URL keeps its number.
 *
 * The rules when the row exists, and why:
 * - first seen, first scan, shown URL, domain and category stay as first recorded: what the
 *   creator first saw of the leak (and acted on) does not shift under her;
 * - last seen is the latest sighting (greatest: an image match reports a sighting that may be
 *   older than the last reading of the page), and the last scan is the scan that saw it, if any;
 * - confidence keeps the highest: a stronger finding upgrades it, a weaker one (an image-only
 *   match, a page that lost its leak words) never downgrades what was established;
 * - the title is the page's latest non-empty title (an image match has none);
 * - a removed leak whose page was read again, live, is open again ("new"): it is back. An image
 *   match (the image was seen there at some time, maybe before the removal) does not reopen it,
 *   and nothing changes a status the creator set (confirmed, dismissed, takedown sent);
 * - evidence merges (mergeEvidence): lists (signals, sources, names, disguises, image matches)
 *   accumulate, newest first and capped; how it was first found (discovery, foundBy) is the first
 *   finding's alone; the page's own facts (snippet, title, status, hash) are the latest reading's,
 *   an image match only filling what no reading recorded;
 * - a file-host link found on a leak page (evidence.linkedFrom: scanner/file-hosts.ts) is a
 *   sighting of the link, not a reading of the file's page: like an image match it never reopens
 *   a removed leak (the forum still linking a file its host deleted does not bring the file
 *   back) and its evidence only fills what is empty (the first page that linked it stays named,
 *   unless a page that makes it more certain links it: the page its confidence rests on is named;
 *   each page's "linked from" signal accumulates).
 */

export type LeakRecord = {
  userId: string;
  canonicalUrl: string;
  /** The address shown for it (where the page ended up). */
  url: string;
  domain: string;
  title: string;
  category: LeakCategory;
  confidence: LeakConfidence;
  /** Typed by the contract: a writer cannot store a shape its readers do not know. */
  evidence: LeakEvidence;
  seenAt: Date;
  /** The scan that found it (scans only). */
  scanId?: string | null;
  /** The page itself was read now (a scan, a crawl); false for the image index (one of its images was seen there). */
  pageRead: boolean;
};

export type RecordedLeak = { id: string; number: number; isNew: boolean };

const CONFIDENCE_RANK: Record<LeakConfidence, number> = { medium: 1, high: 2 };

/** Evidence lists merged, newest first, each capped. */
const LISTS: Record<string, { max: number; key: (v: unknown) => string }> = {
  signals: { max: 30, key: (v) => JSON.stringify(v) },
  sources: { max: 20, key: (v) => JSON.stringify(v) },
  matchedNames: { max: 20, key: (v) => JSON.stringify(v) },
  evasions: { max: 20, key: (v) => (isObject(v) ? `${String(v.name)}\u0000${String(v.seen)}` : JSON.stringify(v)) },
  imageMatches: { max: 50, key: (v) => (isObject(v) ? `${String(v.imageUrl)}\u0000${String(v.referenceId)}` : JSON.stringify(v)) },
};
/** How the leak was first found: kept from the first finding. */
const FIRST_FINDING = new Set(["discovery", "foundBy"]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);

/** A leak's stored evidence and a new finding's, merged by the rules above. */
export function mergeEvidence(stored: Record<string, unknown>, found: Record<string, unknown>, pageRead: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stored };
  for (const [k, v] of Object.entries(found)) {
    if (isEmpty(v)) continue;
    const list = LISTS[k];
    if (list && Array.isArray(v)) {
      const merged: unknown[] = [];
      const seen = new Set<string>();
      for (const item of [...v, ...(Array.isArray(stored[k]) ? (stored[k] as unknown[]) : [])]) {
        const key = list.key(item);
        if (seen.has(key)) continue;
        seen.add(key);
        merged.push(item);
        if (merged.length >= list.max) break;
      }
      out[k] = merged;
    } else if (FIRST_FINDING.has(k)) {
      // Set by the first finding only: a crawl's or the index's later sighting does not claim the leak.
      continue;
    } else if (!pageRead) {
      if (isEmpty(stored[k])) out[k] = v;
    } else out[k] = v;
  }
  return out;
}

/** Attempts at merging a sighting into a row another finder is updating at the same moment. */
const MAX_MERGE_ATTEMPTS = 8;

/**
 * No transaction of its own (callers may hold one, and on embedded PGlite a second one would wait
 * for theirs): the insert or, for a known URL, an update made only if the row is still as read
 * (optimistic: its evidence, confidence and status unchanged), read again otherwise.
 */
export async function recordLeak(db: DbOrTx, found: LeakRecord): Promise<RecordedLeak> {
  const v = isObject(found.evidence.linkedFrom) ? { ...found, pageRead: false } : found;
  const scanId = v.scanId ?? null;
  const inserted = await db
    .insert(leak)
    .values({
      userId: v.userId,
      canonicalUrl: v.canonicalUrl,
      url: v.url,
      domain: v.domain,
      title: v.title,
      category: v.category,
      confidence: v.confidence,
      evidence: v.evidence,
      firstScanId: scanId,
      lastScanId: scanId,
      firstSeenAt: v.seenAt,
      lastSeenAt: v.seenAt,
    })
    .onConflictDoNothing({ target: [leak.userId, leak.canonicalUrl] })
    .returning({ id: leak.id, number: leak.number });
  if (inserted[0]) return { ...inserted[0], isNew: true };

  for (let attempt = 0; attempt < MAX_MERGE_ATTEMPTS; attempt++) {
    const [row] = await db
      .select()
      .from(leak)
      .where(and(eq(leak.userId, v.userId), eq(leak.canonicalUrl, v.canonicalUrl)));
    if (!row) throw new Error("a leak row that conflicted on insert is gone");
    const reopen = row.status === "removed" && v.pageRead;
    const stronger = CONFIDENCE_RANK[v.confidence] > CONFIDENCE_RANK[row.confidence];
    const merged = mergeEvidence(row.evidence, v.evidence, v.pageRead);
    // A file linked from a page that makes it more certain names that page (record-leak rules above).
    if (stronger && isObject(v.evidence.linkedFrom)) merged.linkedFrom = v.evidence.linkedFrom;
    const updated = await db
      .update(leak)
      .set({
        lastSeenAt: sql`greatest(${leak.lastSeenAt}, ${v.seenAt.toISOString()}::timestamptz)`,
        ...(scanId ? { lastScanId: scanId } : {}),
        confidence: stronger ? v.confidence : row.confidence,
        ...(v.pageRead && v.title ? { title: v.title } : {}),
        ...(reopen ? { status: "new" as const, removedAt: null } : {}),
        evidence: merged,
      })
      .where(
        and(
          eq(leak.id, row.id),
          eq(leak.status, row.status),
          eq(leak.confidence, row.confidence),
          sql`${leak.evidence} = ${JSON.stringify(row.evidence)}::jsonb`,
        ),
      )
      .returning({ id: leak.id });
    if (updated.length > 0) return { id: row.id, number: row.number, isNew: false };
  }
  throw new Error(`could not record a sighting of ${v.canonicalUrl}: the leak kept changing`);
}

/** A leak's review status (new, confirmed, removed, …); undefined when there is no such leak. */
export async function leakStatus(db: DbOrTx, id: string): Promise<(typeof leak.$inferSelect)["status"] | undefined> {
  const [row] = await db.select({ status: leak.status }).from(leak).where(eq(leak.id, id));
  return row?.status;
}
