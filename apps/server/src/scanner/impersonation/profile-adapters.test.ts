import { readFileSync } from "node:fs";
import { findPlatform, type Platform } from "@leakwarden/contracts/platforms";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { describe, expect, it } from "vitest";
import type { FetchResult } from "../guarded-fetch";
import { followersInText, parseCount, profileUrlFor, readProfilePage, readRedditAbout, type PublicProfile } from "./profile-adapters";

// Profile pages in the shapes the platforms publish without a login (fixtures/profiles/SOURCES.md):
// each read as what a person looking at it would see, or said to be missing, or said to be unreadable.

const HANDLE = "lunarivers_vip";
/** X is not on the platform list: its pages stand for a platform the reader has never seen. */
const X: Platform = { ...findPlatform("Fanvue")!, id: 999, name: "X", key: "x", hosts: ["x.com"], profileUrl: "https://x.com/{username}" };

const profileOn = (platform: Platform): PublicProfile => ({
  platformId: platform.id,
  platformName: platform.name,
  handle: HANDLE,
  url: profileUrlFor(platform, HANDLE),
  status: "unreachable",
  reason: "",
  displayName: null,
  bio: null,
  avatarUrl: null,
  links: [],
  followers: null,
  createdAt: null,
  posts: [],
});

const page = (body: string, over: Partial<FetchResult> = {}): FetchResult => ({
  url: "https://example.test/",
  finalUrl: "",
  status: 200,
  headers: {},
  contentType: "text/html; charset=utf-8",
  body: Buffer.from(body),
  truncated: false,
  fetchedAt: new Date().toISOString(),
  sha256: "",
  redirects: [],
  robots: null,
  ...over,
});

const fixture = (name: string) => readFileSync(fixturePath(`profiles/${name}`), "utf8");
const read = (platformName: string | Platform, name: string) => {
  const platform = typeof platformName === "string" ? findPlatform(platformName)! : platformName;
  const profile = profileOn(platform);
  return readProfilePage(profile, page(fixture(name), { finalUrl: profile.url }));
};

