import { readFile } from "node:fs/promises";
import { findPlatform } from "@leakwarden/contracts/platforms";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { startFakeProfilesWeb, type FakeProfilesWeb } from "@leakwarden/test-support/fake-web/fake-profiles";
import { createGuardedFetcher, type GuardedFetcher } from "../guarded-fetch";
import { hashReferenceImageWithCrops, prepareReferences, type PreparedReference } from "../image-match";
import { loadLeakSiteCatalog, type LeakSiteCatalog } from "../leak-site-catalog";
import { parseScannerSettings } from "../scanner-settings";
import { checkImpersonators, type CheckInput } from "./check";
import { checkablePlatforms, PlatformPacer } from "./profile-adapters";
import { LIKELY_IMPERSONATOR_SCORE } from "./scoring";

// Her: lunarivers on OnlyFans and Instagram, "Luna Rivers" and "Moonie" as nicknames, lunafriends.com and fanfix.io allowed.
// The fake platforms hold impersonators and look-alikes under the handles an impersonator would pick.
const NOW = new Date("2026-11-20T12:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

let fake: FakeProfilesWeb;
let fetcher: GuardedFetcher;
let references: PreparedReference[];
let catalog: LeakSiteCatalog;
let herPhoto: Buffer;
let otherPhoto: Buffer;

beforeAll(async () => {
  herPhoto = await readFile(fixturePath("reference-photo.jpg"));
  otherPhoto = await readFile(fixturePath("other-photo.jpg"));
  references = prepareReferences(await hashReferenceImageWithCrops(fixturePath("reference-photo.jpg"), "ref-1"));
  catalog = await loadLeakSiteCatalog();
  // Her photo, trimmed at the sides, turned and made small, as an impersonator's avatar.
  const upright = await sharp(herPhoto).rotate().png().toBuffer({ resolveWithObject: true });
  const trim = Math.round(upright.info.width * 0.05);
  const trimmed = await sharp(upright.data).extract({ left: trim, top: 0, width: upright.info.width - 2 * trim, height: upright.info.height }).png().toBuffer();
  const turnedCrop = await sharp(trimmed)
    .rotate(90)
    .resize({ width: 320 })
    .jpeg({ quality: 85 })
    .toBuffer();
  fake = await startFakeProfilesWeb([
    // A name variant whose bio sends fans to a leak site, days old.
    { platform: "reddit", handle: "lunarivers_official", displayName: "Luna Rivers", bio: "All my content free here 💋 simpcity.su/threads/luna-rivers.1234", createdAt: daysAgo(6), followers: 40 },
    // Her face under another name.
    { platform: "instagram", handle: "lunariverss", displayName: "Mia ✨", bio: "dm for collabs", avatar: turnedCrop, followers: 1200, createdAt: daysAgo(400) },
    // Her real Instagram (a stage name of hers): never a candidate.
    { platform: "instagram", handle: "lunarivers", displayName: "Luna Rivers", bio: "the real one", avatar: herPhoto, followers: 90_000 },
    // A stranger with a similar name: no shared image, no leak link.
    { platform: "tiktok", handle: "luna.rivers", displayName: "Luna Rivers", bio: "Luna from Ohio 🌲 hiking and coffee", avatar: otherPhoto, createdAt: daysAgo(2000), followers: 300 },
    // Poses as her backup and asks for money, linking to her real OnlyFans.
    { platform: "fanvue", handle: "lunarivers_backup", displayName: "Luna Rivers (backup)", bio: "my OF got banned, sub here", links: ["https://onlyfans.com/lunarivers", "https://cash.app/$lunariversbackup"], createdAt: daysAgo(400) },
    // On a domain she allows: her face, but never listed.
    { platform: "fanfix", handle: "lunarivers", displayName: "Luna Rivers", bio: "", avatar: herPhoto },
    // A stranger with her name on Reddit, posting her own pictures: no shared image, no leak link.
    { platform: "reddit", handle: "luna_rivers", displayName: "Luna R.", bio: "trail runner", avatar: otherPhoto, createdAt: daysAgo(3000), posts: [{ title: "sunday run", images: [otherPhoto] }, { title: "views", images: [otherPhoto, otherPhoto] }] },
  ]);
  // Accounts under names no look-alike rule makes, reposting her photos (found by a site: search): one image,
  // a gallery with hers second, and a Fanvue page whose posts are JSON-LD SocialMediaPostings.
  const small = await sharp(herPhoto).rotate().resize({ width: 480 }).jpeg({ quality: 70 }).toBuffer();
  fake.add({ platform: "reddit", handle: "sunny_daisy22", displayName: "Daisy", bio: "just vibes", avatar: otherPhoto, createdAt: daysAgo(900), posts: [{ title: "beach day", images: [otherPhoto] }, { title: "new set", images: [otherPhoto, turnedCrop, small] }, { title: "hi", images: [small] }] });
  fake.add({ platform: "fanvue", handle: "velvet.dreams", displayName: "Velvet", bio: "new content daily", createdAt: daysAgo(700), posts: [{ title: "pool", images: [trimmed] }] });
  fetcher = createGuardedFetcher(parseScannerSettings({ SCAN_PROXY_URL: fake.proxy.url, SCAN_FETCH_TIMEOUT_MS: "3000", SCAN_MAX_RETRIES: "0" }));
});
afterAll(async () => {
  await fetcher?.close();
  await fake?.close();
});

const searched = [
  { platformId: 19, handle: "sunny_daisy22" },
  { platformId: 10, handle: "velvet.dreams" },
];

const input = (over: Partial<CheckInput> = {}): CheckInput => ({
  stageNames: [
    { platform: "OnlyFans", username: "lunarivers" },
    { platform: "Instagram", username: "lunarivers" },
  ],
  nicknames: ["Luna Rivers", "Moonie"],
  allowlist: ["lunafriends.com", "fanfix.io"],
  references,
  catalog,
  now: NOW,
  adapter: { fetchPage: (url) => fetcher.fetch(url, { robots: false, retries: 0, maxBytes: 2 * 1024 * 1024 }), redditUrl: "http://www.reddit.com", scheme: "http" },
  fetchImage: (url) => fetcher.fetch(url, { robots: false, retries: 0, maxBytes: 5 * 1024 * 1024, truncate: false }),
  handlesPerPlatform: 60,
  platforms: ["Reddit (u/username)", "Instagram", "TikTok", "Fanvue", "Fanfix", "Fansly", "OnlyFans"].map((n) => findPlatform(n)!),
  ...over,
});

describe("an impersonation check against fake platforms", () => {
  it("lists the impersonators with their evidence, and no one else", async () => {
    const result = await checkImpersonators(input());
    const likely = result.checked.filter((c) => c.verdict.likely);
    const label = (c: (typeof likely)[number]) => `${c.profile.platformName}:${c.profile.handle}`;
    expect(likely.map(label).sort()).toEqual(["Fanvue:lunarivers_backup", "Instagram:lunariverss", "Reddit (u/username):lunarivers_official"]);

    const reddit = likely.find((c) => c.profile.platformId === 19)!;
    expect(reddit.verdict.evidence.map((e) => e.kind).sort()).toEqual(["display-name", "leak-link", "name", "new-account"]);
    expect(reddit.profile.createdAt?.toISOString()).toBe(daysAgo(6).toISOString().replace(/\.\d{3}Z$/, ".000Z"));

    const insta = likely.find((c) => c.profile.platformId === 16)!;
    expect(insta.avatarMatch).not.toBeNull();
    expect(insta.verdict.evidence.find((e) => e.kind === "avatar")?.detail).toMatch(/reference photos/);
    expect(insta.profile.followers).toBe(1200);
    // Our own small copy of the avatar, for her list.
    expect(insta.thumbnail?.contentType).toBe("image/jpeg");
    expect((await sharp(insta.thumbnail!.bytes).metadata()).width).toBe(160);

    const fanvue = likely.find((c) => c.profile.platformId === 10)!;
    expect(fanvue.verdict.evidence.map((e) => e.kind).sort()).toEqual(["display-name", "name", "own-link", "payment-link"]);

    // Scored and kept out of her sight: the stranger with her name.
    const stranger = result.checked.find((c) => c.profile.platformId === 17 && c.profile.handle === "luna.rivers")!;
    expect(stranger.profile.status).toBe("found");
    expect(stranger.verdict.score).toBeLessThan(LIKELY_IMPERSONATOR_SCORE);
    expect(stranger.thumbnail).toBeNull();
    // Her own account and the one on an allowed domain: not listed.
    expect(result.checked.some((c) => c.profile.platformId === 16 && c.profile.handle === "lunarivers")).toBe(false);
    expect(result.checked.filter((c) => c.profile.platformId === 5).every((c) => !c.verdict.likely)).toBe(true);
    // Her own Instagram address was never even asked for.
    expect(fake.web.served).not.toContain("www.instagram.com /lunarivers/");

    // Platforms that show nothing without a login: said, not guessed.
    expect(result.uncheckable.map((u) => u.platformName).sort()).toEqual(["Fansly", "OnlyFans"]);
    expect(result.uncheckable[0]!.reason).toMatch(/cannot be checked automatically/);
  });

  it("lists an account under an unrelated name by her photos in its posts, citing the posts; a namesake without them is not", async () => {
    const result = await checkImpersonators(input({ searched, platforms: ["Reddit (u/username)", "Fanvue"].map((n) => findPlatform(n)!) }));
    const of = (platformId: number, handle: string) => result.checked.find((c) => c.profile.platformId === platformId && c.profile.handle === handle)!;

    const daisy = of(19, "sunny_daisy22");
    expect(daisy.verdict.likely).toBe(true);
    // Only her photos in its posts speak for it: not its name, not its picture.
    expect(daisy.verdict.evidence.map((e) => e.kind)).toEqual(["post-image"]);
    const cited = daisy.verdict.evidence[0]!;
    expect(cited.detail).toMatch(/^2 of its posts show your photos/);
    expect(cited.posts!.map((p) => p.url)).toEqual(["http://www.reddit.com/r/u_sunny_daisy22/comments/sunn1x/new_set/", "http://www.reddit.com/r/u_sunny_daisy22/comments/sunn2x/hi/"]);
    // The gallery's matching image is cited, not its first one.
    expect(cited.posts![0]!.imageUrl).toBe("http://preview.redd.it/posts/sunny_daisy22/1-1.jpg?width=1080&format=pjpg&auto=webp&s=def");
    expect(cited.url).toBe(cited.posts![0]!.url);
    expect(daisy.postMatches.map((m) => m.match.variant)).toHaveLength(3);

    const velvet = of(10, "velvet.dreams");
    expect(velvet.verdict.likely).toBe(true);
    expect(velvet.verdict.evidence.find((e) => e.kind === "post-image")?.posts).toEqual([{ url: "http://www.fanvue.com/velvet.dreams/posts/velv0x", imageUrl: "http://media.fanvue.com/posts/velvet.dreams/0-0.jpg" }]);

    // Her namesake: read, posts compared, nothing of hers: not listed.
    const namesake = of(19, "luna_rivers");
    expect(namesake.profile.posts).toHaveLength(3);
    expect(namesake.postMatches).toEqual([]);
    expect(namesake.verdict.likely).toBe(false);
    expect(namesake.verdict.evidence.some((e) => e.kind === "post-image")).toBe(false);
  });

  it("spaces the posts listing like any request to the platform", async () => {
    const waits: number[] = [];
    let clock = 0;
    const pacer = new PlatformPacer(500, async (ms) => {
      waits.push(ms);
      clock += ms;
    }, () => clock);
    const result = await checkImpersonators(input({ searched: [{ platformId: 19, handle: "sunny_daisy22" }], handlesPerPlatform: 0, platforms: [findPlatform("Reddit (u/username)")!], pacer }));
    expect(result.checked.find((c) => c.profile.handle === "sunny_daisy22")?.verdict.likely).toBe(true);
    // about.json, then submitted.json half a second later.
    expect(waits).toEqual([500]);
  });

  it("reads no posts when she has no reference photo to compare them with", async () => {
    fake.web.served.length = 0;
    const result = await checkImpersonators(input({ references: [], searched, handlesPerPlatform: 1, platforms: [findPlatform("Reddit (u/username)")!] }));
    expect(result.checked.find((c) => c.profile.handle === "sunny_daisy22")?.verdict.likely).toBe(false);
    expect(fake.web.served.some((r) => r.includes("submitted.json") || r.includes("/posts/"))).toBe(false);
  });

  it("looks at a known account again and sees when it is gone", async () => {
    fake.add({ platform: "reddit", handle: "luna_xo_leaks99", displayName: "Luna", bio: "free leaks simpcity.su/luna" });
    const known = [{ platformId: 19, handle: "luna_xo_leaks99" }];
    const before = await checkImpersonators(input({ known, handlesPerPlatform: 1, platforms: [findPlatform("Reddit (u/username)")!] }));
    expect(before.checked.find((c) => c.profile.handle === "luna_xo_leaks99")?.profile.status).toBe("found");
    fake.remove("reddit", "luna_xo_leaks99");
    const after = await checkImpersonators(input({ known, handlesPerPlatform: 1, platforms: [findPlatform("Reddit (u/username)")!] }));
    expect(after.checked.find((c) => c.profile.handle === "luna_xo_leaks99")?.profile.status).toBe("absent");
  });

  it("is bounded per platform and spaces requests to one platform", async () => {
    const waits: number[] = [];
    let clock = 0;
    const pacer = new PlatformPacer(500, async (ms) => {
      waits.push(ms);
      clock += ms;
    }, () => clock);
    const result = await checkImpersonators(input({ handlesPerPlatform: 5, platforms: [findPlatform("TikTok")!], pacer }));
    expect(result.requests).toBe(5);
    expect(waits).toEqual([500, 500, 500, 500]);
  });

  it("checks every platform with a public profile address, and none without", () => {
    const names = checkablePlatforms().map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["OnlyFans", "Instagram", "TikTok", "Fansly", "Fanvue", "Reddit (u/username)", "Snapchat"]));
    expect(names).not.toContain("Other");
    expect(names).not.toContain("{host}");
    expect(names).not.toContain("Reddit (r/subreddit)");
  });
});

