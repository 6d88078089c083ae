import type { LeakEvidence } from "@leakwarden/contracts/leak-evidence";
import { PDQ_CROP_TURNS } from "@leakwarden/pdq/pdq-crops";
import { PDQ_DIHEDRAL_NAMES, type PdqDihedralHashes } from "@leakwarden/pdq/pdq-hash";
import { formatPdqHash, hammingDistanceWords, isMatch, parsePdqHash, PDQ_DEFAULT_MAX_DISTANCE } from "@leakwarden/pdq/pdq-match";
import type { Db, DbOrTx } from "../../db/client";
import type { StoredReferenceHashes } from "../../db/schema/scans";
import type { JobQueue } from "../../jobs/queue";
import type { Logger } from "../../lib/logger";
import { isSocialUrl } from "../../scanner/analyze-page";
import { displayDomain, tryCanonicalizeUrl } from "../../scanner/canonical-url";
import { buildExclusions, exclusionReason } from "../../scanner/exclusions";
import { matchReferences, prepareReferences, type PreparedReference, type ReferenceMatch } from "../../scanner/image-match";
import type { LeakSiteCatalog } from "../../scanner/leak-site-catalog";
import type { StageName } from "../../scanner/platform-profiles";
import type { LeakCategory } from "../../scanner/scan-types";
import { referenceHashesOf } from "./reference-hashes";
import { matchReferenceJob } from "./image-index.job-definitions";
import * as repo from "./image-index.repository";
import { normalizeHash } from "./multi-index-hash.repository";

/**
 * The shared image index (docs/decisions/011-image-index.md). Scans and crawls hand it the
 * images they fetched and hashed (indexImages), and the index matches them both ways:
 * - a newly seen image against every creator's reference hashes (matchNewImages), through the
 *   reference hashes indexed the same way;
 * - a creator's new reference photo against every image already indexed (matchReference, a job
 *   queued when she adds it), so that she sees leaks found before she joined, without a new crawl.
 * A match becomes a medium-confidence leak of the creator whose reference matched, on each page
 * the image was seen on; no one else sees it, and reference hashes never leave the matcher.
 */

/** An image a scan or crawl fetched and hashed on a page (hashImageBuffer's eight orientation hashes, the mirror hashed from mirrored pixels). */
export { referenceHashesOf, storedReferenceHashes } from "./reference-hashes";

/** Indexed images by id (re-uploads compare a new leak's images with a removed one's). */
export function findImages(db: DbOrTx, ids: number[]) {
  return repo.findImages(db, ids);
}

/** Hashes within `maxDistance` of any of `hashes` in the image or reference index. */
export function nearHashes(...args: Parameters<typeof repo.nearHashes>) {
  return repo.nearHashes(...args);
}

/** The indexed images seen on each of `pages` (re-uploads look for a removed page's images on a new one). */
export function sightingsOfPages(db: DbOrTx, pages: string[]) {
  return repo.sightingsOfPages(db, pages);
}

/** On how many pages each of the images was seen (a site's own asset is seen on many). */
export function pageCountsOf(db: DbOrTx, imageIds: number[]) {
  return repo.pageCountsOf(db, imageIds);
}

export type SeenImage = {
  imageUrl: string;
  pageUrl: string;
  /** The page's host (its site). */
  host: string;
  hash: PdqDihedralHashes;
  quality: number;
  seenAt: Date;
};

export interface ImageIndexDeps {
  db: Db;
  logger: Logger;
  /** Where a reference photo's match is queued. */
  queue: Pick<JobQueue, "send">;
  /** Her allow-list and profiles: pages on them are never her leaks. */
  identities: { get(userId: string): Promise<{ stageNames: StageName[]; allowlist: Array<{ domain: string }> }> };
  catalog: () => Promise<LeakSiteCatalog>;
  /**
   * The ids of her reference photos her plan covers (the oldest, as scans read them): after a
   * downgrade the others stay stored but find nothing, from the index as from scans. Without it, all.
   */
  coveredReferences?: (userId: string) => Promise<ReadonlySet<string>>;
  /** New leaks were recorded for a creator (alerts). A failure is logged. */
  onLeaksFound?: (event: { userId: string; since: Date; newLeaks: number }) => Promise<void>;
  now?: () => Date;
  /**
   * The pooled connections each lookup's word scans are spread over at once (PostgreSQL: a lookup
   * takes about as long as its largest part; PGlite has one connection, its lookups stay
   * sequential). Default 1.
   */
  lookupConnections?: number;
}

