import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { leak, scan } from "../../db/schema/scans";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { insertIndexLeak } from "../image-index/image-index.repository";
import { mergeEvidence, recordLeak, type LeakRecord } from "./record-leak.repository";
import { insertScan } from "./scans.repository";

// One way a leak is stored, whichever finds it (a scan, a crawl, the image index): on PGlite and PostgreSQL.
describe("recordLeak", () => {
  let database: Database;
  let n = 0;
  const at = (minutes: number) => new Date(Date.parse("2026-11-01T10:00:00Z") + minutes * 60_000);

  beforeAll(async () => {
    database = await openTestDatabase();
    for (const id of ["rl-ava", "rl-bea"]) await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  });
  afterAll(async () => {
    await database?.close();
  });

  const url = () => `https://leaks.example/t/${++n}`;
  const crawl = (userId: string, canonicalUrl: string, over: Partial<LeakRecord> = {}) =>
    recordLeak(database.db, {
      userId,
      canonicalUrl,
      url: canonicalUrl,
      domain: "leaks.example",
      title: "Luna Rivers set",
      category: "leak_site",
      confidence: "medium",
      evidence: { snippet: "luna_rivers leaked", signals: ["crawl: new thread or post on Leaks", "file-host-link: mega.nz"], sources: ["crawl:leaks"], discovery: { how: "crawl", site: "leaks", siteName: "Leaks", text: "new thread or post on Leaks", itemKey: "t1" } },
      seenAt: at(0),
      pageRead: true,
      ...over,
    });
  const row = async (userId: string, canonicalUrl: string) => (await database.db.select().from(leak).where(and(eq(leak.userId, userId), eq(leak.canonicalUrl, canonicalUrl))))[0]!;

  it("one row per creator and canonical URL, numbered per creator; a sighting of a known URL keeps its number and uses none up", async () => {
    const [a, b] = [url(), url()];
    const first = await crawl("rl-ava", a);
    expect(first.isNew).toBe(true);
    expect(await crawl("rl-ava", a)).toEqual({ ...first, isNew: false });
    expect(await insertIndexLeak(database.db, { userId: "rl-ava", canonicalUrl: a, domain: "leaks.example", category: "leak_site", evidence: {}, seenAt: at(1) })).toBe(false);
    const second = await crawl("rl-ava", b);
    expect(second.number).toBe(first.number + 1);
    // Another creator's row for the same URL is hers, numbered from her own #1.
    const bea = await crawl("rl-bea", a);
    expect(bea).toMatchObject({ isNew: true, number: 1 });
    expect((await database.db.select().from(leak).where(eq(leak.canonicalUrl, a))).length).toBe(2);
  });

  it("keeps the first sighting's facts and scan, the latest sighting's time and scan, and the highest confidence", async () => {
    const u = url();
    // Two scans, one after the other (one active scan per creator).
    const scan1 = (await insertScan(database.db, "rl-ava", "manual")).id;
    await database.db.update(scan).set({ status: "completed" }).where(eq(scan.id, scan1));
    const scan2 = (await insertScan(database.db, "rl-ava", "manual")).id;
    await database.db.update(scan).set({ status: "completed" }).where(eq(scan.id, scan2));
    await crawl("rl-ava", u, { scanId: scan1, confidence: "high", seenAt: at(10), url: `${u}?from=first`, category: "leak_site" });
    await crawl("rl-ava", u, { scanId: scan2, confidence: "medium", seenAt: at(20), url: `${u}?from=second`, category: "search_result", title: "Luna Rivers set (page 2)" });
    let r = await row("rl-ava", u);
    expect(r).toMatchObject({ firstScanId: scan1, lastScanId: scan2, confidence: "high", url: `${u}?from=first`, category: "leak_site", title: "Luna Rivers set (page 2)" });
    expect([r.firstSeenAt, r.lastSeenAt]).toEqual([at(10), at(20)]);
    // A crawl (no scan) and an image match seen earlier: the last scan stays, the last sighting does not go back, the title stays.
    await crawl("rl-ava", u, { seenAt: at(30) });
    await insertIndexLeak(database.db, { userId: "rl-ava", canonicalUrl: u, domain: "leaks.example", category: "impersonator", evidence: {}, seenAt: at(25) });
    r = await row("rl-ava", u);
    expect(r).toMatchObject({ lastScanId: scan2, confidence: "high", category: "leak_site", title: "Luna Rivers set" });
    expect(r.lastSeenAt).toEqual(at(30));
    // Medium, then high: upgraded.
    const m = url();
    await insertIndexLeak(database.db, { userId: "rl-ava", canonicalUrl: m, domain: "leaks.example", category: "leak_site", evidence: {}, seenAt: at(0) });
    expect((await row("rl-ava", m)).confidence).toBe("medium");
    await crawl("rl-ava", m, { confidence: "high" });
    expect((await row("rl-ava", m)).confidence).toBe("high");
  });

  it("merges evidence: lists accumulate, how it was first found stays, a reading's facts replace, an image match only adds", async () => {
    const u = url();
    await crawl("rl-ava", u);
    await crawl("rl-ava", u, {
      evidence: { snippet: "luna_rivers full set", signals: ["file-host-link: mega.nz", "media-count: 40 pics"], sources: ["searxng"], discovery: { how: "crawl", site: "other", siteName: "Other", text: "new thread on Other", itemKey: "t9" }, httpStatus: 200 },
    });
    await insertIndexLeak(database.db, {
      userId: "rl-ava",
      canonicalUrl: u,
      domain: "leaks.example",
      category: "leak_site",
      evidence: { foundBy: "image-index", snippet: "", title: "", signals: ["image matched your reference 'beach' at distance 12"], imageMatches: [{ imageUrl: "https://leaks.example/1.jpg", referenceId: "r1", distance: 12 }], sources: ["image index"], httpStatus: 0 },
      seenAt: at(5),
    });
    const e = (await row("rl-ava", u)).evidence;
    expect(e).toMatchObject({ snippet: "luna_rivers full set", httpStatus: 200, discovery: { how: "crawl", site: "leaks" } });
    expect(e.foundBy).toBeUndefined();
    expect(e.signals).toEqual(["image matched your reference 'beach' at distance 12", "file-host-link: mega.nz", "media-count: 40 pics", "crawl: new thread or post on Leaks"]);
    expect(e.sources).toEqual(["image index", "searxng", "crawl:leaks"]);
    expect(e.imageMatches).toEqual([{ imageUrl: "https://leaks.example/1.jpg", referenceId: "r1", distance: 12 }]);
    // The same image matched again is one match; lists are capped.
    const again = mergeEvidence(e, { imageMatches: [{ imageUrl: "https://leaks.example/1.jpg", referenceId: "r1", distance: 9 }], signals: Array.from({ length: 40 }, (_, i) => `s${i}`) }, false);
    expect(again.imageMatches).toEqual([{ imageUrl: "https://leaks.example/1.jpg", referenceId: "r1", distance: 9 }]);
    expect((again.signals as string[]).length).toBe(30);
  });

  it("a file linked from several pages names the first, unless a later page makes it more certain", async () => {
    const file = "https://gofile.io/d/RlGo12";
    const link = (pageUrl: string, confidence: "medium" | "high") =>
      crawl("rl-ava", file, {
        url: file,
        domain: "gofile.io",
        title: "",
        confidence,
        pageRead: false,
        evidence: { snippet: "", signals: [`linked from ${pageUrl} where your name matched`], sources: ["crawl:leaks"], linkedFrom: { pageUrl, pageTitle: "set", matchedBy: "name", matchedNames: ["luna_rivers"], service: "gofile", kind: "folder", keyOnPage: false } },
      });
    const linkedFrom = async () => ((await row("rl-ava", file)).evidence.linkedFrom as { pageUrl: string }).pageUrl;
    await link("https://leaks.example/disguised", "medium");
    await link("https://leaks.example/other", "medium");
    expect(await linkedFrom()).toBe("https://leaks.example/disguised");
    await link("https://leaks.example/megathread", "high");
    expect(await row("rl-ava", file)).toMatchObject({ confidence: "high" });
    expect(await linkedFrom()).toBe("https://leaks.example/megathread");
    await link("https://leaks.example/later", "high");
    await link("https://leaks.example/later-medium", "medium");
    expect(await linkedFrom()).toBe("https://leaks.example/megathread");
  });

  it("a removed leak whose page is read again is open again; an image match, or a status she set, is not", async () => {
    const u = url();
    await crawl("rl-ava", u);
    await database.db.update(leak).set({ status: "removed", removedAt: at(60) }).where(and(eq(leak.userId, "rl-ava"), eq(leak.canonicalUrl, u)));
    await insertIndexLeak(database.db, { userId: "rl-ava", canonicalUrl: u, domain: "leaks.example", category: "leak_site", evidence: {}, seenAt: at(90) });
    expect((await row("rl-ava", u)).status).toBe("removed");
    await crawl("rl-ava", u, { seenAt: at(120) });
    expect(await row("rl-ava", u)).toMatchObject({ status: "new", removedAt: null });

    const d = url();
    await crawl("rl-ava", d);
    await database.db.update(leak).set({ status: "dismissed", dismissedAt: at(5) }).where(and(eq(leak.userId, "rl-ava"), eq(leak.canonicalUrl, d)));
    await crawl("rl-ava", d, { seenAt: at(200), confidence: "high" });
    expect(await row("rl-ava", d)).toMatchObject({ status: "dismissed", confidence: "high" });
  });

  it("the same new URL recorded at once by several finders is one row, new to exactly one of them", async () => {
    const u = url();
    const results = await Promise.all([
      crawl("rl-bea", u),
      crawl("rl-bea", u, { confidence: "high" }),
      insertIndexLeak(database.db, { userId: "rl-bea", canonicalUrl: u, domain: "leaks.example", category: "leak_site", evidence: {}, seenAt: at(0) }).then((isNew) => ({ isNew })),
      crawl("rl-bea", u),
    ]);
    expect(results.filter((r) => r.isNew).length).toBe(1);
    const rows = await database.db.select().from(leak).where(and(eq(leak.userId, "rl-bea"), eq(leak.canonicalUrl, u)));
    expect(rows.length).toBe(1);
    expect(rows[0]!.confidence).toBe("high");
  });
});
