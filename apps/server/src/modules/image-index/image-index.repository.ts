import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { imageHash, imageSighting, indexedImage, referenceHash } from "../../db/schema/image-index";
import { referenceImage } from "../../db/schema/scans";
import { ALL_WORDS, hashColumns, nearHashesQuery, wordRanges } from "./multi-index-hash.repository";
import type { LeakCategory } from "@leakwarden/contracts/scans";
import type { LeakEvidence } from "@leakwarden/contracts/leak-evidence";
import { recordLeak } from "../scans/leak-recording.service";

export type IndexedImageRow = typeof indexedImage.$inferSelect;

/**
 * Records images seen at their URLs (distinct URLs): a row, with its two searchable hashes, for
 * each URL not indexed yet; for the others only their last sighting time. One transaction, three
 * statements. `isNew`: this call made the row.
 */
export async function upsertImages(
  db: DbOrTx,
  images: ReadonlyArray<{ imageUrl: string; hash: string; mirrorHash: string; turnedHashes?: Buffer | null; quality: number; seenAt: Date }>,
): Promise<Map<string, { id: number; isNew: boolean }>> {
  const out = new Map<string, { id: number; isNew: boolean }>();
  if (images.length === 0) return out;
  // In URL order, so that two writers of overlapping batches take the rows' locks in the same order.
  const sorted = [...images].sort((a, b) => (a.imageUrl < b.imageUrl ? -1 : a.imageUrl > b.imageUrl ? 1 : 0));
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(indexedImage)
      .values(sorted.map((v) => ({ imageUrl: v.imageUrl, hash: v.hash, mirrorHash: v.mirrorHash, turnedHashes: v.turnedHashes ?? null, quality: v.quality, firstSeenAt: v.seenAt, lastSeenAt: v.seenAt })))
      .onConflictDoUpdate({
        target: indexedImage.imageUrl,
        // An image indexed before its turned hashes were kept gets them when it is hashed again.
        set: { lastSeenAt: sql`greatest(${indexedImage.lastSeenAt}, excluded.last_seen_at)`, turnedHashes: sql`coalesce(${indexedImage.turnedHashes}, excluded.turned_hashes)` },
      })
      .returning({ id: indexedImage.id, imageUrl: indexedImage.imageUrl, isNew: sql<boolean>`(xmax = 0)` });
    const byUrl = new Map(sorted.map((v) => [v.imageUrl, v]));
    const hashes = [];
    for (const r of rows) {
      out.set(r.imageUrl, { id: Number(r.id), isNew: !!r.isNew });
      if (!r.isNew) continue;
      const v = byUrl.get(r.imageUrl)!;
      hashes.push({ imageId: r.id, mirrored: false, ...hashColumns(v.hash) }, { imageId: r.id, mirrored: true, ...hashColumns(v.mirrorHash) });
    }
    for (let i = 0; i < hashes.length; i += 500) await tx.insert(imageHash).values(hashes.slice(i, i + 500)).onConflictDoNothing();
  });
  return out;
}

export async function upsertSightings(db: DbOrTx, rows: Array<{ imageId: number; pageUrl: string; host: string; seenAt: Date }>): Promise<void> {
  if (rows.length === 0) return;
  rows.sort((a, b) => a.imageId - b.imageId || (a.pageUrl < b.pageUrl ? -1 : a.pageUrl > b.pageUrl ? 1 : 0));
  await db
    .insert(imageSighting)
    .values(rows.map((r) => ({ imageId: r.imageId, pageUrl: r.pageUrl, host: r.host, firstSeenAt: r.seenAt, lastSeenAt: r.seenAt })))
    .onConflictDoUpdate({ target: [imageSighting.imageId, imageSighting.pageUrl], set: { lastSeenAt: sql`greatest(${imageSighting.lastSeenAt}, excluded.last_seen_at)` } });
}

export async function findImagesByUrl(db: DbOrTx, urls: string[]): Promise<Array<{ id: number; imageUrl: string }>> {
  if (urls.length === 0) return [];
  return db.select({ id: indexedImage.id, imageUrl: indexedImage.imageUrl }).from(indexedImage).where(inArray(indexedImage.imageUrl, urls));
}

export async function findImages(db: DbOrTx, ids: number[]): Promise<IndexedImageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(indexedImage).where(inArray(indexedImage.id, ids));
}

