import { readLeakEvidence } from "@leakwarden/contracts/leak-evidence";
import { isMatch, PDQ_DEFAULT_MAX_DISTANCE } from "@leakwarden/pdq/pdq-match";
import type { DbOrTx } from "../../db/client";
import type { StoredReupload } from "../../db/schema/scans";
import { tryCanonicalizeUrl } from "../../scanner/canonical-url";
import { findImages, nearHashes, pageCountsOf, sightingsOfPages } from "../image-index/image-index.service";
import * as repo from "./reuploads.repository";

/**
 * Re-uploads: a link of hers first seen now that posts again what an earlier link of hers showed,
 * after that link's takedown succeeded. Recognised by
 * - image: an image on the new page is a copy (PDQ, resized or re-encoded) of one seen on the
 *   removed page, through the shared image index;
 * - path: the removed page's path (and query) at another host (a mirror or a moved site);
 * - title: the removed page's title at another path (a renamed post).
 * The new leak keeps a link to the earlier leak and its takedown; its notice cites them (§512(i)).
 */

/** Leaks looked at in one pass, and removed leaks compared against (the most recently removed). */
const MAX_NEW = 500;
const MAX_REMOVED = 5000;
/** An image seen on more pages than this is a site's own asset (logo, banner), not her content, unless it matched her photos. */
const SITE_ASSET_PAGES = 2;
/** Titles shorter than this say too little to tie two pages together. */
const MIN_TITLE = 12;

/** The image URLs a leak's evidence says matched her photos. */
function matchedImageUrls(evidence: Record<string, unknown>): string[] {
  return (readLeakEvidence(evidence).imageMatches ?? []).map((m) => tryCanonicalizeUrl(m.imageUrl)).filter((u): u is string => !!u);
}

/** The page's path and query, without a trailing slash; "" for a site's home page (it says nothing). */
function pathOf(url: string): string {
  try {
    const u = new URL(url);
    let end = u.pathname.length;
    while (end > 0 && u.pathname[end - 1] === "/") end--;
    const path = `${u.pathname.slice(0, end)}${u.search}`;
    return path.length > 1 ? path.toLowerCase() : "";
  } catch {
    return "";
  }
}

const normalTitle = (t: string) => t.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

function pageKeys(l: { url: string; canonicalUrl: string }): string[] {
  return [...new Set([l.canonicalUrl, tryCanonicalizeUrl(l.url)].filter((u): u is string => !!u))];
}

/**
 * Marks her leaks first seen since `since` (not yet marked, not dismissed) that are re-uploads of
 * a removed leak of hers. Returns the ids of the leaks marked.
 */
