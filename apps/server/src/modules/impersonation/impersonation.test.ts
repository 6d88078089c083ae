import { readFile } from "node:fs/promises";
import { pdqCropHashes } from "@leakwarden/pdq/pdq-crops";
import { pdqHashOrientationsExact } from "@leakwarden/pdq/pdq-hash";
import type { EntitlementTier } from "@leakwarden/contracts/plans";
import { findPlatform } from "@leakwarden/contracts/platforms";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeForHashing } from "../../scanner/image-match";
import { fixturePath, searxngSite } from "@leakwarden/test-support/fake-web/fake-search";
import { startFakeProfilesWeb, type FakeProfilesWeb } from "@leakwarden/test-support/fake-web/fake-profiles";
import { createTestServices, readOutbox, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { recordStageNameCheck } from "../identities/identities.repository";

// The whole loop through the API, against fake platforms behind the test proxy: her check finds the
// accounts passing as her, she reports one (it disappears: gone), dismisses one, claims one as hers;
// another creator never sees any of it, and a plan without impersonation monitoring cannot check.

const tiers = new Map<string, EntitlementTier>();
let services: TestServices;
let fake: FakeProfilesWeb;
let ava: TestClient;
let bea: TestClient;
let cleo: TestClient;

type Listed = { id: string; platform: string; handle: string; status: string; avatarPath: string | null; evidence: { kind: string }[]; score: number };
const list = async (c: TestClient) => (await c.get("/v1/impersonators")).json() as Promise<{ allowed: boolean; upgradeTo: string | null; impersonators: Listed[]; check: { status: string; uncheckable: { platform: string }[] } }>;
const labels = (items: Listed[]) => items.map((i) => `${i.platform}:${i.handle}:${i.status}`).sort();
const check = async (c: TestClient) => {
  const res = await c.post("/v1/impersonators/check", {});
  expect(res.status).toBe(202);
  await services.queue.runDue(["impersonation.check"]);
};

beforeAll(async () => {
  const herPhoto = await readFile(fixturePath("reference-photo.jpg"));
  const avatar = await sharp(herPhoto).rotate().rotate(270).resize({ width: 300 }).jpeg({ quality: 85 }).toBuffer();
  fake = await startFakeProfilesWeb([
    { platform: "reddit", handle: "lunarivers_official", displayName: "Luna Rivers", bio: "everything free 💦 simpcity.su/threads/luna-rivers.77", createdAt: new Date(Date.now() - 5 * 86_400_000) },
    { platform: "instagram", handle: "lunariverss", displayName: "Mia", bio: "collabs in dm", avatar },
    { platform: "tiktok", handle: "luna.rivers", displayName: "Luna Rivers", bio: "Ohio · hiking · coffee", avatar: await readFile(fixturePath("other-photo.jpg")) },
    { platform: "fanvue", handle: "lunarivers_backup", displayName: "Luna Rivers", bio: "backup page, pay here", links: ["https://onlyfans.com/lunarivers", "https://paypal.me/lunabackup"] },
    { platform: "fanfix", handle: "lunarivers", displayName: "Luna Rivers", bio: "", avatar: herPhoto },
  ]);
  services = await createTestServices(
    { SCAN_PROXY_URL: fake.proxy.url, SEARCH_PROVIDER: "searxng", SEARXNG_URL: "http://search.example/", REDDIT_URL: "http://www.reddit.com", SCAN_FETCH_TIMEOUT_MS: "3000", SCAN_MAX_RETRIES: "0", IMPERSONATION_ENABLED: "true", IMPERSONATION_PLATFORM_INTERVAL_MS: "0", IMPERSONATION_HANDLES_PER_PLATFORM: "60" },
    {
      serviceOptions: {
        tierFor: async (userId) => tiers.get(userId) ?? "free",
        impersonation: { profileScheme: "http", platforms: ["Reddit (u/username)", "Instagram", "TikTok", "Fanvue", "Fanfix", "Fansly"].map((n) => findPlatform(n)!) },
      },
    },
  );
  ava = await signUpAndConfirm(services, "ava@example.com");
  bea = await signUpAndConfirm(services, "bea@example.com");
  cleo = await signUpAndConfirm(services, "cleo@example.com");
  for (const [c, tier] of [[ava, "premium"], [bea, "vip"], [cleo, "free"]] as const) tiers.set((await (await c.get("/api/auth/get-session")).json()).user.id, tier);

  expect((await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "lunarivers", instagram: "lunarivers" }, nicknames: ["Luna Rivers"], allowlist: ["fanfix.io"], specific: "" })).status).toBe(200);
  expect((await bea.post("/v1/root/update-profile-all", { platforms: { onlyfans: "zoevale" }, nicknames: [], allowlist: [], specific: "" })).status).toBe(200);
  expect((await cleo.post("/v1/root/update-profile-all", { platforms: { onlyfans: "lunarivers" }, nicknames: [], allowlist: [], specific: "" })).status).toBe(200);
  // Her reference photo, hashed as the browser hashes it.
  const { hashes, quality } = pdqHashOrientationsExact(await decodeForHashing(herPhoto, 1024));
  expect((await ava.post("/v1/reference-images", { label: "me", hashes, quality, crops: pdqCropHashes(await decodeForHashing(herPhoto, 512)) })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await services?.close();
  await fake?.close();
});

