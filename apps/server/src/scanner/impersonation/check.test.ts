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
  ]);
  fetcher = createGuardedFetcher(parseScannerSettings({ SCAN_PROXY_URL: fake.proxy.url, SCAN_FETCH_TIMEOUT_MS: "3000", SCAN_MAX_RETRIES: "0" }));
});
afterAll(async () => {
  await fetcher?.close();
  await fake?.close();
});

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
