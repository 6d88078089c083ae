import { randomBytes } from "node:crypto";
import type { Platform } from "@leakwarden/contracts/platforms";
import sharp from "sharp";
import type { FetchResult } from "../guarded-fetch";
import { hashImageBuffer, matchReferences, type PreparedReference, type ReferenceMatch } from "../image-match";
import type { LeakSiteCatalog } from "../leak-site-catalog";
import type { StageName } from "../platform-profiles";
import { generateCandidates, type HandleCandidate } from "./candidates";
import { checkablePlatforms, PlatformPacer, profileUrlFor, readPublicProfile, type AdapterOptions, type PostImage, type PublicProfile } from "./profile-adapters";
import { isHers, scoreProfile, type PostMatch, type Verdict } from "./scoring";

/**
 * One impersonation check for one creator: her likeliest handles on each
 * platform that can be read without a login, each profile that exists read
 * and scored (its avatar fetched through the guarded fetch and matched against
 * her reference photos). Known accounts (reported ones, to see whether they
 * are gone) are looked at again whatever the candidates.
 */

export type CheckInput = {
  stageNames: readonly StageName[];
  nicknames: readonly string[];
  allowlist: readonly string[];
  references: readonly PreparedReference[];
  catalog: LeakSiteCatalog;
  now: Date;
  adapter: AdapterOptions;
  fetchImage: (url: string) => Promise<FetchResult>;
  /** Handles looked up per platform (the likeliest first). */
  handlesPerPlatform: number;
  /** Post images fetched and compared per profile (the newest first); 0: posts are not read. */
  postImagesPerProfile?: number;
  platforms?: readonly Platform[];
  pacer?: PlatformPacer;
  /** Accounts already on her list, looked at again. */
  known?: readonly { platformId: number; handle: string }[];
  /** Handles a `site:` web search for her names found on the platforms (search-candidates.ts), looked at before the generated ones. */
  searched?: readonly { platformId: number; handle: string }[];
  signal?: AbortSignal;
};

export type Thumbnail = { bytes: Buffer; contentType: "image/jpeg" };

export type CheckedProfile = {
  profile: PublicProfile;
  verdict: Verdict;
  avatarMatch: ReferenceMatch | null;
  /** Its post images that are copies of her reference photos. */
  postMatches: PostMatch[];
  thumbnail: Thumbnail | null;
  candidate: HandleCandidate | null;
};

export type CheckResult = {
  /** Every profile that answered (found or absent); only `verdict.likely` ones are for her eyes. */
  checked: CheckedProfile[];
  /** Platforms that show nothing without a login, with why. */
  uncheckable: { platformId: number; platformName: string; reason: string }[];
  requests: number;
};

const THUMB_SIDE = 160;
const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** Post images compared per profile unless the caller says otherwise. */
export const POST_IMAGES_PER_PROFILE = 8;

/** A post image, fetched through the guarded fetch and hashed, compared with her references (every orientation and crop, as for leaks). */
async function matchImage(url: string, input: CheckInput): Promise<ReferenceMatch | null> {
  try {
    const page = await input.fetchImage(url);
    if (page.status !== 200 || page.truncated || page.body.length > MAX_AVATAR_BYTES) return null;
    const hash = await hashImageBuffer(page.body);
    return hash ? matchReferences(hash, input.references) : null;
  } catch {
    return null;
  }
}

/** Its post images that are her photos: at most `postImagesPerProfile` fetched, one at a time (the platform's image host is not hurried). */
async function readPosts(posts: readonly PostImage[], avatarUrl: string | null, input: CheckInput): Promise<PostMatch[]> {
  const limit = input.postImagesPerProfile ?? POST_IMAGES_PER_PROFILE;
  const out: PostMatch[] = [];
  for (const post of posts.filter((p) => p.imageUrl !== avatarUrl).slice(0, limit)) {
    if (input.signal?.aborted) break;
    const match = await matchImage(post.imageUrl, input);
    if (match) out.push({ ...post, match });
  }
  return out;
}

async function readAvatar(url: string, input: CheckInput): Promise<{ match: ReferenceMatch | null; thumbnail: Thumbnail | null }> {
  let page: FetchResult;
  try {
    page = await input.fetchImage(url);
  } catch {
    return { match: null, thumbnail: null };
  }
  if (page.status !== 200 || page.truncated || page.body.length > MAX_AVATAR_BYTES) return { match: null, thumbnail: null };
  try {
    const hash = await hashImageBuffer(page.body);
    const match = hash && input.references.length ? matchReferences(hash, input.references) : null;
    // Our own small copy: her list shows it from our server, never from the platform.
    const bytes = await sharp(page.body, { limitInputPixels: 40_000_000, failOn: "none", animated: false })
      .rotate()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { match, thumbnail: { bytes, contentType: "image/jpeg" } };
  } catch {
    return { match: null, thumbnail: null };
  }
}

/**
 * A handle no one has on the platform: letters then digits, as short as every platform takes
 * (Snapchat's 3–15 starting with a letter, Reddit's 3–20).
 */