export async function markReuploads(db: DbOrTx, userId: string, since: Date, at: Date): Promise<string[]> {
  const candidates = await repo.newLeaksSince(db, userId, since, MAX_NEW);
  if (candidates.length === 0) return [];
  const removed = await repo.removedLeaks(db, userId, MAX_REMOVED);
  if (removed.length === 0) return [];

  const signals = new Map<string, Map<string, Set<StoredReupload["signals"][number]>>>();
  const add = (candidateId: string, removedId: string, signal: StoredReupload["signals"][number]) => {
    const byRemoved = signals.get(candidateId) ?? new Map<string, Set<StoredReupload["signals"][number]>>();
    const set = byRemoved.get(removedId) ?? new Set();
    set.add(signal);
    byRemoved.set(removedId, set);
    signals.set(candidateId, byRemoved);
  };

  // Path and title.
  const byPath = new Map<string, repo.RemovedLeak[]>();
  const byTitle = new Map<string, repo.RemovedLeak[]>();
  for (const r of removed) {
    const p = pathOf(r.canonicalUrl);
    if (p) byPath.set(p, [...(byPath.get(p) ?? []), r]);
    const t = normalTitle(r.title);
    if (t.length >= MIN_TITLE) byTitle.set(t, [...(byTitle.get(t) ?? []), r]);
  }
  for (const c of candidates) {
    const host = (() => {
      try {
        return new URL(c.canonicalUrl).host;
      } catch {
        return "";
      }
    })();
    for (const r of byPath.get(pathOf(c.canonicalUrl)) ?? []) {
      if (new URL(r.canonicalUrl).host !== host) add(c.id, r.id, "path");
    }
    for (const r of byTitle.get(normalTitle(c.title)) ?? []) {
      if (pathOf(r.canonicalUrl) !== pathOf(c.canonicalUrl)) add(c.id, r.id, "title");
    }
  }

  // Images, through the shared index: the new pages' images near any image seen on a removed page.
  const candidatePages = new Map<string, repo.ReuploadCandidate>();
  for (const c of candidates) for (const k of pageKeys(c)) candidatePages.set(k, c);
  const removedPages = new Map<string, repo.RemovedLeak>();
  for (const r of removed) for (const k of pageKeys(r)) removedPages.set(k, r);
  const newImages = await sightingsOfPages(db, [...candidatePages.keys()]);
  if (newImages.length > 0) {
    const oldImages = await sightingsOfPages(db, [...removedPages.keys()]);
    const removedOfImage = new Map<number, repo.RemovedLeak[]>();
    for (const o of oldImages) removedOfImage.set(o.imageId, [...(removedOfImage.get(o.imageId) ?? []), removedPages.get(o.pageUrl)!]);
    if (removedOfImage.size > 0) {
      const rows = await findImages(db, [...new Set([...newImages.map((n) => n.imageId), ...removedOfImage.keys()])]);
      const image = new Map(rows.map((r) => [Number(r.id), r]));
      const counts = await pageCountsOf(db, [...image.keys()]);
      const isHers = (id: number, evidence: Record<string, unknown>) => {
        const row = image.get(id);
        return !!row && (matchedImageUrls(evidence).includes(row.imageUrl) || (counts.get(id) ?? 0) <= SITE_ASSET_PAGES);
      };
      for (const n of newImages) {
        const c = candidatePages.get(n.pageUrl)!;
        const mine = image.get(n.imageId);
        if (!mine) continue;
        const near = await nearHashes(db, "image_hash", [...new Set([mine.hash, mine.mirrorHash])], PDQ_DEFAULT_MAX_DISTANCE);
        for (const [owner, distance] of near) {
          const oldId = Number(owner);
          const old = image.get(oldId);
          if (!old || !isMatch(distance, Math.min(mine.quality, old.quality))) continue;
          for (const r of removedOfImage.get(oldId) ?? []) {
            if (r.id === c.id || pageKeys(r).includes(n.pageUrl)) continue;
            // A site's own asset on both pages is not her content: one side must be hers.
            if (isHers(n.imageId, c.evidence) || isHers(oldId, r.evidence)) add(c.id, r.id, "image");
          }
        }
      }
    }
  }

  const removedById = new Map(removed.map((r) => [r.id, r]));
  const marked: string[] = [];
  for (const c of candidates) {
    const byRemoved = signals.get(c.id);
    if (!byRemoved) continue;
    // The strongest tie (an image first, then more signals), then the latest removal.
    const [removedId, found] = [...byRemoved].sort(([a, sa], [b, sb]) => {
      const score = (s: Set<string>) => (s.has("image") ? 10 : 0) + s.size;
      return score(sb) - score(sa) || removedById.get(b)!.removedAt.getTime() - removedById.get(a)!.removedAt.getTime();
    })[0]!;
    const r = removedById.get(removedId)!;
    const reupload: StoredReupload = {
      leakId: r.id,
      number: r.number,
      url: r.url,
      domain: r.domain,
      takedownId: r.takedownId,
      removedAt: r.removedAt.toISOString(),
      noticeSentAt: r.noticeSentAt?.toISOString() ?? null,
      sameSite: r.domain === c.domain,
      signals: (["image", "path", "title"] as const).filter((s) => found.has(s)),
      markedAt: at.toISOString(),
    };
    if (await repo.markReupload(db, c.id, reupload)) marked.push(c.id);
  }
  return marked;
}

/** What her leaks list and a notice say of a re-upload: "re-upload of #12, removed on 2026-11-20". */
export function reuploadSentence(r: StoredReupload): string {
  return `Re-upload of #${r.number} (${r.url}), removed on ${r.removedAt.slice(0, 10)}.`;
}