describe("profile pages in the shapes platforms serve", () => {
  it("reads TikTok's rehydration data and both forms of its older SIGI_STATE", () => {
    const universal = read("TikTok", "tiktok-universal.html");
    expect(universal).toMatchObject({ status: "found", displayName: "Luna ✨ Rivers", bio: "backup acc 💋 all my vids free ⬇️", followers: 12345 });
    expect(universal.links).toContain("https://linktr.ee/lunarivers_vip");
    expect(universal.avatarUrl).toMatch(/^https:\/\/p16-sign-va\.tiktokcdn\.com\/.+x-expires=1764000000&x-signature=xyz$/);
    expect(universal.createdAt?.toISOString()).toBe(new Date(1761000000 * 1000).toISOString());

    const sigi = read("TikTok", "tiktok-sigi-script.html");
    expect(sigi).toMatchObject({ status: "found", displayName: "Luna Rivers", followers: 987, avatarUrl: "https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/def~c5_1080x1080.jpeg" });
    expect(sigi.bio).toContain("simpcity.su/threads/luna.77");
    expect(sigi.links).toEqual(expect.arrayContaining(["https://t.me/lunafreeleaks", "https://simpcity.su/threads/luna.77"]));

    const old = read("TikTok", "tiktok-sigi-window.html");
    expect(old).toMatchObject({ status: "found", displayName: "Luna Rivers", bio: "new acc, old one got banned", followers: 51 });
  });

  it("reads a TikTok account that does not exist as missing, and a security check as unreadable", () => {
    expect(read("TikTok", "tiktok-sigi-not-found.html").status).toBe("absent");
    expect(read("TikTok", "tiktok-not-found-text.html").status).toBe("absent");
    const verify = read("TikTok", "tiktok-verify.html");
    expect(verify.status).toBe("unreadable");
    expect(verify.displayName).toBeNull();
  });

  it("reads Instagram's follower counts in every locale and number form, and names with their entities decoded", () => {
    const en = read("Instagram", "instagram-en.html");
    expect(en).toMatchObject({ status: "found", displayName: "Luna & Co 💋", followers: 1234 });
    expect(en.avatarUrl).toContain("&_nc_cat=1&");
    expect(read("Instagram", "instagram-en-millions.html").followers).toBe(1_200_000);
    expect(read("Instagram", "instagram-de.html").followers).toBe(1_200_000);
    expect(read("Instagram", "instagram-de-tsd.html").followers).toBe(12_500);
    expect(read("Instagram", "instagram-fr.html").followers).toBe(1234);
    expect(read("Instagram", "instagram-es.html").followers).toBe(1234);
    expect(read("Instagram", "instagram-pt-mil.html").followers).toBe(12_500);
    for (const f of ["instagram-de.html", "instagram-fr.html", "instagram-es.html", "instagram-pt-mil.html"]) expect(read("Instagram", f).displayName).toBe("Luna Rivers");
  });

  it("reads the bio Instagram quotes in its description, with the link in it", () => {
    const withBio = read("Instagram", "instagram-en-bio.html");
    expect(withBio).toMatchObject({ status: "found", displayName: "Luna Rivers", followers: 12_500, bio: "backup acc, my main got deleted 💔 all free: simpcity.su/threads/luna.1" });
    expect(withBio.links).toContain("https://simpcity.su/threads/luna.1");
  });

  it("reads Instagram's 'page isn't available' answered with 200 as missing, and its login page as unreadable", () => {
    const missing = read("Instagram", "instagram-not-found.html");
    expect(missing.status).toBe("absent");
    expect(missing.reason).toMatch(/no profile/);
    const wall = read("Instagram", "instagram-login-wall.html");
    expect(wall.status).toBe("unreadable");
    expect(wall.reason).toMatch(/cannot be checked automatically/);
  });

  it("reads an X profile's JSON-LD (givenName, Follows counter, creation date), and its missing and suspended pages", () => {
    const x = read(X, "x-profile.html");
    expect(x).toMatchObject({ status: "found", displayName: "Luna Rivers 💋", followers: 4321, avatarUrl: "https://pbs.twimg.com/profile_images/1790000000000000000/AbCd_400x400.jpg" });
    expect(x.createdAt?.toISOString()).toBe("2025-10-02T18:30:00.000Z");
    expect(x.links).toContain("https://linktr.ee/lunarivers_vip");
    expect(read(X, "x-not-found.html").status).toBe("absent");
    expect(read(X, "x-suspended.html").status).toBe("absent");
  });

  it("reads a paid platform's meta that names the handle, and says so when its page is an empty shell", () => {
    const of = read("OnlyFans", "onlyfans-preview.html");
    expect(of).toMatchObject({ status: "found", displayName: "Luna Rivers", bio: "💋 backup page, sub for 3$ & DM me", avatarUrl: "https://public.onlyfans.com/files/thumbs/c144/a/ab/abc/abcdef/avatar.jpg" });
    expect(read("OnlyFans", "onlyfans-shell.html").status).toBe("unreadable");
    expect(read("Fansly", "fansly-shell.html").status).toBe("unreadable");
  });

  it("reads a Next.js page's embedded profile, and its not-found page served with 200 as missing", () => {
    const fv = read("Fanvue", "fanvue-next.html");
    expect(fv).toMatchObject({ status: "found", displayName: "Luna Rivers", followers: 318, avatarUrl: "https://media.fanvue.com/private/creator-avatars/8c1f.jpg?width=400" });
    expect(fv.links).toContain("https://cash.app/$lunariversvip");
    expect(fv.createdAt?.toISOString()).toBe("2026-11-01T09:00:00.000Z");
    expect(read("Fanvue", "fanvue-not-found.html").status).toBe("absent");
  });

  it("decodes entities left in embedded JSON, once", () => {
    const ld = read("Fanfix", "jsonld-entities.html");
    expect(ld.displayName).toBe("Luna & Co 💋 ✨");
    expect(ld.bio).toBe('new acc <3 "free" vids → simpcity.su/threads/luna.9 &amp; more');
    expect(ld.avatarUrl).toBe("https://cdn.fanfix.io/avatars/lunarivers_vip.jpg?w=150&h=150");
  });

  it("keeps a hostile page bounded: huge names, bios, counts, nesting and link lists", () => {
    const ld = {
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      mainEntity: {
        "@type": "Person",
        name: "💋".repeat(20_000),
        description: "free &amp; ".repeat(30_000) + "a".repeat(200_000),
        interactionStatistic: [{ "@type": "InteractionCounter", interactionType: "https://schema.org/FollowAction", userInteractionCount: "9".repeat(1000) }],
        sameAs: Array.from({ length: 5000 }, (_, i) => `https://e${i}.test/`),
      },
    };
    const html = `<!doctype html><html><head><title>${"x".repeat(100_000)}</title><meta property="og:description" content="${"1".repeat(5000)}${"&#x30;".repeat(5000)} Followers">
<script type="application/ld+json">${JSON.stringify(ld)}</script><script type="application/ld+json">${"[".repeat(5000)}${"]".repeat(5000)}</script>
<script id="SIGI_STATE" type="application/json">${"{\"a\":".repeat(3000)}1${"}".repeat(3000)}</script></head>
<body>${Array.from({ length: 3000 }, (_, i) => `<a rel="me" href="https://m${i}.test/">m</a>`).join("")}<p>${"(@".repeat(100_000)}</p>
<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { a: Array.from({ length: 2000 }, () => ({ b: [{ c: {} }] })) } } })}</script></body></html>`;
    const fanvue = profileOn(findPlatform("Fanvue")!);
    const r = readProfilePage(fanvue, page(html, { finalUrl: fanvue.url }));
    expect(r.status).toBe("found");
    expect([...r.displayName!].length).toBeLessThanOrEqual(200);
    expect(r.bio!.length).toBeLessThanOrEqual(2000);
    expect(r.bio!.startsWith("free & free & ")).toBe(true);
    expect(r.followers).toBeNull();
    expect(r.links.length).toBeLessThanOrEqual(20);
  });

  it("reads Reddit's suspended user and a 'Not Found' error answered with 200 as missing", () => {
    const reddit = profileOn(findPlatform("Reddit (u/username)")!);
    const json = (name: string) => page(fixture(name), { contentType: "application/json; charset=UTF-8" });
    expect(readRedditAbout(reddit, json("reddit-suspended.json")).status).toBe("absent");
    expect(readRedditAbout(reddit, json("reddit-error-200.json")).status).toBe("absent");
  });

  it("reads a 'not found' page that repeats the handle as missing, and a bio that says 'page not found' as a bio", () => {
    const fanvue = profileOn(findPlatform("Fanvue")!);
    const missing = readProfilePage(fanvue, page(`<html><head><title>@${HANDLE} | Fanvue</title><meta property="og:title" content="@${HANDLE} | Fanvue"></head><body><main><h2>Sorry, this page isn’t available.</h2></main></body></html>`, { finalUrl: fanvue.url }));
    expect(missing.status).toBe("absent");
    const joke = readProfilePage(fanvue, page(`<html><head><title>Luna (@${HANDLE}) | Fanvue</title><meta property="og:description" content="page not found lol, sub here"></head><body></body></html>`, { finalUrl: fanvue.url }));
    expect(joke).toMatchObject({ status: "found", displayName: "Luna", bio: "page not found lol, sub here" });
  });
});

