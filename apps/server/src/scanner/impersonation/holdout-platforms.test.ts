import { readFile } from "node:fs/promises";
import { findPlatform } from "@leakwarden/contracts/platforms";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { startHoldoutProfilesWeb, type HoldoutProfilesWeb } from "@leakwarden/test-support/fake-web/holdout-profiles";
import { createGuardedFetcher, type GuardedFetcher } from "../guarded-fetch";
import { hashReferenceImageWithCrops, prepareReferences, type PreparedReference } from "../image-match";
import { loadLeakSiteCatalog, type LeakSiteCatalog } from "../leak-site-catalog";
import { parseScannerSettings } from "../scanner-settings";
import { checkImpersonators, type CheckInput, type CheckResult } from "./check";

// Platforms of the list in shapes the check was not written against (holdout-profiles.ts): Snapchat's
// Next.js profile data with its picture behind a redirect, Patreon's JSON:API campaign and its Italian
// "no one here" page answered 200, LoyalFans' login form answered 200 that names the handle,
// JustForFans' plain HTML with posts as <article>s of lazy images, 4Based's JSON-LD @graph with an
// ImageGallery, Instagram in Japanese. Her: lunarivers on OnlyFans, Snapchat and Instagram, "Luna Rivers",
// sunroom.so allowed.