/** Pages recorded per matched image: an image on more pages than this is a site asset, and its newest pages are the ones to act on. */
const SIGHTINGS_PER_IMAGE = 50;
const MAX_URL_LENGTH = 2048;
const MAX_BATCH = 5000;

type Match = { referenceId: string; label: string; variant: string; distance: number; quality: number };

/**
 * An indexed image (its hash as it stands and its mirror's) against a creator's references,
 * as the scanner matches a found image (image-match.ts) with the orientations the index keeps:
 * the image as it stands meets each reference's eight orientation hashes and each crop's hash;
 * its mirror meets the reference as it stands and each crop's hash.
 */
export function matchStoredImage(
  image: { hash: string; mirrorHash: string; quality: number },
  refs: readonly PreparedReference[],
  turns: readonly CropTurn[] = [],
): ReferenceMatch | null {
  const original = parsePdqHash(image.hash);
  const mirror = parsePdqHash(image.mirrorHash);
  let best: ReferenceMatch | null = null;
  const consider = (ref: PreparedReference, variant: string, distance: number) => {
    const quality = Math.min(image.quality, ref.quality);
    if ((!best || distance < best.distance) && isMatch(distance, quality)) {
      best = { referenceId: ref.id, variant: ref.transform ? `${variant} of ${ref.transform}` : variant, distance, quality };
    }
  };
  for (const ref of refs) {
    for (const v of ref.variants) {
      consider(ref, v.name, hammingDistanceWords(original, v.words));
      if (ref.turned || v.name === "original") consider(ref, "flipY", hammingDistanceWords(mirror, v.words));
    }
  }
  // A crop's turns: the image as it stands is the crop turned, or its mirror is (the copy is the turned crop mirrored).
  for (const t of turns) {
    consider(t.ref, t.name, hammingDistanceWords(original, t.words));
    consider(t.ref, `flipY of ${t.name}`, hammingDistanceWords(mirror, t.words));
  }
  return best;
}

/** The orientations an indexed image keeps besides its two searchable hashes, in this order. */
const TURNED_NAMES = PDQ_DIHEDRAL_NAMES.filter((n) => n !== "original" && n !== "flipY");

/** The six other orientation hashes of an image, 32 bytes each, as indexed_image.turned_hashes keeps them. */
export function packTurnedHashes(hashes: PdqDihedralHashes): Buffer {
  return Buffer.concat(TURNED_NAMES.map((n) => Buffer.from(normalizeHash(hashes[n]), "hex")));
}

/** An indexed image's eight orientation hashes, or null when it was indexed before they were kept. */
export function unpackTurnedHashes(image: { hash: string; mirrorHash: string; turnedHashes: Buffer | null }): PdqDihedralHashes | null {
  const bytes = image.turnedHashes;
  if (!bytes || bytes.length !== 32 * TURNED_NAMES.length) return null;
  const turned = new Map(TURNED_NAMES.map((n, i) => [n, bytes.subarray(32 * i, 32 * (i + 1)).toString("hex")]));
  return Object.fromEntries(PDQ_DIHEDRAL_NAMES.map((n) => [n, n === "original" ? image.hash : n === "flipY" ? image.mirrorHash : turned.get(n)!])) as PdqDihedralHashes;
}

/** One turn of a crop (rotate90/180/270 of it, hashed on her device), as matchStoredImage meets it. */
export type CropTurn = { ref: PreparedReference; name: string; words: Uint32Array };

/** The turns of a reference photo's crops (from clients that send them), for matchStoredImage. */
export function cropTurnsOf(row: { id: string; hashes: StoredReferenceHashes }): CropTurn[] {
  const out: CropTurn[] = [];
  for (const c of row.hashes.crops ?? []) {
    if (!("hash" in c) || !c.turns) continue;
    const ref: PreparedReference = { id: row.id, quality: c.quality, transform: c.transform, variants: [], turned: false };
    for (const name of PDQ_CROP_TURNS) out.push({ ref, name, words: parsePdqHash(c.turns[name]) });
  }
  return out;
}