describe("pages of no profile, in shapes the readers were not written for", () => {
  const fanvue = () => profileOn(findPlatform("Fanvue")!);
  const readHtml = (body: string, over: Partial<FetchResult> = {}) => readProfilePage(fanvue(), page(body, { finalUrl: fanvue().url, ...over }));

  it("reads a 'no such account' page that carries the site's own Organization JSON-LD as missing, not as the site's profile", () => {
    const site = { "@context": "https://schema.org", "@type": "Organization", name: "Fanvue", logo: "https://www.fanvue.com/logo.png", url: "https://www.fanvue.com/" };
    const r = readHtml(`<html><head><title>Fanvue</title><script type="application/ld+json">${JSON.stringify(site)}</script></head><body><main><h1>Pagina non trovata</h1></main></body></html>`);
    expect(r.status).toBe("absent");
    // An Organization that is a ProfilePage's subject is the profile (a studio's page).
    const studio = { "@context": "https://schema.org", "@type": "ProfilePage", mainEntity: { "@type": "Organization", name: "Luna Studio", description: "studio page" } };
    expect(readHtml(`<html><head><script type="application/ld+json">${JSON.stringify(studio)}</script></head><body></body></html>`)).toMatchObject({ status: "found", displayName: "Luna Studio" });
  });

  it("reads a sign-in prompt answered 200, with or without a form, as a wall, even when it names the handle", () => {
    const form = readHtml(`<html><head><title>Log in to see @${HANDLE} | Fanvue</title></head><body><form action="/session"><input type="password" name="p"></form></body></html>`);
    expect(form).toMatchObject({ status: "unreadable", displayName: null });
    expect(form.reason).toMatch(/only after a login/);
    const prompt = readHtml(`<html><head><title>Fanvue</title></head><body><header><a href="/login">Log in</a></header><main><h2>Melde dich an, um dieses Profil zu sehen</h2><a href="/auth/login?next=/x">Anmelden</a></main></body></html>`);
    expect(prompt.status).toBe("unreadable");
    expect(prompt.signature).toBeUndefined();
    // A site's header offering to log in is no wall: the page's own words are compared with a made-up handle's.
    const other = readHtml(`<html><head><title>Fanvue</title></head><body><header><a href="/login">Log in</a></header><main><h2>Hier ist niemand.</h2><p>${HANDLE}?</p></main></body></html>`);
    expect(other.status).toBe("unreadable");
    expect(other.signature).toContain("hier ist niemand.");
    expect(other.signature).toContain("{h}?");
    expect(other.signature).not.toContain(HANDLE);
  });

  it("reads a profile address sent to the home page by what the home page is", () => {
    const home = "https://www.fanvue.com/";
    const listing = readHtml(`<html><head><title>Fanvue</title><script type="application/ld+json">{"@type":"WebSite","name":"Fanvue"}</script></head><body><main><h1>Top creators 2026</h1></main></body></html>`, { finalUrl: home });
    expect(listing).toMatchObject({ status: "unreadable", signature: "fanvue | | top creators 0" });
    expect(listing.reason).toMatch(/home page/);
    const login = readHtml(`<html><head><title>Fanvue</title></head><body><main><form action="/api/login"><input name="e"></form></main></body></html>`, { finalUrl: home });
    expect(login).toMatchObject({ status: "unreadable" });
    expect(login.signature).toBeUndefined();
  });

  it("reads the state a page hands its app in an inline script, as an object or as a JSON string", () => {
    const state = { users: { byId: { "7": { username: HANDLE, displayName: "Luna Rivers", avatarUrl: "https://cdn.test/av.jpg", followers_count: 77 } } } };
    const asObject = readHtml(`<html><head><title>Fanvue</title></head><body><script>window.__INITIAL_STATE__ = ${JSON.stringify(state)};</script></body></html>`);
    expect(asObject).toMatchObject({ status: "found", displayName: "Luna Rivers", avatarUrl: "https://cdn.test/av.jpg", followers: 77 });
    const asString = readHtml(`<html><head><title>Fanvue</title></head><body><script>window.initialRoomDossier = ${JSON.stringify(JSON.stringify({ broadcaster_username: HANDLE, display_name: "Luna R", num_followers: 12 })).replace(/\\"/g, "\\u0022")};</script></body></html>`);
    expect(asString).toMatchObject({ status: "found", displayName: "Luna R", followers: 12 });
  });

  it("reads an HTML page's posts from its <article>s, lazy images by their real address", () => {
    const r = readHtml(`<html><head><title>Luna (@${HANDLE}) | Fanvue</title><meta property="og:image" content="https://cdn.test/a.jpg"></head><body>
<article><a href="/p/1">post</a><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="https://cdn.test/1.jpg"><img src="https://cdn.test/a.jpg"></article><article><img src="/2.jpg"></article></body></html>`);
    expect(r.status).toBe("found");
    expect(r.posts).toEqual([
      { postUrl: "https://www.fanvue.com/p/1", imageUrl: "https://cdn.test/1.jpg" },
      { postUrl: fanvue().url, imageUrl: "https://www.fanvue.com/2.jpg" },
    ]);
  });
});

