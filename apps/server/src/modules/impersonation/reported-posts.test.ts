import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema/auth";
import { impersonator } from "../../db/schema/impersonation";
import { leak, scan } from "../../db/schema/scans";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, type TestServices } from "@leakwarden/test-support/test-services";

// Report on an account reposting her photos: its posts become her findings the way any finding is
// stored (recordLeak: one row per creator and link, evidence merged, the highest confidence kept, a
// removed leak left removed) and are confirmed as she confirms one herself. PGlite, and PostgreSQL
// when TEST_DATABASE_URL names one.

describe("the posts of a reported account, among her leaks", { timeout: 60_000 }, () => {
  let services: TestServices;
  let userId: string;
  const post = (n: number) => `https://www.reddit.com/r/u_fake_luna/comments/p${n}/set/`;

  beforeAll(async () => {
    services = await createTestServices();
    const { db } = services.database;
    userId = "rp-ava";
    await db.insert(user).values({ id: userId, name: "Ava", email: "rp-ava@example.com", ageConfirmed: true });
  });
  afterAll(async () => {
    await services?.close();
  });

  /** Leaks as a finished scan found them (one active scan per creator). */
  const seed = async (leaks: Parameters<typeof seedLeaks>[2]) => {
    const ids = await seedLeaks(services.database.db, userId, leaks);
    await services.database.db.update(scan).set({ status: "completed" }).where(eq(scan.userId, userId));
    return ids;
  };
  const rowOf = async (url: string) => (await services.database.db.select().from(leak).where(and(eq(leak.userId, userId), eq(leak.url, url))))[0];
  const reportAccount = async (handle: string, urls: string[]) => {
    // As a check stores it: the posts showing her photos ride along the evidence (contracts/impersonation).
    const evidence = [{ kind: "post-image", weight: 60, detail: "Its posts show your photo.", posts: urls.map((url, i) => ({ url, imageUrl: `https://i.redd.it/${handle}-${i}.jpg` })) }];
    const [imp] = await services.database.db
      .insert(impersonator)
      .values({
        userId,
        platformId: 19,
        handle,
        handleKey: handle,
        profileUrl: `https://www.reddit.com/user/${handle}/`,
        score: 90,
        evidence,
      })
      .returning({ id: impersonator.id });
    return services.impersonation.report(userId, imp!.id);
  };

  it("a post a scan found already stays one row, keeps its number, merges the image evidence and is confirmed at high confidence", async () => {
    const [id] = await seed([
      { url: post(1), seenAt: new Date(Date.now() - 86_400_000), category: "social_media", confidence: "medium", evidence: { snippet: "luna rivers set", signals: ["name: Luna Rivers"] } },
    ]);
    const before = (await rowOf(post(1)))!;
    expect(before.status).toBe("new");

    const report = await reportAccount("fake_luna", [post(1), post(2)]);
    expect(report.dmca).toMatchObject({ status: "not-sent", urls: [post(1), post(2)] });

    const rows = await services.database.db.select().from(leak).where(and(eq(leak.userId, userId), eq(leak.canonicalUrl, before.canonicalUrl)));
    expect(rows).toHaveLength(1);
    const after = rows[0]!;
    expect(after).toMatchObject({ id, number: before.number, status: "confirmed", confidence: "high", category: "social_media" });
    expect(after.confirmedAt).not.toBeNull();
    const evidence = after.evidence as { signals?: string[]; imageMatches?: { imageUrl: string }[]; snippet?: string };
    // The scan's reading stays; the reported image joins it.
    expect(evidence.signals).toEqual(["name: Luna Rivers"]);
    expect(evidence.snippet).toBe("luna rivers set");
    expect(evidence.imageMatches?.map((m) => m.imageUrl)).toEqual(["https://i.redd.it/fake_luna-0.jpg"]);

    // The post no scan had found: a new finding of hers, confirmed, numbered after the first.
    const fresh = (await rowOf(post(2)))!;
    expect(fresh).toMatchObject({ status: "confirmed", confidence: "high", category: "social_media", number: before.number + 1 });
    expect((fresh.evidence as { imageMatches?: { imageUrl: string }[] }).imageMatches?.map((m) => m.imageUrl)).toEqual(["https://i.redd.it/fake_luna-1.jpg"]);
  });

  it("reporting again changes no number and no status she or a takedown set: a removed post stays removed, one she dismissed is confirmed by her report", async () => {
    const [removedId, dismissedId] = await seed([
      { url: post(3), seenAt: new Date(Date.now() - 86_400_000), category: "social_media" },
      { url: post(4), seenAt: new Date(Date.now() - 86_400_000), category: "social_media", confidence: "medium" },
    ]);
    const removedAt = new Date(Date.now() - 3_600_000);
    await services.database.db.update(leak).set({ status: "removed", removedAt }).where(eq(leak.id, removedId!));
    await services.scans.reviewLeak(userId, dismissedId!, "dismiss");
    const countBefore = (await services.database.db.select().from(leak).where(eq(leak.userId, userId))).length;

    await reportAccount("fake_luna2", [post(3), post(4)]);

    // Report reads no page: the removed post is not back.
    expect(await rowOf(post(3))).toMatchObject({ id: removedId, status: "removed", removedAt });
    expect(await rowOf(post(4))).toMatchObject({ id: dismissedId, status: "confirmed", confidence: "high", dismissedAt: null });
    expect((await services.database.db.select().from(leak).where(eq(leak.userId, userId))).length).toBe(countBefore);
  });

  it("an account whose only post she sees is removed already asks no takedown, and says so", async () => {
    const report = await reportAccount("fake_luna3", [post(3)]);
    expect(report.dmca).toEqual({ status: "not-sent", urls: [post(3)], message: "No DMCA notice was sent: its post showing your photos is already removed.", missing: null });
    expect(await rowOf(post(3))).toMatchObject({ status: "removed" });
  });
});