export function unlikelyHandle(platform: Platform): string {
  for (let i = 0; i < 5; i++) {
    const handle = `zq${randomBytes(5).toString("hex")}`;
    if (handle.length <= platform.maxLength && platform.usernamePattern.test(handle)) return handle;
  }
  return "";
}

export async function checkImpersonators(input: CheckInput): Promise<CheckResult> {
  const names = [...input.stageNames.map((s) => s.username), ...input.nicknames];
  const list = input.platforms ?? checkablePlatforms();
  const pacer = input.pacer ?? new PlatformPacer(0);
  const checked: CheckedProfile[] = [];
  const uncheckable: CheckResult["uncheckable"] = [];
  let requests = 0;

  await Promise.all(
    list.map(async (platform) => {
      const accept = (h: string) => h.length <= platform.maxLength && platform.usernamePattern.test(h);
      const candidates = generateCandidates(names, { limit: input.handlesPerPlatform, maxLength: platform.maxLength, accept });
      const known = (input.known ?? []).filter((k) => k.platformId === platform.id && !candidates.some((c) => c.handle === k.handle.toLowerCase()));
      const seen = new Set([...known.map((k) => k.handle.toLowerCase()), ...candidates.map((c) => c.handle.toLowerCase())]);
      const searched = [...new Map((input.searched ?? []).filter((f) => f.platformId === platform.id && !seen.has(f.handle.toLowerCase())).map((f) => [f.handle.toLowerCase(), f])).values()];
      const queue: Array<{ handle: string; candidate: HandleCandidate | null; searched?: boolean }> = [
        ...known.map((k) => ({ handle: k.handle, candidate: null })),
        ...searched.map((f) => ({ handle: f.handle, candidate: null, searched: true })),
        ...candidates.map((c) => ({ handle: c.handle, candidate: c })),
      ];
      let loginWalls = 0;
      /**
       * The page the platform answers for a handle no one has, asked once and only when a page without profile
       * data comes back: a 200 page in a language no phrase list knows ("Ops! Qui non c'è nessuno") reads as what
       * it is when the same page comes back for a made-up handle. Null: the platform answers such a handle otherwise
       * (a 404, a login wall, an empty shell, a profile page).
       */
      let missingPage: Promise<string | null> | null = null;
      const sameAsMissing = async (profile: PublicProfile): Promise<boolean> => {
        if (!profile.signature) return false;
        missingPage ??= (async () => {
          const handle = unlikelyHandle(platform);
          if (!handle) return null;
          await pacer.wait(platform.id);
          requests++;
          const probe = await readPublicProfile(platform, handle, { ...input.adapter, posts: false });
          return probe.signature ?? null;
        })();
        return (await missingPage) === profile.signature;
      };
      for (const item of queue) {
        if (input.signal?.aborted) return;
        const stub = { platformId: platform.id, handle: item.handle };
        // Her own accounts are never looked up as candidates.
        if ((item.candidate || item.searched) && isHers({ ...stub, url: profileUrlFor(platform, item.handle) }, input)) continue;
        await pacer.wait(platform.id);
        requests++;
        // Posts are read only when there is something to compare them with.
        const readPostsToo = input.references.length > 0 && (input.postImagesPerProfile ?? POST_IMAGES_PER_PROFILE) > 0;
        let profile = await readPublicProfile(platform, item.handle, { ...input.adapter, posts: readPostsToo && input.adapter.posts !== false, pace: () => pacer.wait(platform.id) });
        if (await sameAsMissing(profile)) {
          profile = { ...profile, status: "absent", reason: `${platform.name} answers this address with the page it shows for an account that does not exist.`, displayName: null, bio: null, avatarUrl: null, links: [], followers: null, createdAt: null, posts: [] };
        }
        if (profile.status === "unreadable") {
          // A platform that shows no profile without a login shows none for any handle: stop asking it.
          if (++loginWalls >= 2 || item === queue[0]) {
            uncheckable.push({ platformId: platform.id, platformName: platform.name, reason: profile.reason });
            return;
          }
          continue;
        }
        if (profile.status === "unreachable") continue;
        if (profile.status === "absent") {
          checked.push({ profile, verdict: { score: 0, likely: false, evidence: [] }, avatarMatch: null, postMatches: [], thumbnail: null, candidate: item.candidate });
          continue;
        }
        const avatar = profile.avatarUrl ? await readAvatar(profile.avatarUrl, input) : { match: null, thumbnail: null };
        const postMatches = readPostsToo ? await readPosts(profile.posts, profile.avatarUrl, input) : [];
        const verdict = scoreProfile(profile, avatar.match, { ...input, names }, postMatches);
        checked.push({ profile, verdict, avatarMatch: avatar.match, postMatches, thumbnail: verdict.likely ? avatar.thumbnail : null, candidate: item.candidate });
      }
    }),
  );
  checked.sort((a, b) => b.verdict.score - a.verdict.score || a.profile.platformId - b.profile.platformId || a.profile.handle.localeCompare(b.profile.handle));
  return { checked, uncheckable, requests };
}