describe("follower counts as pages write them", () => {
  it.each([
    ["1,234 Followers, 5 Following", 1234],
    ["1.234 seguidores, 5 seguidos", 1234],
    ["1\u202f234 abonnés, 5 abonnements", 1234],
    ["12.5K Followers", 12_500],
    ["70.2k Followers", 70_200],
    ["1.2M Followers", 1_200_000],
    ["3M Followers", 3_000_000],
    ["1.1B Followers", 1_100_000_000],
    ["1,2 Mio. Follower, 5 Gefolgt", 1_200_000],
    ["12,5\u00a0Tsd. Follower", 12_500],
    ["12,5 mil seguidores", 12_500],
    ["1,2 mi seguidores", 1_200_000],
    ["12,5 k abonnés", 12_500],
    ["フォロワー1.2万人、フォロー中56人", 12_000],
    ["팔로워 1,234명", 1234],
    ["1,5 Followers", null],
    ["1,2,3 Followers", null],
    ["12 Following, 5 Followers", null],
    ["lots of Followers", null],
    ["9".repeat(200) + " Followers", null],
    ["1.2 zillion Followers", null],
  ])("%s → %s", (text, expected) => {
    expect(followersInText(text)).toBe(expected);
  });

  it("keeps to whole counts below a trillion", () => {
    expect(parseCount("1000", "bn")).toBeNull();
    expect(parseCount("1.5")).toBeNull();
    expect(parseCount("2,000")).toBe(2000);
  });
});
