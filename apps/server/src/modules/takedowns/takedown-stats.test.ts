import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchDelisting, takedown, takedownNotice, takedownNoticeLink, type StoredRecipient } from "../../db/schema/takedowns";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, signUpAndConfirm, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import type { TakedownStatus } from "@leakwarden/contracts/takedowns";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date("2025-06-30T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const site: StoredRecipient = { kind: "site", email: "dmca@site.example", webForm: null, foundBy: "site-page", source: "http://site.example/dmca", note: null, name: "site.example" };

/**
 * The figures a creator (and the landing page) sees, from records with known times: every
 * number below is worked out by hand from the rows this file writes.
 */
describe("takedown figures", () => {
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;

  async function idOf(client: TestClient) {
    return (await (await client.get("/api/auth/get-session")).json()).user.id as string;
  }

  /** `count` leaks of the creator on site.example, found 40 days ago. */
  function leaksOf(userId: string, count: number): Promise<string[]> {
    const leaks = Array.from({ length: count }, (_, i) => ({ url: `http://site.example/${userId.slice(0, 6)}/${i + 1}`, seenAt: ago(40 * DAY) }));
    return seedLeaks(services.database.db, userId, leaks);
  }

  /** A takedown first sent `sentAgo` ago, removed `removedAfter` later (or in another status), with its notices. */
  async function takedownOf(
    userId: string,
    leakId: string,
    t: { sentAgo: number | null; status: TakedownStatus; removedAfter?: number; notices?: ("sent" | "queued" | "failed")[] },
  ) {
    const db = services.database.db;
    const firstSentAt = t.sentAgo === null ? null : ago(t.sentAgo);
    const [row] = await db
      .insert(takedown)
      .values({
        userId,
        leakId,
        url: "http://site.example/x",
        domain: "site.example",
        status: t.status,
        recipients: [site],
        level: 0,
        createdAt: ago((t.sentAgo ?? 0) + HOUR),
        updatedAt: NOW,
        firstSentAt,
        lastSentAt: firstSentAt,
        removedAt: firstSentAt && t.removedAfter !== undefined ? new Date(firstSentAt.getTime() + t.removedAfter) : null,
      })
      .returning();
    for (const status of t.notices ?? (firstSentAt ? ["sent"] : [])) {
      const [notice] = await db
        .insert(takedownNotice)
        .values({ userId, level: 0, recipient: site, subject: "s", text: "t", html: "h", status, createdAt: firstSentAt ?? NOW, sentAt: status === "sent" ? firstSentAt : null })
        .returning();
      await db.insert(takedownNoticeLink).values({ noticeId: notice!.id, takedownId: row!.id });
    }
  }

  beforeAll(async () => {
    services = await createTestServices({}, { now: () => NOW });
    ava = await signUpAndConfirm(services, "ava-figures@example.com");
    bea = await signUpAndConfirm(services, "bea-figures@example.com");
    const avaId = await idOf(ava);
    const beaId = await idOf(bea);
    const a = await leaksOf(avaId, 8);
    const b = await leaksOf(beaId, 3);

    // Ava. Links first sent more than 7 days ago: a1, a2, a3, a4 (a4 asked twice); a1 and a2 removed.
    await takedownOf(avaId, a[0]!, { sentAgo: 20 * DAY, status: "removed", removedAfter: 2 * HOUR });
    await takedownOf(avaId, a[1]!, { sentAgo: 10 * DAY, status: "removed", removedAfter: 10 * HOUR });
    // Sent to the site, then escalated to the host: two notices out.
    await takedownOf(avaId, a[2]!, { sentAgo: 9 * DAY, status: "escalated", notices: ["sent", "sent"] });
    await takedownOf(avaId, a[3]!, { sentAgo: 25 * DAY, status: "no_response" });
    await takedownOf(avaId, a[3]!, { sentAgo: 7 * DAY + 60_000, status: "no_response" });
    // Sent less than 7 days ago: counted as sent and removed, not in the rate.
    await takedownOf(avaId, a[4]!, { sentAgo: 3 * DAY, status: "removed", removedAfter: 4 * HOUR });
    await takedownOf(avaId, a[5]!, { sentAgo: 7 * DAY - 60_000, status: "sent" });
    // Never sent: a cancelled one, a failed one (its notice refused) and one without any email.
    await takedownOf(avaId, a[6]!, { sentAgo: null, status: "cancelled", notices: ["queued"] });
    await takedownOf(avaId, a[7]!, { sentAgo: null, status: "failed", notices: ["failed"] });
    // Submitted for delisting: a3 to both engines, a4 to Google. Not removals.
    await services.database.db.insert(searchDelisting).values([
      { userId: avaId, leakId: a[2]!, engine: "google", submittedAt: NOW },
      { userId: avaId, leakId: a[2]!, engine: "bing", submittedAt: NOW },
      { userId: avaId, leakId: a[3]!, engine: "google", submittedAt: NOW },
    ]);

    // Bea: three links first sent more than 7 days ago, one removed after 8 hours.
    await takedownOf(beaId, b[0]!, { sentAgo: 12 * DAY, status: "removed", removedAfter: 8 * HOUR });
    await takedownOf(beaId, b[1]!, { sentAgo: 30 * DAY, status: "no_response" });
    await takedownOf(beaId, b[2]!, { sentAgo: 15 * DAY, status: "escalated" });
  });

  afterAll(async () => {
    await services?.close();
  });

  it("counts each creator's notices, links, removals apart from delistings, the median time and the removal rate", async () => {
    const res = await ava.get("/v1/takedowns/stats");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      // a1, a2, a3 ×2, a4 ×2, a5, a6: the queued and the failed notices did not go out.
      noticesSent: 8,
      linksTakenDown: 6,
      linksRemoved: 3,
      linksDelistingSubmitted: 2,
      // 2 h, 4 h, 10 h.
      medianHoursToRemoval: 4,
      // a1 and a2 of a1..a4.
      removalRate: 0.5,
      removalRateBase: 4,
    });
    expect(await (await bea.get("/v1/takedowns/stats")).json()).toEqual({
      noticesSent: 3,
      linksTakenDown: 3,
      linksRemoved: 1,
      linksDelistingSubmitted: 0,
      medianHoursToRemoval: 8,
      removalRate: 1 / 3,
      removalRateBase: 3,
    });
  });

  it("adds every creator up for the service-wide figures", async () => {
    const res = await new TestClient(services.app).get("/v1/public/takedown-stats");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      noticesSent: 11,
      linksTakenDown: 9,
      linksRemoved: 4,
      linksDelistingSubmitted: 2,
      // 2, 4, 8, 10 hours: halfway between 4 and 8.
      medianHoursToRemoval: 6,
      removalRate: 3 / 7,
      removalRateBase: 7,
    });
  });

  it("has no rate and no median before anything qualifies", async () => {
    const cleo = await signUpAndConfirm(services, "cleo-figures@example.com");
    expect(await (await cleo.get("/v1/takedowns/stats")).json()).toEqual({
      noticesSent: 0,
      linksTakenDown: 0,
      linksRemoved: 0,
      linksDelistingSubmitted: 0,
      medianHoursToRemoval: null,
      removalRate: null,
      removalRateBase: 0,
    });
  });
});