/** The pages an image was seen on, most recent first (bounded: an image on thousands of pages is a site-wide asset, not a leak). */
export async function sightingsOf(db: DbOrTx, imageIds: number[], perImage: number): Promise<Array<{ imageId: number; pageUrl: string; host: string; lastSeenAt: Date }>> {
  if (imageIds.length === 0) return [];
  const rows = await db.execute<{ image_id: string | number; page_url: string; host: string; last_seen_at: string | Date }>(sql`
    select s.image_id, s.page_url, s.host, s.last_seen_at from unnest(${`{${imageIds.join(",")}}`}::bigint[]) as i(id)
    cross join lateral (select * from ${imageSighting} where ${imageSighting.imageId} = i.id order by ${imageSighting.lastSeenAt} desc limit ${perImage}) s`);
  return rowsOf<{ image_id: string | number; page_url: string; host: string; last_seen_at: string | Date }>(rows).map((r) => ({ imageId: Number(r.image_id), pageUrl: r.page_url, host: r.host, lastSeenAt: new Date(r.last_seen_at) }));
}

/**
 * The owners of the indexed hashes within `maxDistance` of any of `hashes`, each with its
 * nearest distance. `connections` (PostgreSQL, outside a transaction; default 1): each
 * statement's words are spread over that many pooled connections that run at once
 * (`wordRanges`), so that a lookup takes about as long as its largest part on a server with cores
 * to spare; the result is the same.
 */
export async function nearHashes(
  db: DbOrTx,
  table: "image_hash" | "reference_hash",
  hashes: readonly string[],
  maxDistance: number,
  opts: { connections?: number } = {},
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const ranges = (opts.connections ?? 1) > 1 ? wordRanges(opts.connections!) : [ALL_WORDS];
  // A bounded statement: at most this many hashes (a photo's eight and its crops') at once.
  for (let i = 0; i < hashes.length; i += 64) {
    const batch = hashes.slice(i, i + 64);
    const results = await Promise.all(ranges.map((words) => db.execute<{ owner: string | number; distance: number }>(nearHashesQuery(table, batch, maxDistance, words))));
    for (const res of results) {
      for (const r of rowsOf<{ owner: string | number; distance: number }>(res)) {
        const key = String(r.owner);
        const d = Number(r.distance);
        if (!found.has(key) || found.get(key)! > d) found.set(key, d);
      }
    }
  }
  return found;
}

export async function insertReferenceHashes(db: DbOrTx, referenceImageId: string, userId: string, hashes: readonly string[]): Promise<void> {
  const unique = [...new Set(hashes)];
  for (let i = 0; i < unique.length; i += 200) {
    await db.insert(referenceHash).values(unique.slice(i, i + 200).map((h) => ({ referenceImageId, userId, ...hashColumns(h) })));
  }
}

export async function findReferenceImages(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: referenceImage.id, userId: referenceImage.userId, label: referenceImage.label, hashes: referenceImage.hashes, quality: referenceImage.quality })
    .from(referenceImage)
    .where(inArray(referenceImage.id, ids));
}

export async function findReferenceImage(db: DbOrTx, id: string) {
  return (await findReferenceImages(db, [id]))[0];
}

/**
 * A leak found through the index, stored by recordLeak (scans/record-leak.repository.ts): an image match
 * never reopens a removed leak nor replaces what a reading of the page recorded; its image
 * matches join the evidence. `isNew`: this made the row.
 */
export async function insertIndexLeak(
  db: DbOrTx,
  v: { userId: string; canonicalUrl: string; domain: string; category: LeakCategory; evidence: LeakEvidence; seenAt: Date },
): Promise<boolean> {
  const { isNew } = await recordLeak(db, { ...v, url: v.canonicalUrl, title: "", confidence: "medium", pageRead: false });
  return isNew;
}

/** The rows of a raw statement, as either engine returns them. */
export function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

/** The indexed images seen on each of `pages`. */
export async function sightingsOfPages(db: DbOrTx, pages: string[]): Promise<Array<{ imageId: number; pageUrl: string }>> {
  const out: Array<{ imageId: number; pageUrl: string }> = [];
  for (let i = 0; i < pages.length; i += 500) {
    const rows = await db
      .select({ imageId: imageSighting.imageId, pageUrl: imageSighting.pageUrl })
      .from(imageSighting)
      .where(inArray(imageSighting.pageUrl, pages.slice(i, i + 500)));
    out.push(...rows.map((r) => ({ imageId: Number(r.imageId), pageUrl: r.pageUrl })));
  }
  return out;
}

/** On how many pages each of the images was seen. */
export async function pageCountsOf(db: DbOrTx, imageIds: number[]): Promise<Map<number, number>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .select({ imageId: imageSighting.imageId, n: sql<number>`count(*)::integer` })
    .from(imageSighting)
    .where(inArray(imageSighting.imageId, imageIds))
    .groupBy(imageSighting.imageId);
  return new Map(rows.map((r) => [Number(r.imageId), Number(r.n)]));
}
