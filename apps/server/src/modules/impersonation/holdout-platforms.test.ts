import { readFile } from "node:fs/promises";
import { pdqCropHashes } from "@leakwarden/pdq/pdq-crops";
import { pdqHashOrientationsExact } from "@leakwarden/pdq/pdq-hash";
import { findPlatform } from "@leakwarden/contracts/platforms";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeForHashing } from "../../scanner/image-match";
import { fixturePath, searxngSite } from "@leakwarden/test-support/fake-web/fake-search";
import { startHoldoutProfilesWeb, type HoldoutProfilesWeb } from "@leakwarden/test-support/fake-web/holdout-profiles";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";

// Her check through the API on platforms in shapes the readers were not written against
// (holdout-profiles.ts): the accounts passing as her are listed with our copy of their picture,
// a platform behind a login is said to be one, and a reported account on a platform that
// answers 200 for a missing profile shows as gone once it disappears.

let services: TestServices;
let fake: HoldoutProfilesWeb;
let ava: TestClient;

type Listed = { id: string; platform: string; handle: string; status: string; avatarPath: string | null; evidence: { kind: string }[] };
const list = async () => (await ava.get("/v1/impersonators")).json() as Promise<{ impersonators: Listed[]; check: { status: string; uncheckable: { platform: string; reason: string }[] } }>;
const labels = (items: Listed[]) => items.map((i) => `${i.platform}:${i.handle}:${i.status}`).sort();
const check = async () => {
  expect((await ava.post("/v1/impersonators/check", {})).status).toBe(202);
  await services.queue.runDue(["impersonation.check"]);
};

beforeAll(async () => {
  const herPhoto = await readFile(fixturePath("reference-photo.jpg"));
  const otherPhoto = await readFile(fixturePath("other-photo.jpg"));
  const small = await sharp(herPhoto).rotate().resize({ width: 400 }).jpeg({ quality: 70 }).toBuffer();
  fake = await startHoldoutProfilesWeb([
    { platform: "snapchat", handle: "lunarivers_vip", displayName: "Luna Rivers 💋", bio: "", website: "simpcity.su/threads/luna-rivers.41", createdAt: new Date(Date.now() - 4 * 86_400_000) },
    { platform: "snapchat", handle: "mia.kisses", displayName: "Mia", bio: "", avatar: small, createdAt: new Date("2023-01-01T00:00:00Z") },
    { platform: "snapchat", handle: "lunarivers", displayName: "Luna Rivers", bio: "", avatar: herPhoto },
    { platform: "patreon", handle: "lunarivers_backup", displayName: "Luna Rivers (backup)", bio: "banned on OF, pay here paypal.me/lunabackup", website: "https://onlyfans.com/lunarivers" },
    { platform: "patreon", handle: "luna_rivers", displayName: "Luna Rivers", bio: "Watercolours from Ohio", avatar: otherPhoto },
    { platform: "justforfans", handle: "velvetkitten", displayName: "Velvet", bio: "", posts: [[otherPhoto], [small]] },
  ]);
  // Her names searched on each platform: Snapchat's result in its /@name form.
  fake.web.setSite(
    "search.example",
    searxngSite((q) =>
      q.startsWith("site:snapchat.com")
        ? [{ url: "https://www.snapchat.com/@mia.kisses", title: "Luna Rivers", snippet: "" }]
        : q.startsWith("site:justfor.fans")
          ? [{ url: "https://justfor.fans/velvetkitten/post/1001", title: "Luna Rivers", snippet: "" }, { url: "https://justfor.fans/velvetkitten", title: "Luna Rivers", snippet: "" }]
          : [],
    ),
  );
  services = await createTestServices(
    { SCAN_PROXY_URL: fake.proxy.url, SEARCH_PROVIDER: "searxng", SEARXNG_URL: "http://search.example/", SCAN_FETCH_TIMEOUT_MS: "3000", SCAN_MAX_RETRIES: "0", IMPERSONATION_ENABLED: "true", IMPERSONATION_PLATFORM_INTERVAL_MS: "0", IMPERSONATION_HANDLES_PER_PLATFORM: "25" },
    {
      serviceOptions: {
        tierFor: async () => "premium",
        impersonation: { profileScheme: "http", platforms: ["Snapchat", "Patreon", "LoyalFans", "JustForFans"].map((n) => findPlatform(n)!) },
      },
    },
  );
  ava = await signUpAndConfirm(services, "ava.holdout@example.com");
  expect((await ava.post("/v1/root/update-profile-all", { platforms: { onlyfans: "lunarivers", snapchat: "lunarivers" }, nicknames: ["Luna Rivers"], allowlist: [], specific: "" })).status).toBe(200);
  const { hashes, quality } = pdqHashOrientationsExact(await decodeForHashing(herPhoto, 1024));
  expect((await ava.post("/v1/reference-images", { label: "me", hashes, quality, crops: pdqCropHashes(await decodeForHashing(herPhoto, 512)) })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await services?.close();
  await fake?.close();
});

describe("impersonators on platforms in unseen shapes, through the API", () => {
  it("lists the accounts passing as her, with our copy of a picture served by redirect, and says which platform is behind a login", { timeout: 90_000 }, async () => {
    await check();
    const body = await list();
    expect(body.check.status).toBe("done");
    expect(labels(body.impersonators)).toEqual(["JustForFans:velvetkitten:open", "Patreon:lunarivers_backup:open", "Snapchat:lunarivers_vip:open", "Snapchat:mia.kisses:open"]);
    const mia = body.impersonators.find((i) => i.handle === "mia.kisses")!;
    expect(mia.evidence.map((e) => e.kind)).toEqual(["avatar"]);
    const picture = await ava.get(mia.avatarPath!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    expect(body.check.uncheckable).toEqual([{ platform: "LoyalFans", reason: "LoyalFans shows this profile only after a login: cannot be checked automatically." }]);
    // Her own Snapchat was never asked for.
    expect(fake.web.served).not.toContain("www.snapchat.com /add/lunarivers");
  });

  it("reports an account, and shows it gone once its platform answers with its 'no one here' page", { timeout: 90_000 }, async () => {
    const backup = (await list()).impersonators.find((i) => i.handle === "lunarivers_backup")!;
    const res = await ava.post(`/v1/impersonators/${backup.id}/report`, {});
    expect(res.status).toBe(200);
    const report = (await res.json()) as { reportUrl: string; fields: { label: string; value: string }[]; impersonator: { status: string } };
    expect(report.impersonator.status).toBe("reported");
    expect(report.reportUrl).toBe("http://www.patreon.com/lunarivers_backup");
    expect(report.fields.find((f) => f.label === "Description")?.value).toMatch(/payment at paypal\.me/);

    fake.remove("patreon", "lunarivers_backup");
    await check();
    const after = (await list()).impersonators.find((i) => i.id === backup.id)!;
    expect(after.status).toBe("gone");
    // The others are still there.
    expect(labels((await list()).impersonators)).toEqual(["JustForFans:velvetkitten:open", "Patreon:lunarivers_backup:gone", "Snapchat:lunarivers_vip:open", "Snapchat:mia.kisses:open"]);
  });
});
