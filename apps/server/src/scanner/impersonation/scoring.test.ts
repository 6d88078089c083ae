import { describe, expect, it } from "vitest";
import { builtinLeakSites, LeakSiteCatalog } from "../leak-site-catalog";
import type { FetchResult } from "../guarded-fetch";
import { linksInText, MAX_POST_IMAGES, readProfilePage, readRedditAbout, readRedditPosts, type PublicProfile } from "./profile-adapters";
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
  posts: [],
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

  it("lists an account whose posts show her photos whatever its name, citing each post once", () => {
    const stranger = profile({ handle: "sunny_daisy22", url: "https://www.tiktok.com/@sunny_daisy22", displayName: "Daisy" });
    const posts = [
      { postUrl: "https://x.test/p/1", imageUrl: "https://img.test/1a.jpg", match: { ...avatar, distance: 20 } },
      { postUrl: "https://x.test/p/1", imageUrl: "https://img.test/1b.jpg", match: { ...avatar, variant: "rotate90", distance: 12 } },
      { postUrl: "https://x.test/p/2", imageUrl: "https://img.test/2.jpg", match: avatar },
    ];
    const v = scoreProfile(stranger, null, ctx, posts);
    expect(v.likely).toBe(true);
    expect(v.evidence).toEqual([
      {
        kind: "post-image",
        weight: 70,
        detail: "2 of its posts show your photos (the closest original, 8 bits apart).",
        url: "https://x.test/p/1",
        posts: [
          { url: "https://x.test/p/1", imageUrl: "https://img.test/1a.jpg" },
          { url: "https://x.test/p/2", imageUrl: "https://img.test/2.jpg" },
        ],
      },
    ]);
    // Without them, nothing speaks for it.
    expect(scoreProfile(stranger, null, ctx).score).toBe(0);
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

  it("reads the images of a Reddit user's posts: a gallery in its order, a preview, a direct image; not a text post", () => {
    const listing = {
      kind: "Listing",
      data: {
        children: [
          { kind: "t3", data: { permalink: "/r/u_x/comments/a1/text/", is_self: true, url: "https://www.reddit.com/r/u_x/comments/a1/text/" } },
          {
            kind: "t3",
            data: {
              permalink: "/r/u_x/comments/a2/gallery/",
              is_gallery: true,
              url_overridden_by_dest: "https://www.reddit.com/gallery/a2",
              gallery_data: { items: [{ media_id: "m2", id: 1 }, { media_id: "m1", id: 2 }, { media_id: "v1", id: 3 }] },
              media_metadata: {
                m1: { status: "valid", e: "Image", s: { u: "https://preview.redd.it/m1.jpg?width=1080&s=a" } },
                m2: { status: "valid", e: "Image", s: { u: "https://preview.redd.it/m2.jpg?width=1080&s=b" } },
                v1: { status: "valid", e: "RedditVideo", s: { u: "https://v.redd.it/v1" } },
              },
            },
          },
          { kind: "t3", data: { permalink: "/r/pics/comments/a3/one/", url_overridden_by_dest: "https://i.redd.it/a3.jpg", preview: { images: [{ source: { url: "https://preview.redd.it/a3.jpg?auto=webp&s=c" } }] } } },
          { kind: "t3", data: { permalink: "/r/pics/comments/a4/direct/", url: "https://i.imgur.com/a4.png" } },
          { kind: "t3", data: { permalink: "javascript:alert(1)", url: "https://i.redd.it/evil.jpg" } },
          { kind: "t1", data: { permalink: "/r/x/comments/c/", url: "https://i.redd.it/comment.jpg" } },
        ],
      },
    };
    expect(readRedditPosts(page(JSON.stringify(listing), { contentType: "application/json" }), "https://www.reddit.com")).toEqual([
      { postUrl: "https://www.reddit.com/r/u_x/comments/a2/gallery/", imageUrl: "https://preview.redd.it/m2.jpg?width=1080&s=b" },
      { postUrl: "https://www.reddit.com/r/u_x/comments/a2/gallery/", imageUrl: "https://preview.redd.it/m1.jpg?width=1080&s=a" },
      { postUrl: "https://www.reddit.com/r/pics/comments/a3/one/", imageUrl: "https://preview.redd.it/a3.jpg?auto=webp&s=c" },
      { postUrl: "https://www.reddit.com/r/pics/comments/a4/direct/", imageUrl: "https://i.imgur.com/a4.png" },
    ]);
    expect(readRedditPosts(page("not json"), "https://www.reddit.com")).toEqual([]);
    expect(readRedditPosts(page("{}", { status: 429 }), "https://www.reddit.com")).toEqual([]);
    const many = { kind: "Listing", data: { children: Array.from({ length: 25 }, (_, i) => ({ kind: "t3", data: { permalink: `/r/x/comments/${i}/`, media_metadata: Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`m${j}`, { status: "valid", e: "Image", s: { u: `https://preview.redd.it/${i}-${j}.jpg` } }])) } })) } };
    expect(readRedditPosts(page(JSON.stringify(many)), "https://www.reddit.com")).toHaveLength(MAX_POST_IMAGES);
  });

  it("reads post images from a page's JSON-LD (postings, lone ImageObjects), else its og:image gallery, never the profile's picture", () => {
    const ld = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "ProfilePage", mainEntity: { "@type": "Person", name: "Velvet", image: "https://cdn.test/avatar.jpg" } },
        { "@type": "SocialMediaPosting", url: "/velvet/posts/1", image: [{ "@type": "ImageObject", contentUrl: "https://cdn.test/p1.jpg" }, "https://cdn.test/avatar.jpg"] },
        { "@type": "ImageObject", contentUrl: "https://cdn.test/p2.jpg", mainEntityOfPage: { "@id": "https://www.fanvue.com/velvet/posts/2" } },
      ],
    };
    const read = readProfilePage(base, page(`<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`));
    expect(read.avatarUrl).toBe("https://cdn.test/avatar.jpg");
    expect(read.posts).toEqual([
      { postUrl: "https://www.fanvue.com/velvet/posts/1", imageUrl: "https://cdn.test/p1.jpg" },
      { postUrl: "https://www.fanvue.com/velvet/posts/2", imageUrl: "https://cdn.test/p2.jpg" },
    ]);
    const og = readProfilePage(
      base,
      page(`<html><head><meta property="og:type" content="profile"><meta property="og:image" content="https://cdn.test/avatar.jpg"><meta property="og:image" content="https://cdn.test/g1.jpg"><meta property="og:image" content="https://cdn.test/g2.jpg"></head></html>`),
    );
    expect(og.posts).toEqual([
      { postUrl: base.url, imageUrl: "https://cdn.test/g1.jpg" },
      { postUrl: base.url, imageUrl: "https://cdn.test/g2.jpg" },
    ]);
  });

  it("finds links written as text in a bio, bounded however long the text", () => {
    expect(linksInText("free here: simpcity.su/threads/luna.12!! and https://paypal.me/luna.")).toEqual(["https://simpcity.su/threads/luna.12", "https://paypal.me/luna"]);
    expect(linksInText("a.".repeat(50_000)).length).toBeLessThanOrEqual(20);
  });
});
