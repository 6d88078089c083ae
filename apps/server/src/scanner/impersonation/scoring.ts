import { hostMatchesDomain } from "../canonical-url";
import type { ReferenceMatch } from "../image-match";
import type { LeakSiteCatalog } from "../leak-site-catalog";
import { isOwnProfileUrl, type StageName } from "../platform-profiles";
import type { PublicProfile } from "./profile-adapters";
import { nameSimilarity } from "./similarity";

/**
 * Whether a public profile is likely an impersonator of hers, and why: each
 * sign is one piece of evidence with its weight, the score is their sum
 * (0..100), and only a profile at or above LIKELY_IMPERSONATOR_SCORE is shown
 * to her. A look-alike name alone never reaches it: a stranger may be called
 * "Luna" too. Her face as the avatar, her photos in its posts (whatever its
 * name), or a look-alike name that sends fans to leak sites, to her real
 * pages or to a payment link, does.
 */

export const LIKELY_IMPERSONATOR_SCORE = 60;

export type EvidenceKind = "name" | "display-name" | "avatar" | "post-image" | "leak-link" | "own-link" | "payment-link" | "new-account";

/** `posts`: for "post-image", the posts showing her photos (what a DMCA notice to the platform cites). */
export type Evidence = { kind: EvidenceKind; weight: number; detail: string; url?: string; posts?: { url: string; imageUrl: string }[] };

/** One of the profile's post images that is a copy of one of her reference photos. */
export type PostMatch = { postUrl: string; imageUrl: string; match: ReferenceMatch };

/** Posts cited in the evidence at most. */
const MAX_CITED_POSTS = 10;

export type Verdict = { score: number; likely: boolean; evidence: Evidence[] };

export type ScoringContext = {
  /** Her stage names' usernames and her nicknames. */
  names: readonly string[];
  stageNames: readonly StageName[];
  allowlist: readonly string[];
  catalog: LeakSiteCatalog;
  now: Date;
};

/** Hosts where fans are asked to pay someone directly. */
export const PAYMENT_HOSTS = [
  "paypal.me",
  "paypal.com",
  "cash.app",
  "venmo.com",
  "revolut.me",
  "ko-fi.com",
  "buymeacoffee.com",
  "throne.com",
  "wishtender.com",
  "patreon.com",
  "streamelements.com",
  "onlyfans.com",
  "fansly.com",
  "fanvue.com",
  "gumroad.com",
  "sellix.io",
  "payhip.com",
] as const;
/** The subset that is a payment page even without her name on it (a fan platform counts only when it is not hers). */
const PAYMENT_ONLY = new Set(["paypal.me", "paypal.com", "cash.app", "venmo.com", "revolut.me", "ko-fi.com", "buymeacoffee.com", "throne.com", "wishtender.com", "streamelements.com", "gumroad.com", "sellix.io", "payhip.com"]);

const NEW_ACCOUNT_DAYS = 90;

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
};

/** True when the profile is one of hers (a stage name on that platform) or lives on a domain she allows. */
export function isHers(profile: Pick<PublicProfile, "url" | "platformId" | "handle">, ctx: Pick<ScoringContext, "stageNames" | "allowlist">): boolean {
  if (isOwnProfileUrl(profile.url, ctx.stageNames)) return true;
  const host = hostOf(profile.url);
  return !!host && ctx.allowlist.some((d) => hostMatchesDomain(host, d));
}

export function scoreProfile(profile: PublicProfile, avatar: ReferenceMatch | null, ctx: ScoringContext, postMatches: readonly PostMatch[] = []): Verdict {
  const evidence: Evidence[] = [];
  if (profile.status !== "found" || isHers(profile, ctx)) return { score: 0, likely: false, evidence };

  const byHandle = nameSimilarity(profile.handle, ctx.names);
  if (byHandle.score >= 0.85) evidence.push({ kind: "name", weight: 30, detail: `The handle “${profile.handle}” reads as your name “${byHandle.name}”.` });
  else if (byHandle.score >= 0.7) evidence.push({ kind: "name", weight: 20, detail: `The handle “${profile.handle}” is close to your name “${byHandle.name}”.` });

  if (profile.displayName) {
    const byDisplay = nameSimilarity(profile.displayName, ctx.names);
    if (byDisplay.score >= 0.85) evidence.push({ kind: "display-name", weight: 15, detail: `It calls itself “${profile.displayName}”.` });
  }

  if (avatar) {
    evidence.push({
      kind: "avatar",
      weight: 65,
      detail: `Its profile picture is one of your reference photos (${avatar.variant}, ${avatar.distance} bits apart).`,
      ...(profile.avatarUrl ? { url: profile.avatarUrl } : {}),
    });
  }

  if (postMatches.length > 0) {
    // One entry per post (a gallery may show several of her photos), newest first.
    const byPost = new Map<string, { url: string; imageUrl: string }>();
    for (const p of postMatches) if (!byPost.has(p.postUrl)) byPost.set(p.postUrl, { url: p.postUrl, imageUrl: p.imageUrl });
    const posts = [...byPost.values()].slice(0, MAX_CITED_POSTS);
    const best = postMatches.reduce((a, b) => (b.match.distance < a.match.distance ? b : a));
    const n = posts.length;
    evidence.push({
      kind: "post-image",
      weight: 70,
      detail: `${n === 1 ? "One of its posts shows" : `${n} of its posts show`} your photos (the closest ${best.match.variant}, ${best.match.distance} bits apart).`,
      url: posts[0]!.url,
      posts,
    });
  }

  let leak = false;
  let own = false;
  let pay = false;
  for (const link of profile.links) {
    const host = hostOf(link);
    if (!host) continue;
    if (ctx.allowlist.some((d) => hostMatchesDomain(host, d))) continue;
    const site = ctx.catalog.siteForUrl(link);
    if (site && site.category === "leak_site" && !leak) {
      leak = true;
      evidence.push({ kind: "leak-link", weight: 35, detail: `Its bio links to ${site.name}, a leak site.`, url: link });
    } else if (isOwnProfileUrl(link, ctx.stageNames)) {
      if (!own) evidence.push({ kind: "own-link", weight: 25, detail: "Its bio links to your own profile, to pass as you.", url: link });
      own = true;
    } else if (!pay && PAYMENT_HOSTS.some((d) => hostMatchesDomain(host, d)) && (PAYMENT_ONLY.has(PAYMENT_HOSTS.find((d) => hostMatchesDomain(host, d))!) || nameSimilarity(link.split("/").filter(Boolean).at(-1) ?? "", ctx.names).score >= 0.7)) {
      pay = true;
      evidence.push({ kind: "payment-link", weight: 20, detail: `Its bio asks for payment at ${host}.`, url: link });
    }
  }

  if (profile.createdAt) {
    const days = Math.floor((ctx.now.getTime() - profile.createdAt.getTime()) / 86_400_000);
    if (days >= 0 && days < NEW_ACCOUNT_DAYS) evidence.push({ kind: "new-account", weight: 10, detail: `The account is ${days} day${days === 1 ? "" : "s"} old.` });
  }

  // Without her name, her face or her photos, links alone say nothing about her.
  const aboutHer = evidence.some((e) => e.kind === "name" || e.kind === "display-name" || e.kind === "avatar" || e.kind === "post-image");
  const score = aboutHer ? Math.min(100, evidence.reduce((s, e) => s + e.weight, 0)) : 0;
  return { score, likely: score >= LIKELY_IMPERSONATOR_SCORE, evidence: aboutHer ? evidence : [] };
}