const NOW = new Date("2026-11-20T12:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

let fake: HoldoutProfilesWeb;
let fetcher: GuardedFetcher;
let references: PreparedReference[];
let catalog: LeakSiteCatalog;
let result: CheckResult;

beforeAll(async () => {
  const herPhoto = await readFile(fixturePath("reference-photo.jpg"));
  const otherPhoto = await readFile(fixturePath("other-photo.jpg"));
  references = prepareReferences(await hashReferenceImageWithCrops(fixturePath("reference-photo.jpg"), "ref-1"));
  catalog = await loadLeakSiteCatalog();
  const upright = await sharp(herPhoto).rotate().toBuffer({ resolveWithObject: true });
  const small = await sharp(upright.data).resize({ width: 420 }).jpeg({ quality: 68 }).toBuffer();
  const mirrored = await sharp(upright.data).flop().resize({ width: 500 }).jpeg({ quality: 80 }).toBuffer();
  const side = Math.round(upright.info.width * 0.04);
  const trimmed = await sharp(upright.data)
    .extract({ left: side, top: 0, width: upright.info.width - 2 * side, height: upright.info.height })
    .resize({ width: 360 })
    .webp({ quality: 60 })
    .toBuffer();

  fake = await startHoldoutProfilesWeb([
    // A name variant on Snapchat, ten days old, whose website field (bare, no scheme) is a leak thread. No picture, no bio.
    { platform: "snapchat", handle: "lunarivers_vip", displayName: "Luna Rivers 💋", bio: "", website: "simpcity.su/threads/luna-rivers.41", createdAt: daysAgo(10), followers: 2400 },
    // Her face under another name, the picture behind a redirect; found by a site: search.
    { platform: "snapchat", handle: "mia.kisses", displayName: "Mia 💋", bio: "add me for private snaps", avatar: trimmed, followers: 50, createdAt: daysAgo(800) },
    // Her own Snapchat: never asked for.
    { platform: "snapchat", handle: "lunarivers", displayName: "Luna Rivers", bio: "the real one", avatar: herPhoto, followers: 90_000 },
    // Her "backup" on Patreon, asking for money and pointing at her real OnlyFans, its summary HTML.
    { platform: "patreon", handle: "lunarivers_backup", displayName: "Luna Rivers (backup)", bio: "my OF got banned 😭 support me here: paypal.me/lunariversbackup", website: "https://onlyfans.com/lunarivers", followers: 12, createdAt: daysAgo(300) },
    // A painter who shares her name, on Patreon and 4Based: her own pictures, no links.
    { platform: "patreon", handle: "luna_rivers", displayName: "Luna Rivers", bio: "Watercolours and coffee from Ohio.", avatar: otherPhoto, followers: 310, createdAt: daysAgo(2500) },
    { platform: "4based", handle: "luna_rivers", displayName: "Luna Rivers", bio: "Luna, 24, Berlin", avatar: otherPhoto, posts: [[otherPhoto], [otherPhoto, otherPhoto]], createdAt: daysAgo(900) },
    // An account under an unrelated name reposting her photos (one mirrored, one in a gallery second); found by a site: search.
    { platform: "justforfans", handle: "velvetkitten", displayName: "Velvet", bio: "new content daily", avatar: otherPhoto, posts: [[otherPhoto], [otherPhoto, small], [mirrored]] },
    // A stranger with her name on Instagram, in Japanese: nothing of hers.
    { platform: "instagram", handle: "luna.rivers", displayName: "Luna Rivers", bio: "", avatar: otherPhoto, followers: 12_000 },
    // Her Instagram: never asked for.
    { platform: "instagram", handle: "lunarivers", displayName: "Luna Rivers", bio: "", avatar: herPhoto, followers: 90_000 },
    // A name variant on a page of meta only, its description sending fans to a leak thread.
    { platform: "cam4", handle: "lunarivers_official", displayName: "lunarivers_official", bio: "free show tonight 🔥 all my vids: simpcity.su/threads/luna-rivers.41", avatar: otherPhoto },
    // On a domain she allows: her face, never listed, never even asked for.
    { platform: "sunroom", handle: "lunarivers", displayName: "Luna Rivers", bio: "", avatar: herPhoto },
  ]);
  fetcher = createGuardedFetcher(parseScannerSettings({ SCAN_PROXY_URL: fake.proxy.url, SCAN_FETCH_TIMEOUT_MS: "3000", SCAN_MAX_RETRIES: "0" }));
  result = await checkImpersonators(input());
}, 120_000);
afterAll(async () => {
  await fetcher?.close();
  await fake?.close();
});

const input = (over: Partial<CheckInput> = {}): CheckInput => ({
  stageNames: [
    { platform: "OnlyFans", username: "lunarivers" },
    { platform: "Snapchat", username: "lunarivers" },
    { platform: "Instagram", username: "lunarivers" },
  ],
  nicknames: ["Luna Rivers"],
  allowlist: ["sunroom.so"],
  references,
  catalog,
  now: NOW,
  adapter: { fetchPage: (url) => fetcher.fetch(url, { robots: false, retries: 0, maxBytes: 2 * 1024 * 1024 }), redditUrl: "http://www.reddit.com", scheme: "http" },
  fetchImage: (url) => fetcher.fetch(url, { robots: false, retries: 0, maxBytes: 5 * 1024 * 1024, truncate: false }),
  handlesPerPlatform: 60,
  searched: [
    { platformId: 21, handle: "mia.kisses" },
    { platformId: 11, handle: "velvetkitten" },
  ],
  platforms: ["Snapchat", "Patreon", "LoyalFans", "JustForFans", "4Based", "Instagram", "Sunroom", "Cam4", "Chaturbate"].map((n) => findPlatform(n)!),
  ...over,
});

const of = (platform: string, handle: string) => result.checked.find((c) => c.profile.platformId === findPlatform(platform)!.id && c.profile.handle.toLowerCase() === handle);

describe("an impersonation check on platforms in shapes it was not written against", () => {
  it("lists exactly the accounts passing as her", () => {
    const likely = result.checked.filter((c) => c.verdict.likely).map((c) => `${c.profile.platformName}:${c.profile.handle}`);
    expect(likely.sort()).toEqual(["Cam4:lunarivers_official", "JustForFans:velvetkitten", "Patreon:lunarivers_backup", "Snapchat:lunarivers_vip", "Snapchat:mia.kisses"]);
  });

  it("reads a page of meta only that names the profile by its address", () => {
    const cam = of("Cam4", "lunarivers_official")!;
    expect(cam.profile).toMatchObject({ displayName: "lunarivers_official", links: ["https://simpcity.su/threads/luna-rivers.41"] });
    expect(cam.verdict.evidence.map((e) => e.kind)).toEqual(expect.arrayContaining(["name", "leak-link"]));
  });

  it("finds a name variant by what its profile data says, its bare website link read as a leak site", () => {
    const vip = of("Snapchat", "lunarivers_vip")!;
    expect(vip.profile).toMatchObject({ status: "found", displayName: "Luna Rivers 💋", followers: 2400, links: ["https://simpcity.su/threads/luna-rivers.41"] });
    expect(vip.profile.createdAt?.toISOString()).toBe(daysAgo(10).toISOString());
    expect(vip.verdict.evidence.map((e) => e.kind).sort()).toEqual(["display-name", "leak-link", "name", "new-account"]);
    // The accounts Snapchat lists beside it are not read as its own.
    expect(vip.profile.avatarUrl).toBeNull();
  });

  it("finds her face under another name, the picture fetched through its redirect, and keeps our own copy of it", () => {
    const mia = of("Snapchat", "mia.kisses")!;
    expect(mia.avatarMatch).not.toBeNull();
    expect(mia.verdict.evidence.map((e) => e.kind)).toEqual(["avatar"]);
    expect(mia.thumbnail?.contentType).toBe("image/jpeg");
    expect(fake.web.served).toContain("cf-st.sc-cdn.net /aps/bolt/mia.kisses");
  });

  it("reads a JSON:API campaign: its HTML summary as text, her own page and a payment link in it", () => {
    const backup = of("Patreon", "lunarivers_backup")!;
    expect(backup.profile.bio).toBe("my OF got banned 😭 support me here: paypal.me/lunariversbackup https://onlyfans.com/lunarivers");
    expect(backup.profile).toMatchObject({ displayName: "Luna Rivers (backup)", followers: 12 });
    expect(backup.verdict.evidence.map((e) => e.kind).sort()).toEqual(["display-name", "name", "own-link", "payment-link"]);
  });

  it("finds an account under an unrelated name by her photos in its HTML posts, citing them", () => {
    const velvet = of("JustForFans", "velvetkitten")!;
    expect(velvet.profile).toMatchObject({ status: "found", displayName: "Velvet" });
    const posts = velvet.verdict.evidence.find((e) => e.kind === "post-image")?.posts;
    expect(velvet.verdict.evidence.map((e) => e.kind)).toEqual(["post-image"]);
    expect(posts?.map((p) => p.url)).toEqual(["http://justfor.fans/velvetkitten/post/1001", "http://justfor.fans/velvetkitten/post/1002"]);
    expect(posts?.[0]?.imageUrl).toBe("http://img.fanmediacdn.com/justforfans/velvetkitten/1-1.jpg");
  });

  it("reads namesakes and keeps them out of her sight: no shared image, no leak link", () => {
    for (const [platform, handle] of [["Patreon", "luna_rivers"], ["4Based", "luna_rivers"], ["Instagram", "luna.rivers"]] as const) {
      const c = of(platform, handle);
      expect(c?.profile.status, `${platform}:${handle}`).toBe("found");
      expect(c!.verdict.likely).toBe(false);
      expect(c!.thumbnail).toBeNull();
    }
    expect(of("Instagram", "luna.rivers")!.profile).toMatchObject({ displayName: "Luna Rivers", followers: 12_000 });
    // 4Based's gallery was read and compared: nothing of hers.
    const fourbased = of("4Based", "luna_rivers")!;
    expect(fourbased.profile.posts.map((p) => p.postUrl)).toEqual(["https://4based.com/profile/luna_rivers/gallery/0", "https://4based.com/profile/luna_rivers/gallery/1", "https://4based.com/profile/luna_rivers/gallery/1"]);
    expect(fourbased.postMatches).toEqual([]);
  });

  it("never asks for her own accounts, nor anything on a domain she allows", () => {
    expect(fake.web.served).not.toContain("www.snapchat.com /add/lunarivers");
    expect(fake.web.served).not.toContain("www.instagram.com /lunarivers/");
    expect(fake.web.served.some((r) => r.startsWith("www.sunroom.so "))).toBe(false);
  });

  it("reads a 200 'no one here' page in any language as a missing profile, never as a login wall", () => {
    const patreonMissing = result.checked.filter((c) => c.profile.platformId === findPlatform("Patreon")!.id && c.profile.status === "absent");
    expect(patreonMissing.length).toBeGreaterThan(10);
    expect(patreonMissing.every((c) => !c.verdict.likely && c.profile.displayName === null)).toBe(true);
    const instagramMissing = result.checked.filter((c) => c.profile.platformId === 16 && c.profile.status === "absent");
    expect(instagramMissing.length).toBeGreaterThan(10);
    // The missing ones on 4Based (410) and JustForFans (404) too.
    expect(result.checked.some((c) => c.profile.platformId === findPlatform("4Based")!.id && c.profile.status === "absent")).toBe(true);
    expect(result.checked.some((c) => c.profile.platformId === findPlatform("JustForFans")!.id && c.profile.status === "absent")).toBe(true);
    // Cam4 sends a missing one to its home page, which it shows for a made-up handle too: missing.
    expect(result.checked.filter((c) => c.profile.platformId === findPlatform("Cam4")!.id && c.profile.status === "absent").length).toBeGreaterThan(10);
  });

  it("says a platform that answers a login form or a sign-in prompt with 200 cannot be checked, even when it names the handle", () => {
    expect(result.uncheckable.map((u) => u.platformName).sort()).toEqual(["Chaturbate", "LoyalFans"]);
    for (const u of result.uncheckable) expect(u.reason).toMatch(/only after a login: cannot be checked automatically/);
    expect(result.checked.some((c) => c.profile.platformName === "LoyalFans" || c.profile.platformName === "Chaturbate")).toBe(false);
  });

  it("looks at a reported account again and sees it gone, though its platform answers 200 for a missing one", async () => {
    const known = [{ platformId: findPlatform("Patreon")!.id, handle: "lunarivers_backup" }];
    fake.remove("patreon", "lunarivers_backup");
    const after = await checkImpersonators(input({ known, handlesPerPlatform: 0, searched: [], platforms: [findPlatform("Patreon")!] }));
    expect(after.checked.map((c) => [c.profile.handle, c.profile.status])).toEqual([["lunarivers_backup", "absent"]]);
    // The made-up handle asked once, to learn how the platform answers a missing account.
    expect(after.requests).toBe(2);
  });
});
