import { describe, expect, it } from "vitest";
import { builtinLeakSites, LeakSiteCatalog } from "../leak-site-catalog";
import type { FetchResult } from "../guarded-fetch";
import { linksInText, readProfilePage, readRedditAbout, type PublicProfile } from "./profile-adapters";
import { LIKELY_IMPERSONATOR_SCORE, scoreProfile, type ScoringContext } from "./scoring";

const NOW = new Date("2026-11-20T00:00:00Z");
const ctx: ScoringContext = {
  names: ["lunarivers", "Luna Rivers"],
  stageNames: [{ platform: "OnlyFans", username: "lunarivers" }, { platform: "Instagram", username: "lunarivers" }],
  allowlist: ["lunafriends.com"],
  catalog: new LeakSiteCatalog(builtinLeakSites()),
  now: NOW,
};
const profile = (over: Partial<PublicProfile>): PublicProfile => ({
  platformId: 17,
  platformName: "TikTok",
  handle: "lunarivers_vip",
  url: "https://www.tiktok.com/@lunarivers_vip",
  status: "found",
  reason: "",
  displayName: null,
  bio: null,
  avatarUrl: null,
  links: [],
  followers: null,
  createdAt: null,
  ...over,
});
const avatar = { referenceId: "r1", variant: "original", distance: 8, quality: 90 };
const kinds = (p: PublicProfile, a: typeof avatar | null = null) => scoreProfile(p, a, ctx).evidence.map((e) => e.kind).sort();

describe("the impersonator threshold", () => {
  it("never lists a look-alike name alone, however new the account and whatever it calls itself", () => {
    const v = scoreProfile(profile({ displayName: "Luna Rivers", createdAt: new Date(NOW.getTime() - 3 * 86_400_000) }), null, ctx);
    expect(v.score).toBe(55);
    expect(v.score).toBeLessThan(LIKELY_IMPERSONATOR_SCORE);
    expect(v.likely).toBe(false);
  });

  it("lists her photo as the avatar even under another name", () => {
    const v = scoreProfile(profile({ handle: "mia.daily", displayName: "Mia" }), avatar, ctx);
    expect(v.likely).toBe(true);
    expect(v.evidence.map((e) => e.kind)).toEqual(["avatar"]);
  });

  it("lists a look-alike name that sends fans to a leak site, or to her own page and a payment link", () => {
    expect(scoreProfile(profile({ links: ["https://simpcity.su/threads/luna.1"] }), null, ctx).likely).toBe(true);
    expect(kinds(profile({ links: ["https://onlyfans.com/lunarivers", "https://paypal.me/lunab"] }))).toEqual(["name", "own-link", "payment-link"]);
    expect(scoreProfile(profile({ links: ["https://onlyfans.com/lunarivers", "https://paypal.me/lunab"] }), null, ctx).likely).toBe(true);
  });

  it("gives links nothing without her name or face, and nothing for sites she allows", () => {
    expect(scoreProfile(profile({ handle: "gamer_dude", links: ["https://simpcity.su/x"] }), null, ctx)).toEqual({ score: 0, likely: false, evidence: [] });
    expect(kinds(profile({ links: ["https://lunafriends.com/luna"] }))).toEqual(["name"]);
  });

  it("never scores her own accounts or accounts on a domain she allows", () => {
    expect(scoreProfile(profile({ platformId: 16, platformName: "Instagram", handle: "lunarivers", url: "https://www.instagram.com/lunarivers/" }), avatar, ctx).score).toBe(0);
    expect(scoreProfile(profile({ url: "https://lunafriends.com/lunarivers" }), avatar, ctx).score).toBe(0);
  });
});

const page = (body: string, over: Partial<FetchResult> = {}): FetchResult => ({
  url: "https://x.test/",
  finalUrl: "https://www.fanvue.com/lunarivers_vip",
  status: 200,
  headers: {},
  contentType: "text/html",
  body: Buffer.from(body),
  truncated: false,
  fetchedAt: NOW.toISOString(),
  sha256: "",
  redirects: [],
  robots: null,
  ...over,
});

describe("reading what a profile shows", () => {
  const base = profile({ platformId: 10, platformName: "Fanvue", url: "https://www.fanvue.com/lunarivers_vip", status: "unreachable" });

  it("keeps only http(s) links, bounded, and text without control characters", () => {
    const ld = {
      "@type": "ProfilePage",
      mainEntity: {
        "@type": "Person",
        name: "Luna\u0000 Rivers\u202e",
        description: "x".repeat(10_000),
        image: "javascript:alert(1)",
        sameAs: ["javascript:alert(1)", "data:text/html,hi", "https://simpcity.su/a", ...Array.from({ length: 100 }, (_, i) => `https://e${i}.test/`)],
      },
    };
    const read = readProfilePage(base, page(`<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`));
    expect(read.status).toBe("found");
    expect(read.displayName).toBe("Luna Rivers");
    expect(read.bio!.length).toBe(2_000);
    expect(read.avatarUrl).toBeNull();
    expect(read.links[0]).toBe("https://simpcity.su/a");
    expect(read.links.length).toBeLessThanOrEqual(20);
    expect(read.links.every((l) => /^https?:/.test(l))).toBe(true);
  });

  it("says when a platform shows no profile without a login, and when it has none", () => {
    expect(readProfilePage(base, page("<html><head><title>Log in</title></head><body><div id=app></div></body></html>")).status).toBe("unreadable");
    expect(readProfilePage(base, page("", { finalUrl: "https://www.fanvue.com/login?next=/lunarivers_vip" })).status).toBe("unreadable");
    expect(readProfilePage(base, page("gone", { status: 404 })).status).toBe("absent");
    expect(readProfilePage(base, page("busy", { status: 503 })).status).toBe("unreachable");
    expect(readRedditAbout(base, page(JSON.stringify({ kind: "t2", data: { name: "x", is_suspended: true } }), { contentType: "application/json" })).status).toBe("absent");
    expect(readRedditAbout(base, page("not json")).status).toBe("unreadable");
  });

  it("finds links written as text in a bio, bounded however long the text", () => {
    expect(linksInText("free here: simpcity.su/threads/luna.12!! and https://paypal.me/luna.")).toEqual(["https://simpcity.su/threads/luna.12", "https://paypal.me/luna"]);
    expect(linksInText("a.".repeat(50_000)).length).toBeLessThanOrEqual(20);
  });
});