describe("impersonators", () => {
  it("lists nothing before a check, and a plan without impersonation monitoring cannot run one", async () => {
    expect(await list(ava)).toMatchObject({ allowed: true, impersonators: [], check: { status: "never" } });
    const refused = await cleo.post("/v1/impersonators/check", {});
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: "QUOTA_EXCEEDED", details: { resource: "impersonationMonitoring", upgradeTo: "premium" } });
    expect(await list(cleo)).toMatchObject({ allowed: false, upgradeTo: "premium", impersonators: [] });
  });

  it("finds the accounts passing as her, by a name variant and by her photo, and no one else", { timeout: 60_000 }, async () => {
    await check(ava);
    const body = await list(ava);
    expect(body.check.status).toBe("done");
    expect(labels(body.impersonators)).toEqual(["Fanvue:lunarivers_backup:open", "Instagram:lunariverss:open", "Reddit (u/username):lunarivers_official:open"]);
    const insta = body.impersonators.find((i) => i.handle === "lunariverss")!;
    expect(insta.evidence.map((e) => e.kind)).toContain("avatar");
    // The picture comes from our server, not the platform's.
    expect(insta.avatarPath).toBe(`/v1/impersonators/${insta.id}/avatar`);
    const picture = await ava.get(insta.avatarPath!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(160);
    // Fansly shows nothing without a login: said so.
    expect(body.check.uncheckable.map((u) => u.platform)).toEqual(["Fansly"]);
  });

  it("emails her the accounts newly listed (the new-impersonator alert, on by default), once: a check that lists nothing new sends nothing", { timeout: 60_000 }, async () => {
    expect(await (await ava.get("/v1/alerts")).json()).toMatchObject({ newImpersonator: true, reupload: true });
    await services.queue.runDue(["alerts.batched", "email.send"]);
    const mails = () => readOutbox(services.dataDir).filter((m) => /impersonator/i.test(m.subject));
    expect(mails().map((m) => [m.to, m.subject])).toEqual([["ava@example.com", "3 new impersonators found"]]);
    const text = mails()[0]!.text.replace(/=\r?\n/g, "");
    for (const line of ["lunariverss on Instagram", "lunarivers_backup on Fanvue", "lunarivers_official on Reddit"]) expect(text).toContain(line);
    expect(text).toContain("/dashboard/impersonator");
    expect(text).toMatch(/List-Unsubscribe:\s+<http[^>]+\/v1\/alerts\/unsubscribe\?token=/);
    await check(ava);
    await services.queue.runDue(["alerts.batched", "email.send"]);
    expect(mails()).toHaveLength(1);
  });

  it("never shows one creator's list to another", async () => {
    const [one] = (await list(ava)).impersonators;
    expect((await list(bea)).impersonators).toEqual([]);
    for (const path of ["report", "dismiss", "this-is-me"]) expect((await bea.post(`/v1/impersonators/${one!.id}/${path}`, {})).status).toBe(404);
    expect((await bea.get(`/v1/impersonators/${one!.id}/avatar`)).status).toBe(404);
    expect((await bea.post("/v1/impersonators/not-an-id/report", {})).status).toBe(404);
    expect((await list(ava)).impersonators.find((i) => i.id === one!.id)?.status).toBe("open");
  });

  it("reports with every field ready, and shows a reported account that disappears as gone", { timeout: 60_000 }, async () => {
    const reddit = (await list(ava)).impersonators.find((i) => i.handle === "lunarivers_official")!;
    const res = await ava.post(`/v1/impersonators/${reddit.id}/report`, {});
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(report.reportUrl).toBe("https://www.reddit.com/report");
    expect(report.impersonator.status).toBe("reported");
    const field = (label: string) => report.fields.find((f: { label: string }) => f.label === label)?.value;
    expect(field("Account pretending to be you")).toBe("http://www.reddit.com/user/lunarivers_official/");
    expect(field("Your email")).toBe("ava@example.com");
    expect(field("Your accounts")).toContain("https://onlyfans.com/lunarivers");
    expect(field("Description")).toMatch(/leak site/);

    fake.remove("reddit", "lunarivers_official");
    await check(ava);
    const after = (await list(ava)).impersonators.find((i) => i.id === reddit.id)!;
    expect(after.status).toBe("gone");
  });

  it("dismissed accounts leave her sight and stay out; one she claims becomes her stage name", { timeout: 60_000 }, async () => {
    const items = (await list(ava)).impersonators;
    const fanvue = items.find((i) => i.handle === "lunarivers_backup")!;
    expect((await ava.post(`/v1/impersonators/${fanvue.id}/dismiss`, {})).status).toBe(200);
    const insta = items.find((i) => i.handle === "lunariverss")!;
    const claimed = await ava.post(`/v1/impersonators/${insta.id}/this-is-me`, {});
    expect(claimed.status).toBe(200);
    const ids = await (await ava.get("/v1/identities")).json();
    expect(ids.stageNames.map((s: { platform: string; username: string }) => `${s.platform}:${s.username}`)).toContain("Instagram:lunariverss");

    await check(ava);
    expect(labels((await list(ava)).impersonators)).toEqual(["Reddit (u/username):lunarivers_official:gone"]);
  });

  it("finds an account under a name no look-alike rule makes through a site: search for her names, never her own account or a post", { timeout: 60_000 }, async () => {
    // Until now the search answered nothing (no such host): the checks went on without it.
    const asked: string[] = [];
    fake.web.setSite(
      "search.example",
      searxngSite((q) => {
        asked.push(q);
        return q.startsWith("site:instagram.com")
          ? ["https://www.instagram.com/lr.fanpage/", "https://www.instagram.com/p/Cx12ab/", "https://www.instagram.com/lunariverss/"].map((url) => ({ url, title: "Luna Rivers", snippet: "" }))
          : [];
      }),
    );
    fake.add({ platform: "instagram", handle: "lr.fanpage", displayName: "Luna Rivers", bio: "backup page 💦 pay here", links: ["https://paypal.me/lunabackup"], avatar: await readFile(fixturePath("reference-photo.jpg")) });
    await check(ava);
    expect(asked).toContain('site:instagram.com "Luna Rivers"');
    expect(labels((await list(ava)).impersonators)).toEqual(["Instagram:lr.fanpage:open", "Reddit (u/username):lunarivers_official:gone"]);
    expect(fake.web.served.some((r) => r.startsWith("www.instagram.com /p/"))).toBe(false);
  });
});