function validSeen(s: SeenImage): (SeenImage & { host: string }) | null {
  const imageUrl = tryCanonicalizeUrl(s.imageUrl);
  const pageUrl = tryCanonicalizeUrl(s.pageUrl);
  if (!imageUrl || !pageUrl || imageUrl.length > MAX_URL_LENGTH || pageUrl.length > MAX_URL_LENGTH) return null;
  if (!/^https?:/.test(imageUrl) || !/^https?:/.test(pageUrl)) return null;
  if (!Number.isInteger(s.quality) || s.quality < 0 || s.quality > 100) return null;
  if (!(s.seenAt instanceof Date) || Number.isNaN(s.seenAt.getTime())) return null;
  try {
    const hash = Object.fromEntries(PDQ_DIHEDRAL_NAMES.map((n) => [n, normalizeHash(s.hash[n])])) as PdqDihedralHashes;
    // The host is the page's, as its URL says: what a caller passes is only a hint.
    return { imageUrl, pageUrl, host: new URL(pageUrl).hostname, hash, quality: s.quality, seenAt: s.seenAt };
  } catch {
    return null;
  }
}

function hashesOfStored(hashes: StoredReferenceHashes): string[] {
  const out = PDQ_DIHEDRAL_NAMES.map((n) => hashes[n]);
  for (const c of hashes.crops ?? []) {
    if ("hash" in c) out.push(c.hash);
    else out.push(...PDQ_DIHEDRAL_NAMES.map((n) => c.hashes[n]));
  }
  return [...new Set(out.map((h) => h.toLowerCase()))];
}

