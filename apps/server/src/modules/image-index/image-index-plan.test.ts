import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { pdqHashOrientationsExact } from "@leakwarden/pdq/pdq-hash";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingSettings, postWebhook, subscriptionEvent, TEST_VARIANTS } from "@leakwarden/test-support/billing-events";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { decodeForHashing, hashImageBuffer } from "../../scanner/image-match";
import type { SeenImage } from "./image-index.service";

/**
 * The index matches the reference photos her plan covers, as scans do: after a downgrade the
 * photos beyond it stay stored but find nothing; an upgrade matches them against the index again,
 * so the copies seen meanwhile become her leaks without a new crawl.
 */

const pdqReference = (name: string) => fileURLToPath(new URL(`../../../../../packages/pdq/reference/${name}`, import.meta.url));
const photos: Array<[string, Buffer]> = [
  ["beach", readFileSync(fixturePath("reference-photo.jpg"))],
  ["street", readFileSync(pdqReference("q0746.jpg"))],
  ["park", readFileSync(pdqReference("q1050.jpg"))],
  ["studio", readFileSync(pdqReference("q2821.jpg"))],
];

type Leak = { url: string; evidence: { imageMatches: Array<{ referenceId: string }> } };

describe("the image index and her plan", () => {
  let services: TestServices;
  let gia: TestClient;
  let giaId: string;
  const refIds = new Map<string, string>();
  const clock = new Date("2031-05-01T12:00:00Z");
  const starter = (status: "active" | "expired", at: Date) =>
    subscriptionEvent(status === "active" ? "subscription_created" : "subscription_expired", {
      subscriptionId: "71",
      userId: giaId,
      email: "gia@example.com",
      variantId: TEST_VARIANTS["starter-monthly"],
      status,
      updatedAt: at,
      ...(status === "active" ? {} : { renewsAt: null, endsAt: at }),
    });

  /** A copy of one of her photos, as a crawl hands it to the index. */
  async function seenCopy(photo: string, pageUrl: string): Promise<SeenImage> {
    const bytes = await sharp(photos.find(([label]) => label === photo)![1]).resize({ width: 420 }).jpeg({ quality: 70 }).toBuffer();
    const hashed = (await hashImageBuffer(bytes))!;
    return { imageUrl: `${pageUrl}/image.jpg`, pageUrl, host: new URL(pageUrl).hostname, hash: hashed.hashes, quality: hashed.quality, seenAt: new Date() };
  }
  const leakUrls = async () => ((await (await gia.get("/v1/leaks?pageSize=50")).json()).items as Leak[]).map((l) => l.url).sort();

  beforeAll(async () => {
    services = await createTestServices(billingSettings, { now: () => clock });
    gia = await signUpAndConfirm(services, "gia@example.com");
    giaId = (await (await gia.get("/v1/root/get-user")).json()).id;
    expect((await postWebhook(services.app, starter("active", clock))).status).toBe(200);
    // Four photos on Starter (it covers ten); the free plan covers the oldest three.
    for (const [label, bytes] of photos) {
      const { hashes, quality } = pdqHashOrientationsExact(await decodeForHashing(bytes, 1024));
      const res = await gia.post("/v1/reference-images", { label, hashes, quality });
      expect(res.status).toBe(201);
      refIds.set(label, (await res.json()).id);
    }
    await services.queue.runDue(["image-index.match-reference"]);
  }, 60_000);

  afterAll(async () => {
    await services?.close();
  });

  it("after a downgrade, matches only the photos the plan covers: the others find nothing, from the index or their match job", async () => {
    expect((await postWebhook(services.app, starter("expired", new Date(clock.getTime() + 1000)))).status).toBe(200);
    const covered = await seenCopy("beach", "https://leakboard.example/t/beach");
    const beyond = await seenCopy("studio", "https://leakboard.example/t/studio");
    expect(await services.imageIndex.indexAndMatch([covered, beyond])).toBe(1);
    // The rematch the plan change queued runs too: the fourth photo stays out.
    await services.queue.runDue(["image-index.match-reference"]);
    expect(await leakUrls()).toEqual(["https://leakboard.example/t/beach"]);
    // Seen again on a new page: still only what the plan covers.
    const again = [covered, beyond].map((s) => ({ imageUrl: s.imageUrl, pageUrl: s.pageUrl.replace("leakboard", "mirrorboard"), seenAt: new Date() }));
    expect(await services.imageIndex.sightAgain(again)).toBe(1);
    expect(await leakUrls()).toEqual(["https://leakboard.example/t/beach", "https://mirrorboard.example/t/beach"]);
  });

  it("after an upgrade, the photos it covers again are matched against the index without a new crawl", async () => {
    expect((await postWebhook(services.app, starter("active", new Date(clock.getTime() + 2000)))).status).toBe(200);
    await services.queue.runDue(["image-index.match-reference"]);
    const leaks = (await (await gia.get("/v1/leaks?pageSize=50")).json()).items as Leak[];
    expect(leaks.map((l) => l.url).sort()).toEqual([
      "https://leakboard.example/t/beach",
      "https://leakboard.example/t/studio",
      "https://mirrorboard.example/t/beach",
      "https://mirrorboard.example/t/studio",
    ]);
    expect(leaks.find((l) => l.url.endsWith("/t/studio"))!.evidence.imageMatches[0]!.referenceId).toBe(refIds.get("studio"));
  });
});
