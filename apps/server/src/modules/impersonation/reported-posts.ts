import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { displayDomain, tryCanonicalizeUrl } from "../../scanner/canonical-url";
import { leakStatus, recordLeak } from "../scans/leak-recording.service";

export type ReportedPost = { url: string; imageUrl: string; title: string; detail: string };

/** Her confirmation of one of her leaks, as she gives it on the Leaks page (scans.reviewLeak). */
export type ConfirmLeak = (userId: string, leakId: string) => Promise<unknown>;

/**
 * The posts of an account she reports as reposting her photos, made her findings so that a
 * takedown can cite them: stored as every finding is (recordLeak: one row per creator and link,
 * evidence merged, the highest confidence kept), then confirmed as she confirms one herself.
 *
 * Report reads no page (the posts were seen by the account's last check, at `seenAt`): a removed
 * post stays removed, and a post already confirmed or under a takedown keeps its status (the review
 * path answers CONFLICT for those, which is no failure here). Returns each post's leak id, in order,
 * and whether it is removed (nothing to take down).
 */
export async function recordReportedPosts(db: DbOrTx, confirm: ConfirmLeak, userId: string, posts: ReportedPost[], seenAt: Date): Promise<{ id: string; removed: boolean }[]> {
  const ids: { id: string; removed: boolean }[] = [];
  for (const p of posts) {
    const canonicalUrl = tryCanonicalizeUrl(p.url);
    if (!canonicalUrl) continue;
    const title = p.title.slice(0, 300);
    const { id } = await recordLeak(db, {
      userId,
      canonicalUrl,
      url: p.url,
      domain: displayDomain(p.url),
      title,
      category: "social_media",
      confidence: "high",
      evidence: { title, imageMatches: [{ imageUrl: p.imageUrl }], snippet: p.detail.slice(0, 500), fetchedAt: seenAt.toISOString(), source: "impersonator" },
      seenAt,
      pageRead: false,
    });
    try {
      await confirm(userId, id);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    }
    ids.push({ id, removed: (await leakStatus(db, id)) === "removed" });
  }
  return ids;
}