describe("an account reposting her photos", () => {
  type Dmca = { status: string; urls: string[]; message: string; missing: string | null } | null;
  const report = async (id: string) => {
    const res = await ava.post(`/v1/impersonators/${id}/report`, {});
    expect(res.status).toBe(200);
    return (await res.json()) as { reportUrl: string; fields: { label: string; value: string }[]; dmca: Dmca };
  };
  const takedowns = async () => ((await (await ava.get("/v1/takedowns")).json()) as { items: { url: string; status: string }[] }).items;

  it("is listed by her photos in its posts alone; Report gives the platform's impersonation route and asks a DMCA takedown of those posts, under her takedown rules", { timeout: 90_000 }, async () => {
    const herPhoto = await readFile(fixturePath("reference-photo.jpg"));
    const repost = await sharp(herPhoto).rotate().resize({ width: 600 }).jpeg({ quality: 75 }).toBuffer();
    const other = await readFile(fixturePath("other-photo.jpg"));
    fake.add({ platform: "reddit", handle: "sunny_daisy22", displayName: "Daisy", bio: "just vibes", avatar: other, posts: [{ title: "beach", images: [other] }, { title: "new set", images: [other, repost] }, { title: "hi", images: [repost] }] });
    fake.web.setSite(
      "search.example",
      searxngSite((q) => (q.startsWith("site:reddit.com") ? [{ url: "https://www.reddit.com/user/sunny_daisy22/", title: "Luna Rivers pics", snippet: "" }] : [])),
    );
    await check(ava);
    const daisy = (await list(ava)).impersonators.find((i) => i.handle === "sunny_daisy22")!;
    expect(daisy.status).toBe("open");
    expect(daisy.evidence.map((e) => e.kind)).toEqual(["post-image"]);
    const posts = ["http://www.reddit.com/r/u_sunny_daisy22/comments/sunn1x/new_set/", "http://www.reddit.com/r/u_sunny_daisy22/comments/sunn2x/hi/"];
    expect((daisy.evidence[0] as { posts?: { url: string }[] }).posts?.map((p) => p.url)).toEqual(posts);

    // Her ownership is not proven yet: the report route, and no notice (said why); the posts are her findings now.
    const first = await report(daisy.id);
    expect(first.reportUrl).toBe("https://www.reddit.com/report");
    expect(first.fields.find((f) => f.label === "Description")?.value).toContain(posts[1]);
    expect(first.dmca).toMatchObject({ status: "not-sent", urls: posts, missing: "ownership" });
    expect(first.dmca!.message).toMatch(/^No DMCA notice was sent for its 2 posts showing your photos: Prove that you own/);
    expect(await takedowns()).toEqual([]);
    const leaks = ((await (await ava.get("/v1/leaks?pageSize=100")).json()) as { items: { url: string; status: string; category: string; confidence: string }[] }).items.filter((l) => posts.includes(l.url));
    expect(leaks.map((l) => `${l.status}:${l.category}:${l.confidence}`)).toEqual(["confirmed:social_media:high", "confirmed:social_media:high"]);

    // Verified and authorized: Report asks the takedown of both posts, once.
    const identities = (await (await ava.get("/v1/identities")).json()) as { stageNames: { id: string }[] };
    const at = new Date();
    await recordStageNameCheck(services.database.db, [identities.stageNames[0]!.id], { lastCheckAt: at, lastCheckStatus: "verified", lastCheckReason: "", verifiedAt: at });
    expect((await ava.request("/v1/takedowns/authorization", { method: "PUT", json: { fullName: "Luna Rivers", signature: "Luna Rivers", agree: true } })).status).toBe(200);
    const second = await report(daisy.id);
    expect(second.dmca).toMatchObject({ status: "requested", urls: posts, missing: null, message: "A DMCA notice to Reddit (u/username) for its 2 posts showing your photos is on its way: follow it in Takedown Requests." });
    expect((await takedowns()).map((t) => t.url).sort()).toEqual(posts);
    expect((await report(daisy.id)).dmca).toMatchObject({ status: "open", urls: posts });
    expect(await takedowns()).toHaveLength(2);

    // Reddit takes DMCA notices on its copyright form: the notice is her step there, every field ready
    // to copy, both posts in one report; none of Reddit's pages is read for an address, nothing is emailed.
    const servedBefore = fake.web.served.length;
    await services.queue.runDue(["takedowns.prepare", "takedowns.send-notice"]);
    expect(fake.web.served.slice(servedBefore).filter((r) => r.startsWith("www.reddit.com ") && !r.includes("/comments/"))).toEqual([]);
    type Detail = { status: string; webForm: string | null; recipients: { name: string | null; email: string | null; foundBy: string }[]; formStep: { party: string; via: string; status: string; formUrl: string; fields: Record<string, string>; reason: string | null } | null };
    const listed = ((await (await ava.get("/v1/takedowns")).json()) as { items: { id: string }[] }).items;
    const details = await Promise.all(listed.map(async (t) => (await (await ava.get(`/v1/takedowns/${t.id}`)).json()) as Detail));
    for (const d of details) {
      expect(d.status).toBe("needs_manual_action");
      expect(d.recipients).toEqual([expect.objectContaining({ name: "Reddit", email: null, foundBy: "platform" })]);
      expect(d.formStep).toMatchObject({ party: "reddit", via: "creator", status: "waiting", formUrl: "https://www.reddit.com/report" });
      expect(d.formStep!.reason).toMatch(/^Reddit takes DMCA notices on its copyright form, not by email\./);
      expect(d.formStep!.fields.urls!.split("\n").sort()).toEqual(posts);
      expect(d.formStep!.fields.agent_name).toBeTruthy();
      expect(d.formStep!.fields.comments).toMatch(/under penalty of perjury/);
      expect(Object.keys(d.formStep!.fields)).not.toContain("host_notification");
    }
    // Done: both posts' report is recorded as hers, and their tracking starts.
    const done = await ava.post(`/v1/takedowns/${listed[0]!.id}/form-done`, {});
    expect(done.status).toBe(200);
    for (const t of listed) expect(await (await ava.get(`/v1/takedowns/${t.id}`)).json()).toMatchObject({ status: "sent", formStep: { party: "reddit", status: "done" } });

    // An account without her photos in its posts: the report route only.
    const fanvue = (await list(ava)).impersonators.find((i) => i.handle === "lr.fanpage")!;
    expect((await report(fanvue.id)).dmca).toBeNull();
    // Another creator cannot report it, nor see its posts among her leaks.
    expect((await bea.post(`/v1/impersonators/${daisy.id}/report`, {})).status).toBe(404);
    expect(((await (await bea.get("/v1/leaks?pageSize=100")).json()) as { items: unknown[] }).items).toEqual([]);
  });
});

describe("a server whose impersonation checks are switched off", () => {
  it("refuses a check and queues none after a scan", async () => {
    const off = await createTestServices({}, { serviceOptions: { tierFor: async () => "vip" } });
    try {
      const dee = await signUpAndConfirm(off, "dee@example.com");
      expect((await dee.post("/v1/root/update-profile-all", { platforms: { onlyfans: "dee_doe" }, nicknames: [], allowlist: [], specific: "" })).status).toBe(200);
      const res = await dee.post("/v1/impersonators/check", {});
      expect(res.status).toBe(503);
      expect((await res.json()).error.code).toBe("UNAVAILABLE");
      const userId = (await (await dee.get("/api/auth/get-session")).json()).user.id as string;
      await off.impersonation.onScanCompleted({ userId });
      expect(await off.queue.runDue(["impersonation.check"])).toBe(0);
      expect((await list(dee)).check.status).toBe("never");
    } finally {
      await off.close();
    }
  });
});