describe("an impersonation check against platforms in shapes it was not written against", () => {
  // The same creator; platforms that answer 200 for a missing profile, TikTok in its older SIGI_STATE,
  // Instagram in German, Fanvue as a Next.js page (fixtures/profiles/SOURCES.md).
  let other: FakeProfilesWeb;
  let otherFetcher: GuardedFetcher;
  beforeAll(async () => {
    other = await startFakeProfilesWeb(
      [
        // A name variant on TikTok's older page, sending fans to a leak site.
        { platform: "tiktok", handle: "lunarivers_official", shape: "sigi", displayName: "Luna Rivers", bio: "all my vids free 👉 simpcity.su/threads/luna-rivers.77", createdAt: daysAgo(5), followers: 987 },
        // Her face on a German-language Instagram page, "1,2 Mio. Follower".
        { platform: "instagram", handle: "lunariverss", shape: "de", displayName: "Mia &amp; Co ✨", bio: "", avatar: herPhoto, followers: 1_200_000, createdAt: daysAgo(400) },
        // Her real Instagram: never asked for.
        { platform: "instagram", handle: "lunarivers", shape: "de", displayName: "Luna Rivers", bio: "", avatar: herPhoto, followers: 90_000 },
        // Her backup, on a Next.js page, asking for money and pointing at her real OnlyFans.
        { platform: "fanvue", handle: "lunarivers_backup", shape: "next", displayName: "Luna Rivers (backup)", bio: "my OF got banned, sub here", links: ["https://onlyfans.com/lunarivers", "https://cash.app/$lunariversbackup"], createdAt: daysAgo(400), followers: 318 },
        // A stranger with her name, on the same kind of page: nothing of hers.
        { platform: "fanvue", handle: "luna.rivers", shape: "next", displayName: "Luna Rivers", bio: "Luna from Ohio 🌲 hiking and coffee", avatar: otherPhoto, createdAt: daysAgo(2000), followers: 300 },
        // On a domain she allows: her face, never listed.
        { platform: "fanfix", handle: "lunarivers", shape: "next", displayName: "Luna Rivers", bio: "", avatar: herPhoto },
      ],
      "http",
      { missingStatus: 200 },
    );
    otherFetcher = createGuardedFetcher(parseScannerSettings({ SCAN_PROXY_URL: other.proxy.url, SCAN_FETCH_TIMEOUT_MS: "3000", SCAN_MAX_RETRIES: "0" }));
  });
  afterAll(async () => {
    await otherFetcher?.close();
    await other?.close();
  });

  it("lists the impersonators with the right evidence; her own, allowed and unrelated accounts and missing profiles are not", async () => {
    const result = await checkImpersonators(
      input({
        adapter: { fetchPage: (url) => otherFetcher.fetch(url, { robots: false, retries: 0, maxBytes: 2 * 1024 * 1024 }), redditUrl: "http://www.reddit.com", scheme: "http" },
        fetchImage: (url) => otherFetcher.fetch(url, { robots: false, retries: 0, maxBytes: 5 * 1024 * 1024, truncate: false }),
        handlesPerPlatform: 60,
        platforms: ["Instagram", "TikTok", "Fanvue", "Fanfix"].map((n) => findPlatform(n)!),
      }),
    );
    const likely = result.checked.filter((c) => c.verdict.likely);
    expect(likely.map((c) => `${c.profile.platformName}:${c.profile.handle}`).sort()).toEqual(["Fanvue:lunarivers_backup", "Instagram:lunariverss", "TikTok:lunarivers_official"]);

    const tiktok = likely.find((c) => c.profile.platformId === 17)!;
    expect(tiktok.verdict.evidence.map((e) => e.kind)).toEqual(expect.arrayContaining(["leak-link", "name", "display-name"]));
    expect(tiktok.profile).toMatchObject({ displayName: "Luna Rivers", followers: 987 });

    const insta = likely.find((c) => c.profile.platformId === 16)!;
    expect(insta.avatarMatch).not.toBeNull();
    expect(insta.verdict.evidence.find((e) => e.kind === "avatar")?.detail).toMatch(/reference photos/);
    // The name as a person reads it, the count as the page meant it.
    expect(insta.profile).toMatchObject({ displayName: "Mia & Co ✨", followers: 1_200_000 });

    const fanvue = likely.find((c) => c.profile.platformId === 10)!;
    expect(fanvue.verdict.evidence.map((e) => e.kind).sort()).toEqual(["display-name", "name", "own-link", "payment-link"]);
    expect(fanvue.profile.followers).toBe(318);

    // The stranger was read and kept out of her sight; the allowed domain too; her own account never asked for.
    const stranger = result.checked.find((c) => c.profile.platformId === 10 && c.profile.handle === "luna.rivers")!;
    expect(stranger.profile.status).toBe("found");
    expect(stranger.verdict.likely).toBe(false);
    expect(result.checked.filter((c) => c.profile.platformId === 5).every((c) => !c.verdict.likely)).toBe(true);
    expect(other.web.served).not.toContain("www.instagram.com /lunarivers/");

    // Profiles that do not exist (answered 200) read as missing on every platform, never listed, never a login wall.
    const missing = result.checked.filter((c) => c.profile.status === "absent");
    expect(new Set(missing.map((c) => c.profile.platformName))).toEqual(new Set(["Instagram", "TikTok", "Fanvue"]));
    expect(missing.some((c) => c.profile.platformId === 16 && c.profile.handle === "luna_rivers")).toBe(true);
    expect(missing.every((c) => !c.verdict.likely && c.verdict.score === 0 && c.thumbnail === null)).toBe(true);
    expect(result.uncheckable).toEqual([]);
  });
});
