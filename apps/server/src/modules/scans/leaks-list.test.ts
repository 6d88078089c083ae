import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema/auth";
import { leak, leakCount } from "../../db/schema/scans";
import { createTestServices, signUpAndConfirm, type TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import * as repo from "./scans.repository";

interface Row {
  id: string;
  number: number;
  url: string;
  title: string;
  domain: string;
  category: string;
  status: string;
  lastSeenAt: string;
}

const day = (i: number) => new Date(Date.UTC(2026, 0, 28) + i * 86_400_000 + (i % 5) * 3_600_000);

// The Leaks list as the dashboard reads it, checked against the same rules applied here by hand.
describe("the Leaks list", () => {
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;
  let avaId: string;
  let beaId: string;
  let scanId: string;

  async function seed(userId: string, n: number, prefix: string) {
    const values = Array.from({ length: n }, (_, i) => ({
      userId,
      canonicalUrl: `https://${prefix}-${i % 4}.example/luna_rivers/${i}`,
      url: `https://${prefix}-${i % 4}.example/luna_rivers/${i}`,
      domain: `${prefix}-${i % 4}.example`,
      title: i === 3 ? "100%_off luna pack" : `Luna ${prefix.toUpperCase()} pack ${i}`,
      category: i % 5 === 0 ? ("social_media" as const) : ("leak_site" as const),
      confidence: "high" as const,
      status: i % 6 === 0 ? ("dismissed" as const) : ("new" as const),
      evidence: { snippet: `pack ${i}` },
      firstScanId: scanId,
      lastScanId: scanId,
      // Several leaks share a day and a time: the number breaks the tie.
      firstSeenAt: day(i % 20),
      lastSeenAt: day(i % 20),
    }));
    await services.database.db.insert(leak).values(values);
  }

  /** What the list must answer, from every row of the creator. */
  async function expected(userId: string, query: { q?: string; status?: string; category?: string }) {
    const rows = await services.database.db.select().from(leak).where(eq(leak.userId, userId));
    const q = query.q?.toLowerCase();
    return rows
      .filter((r) => (!query.status || r.status === query.status) && (!query.category || r.category === query.category))
      .filter(
        (r) =>
          !q ||
          [r.url, r.title, r.domain, r.category, r.status].some((s) => s.toLowerCase().includes(q)) ||
          r.lastSeenAt.toISOString().slice(0, 10).includes(q) ||
          (/^\d+$/.test(q) && r.number === Number(q)),
      )
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.number - a.number)
      .map((r) => r.id);
  }

  async function list(client: TestClient, query: Record<string, string | number | undefined>) {
    const params = Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]));
    const res = await client.get(`/v1/leaks?${new URLSearchParams(params)}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { items: Row[]; total: number; page: number; pageSize: number };
  }

  /** Every page of a query, checked against the rows by hand. */
  async function checkAllPages(client: TestClient, userId: string, query: { q?: string; status?: string; category?: string }, pageSize = 7) {
    const want = await expected(userId, query);
    const got: string[] = [];
    const pages = Math.max(1, Math.ceil(want.length / pageSize));
    for (let page = 1; page <= pages + 1; page++) {
      const body = await list(client, { ...query, page, pageSize });
      expect({ query, page, total: body.total, pageSize: body.pageSize }).toEqual({ query, page, total: want.length, pageSize });
      got.push(...body.items.map((i) => i.id));
    }
    expect({ query, ids: got }).toEqual({ query, ids: want });
    return want.length;
  }

  beforeAll(async () => {
    services = await createTestServices();
    ava = await signUpAndConfirm(services, "ava@example.com");
    bea = await signUpAndConfirm(services, "bea@example.com");
    avaId = (await (await ava.get("/v1/root/get-user")).json()).id;
    beaId = (await (await bea.get("/v1/root/get-user")).json()).id;
    scanId = (await repo.insertScan(services.database.db, avaId, "manual")).id;
    await seed(avaId, 60, "leaks");
    // Bea's leaks look like Ava's: a search must still find only hers.
    await seed(beaId, 25, "leaks");
  });
  afterAll(async () => {
    await services?.close();
  });

  it("pages the creator's leaks, newest first, with the total, also past the last page", async () => {
    expect(await checkAllPages(ava, avaId, {})).toBe(60);
    expect(await checkAllPages(ava, avaId, {}, 18)).toBe(60);
    const first = await list(ava, { page: 1, pageSize: 18 });
    expect(first.items[0]).toMatchObject({ url: expect.stringContaining("/luna_rivers/"), lastSeenAt: day(19).toISOString() });
    expect(Object.keys(first.items[0]!).sort()).toEqual(["category", "confidence", "domain", "evidence", "firstSeenAt", "forgeryMarkedAt", "id", "lastSeenAt", "number", "reuploadOf", "status", "title", "url"]);
    expect(await list(ava, { page: 40, pageSize: 18 })).toEqual({ items: [], total: 60, page: 40, pageSize: 18 });
  });

  it("shows evidence stored by an older or newer build through its schema: known kinds kept, the rest left out", async () => {
    const cleo = await signUpAndConfirm(services, "cleo@example.com");
    const cleoId = (await (await cleo.get("/v1/root/get-user")).json()).id;
    await services.database.db.insert(leak).values({
      userId: cleoId,
      canonicalUrl: "https://old.example/t/1",
      url: "https://old.example/t/1",
      domain: "old.example",
      title: "Luna pack",
      category: "leak_site",
      confidence: "high",
      evidence: { matchedNames: ["luna_rivers", 4], snippet: 12, imageMatches: [{ imageUrl: "https://old.example/1.jpg" }, { distance: 3 }], mirroredAt: [{ page: "https://forum.example/t/2" }], legacyScore: 0.9 },
      firstSeenAt: day(1),
      lastSeenAt: day(1),
    });
    const body = (await (await cleo.get("/v1/leaks")).json()) as { items: { evidence: unknown }[] };
    expect(body.items.map((i) => i.evidence)).toEqual([{ matchedNames: ["luna_rivers"], imageMatches: [{ imageUrl: "https://old.example/1.jpg" }] }]);
  });

  it("filters by status and category, alone and together", async () => {
    for (const query of [{ status: "new" }, { status: "dismissed" }, { status: "removed" }, { category: "social_media" }, { category: "leak_site", status: "dismissed" }]) {
      await checkAllPages(ava, avaId, query);
    }
    expect((await list(ava, { status: "removed" })).total).toBe(0);
  });

  it("searches the link, title, site, category, status, day and number, whatever the case", async () => {
    const rows = await services.database.db.select().from(leak).where(eq(leak.userId, avaId));
    const some = rows.find((r) => r.title.endsWith(" 42"))!;
    const searches = [
      "pack 4", // title
      "PACK 4", // any case
      "luna_rivers/17", // link
      "leaks-3", // site
      "social", // category
      "DISMISS", // status
      some.lastSeenAt.toISOString().slice(0, 10), // the day shown
      some.lastSeenAt.toISOString().slice(5, 9), // part of a day
      String(some.number), // the number shown as ID (and any link or title holding it)
      `000${some.number}`, // the number, however written
      "100%_", // % and _ are text, not patterns
      "1%", // not "1 then anything"
      "_off", // not "any one character, then off"
      "leak_site new", // never across two columns
      "99999999999999999999999", // beyond any number
      "zzz", // nothing
    ];
    for (const q of searches) await checkAllPages(ava, avaId, { q });
    expect((await list(ava, { q: `000${some.number}` })).items.map((i) => i.id)).toContain(some.id);
    expect((await list(ava, { q: "100%_" })).total).toBe(1);
    expect((await list(ava, { q: "1%" })).total).toBe(0);
    expect((await list(ava, { q: "leak_site new" })).total).toBe(0);
    await checkAllPages(ava, avaId, { q: "pack 1", status: "new", category: "leak_site" });
  });

  it("never shows, counts or finds another creator's leaks", async () => {
    expect(await checkAllPages(bea, beaId, {})).toBe(25);
    const avas = new Set(await expected(avaId, {}));
    for (const query of [{}, { q: "pack" }, { q: "leaks-1" }, { status: "new" }, { category: "social_media" }]) {
      const body = await list(bea, { ...query, pageSize: 100 });
      expect(body.items.some((i) => avas.has(i.id))).toBe(false);
      expect(body.total).toBe((await expected(beaId, query)).length);
    }
    const beaOnly = (await services.database.db.select().from(leak).where(eq(leak.userId, beaId)))[0]!;
    expect((await list(ava, { q: String(beaOnly.number) })).items.map((i) => i.id)).not.toContain(beaOnly.id);
  });

  it("keeps its totals right as leaks are reviewed, found again, taken down and deleted", async () => {
    const db = services.database.db;
    const [first, second] = (await list(ava, { status: "new", pageSize: 2 })).items;
    expect((await ava.post(`/v1/leaks/${first!.id}/confirm`, {})).status).toBe(200);
    expect((await ava.post(`/v1/leaks/${second!.id}/dismiss`, {})).status).toBe(200);
    await services.scans.markLeakTakedown(first!.id, "takedown_sent", new Date());
    await services.scans.markLeakTakedown(first!.id, "removed", new Date());
    // Found again by a later scan: a removed link is open again; a known one stays as it is.
    const removed = (await db.select().from(leak).where(eq(leak.id, first!.id)))[0]!;
    for (const r of [removed, (await db.select().from(leak).where(eq(leak.id, second!.id)))[0]!]) {
      await repo.upsertLeak(db, { ...r, scanId, evidence: r.evidence, seenAt: day(30) });
    }
    expect((await list(ava, { q: removed.url })).items[0]).toMatchObject({ id: first!.id, status: "new" });
    await repo.upsertLeak(db, { userId: avaId, scanId, canonicalUrl: "https://new.example/x", url: "https://new.example/x", domain: "new.example", title: "x", category: "impersonator", confidence: "medium", evidence: {}, seenAt: day(31) });
    await db.delete(leak).where(and(eq(leak.userId, avaId), eq(leak.status, "dismissed"), sql`${leak.number} % 2 = 0`));

    for (const query of [{}, { status: "new" }, { status: "confirmed" }, { status: "dismissed" }, { status: "removed" }, { category: "impersonator" }, { category: "social_media", status: "new" }]) {
      await checkAllPages(ava, avaId, query, 18);
    }
    // The counters hold exactly what counting the rows says.
    const counted = await db.select({ userId: leak.userId, status: leak.status, category: leak.category, n: count() }).from(leak).groupBy(leak.userId, leak.status, leak.category);
    const kept = await db.select().from(leakCount);
    for (const c of counted) expect(kept.find((k) => k.userId === c.userId && k.status === c.status && k.category === c.category)?.n).toBe(Number(c.n));
    expect(kept.filter((k) => k.n !== 0).length).toBe(counted.length);
  });

  it("lets an account with leaks be deleted, its counters with it", async () => {
    const db = services.database.db;
    await db.delete(user).where(eq(user.id, beaId));
    expect(await db.select().from(leak).where(eq(leak.userId, beaId))).toEqual([]);
    expect(await db.select().from(leakCount).where(eq(leakCount.userId, beaId))).toEqual([]);
    expect((await list(ava, {})).total).toBe((await expected(avaId, {})).length);
  });
});