export function createImageIndexService(deps: ImageIndexDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const lookup = { connections: deps.lookupConnections ?? 1 };

  /** Whether a photo is one her plan covers, asked once per creator per call. */
  function coverage(): (ref: { id: string; userId: string }) => Promise<boolean> {
    const byUser = new Map<string, Promise<ReadonlySet<string> | null>>();
    return async (ref) => {
      if (!deps.coveredReferences) return true;
      let ids = byUser.get(ref.userId);
      if (!ids) byUser.set(ref.userId, (ids = deps.coveredReferences(ref.userId)));
      return (await ids)?.has(ref.id) ?? false;
    };
  }

  async function category(pageUrl: string): Promise<LeakCategory> {
    if (isSocialUrl(pageUrl)) return "social_media";
    const site = (await deps.catalog()).siteForUrl(pageUrl);
    if (site) return site.category === "social_media" ? "social_media" : "leak_site";
    return "search_result";
  }

  /**
   * Records one creator's matches: a leak on each page the matched image was seen on, unless
   * the page is on her allow-list or her own profile; returns how many leaks are new to her.
   */
  async function recordMatches(userId: string, matches: Array<{ imageId: number; imageUrl: string; match: Match }>): Promise<number> {
    if (matches.length === 0) return 0;
    const identity = await deps.identities.get(userId);
    const exclusions = buildExclusions(
      identity.allowlist.map((a) => a.domain),
      identity.stageNames,
    );
    const byImage = new Map(matches.map((m) => [m.imageId, m]));
    const sightings = await repo.sightingsOf(db, [...byImage.keys()], SIGHTINGS_PER_IMAGE);
    // One leak a page: its nearest match is its evidence.
    const perPage = new Map<string, { host: string; seenAt: Date; found: Array<{ imageUrl: string; match: Match }> }>();
    for (const s of sightings) {
      if (exclusionReason(s.pageUrl, exclusions)) continue;
      const m = byImage.get(s.imageId)!;
      const page = perPage.get(s.pageUrl) ?? { host: s.host, seenAt: s.lastSeenAt, found: [] };
      page.found.push({ imageUrl: m.imageUrl, match: m.match });
      if (s.lastSeenAt > page.seenAt) page.seenAt = s.lastSeenAt;
      perPage.set(s.pageUrl, page);
    }
    let created = 0;
    const since = now();
    for (const [pageUrl, page] of perPage) {
      page.found.sort((a, b) => a.match.distance - b.match.distance);
      const best = page.found[0]!.match;
      const evidence: LeakEvidence = {
        foundBy: "image-index",
        matchedNames: [],
        snippet: "",
        title: "",
        signals: [`image matched your reference '${best.label || "untitled"}' at distance ${best.distance}`],
        imageMatches: page.found.map(({ imageUrl, match }) => ({ imageUrl, referenceId: match.referenceId, variant: match.variant, distance: match.distance, quality: match.quality })),
        finalUrl: pageUrl,
        sources: ["image index"],
        fetchedAt: page.seenAt.toISOString(),
      };
      if (await repo.insertIndexLeak(db, { userId, canonicalUrl: pageUrl, domain: displayDomain(pageUrl), category: await category(pageUrl), evidence, seenAt: now() })) created++;
    }
    if (created > 0 && deps.onLeaksFound) {
      await deps.onLeaksFound({ userId, since, newLeaks: created }).catch((e: unknown) => deps.logger.warn({ err: e, userId }, "image index alert hook failed"));
    }
    return created;
  }

  /** The candidate photos her plan covers, ready to be matched exactly. */
  async function preparedCovered(refIds: string[]) {
    const covered = coverage();
    const out = new Map<string, { row: Awaited<ReturnType<typeof repo.findReferenceImages>>[number]; refs: PreparedReference[] }>();
    for (const r of await repo.findReferenceImages(db, refIds)) if (await covered(r)) out.set(r.id, { row: r, refs: prepareReferences(referenceHashesOf(r)) });
    return out;
  }

  const service = {
    /**
     * Stores images seen on pages: each image URL once (its hash and its mirror's, searchable),
     * and each page it was seen on. Invalid entries are skipped. Returns the stored image ids.
     */
    async indexImages(seen: readonly SeenImage[]): Promise<Array<{ imageUrl: string; imageId: number; isNew: boolean }>> {
      if (seen.length > MAX_BATCH) throw new Error(`at most ${MAX_BATCH} images a call`);
      const valid = seen.map(validSeen).filter((s): s is NonNullable<typeof s> => !!s);
      const distinct = new Map<string, { imageUrl: string; hash: string; mirrorHash: string; turnedHashes: Buffer; quality: number; seenAt: Date }>();
      for (const s of valid) {
        const known = distinct.get(s.imageUrl);
        if (!known || known.seenAt < s.seenAt) {
          distinct.set(s.imageUrl, { imageUrl: s.imageUrl, hash: s.hash.original, mirrorHash: s.hash.flipY, turnedHashes: packTurnedHashes(s.hash), quality: s.quality, seenAt: s.seenAt });
        }
      }
      const images = await repo.upsertImages(db, [...distinct.values()]);
      const sightings = new Map<string, { imageId: number; pageUrl: string; host: string; seenAt: Date }>();
      for (const s of valid) {
        const imageId = images.get(s.imageUrl)!.id;
        const key = `${imageId} ${s.pageUrl}`;
        const known = sightings.get(key);
        if (!known || known.seenAt < s.seenAt) sightings.set(key, { imageId, pageUrl: s.pageUrl, host: s.host, seenAt: s.seenAt });
      }
      await repo.upsertSightings(db, [...sightings.values()]);
      return [...images].map(([imageUrl, v]) => ({ imageUrl, imageId: v.id, isNew: v.isNew }));
    },

    /** Which of these image URLs are indexed already (a crawler need not fetch them again). */
    async indexedUrls(imageUrls: readonly string[]): Promise<Set<string>> {
      const urls = imageUrls.map((u) => tryCanonicalizeUrl(u)).filter((u): u is string => !!u && u.length <= MAX_URL_LENGTH);
      return new Set((await repo.findImagesByUrl(db, [...new Set(urls)])).map((r) => r.imageUrl));
    },

    /**
     * Images already indexed, seen again on pages (a crawler need not fetch them again): each new
     * page is recorded as a sighting, and the stored hashes (as they stand and mirrored) are matched
     * against every creator's references, as a new reference is matched against the index, so that a
     * re-post of a known copy becomes a leak on its new page. Unknown or invalid URLs are skipped.
     * Returns how many leaks are new.
     */
    async sightAgain(seen: ReadonlyArray<{ imageUrl: string; pageUrl: string; seenAt: Date }>): Promise<number> {
      if (seen.length > MAX_BATCH) throw new Error(`at most ${MAX_BATCH} images a call`);
      const valid: Array<{ imageUrl: string; pageUrl: string; host: string; seenAt: Date }> = [];
      for (const s of seen) {
        const imageUrl = tryCanonicalizeUrl(s.imageUrl);
        const pageUrl = tryCanonicalizeUrl(s.pageUrl);
        if (!imageUrl || !pageUrl || imageUrl.length > MAX_URL_LENGTH || pageUrl.length > MAX_URL_LENGTH || !/^https?:/.test(pageUrl)) continue;
        if (!(s.seenAt instanceof Date) || Number.isNaN(s.seenAt.getTime())) continue;
        valid.push({ imageUrl, pageUrl, host: new URL(pageUrl).hostname, seenAt: s.seenAt });
      }
      const known = new Map((await repo.findImagesByUrl(db, [...new Set(valid.map((v) => v.imageUrl))])).map((r) => [r.imageUrl, Number(r.id)]));
      if (known.size === 0) return 0;
      const images = await repo.findImages(db, [...known.values()]);
      const lastSeen = new Map<string, Date>();
      for (const v of valid) {
        const had = lastSeen.get(v.imageUrl);
        if (known.has(v.imageUrl) && (!had || had < v.seenAt)) lastSeen.set(v.imageUrl, v.seenAt);
      }
      await repo.upsertImages(
        db,
        images.map((i) => ({ imageUrl: i.imageUrl, hash: i.hash, mirrorHash: i.mirrorHash, quality: i.quality, seenAt: lastSeen.get(i.imageUrl)! })),
      );
      const sightings = new Map<string, { imageId: number; pageUrl: string; host: string; seenAt: Date }>();
      for (const v of valid) {
        const imageId = known.get(v.imageUrl);
        if (imageId === undefined) continue;
        const key = `${imageId} ${v.pageUrl}`;
        const had = sightings.get(key);
        if (!had || had.seenAt < v.seenAt) sightings.set(key, { imageId, pageUrl: v.pageUrl, host: v.host, seenAt: v.seenAt });
      }
      await repo.upsertSightings(db, [...sightings.values()]);

      // All eight orientations where they were kept (a turned crop of hers meets its crop's hash),
      // else the two searchable ones.
      const near = await Promise.all(
        images.map(async (i) => {
          const eight = unpackTurnedHashes(i);
          const hashes = eight ? Object.values(eight) : [i.hash, i.mirrorHash];
          return [i, eight, await repo.nearHashes(db, "reference_hash", [...new Set(hashes)], PDQ_DEFAULT_MAX_DISTANCE, lookup)] as const;
        }),
      );
      const refIds = new Set(near.flatMap(([, , n]) => [...n.keys()]));
      if (refIds.size === 0) return 0;
      const prepared = await preparedCovered([...refIds]);
      const perUser = new Map<string, Array<{ imageId: number; imageUrl: string; match: Match }>>();
      for (const [image, eight, candidates] of near) {
        const best = new Map<string, Match>();
        for (const refId of candidates.keys()) {
          const p = prepared.get(refId);
          if (!p) continue;
          const m = eight
            ? matchReferences({ hash: eight.original, hashes: eight, quality: image.quality, width: 0, height: 0 }, p.refs)
            : matchStoredImage(image, p.refs);
          const had = best.get(p.row.userId);
          if (m && (!had || m.distance < had.distance)) best.set(p.row.userId, { ...m, label: p.row.label });
        }
        for (const [userId, match] of best) perUser.set(userId, [...(perUser.get(userId) ?? []), { imageId: Number(image.id), imageUrl: image.imageUrl, match }]);
      }
      let created = 0;
      for (const [userId, matches] of perUser) created += await recordMatches(userId, matches);
      return created;
    },

    /**
     * Matches images just seen (and indexed) against every creator's references: the reference
     * hashes near any of the image's eight orientation hashes are found through their index, and
     * their photos are then matched exactly as a scan matches. Records the leaks; returns how many are new.
     */
    async matchNewImages(seen: readonly SeenImage[]): Promise<number> {
      const valid = seen.map(validSeen).filter((s): s is NonNullable<typeof s> => !!s);
      const images = new Map(valid.map((s) => [s.imageUrl, s]));
      if (images.size === 0) return 0;
      const ids = new Map((await repo.findImagesByUrl(db, [...images.keys()])).map((r) => [r.imageUrl, Number(r.id)]));
      const candidatesOf = new Map<string, string[]>();
      const refIds = new Set<string>();
      for (const [url, s] of images) {
        const near = await repo.nearHashes(db, "reference_hash", [...new Set(Object.values(s.hash))], PDQ_DEFAULT_MAX_DISTANCE, lookup);
        candidatesOf.set(url, [...near.keys()]);
        for (const id of near.keys()) refIds.add(id);
      }
      if (refIds.size === 0) return 0;
      const prepared = await preparedCovered([...refIds]);
      const perUser = new Map<string, Array<{ imageId: number; imageUrl: string; match: Match }>>();
      for (const [url, s] of images) {
        const imageId = ids.get(url);
        if (imageId === undefined) continue;
        // Per creator, the nearest of her references.
        const best = new Map<string, Match>();
        for (const refId of candidatesOf.get(url)!) {
          const p = prepared.get(refId);
          if (!p) continue;
          const m = matchReferences({ hash: s.hash.original, hashes: s.hash, quality: s.quality, width: 0, height: 0 }, p.refs);
          const known = best.get(p.row.userId);
          if (m && (!known || m.distance < known.distance)) best.set(p.row.userId, { ...m, label: p.row.label });
        }
        for (const [userId, match] of best) {
          const list = perUser.get(userId) ?? [];
          list.push({ imageId, imageUrl: url, match });
          perUser.set(userId, list);
        }
      }
      let created = 0;
      for (const [userId, matches] of perUser) created += await recordMatches(userId, matches);
      return created;
    },

    /** indexImages then matchNewImages: what a scan or a crawl calls with the images of its pages. */
    async indexAndMatch(seen: readonly SeenImage[]): Promise<number> {
      await service.indexImages(seen);
      return service.matchNewImages(seen);
    },

    /**
     * Makes a stored reference photo searchable by new images, and queues its match against
     * the images already indexed. `tx`: the transaction that stored the photo.
     */
    async addReference(tx: DbOrTx, ref: { id: string; userId: string; hashes: StoredReferenceHashes }): Promise<void> {
      await repo.insertReferenceHashes(tx, ref.id, ref.userId, hashesOfStored(ref.hashes));
    },

    async queueReferenceMatch(referenceImageId: string): Promise<void> {
      await deps.queue.send(matchReferenceJob, { referenceImageId });
    },

    /**
     * Her plan changed: each photo it covers is matched against the index again, so that photos a
     * downgrade had left out (and the copies seen meanwhile) are found once an upgrade covers them.
     * The leaks already recorded stay as they are (one a page).
     */
    async rematchCovered(userId: string): Promise<void> {
      const ids = deps.coveredReferences ? await deps.coveredReferences(userId) : new Set<string>();
      for (const referenceImageId of ids) await deps.queue.send(matchReferenceJob, { referenceImageId });
    },

    /**
     * The job: one reference photo looked up in the index, each candidate image matched exactly,
     * a leak recorded on every page it was seen on. First its orientation hashes and its crops'
     * (339 lookups with the web client's crops: her leaks show within seconds), then its crops'
     * turns (993 more: a crop turned, or turned and mirrored, meets one of them as the image
     * stands or as its mirror), recorded in a second step so that they do not delay the first.
     */
    async matchReference(referenceImageId: string): Promise<number> {
      const ref = await repo.findReferenceImage(db, referenceImageId);
      if (!ref || !(await coverage()(ref))) return 0;
      const prepared = prepareReferences(referenceHashesOf(ref));
      const turns = cropTurnsOf(ref);
      const seen = new Set<string>();
      let created = 0;
      for (const hashes of [hashesOfStored(ref.hashes), [...new Set(turns.map((t) => formatPdqHash(t.words)))]]) {
        if (hashes.length === 0) continue;
        const near = await repo.nearHashes(db, "image_hash", hashes, PDQ_DEFAULT_MAX_DISTANCE, lookup);
        const ids = [...near.keys()].filter((id) => !seen.has(id));
        for (const id of ids) seen.add(id);
        if (ids.length === 0) continue;
        const matches: Array<{ imageId: number; imageUrl: string; match: Match }> = [];
        for (const image of await repo.findImages(db, ids.map(Number))) {
          const m = matchStoredImage(image, prepared, turns);
          if (m) matches.push({ imageId: Number(image.id), imageUrl: image.imageUrl, match: { ...m, label: ref.label } });
        }
        created += await recordMatches(ref.userId, matches);
      }
      return created;
    },
  };
  return service;
}

export type ImageIndexService = ReturnType<typeof createImageIndexService>;
