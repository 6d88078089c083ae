import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { crawlHost, crawlItem, crawlSite } from "../../db/schema/crawls";
import { leak } from "../../db/schema/scans";
import { parseCrawlSettings } from "../../scanner/crawl/crawl-settings";
import { createGuardedFetcher } from "../../scanner/guarded-fetch";
import { LeakSiteCatalog, loadLeakSiteCatalog, leakSiteSchema } from "../../scanner/leak-site-catalog";
import { runScan } from "../../scanner/run-scan";
import { parseScannerSettings } from "../../scanner/scanner-settings";
import { startCrawlFixtureWeb, type CrawlFixtureWeb } from "@leakwarden/test-support/fake-web/crawl-fixture-web";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { CrawlRunner } from "./crawl-runner";

const settingsOf = (web: CrawlFixtureWeb, extra: Record<string, string> = {}) => {
  const all = { ...web.settings, ...extra };
  return { ...parseScannerSettings(all), ...parseCrawlSettings(all) };
};

async function addCreators(db: Database["db"]) {
  for (const id of ["luna", "ivy"]) await db.insert(user).values({ id, name: id, email: `${id}@example.com` }).onConflictDoNothing();
}

// The pages found; the file-host links in her posts (leaks of their own) are fileLeakUrls.
const leakUrls = async (db: Database["db"], userId: string) =>
  (await db.select({ url: leak.canonicalUrl, evidence: leak.evidence }).from(leak).where(eq(leak.userId, userId))).filter((r) => !("linkedFrom" in r.evidence)).map((r) => r.url).sort();
const fileLeakUrls = async (db: Database["db"], userId: string) =>
  (await db.select({ url: leak.canonicalUrl, evidence: leak.evidence }).from(leak).where(eq(leak.userId, userId))).filter((r) => "linkedFrom" in r.evidence).map((r) => r.url).sort();

describe("crawling leak sites", () => {
  let database: Database;
  let web: CrawlFixtureWeb;
  let catalog: LeakSiteCatalog;
  const runners: CrawlRunner[] = [];

  const runner = (extra: Record<string, string> = {}, holder?: string) => {
    const settings = settingsOf(web, extra);
    const r = new CrawlRunner({
      db: database.db,
      fetcher: createGuardedFetcher(settings),
      settings,
      catalog,
      creators: async () => web.creators,
      ...(holder ? { holder } : {}),
    });
    runners.push(r);
    return r;
  };
  const crawlAll = async (r: CrawlRunner) => {
    const results = [];
    for (const id of web.siteIds) results.push(await r.run(id));
    return results;
  };

  beforeEach(async () => {
    database = await openTestDatabase();
    await addCreators(database.db);
    web = await startCrawlFixtureWeb();
    catalog = await loadLeakSiteCatalog(web.catalogPath);
  });
  afterEach(async () => {
    await web.close();
    await database.close();
  });

  it("finds by reading the sites the posts that the web search does not list, for every creator at once, and nothing else", async () => {
    // The search knows none of the posts: a scan of Luna finds none of them through it, only those a page it
    // reads lists as hers (read then on their own pages).
    const scanSettings = parseScannerSettings({ ...web.settings, SCAN_MAX_QUERIES: "2", SCAN_BUDGET_MS: "20000" });
    const scanned = await runScan({ identity: web.creators[0]!.identity, referenceHashes: [] }, { settings: scanSettings, catalog, readPage: undefined });
    const bySearch = scanned.leaks.filter((l) => web.leaks.includes(l.url) && !l.evidence.sources.every((s) => s === "listed on a page read"));
    expect(bySearch.map((l) => l.url)).toEqual([]);
    web.maxInFlight.clear(); // the scan's own requests are not the crawl's
    const scanItemRequests = web.itemRequests().length;

    const results = await crawlAll(runner());
    for (const r of results) expect(r.outcome, r.siteId).toBe("completed");

    expect(await leakUrls(database.db, "luna")).toEqual([...web.leaks].sort());
    expect(await fileLeakUrls(database.db, "luna")).toEqual([...web.lunaFileLeaks].sort());
    expect(await leakUrls(database.db, "ivy")).toEqual([...web.ivyLeaks].sort());
    for (const trap of web.traps) expect(await leakUrls(database.db, "luna")).not.toContain(trap);

    // The evidence says how it was found.
    const [row] = await database.db.select().from(leak).where(eq(leak.canonicalUrl, web.leaks[0]!));
    expect(row!.firstScanId).toBeNull();
    expect(row!.evidence.signals).toContain("crawl: new thread or post on LeakFans");
    expect(row!.evidence.discovery).toMatchObject({ how: "crawl", site: "leakfans" });
    expect(row!.evidence.sources).toEqual(["crawl:leakfans"]);
    const [leet] = await database.db.select().from(leak).where(eq(leak.canonicalUrl, web.leaks.find((u) => u.includes("lun4-r1vers"))!));
    expect(leet!.confidence).toBe("medium");

    // Each item page was read once by the crawl; its images are in the results (for the image index).
    const items = web.itemRequests().slice(scanItemRequests);
    expect(new Set(items).size).toBe(items.length);
    const bunny = results.flatMap((r) => r.pages).find((p) => p.url.includes("moon-bunny-onlyfans"));
    expect(bunny?.images).toContain("http://forum.leakfans.example/attachments/mb-0.jpg");
    const discourse = results.flatMap((r) => r.pages).find((p) => p.url.includes("/t/luna-rivers-of-leak/"));
    expect(discourse?.images).toContain("http://talk.modleaks.example/uploads/default/original/1X/lr1.jpeg");

    // Never more than one request at a time per host; only the fixture's hosts, through the proxy.
    for (const [host, max] of web.maxInFlight) expect(max, host).toBeLessThanOrEqual(1);
    const known = new Set([...Object.values(web.hosts), "search.example"]);
    for (const rec of web.proxy.records) expect(known.has(rec.host), rec.host).toBe(true);
  });

  it("hands each crawled page's images, fetched in their host's turn and hashed, to the shared image index", async () => {
    const seen: { imageUrl: string; pageUrl: string; host: string; quality: number; hashes: number }[] = [];
    const settings = settingsOf(web);
    const r = new CrawlRunner({
      db: database.db,
      fetcher: createGuardedFetcher(settings),
      settings,
      catalog,
      creators: async () => web.creators,
      indexImages: async (batch) => void seen.push(...batch.map((s) => ({ imageUrl: s.imageUrl, pageUrl: s.pageUrl, host: s.host, quality: s.quality, hashes: Object.keys(s.hash).length }))),
    });
    const forum = await r.run("leakfans");
    const talk = await r.run("modleaks");
    expect(forum.imagesIndexed + talk.imagesIndexed).toBe(14);
    const bunny = seen.filter((s) => s.pageUrl.includes("moon-bunny-onlyfans"));
    expect(bunny.map((s) => s.imageUrl).sort()).toEqual(Array.from({ length: 13 }, (_, i) => `http://forum.leakfans.example/attachments/mb-${i}.jpg`).sort());
    expect(bunny.every((s) => s.host === "forum.leakfans.example" && s.quality > 0 && s.hashes === 8)).toBe(true);
    expect(seen.map((s) => s.imageUrl)).toContain("http://talk.modleaks.example/uploads/default/original/1X/lr1.jpeg");
    // Image requests wait for the host's turn like the pages.
    for (const [host, max] of web.maxInFlight) expect(max, host).toBeLessThanOrEqual(1);
  });

  it("reads only what is new on the next crawl, stopping at the cursor", async () => {
    await crawlAll(runner());
    const before = web.requests.length;
    const beforeItems = web.itemRequests().length;
    const newThread = web.addThread("luna-rivers-new-set", "Luna Rivers new set leaked – 45 pics", "<p>luna_rivers leaked new set https://mega.nz/folder/New1#k 45 pics</p>");
    const newTopic = web.addTopic("nothing-to-see", "Weekly chat", "<p>hello</p>");
    const newVideo = web.addVideo("moon-bunny-shower", "Moon Bunny shower video leaked", '<h1>Moon Bunny shower video leaked</h1><p>Moon Bunny onlyfans leaked video <a href="https://mega.nz/file/Sh1#k">mega</a></p>');

    const second = await crawlAll(runner());
    for (const r of second) expect(r.outcome, r.siteId).toBe("completed");
    const read = web.itemRequests().slice(beforeItems);
    expect(read.sort()).toEqual(
      [newThread, `${newTopic}.json`, newVideo].map((u) => `${new URL(u).host} ${new URL(u).pathname}`).sort(),
    );
    // One listing page per site was enough: the newest items sit on the first page, then the cursor.
    const listings = web.requests.slice(before).filter((r) => !/^\/(?:threads|t|video|news)\/./.test(r.path) && r.path !== "/robots.txt");
    expect(listings.length).toBe(4);
    expect(await leakUrls(database.db, "luna")).toEqual([...web.leaks, newThread, newVideo].sort());
  });

  it("a crawl killed midway is taken up where it stopped, by another runner, and every item is read once", async () => {
    const killed = new AbortController();
    const first = runner({}, "worker-a");
    // Kill it while it reads the forum's third listing page... (walk state and items found so far are committed)
    let listingPages = 0;
    const killAt = (when: () => boolean) => {
      const iv = setInterval(() => {
        if (when()) {
          killed.abort(new Error("killed"));
          clearInterval(iv);
        }
      }, 1);
      return iv;
    };
    const iv = killAt(() => web.requests.filter((r) => r.path.startsWith("/whats-new/posts/page-3")).length > 0);
    const r1 = await first.run("leakfans", { signal: killed.signal });
    clearInterval(iv);
    expect(r1.outcome).toBe("aborted");
    listingPages = web.requests.filter((r) => r.path.startsWith("/whats-new/")).length;
    expect(listingPages).toBe(3);
    const [state] = await database.db.select().from(crawlSite).where(eq(crawlSite.siteId, "leakfans"));
    const entry = state!.state["http://forum.leakfans.example/whats-new/posts/"];
    expect(entry?.walk?.next).toBe("http://forum.leakfans.example/whats-new/posts/page-3");

    // ...and another one while it reads items, half-way.
    const second = runner({}, "worker-b");
    const killed2 = new AbortController();
    const iv2 = setInterval(() => {
      if (web.itemRequests().length >= 3) {
        killed2.abort(new Error("killed"));
        clearInterval(iv2);
      }
    }, 1);
    await second.run("leakfans", { signal: killed2.signal });
    clearInterval(iv2);
    // The listing walk went on from page 3 (pages 1 and 2 were not read again).
    expect(web.requests.filter((r) => r.path === "/whats-new/posts/").length).toBe(1);
    expect(web.requests.filter((r) => r.path === "/whats-new/posts/page-2").length).toBe(1);

    const third = runner({}, "worker-c");
    const r3 = await third.run("leakfans");
    expect(r3.outcome).toBe("completed");

    const items = await database.db.select().from(crawlItem).where(eq(crawlItem.siteId, "leakfans"));
    expect(items.length).toBe(7);
    expect(items.every((i) => i.status === "done")).toBe(true);
    // A request cut off by the kill is asked again; every other item page exactly once.
    const reqs = web.itemRequests();
    const counts = new Map<string, number>();
    for (const r of reqs) counts.set(r, (counts.get(r) ?? 0) + 1);
    expect([...counts.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1);
    expect(counts.size).toBe(7);
    const lunaOnForum = web.leaks.filter((u) => u.includes("leakfans"));
    expect((await leakUrls(database.db, "luna")).filter((u) => u.includes("leakfans"))).toEqual(lunaOnForum.sort());
  });

  it("two runners crawling at once share each host's limit and read each item once", async () => {
    const a = runner({ CRAWL_PER_HOST_CONCURRENCY: "1" }, "worker-a");
    const b = runner({ CRAWL_PER_HOST_CONCURRENCY: "1" }, "worker-b");
    await Promise.all([crawlAll(a), crawlAll(b)]);
    for (const [host, max] of web.maxInFlight) expect(max, host).toBe(1);
    const items = web.itemRequests();
    expect(new Set(items).size).toBe(items.length);
    expect(items.length).toBe(7 + 5 + 9 + 1);
    expect(await leakUrls(database.db, "luna")).toEqual([...web.leaks].sort());
  });

  it("with two requests allowed per host, two runners never exceed two", async () => {
    const a = runner({ CRAWL_PER_HOST_CONCURRENCY: "2" }, "worker-a");
    const b = runner({ CRAWL_PER_HOST_CONCURRENCY: "2" }, "worker-b");
    await Promise.all([crawlAll(a), crawlAll(b), crawlAll(a)]);
    for (const [host, max] of web.maxInFlight) expect(max, host).toBeLessThanOrEqual(2);
    expect(Math.max(...web.maxInFlight.values())).toBe(2);
  });

  it("waits out a 429's Retry-After, in every runner, and keeps the minimum delay between requests", async () => {
    web.failNext(web.hosts.tube, 429, 1, { "retry-after": "2" });
    const r = runner({ CRAWL_MIN_DELAY_MS: "50" });
    const result = await r.run("cliptube");
    expect(result.outcome).toBe("backing-off");
    const [host] = await database.db.select().from(crawlHost).where(eq(crawlHost.host, web.hosts.tube));
    expect(host!.lastStatus).toBe("429");
    expect(host!.nextAllowedAt.getTime()).toBeGreaterThan(Date.now() + 200);
    // Another runner asks the host nothing before the time is up, then goes on.
    const n = web.requests.filter((x) => x.host === web.hosts.tube).length;
    const other = runner({ CRAWL_MIN_DELAY_MS: "50", CRAWL_BUDGET_MS: "1000" });
    expect((await other.run("cliptube")).outcome).toBe("backing-off");
    expect(web.requests.filter((x) => x.host === web.hosts.tube).length).toBe(n);
    await new Promise((res) => setTimeout(res, 2100));
    expect((await runner({ CRAWL_MIN_DELAY_MS: "50" }).run("cliptube")).outcome).toBe("completed");
    expect(await leakUrls(database.db, "luna")).toEqual(web.leaks.filter((u) => u.includes("cliptube")).sort());
  });

  it("a Discourse topic longer than one page is read at its end: a leak posted as its 27th post is found when the topic is bumped", async () => {
    const topic = web.addTopic("general-chat", "General chat", "<p>Say hi.</p>");
    for (let i = 0; i < 25; i++) web.addReply(topic, `<p>hello ${i}</p>`);
    await runner().run("modleaks");
    expect(await leakUrls(database.db, "luna")).not.toContain(topic);
    web.addReply(topic, '<p>luna_rivers onlyfans leaked, new set of 80 pics: <a href="https://mega.nz/folder/Rp27#k">mega</a></p>');
    const before = web.itemRequests().length;
    expect((await runner().run("modleaks")).outcome).toBe("completed");
    expect(web.itemRequests().slice(before)).toEqual([`${web.hosts.discourse} ${new URL(topic).pathname}/27.json`]);
    expect(await leakUrls(database.db, "luna")).toContain(topic);
  });

  it("a Discourse topic that gained 45 posts between two crawls is read back from its end (posts.json before its lowest post) to the posts read before", async () => {
    const topic = web.addTopic("weekly-chat", "Weekly chat", "<p>Say hi.</p>");
    web.addReply(topic, "<p>hi</p>");
    web.addReply(topic, "<p>hello</p>");
    await runner().run("modleaks");
    for (let n = 4; n <= 48; n++) {
      web.addReply(topic, n === 6 ? '<p>luna_rivers onlyfans leaked, 80 pics: <a href="https://mega.nz/folder/Wk6#k">mega</a></p>' : `<p>chat ${n}</p>`);
    }
    const before = web.itemRequests().length;
    expect((await runner().run("modleaks")).outcome).toBe("completed");
    const id = new URL(topic).pathname.split("/").pop();
    expect(web.itemRequests().slice(before)).toEqual([
      `${web.hosts.discourse} ${new URL(topic).pathname}/48.json`,
      `${web.hosts.discourse} /t/${id}/posts.json?post_number=29`,
      `${web.hosts.discourse} /t/${id}/posts.json?post_number=9`,
    ]);
    expect(await leakUrls(database.db, "luna")).toContain(topic);
  });

  it("a site catalogued with only its host is read by the family its pages tell (detected once, for every worker); one of no known package fails with the reason", async () => {
    catalog = new LeakSiteCatalog(
      catalog.sites.map((s) => (s.id === "modleaks" || s.id === "cliptube" ? leakSiteSchema.parse({ id: s.id, name: s.name, domains: s.domains, crawl: { baseUrl: s.crawl!.baseUrl } }) : s)),
    );
    expect(catalog.byId("modleaks")!.crawl!.family).toBe("auto");
    const first = await runner().run("modleaks");
    expect(first.outcome).toBe("completed");
    expect(await leakUrls(database.db, "luna")).toEqual(web.leaks.filter((u) => u.includes(web.hosts.discourse)).sort());
    const [row] = await database.db.select().from(crawlSite).where(eq(crawlSite.siteId, "modleaks"));
    expect(row!.lastRun).toMatchObject({ detected: { family: "discourse", entryPages: [`http://${web.hosts.discourse}/latest.json`] } });

    // Another worker (a new runner) takes the detection from the database: it asks neither "/" nor the probes again.
    const asked = (path: string) => web.requests.filter((r) => r.host === web.hosts.discourse && r.path === path).length;
    const before = { home: asked("/"), wpJson: asked("/wp-json/") };
    expect(before.home).toBe(1);
    expect((await runner().run("modleaks")).outcome).toBe("completed");
    expect({ home: asked("/"), wpJson: asked("/wp-json/") }).toEqual(before);

    const tube = await runner().run("cliptube");
    expect(tube.outcome).toBe("failed");
    expect(tube.error).toMatch(/could not tell which forum, blog or imageboard software .* runs; name its family in the catalog/);
    // Its host answers no page (it is catalogued at https, the fixture serves http): no well-known address is probed
    // after that, since each failure there adds to the host's backoff, which doubles with each one.
    expect(tube.requests).toBe(1);
    expect(tube.error).toMatch(/its pages could not be reached/);
  });

  it("a site whose pages name no package it knows is read by the structure of its listing page: its items and next pages, every leak on it found", async () => {
    catalog = new LeakSiteCatalog(
      catalog.sites.map((s) =>
        s.id === "cliptube" ? leakSiteSchema.parse({ id: s.id, name: s.name, domains: s.domains, crawl: { baseUrl: s.crawl!.baseUrl, entryPages: [`http://${web.hosts.tube}/videos/`] } }) : s,
      ),
    );
    expect(catalog.byId("cliptube")!.crawl!.family).toBe("auto");
    const result = await runner().run("cliptube");
    expect(result.outcome).toBe("completed");
    const [row] = await database.db.select().from(crawlSite).where(eq(crawlSite.siteId, "cliptube"));
    expect(row!.lastRun).toMatchObject({ detected: { family: "listing", entryPages: [`http://${web.hosts.tube}/videos/`] } });
    expect(await leakUrls(database.db, "luna")).toEqual(web.leaks.filter((u) => u.includes("cliptube")).sort());
  });

  it("a 1 MB hostile listing page is read off the event loop within the page time limit: the walk ends with the reason, other sites go on", async () => {
    await web.close();
    const hostile = Buffer.from(`<!doctype html><html><body>${"<div><a href='/video/1/x'>".repeat(40_000)}</body></html>`);
    expect(hostile.length).toBeGreaterThan(1_000_000);
    web = await startCrawlFixtureWeb({ files: { "/videos/": { contentType: "text/html; charset=utf-8", body: hostile } } });
    catalog = await loadLeakSiteCatalog(web.catalogPath);
    const settings = { SCAN_PAGE_TIME_LIMIT_MS: "1000", SCAN_MAX_BYTES: String(2 * 1024 * 1024) };
    const tube = await runner(settings).run("cliptube");
    expect(tube.outcome).toBe("completed");
    expect(tube.itemsFound).toBe(0);
    expect(tube.error).toMatch(/^listing http:\/\/www\.cliptube\.example\/videos\/: reading .* took longer than 1000 ms$/);
    // The pool's next worker reads the other sites' listings.
    expect((await runner(settings).run("modleaks")).outcome).toBe("completed");
    expect(await leakUrls(database.db, "luna")).toEqual(web.leaks.filter((u) => u.includes(web.hosts.discourse)).sort());
  });

  it("robots.txt is fetched once per host for every worker (kept in the database), and again once it is an hour old", async () => {
    const robotsFetches = () => web.requests.filter((r) => r.host === web.hosts.discourse && r.path === "/robots.txt").length;
    expect((await runner().run("modleaks")).outcome).toBe("completed");
    expect(robotsFetches()).toBe(1);
    web.addTopic("new-topic", "New topic", "<p>hello</p>");
    // A second worker: its own memory is empty, the database has the file.
    expect((await runner().run("modleaks")).outcome).toBe("completed");
    expect(robotsFetches()).toBe(1);
    const [host] = await database.db.select().from(crawlHost).where(eq(crawlHost.host, web.hosts.discourse));
    expect(host).toMatchObject({ robotsStatus: "file" });
    expect(host!.robotsTxt).toContain("Disallow: /account/");
    await database.db.update(crawlHost).set({ robotsFetchedAt: new Date(Date.now() - 2 * 60 * 60_000) }).where(eq(crawlHost.host, web.hosts.discourse));
    expect((await runner().run("modleaks")).outcome).toBe("completed");
    expect(robotsFetches()).toBe(2);
  });

  it("a redirect to another host waits for that host's turn: a backed-off host is not asked, the item waits, the site's crawl goes on", async () => {
    await web.close();
    const redirects: Record<string, string> = {};
    web = await startCrawlFixtureWeb({ redirects });
    catalog = await loadLeakSiteCatalog(web.catalogPath);
    // A tube video that moved to the promo site: read from the tube, answered by the promo host.
    const moved = web.addVideo("moved-luna-post", "Moved", "<p>moved</p>");
    redirects[new URL(moved).pathname] = `http://${web.hosts.promo}/news/luna-rivers-full-pack-now-on-onlyfans/`;
    // The promo host asks for 30 s of quiet.
    web.failNext(web.hosts.promo, 429, 1, { "retry-after": "30" });
    expect(moved).toMatch(/^http:\/\/www\.cliptube\.example\/video\//);
    expect((await runner().run("lunapromo")).outcome).toBe("backing-off");
    const asked = web.requests.filter((r) => r.host === web.hosts.promo).length;

    const tube = await runner({ CRAWL_BUDGET_MS: "5000" }).run("cliptube");
    expect(tube.outcome).toBe("completed");
    expect(web.requests.filter((r) => r.host === web.hosts.promo).length).toBe(asked);
    const items = await database.db.select().from(crawlItem).where(eq(crawlItem.siteId, "cliptube"));
    // The moved video waits (not failed, no attempt spent) until the promo host's turn; every other item was read.
    const waiting = items.filter((i) => i.status !== "done");
    expect(waiting.map((i) => [i.url, i.status, i.attempts])).toEqual([[moved, "reading", 0]]);
    expect(waiting[0]!.claimedBy).toBeNull();
    expect(waiting[0]!.claimUntil!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(tube.error).toMatch(/redirect to www\.lunapromo\.example/);
    expect(await leakUrls(database.db, "luna")).toEqual(web.leaks.filter((u) => u.includes("cliptube")).sort());
  });

  /** The gaps between the starts of consecutive requests to a host, as the fake server saw them (robots.txt included). */
  const gapsSeen = (host: string) => {
    const at = web.requests.filter((q) => q.host === host).map((q) => q.at);
    return at.slice(1).map((t, i) => t - at[i]!);
  };
  // Arrival times carry the network's jitter (a new connection, a kept-alive one): a few ms either way.
  // On a loaded machine one request may arrive ~50 ms late and the next on time; without the delay the gaps are ~30 ms.
  const JITTER_MS = 100;

  it("robots.txt's Crawl-delay spaces every worker's requests to the host, kept on the host's row for all of them", async () => {
    await web.close();
    web = await startCrawlFixtureWeb({ robots: "User-agent: *\nCrawl-delay: 0.3\nDisallow: /account/\n" });
    catalog = await loadLeakSiteCatalog(web.catalogPath);
    // Two workers (each its own robots cache) crawl the site at once; our own delay is none.
    const results = await Promise.all([runner({ CRAWL_MIN_DELAY_MS: "0" }, "worker-a").run("leakfans"), runner({ CRAWL_MIN_DELAY_MS: "0" }, "worker-b").run("leakfans")]);
    expect(results.some((r) => r.outcome === "completed")).toBe(true);
    const host = new URL(web.leaks.find((u) => u.includes("leakfans"))!).host;
    const gaps = gapsSeen(host);
    expect(gaps.length).toBeGreaterThanOrEqual(5);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(300 - JITTER_MS);
    const [row] = await database.db.select().from(crawlHost).where(eq(crawlHost.host, host));
    expect(row!.crawlDelayMs).toBe(300);
  }, 30_000);

  it("a Crawl-delay longer than CRAWL_MAX_CRAWL_DELAY_MS is cut to it: the run goes on at that pace instead of stalling", async () => {
    await web.close();
    web = await startCrawlFixtureWeb({ robots: "User-agent: *\nCrawl-delay: 500\n" });
    catalog = await loadLeakSiteCatalog(web.catalogPath);
    const result = await runner({ CRAWL_MIN_DELAY_MS: "0", CRAWL_MAX_CRAWL_DELAY_MS: "200" }).run("leakfans");
    expect(result.outcome).toBe("completed");
    const host = new URL(web.leaks.find((u) => u.includes("leakfans"))!).host;
    const gaps = gapsSeen(host);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(200 - JITTER_MS);
    const [row] = await database.db.select().from(crawlHost).where(eq(crawlHost.host, host));
    expect(row!.crawlDelayMs).toBe(200);
  }, 30_000);

  it("with SCAN_ROBOTS_POLICY=respect, pages robots.txt disallows are not read and are counted as blocked", async () => {
    await web.close();
    web = await startCrawlFixtureWeb({ robots: "User-agent: *\nDisallow: /threads/\n" });
    catalog = await loadLeakSiteCatalog(web.catalogPath);
    const result = await runner({ SCAN_ROBOTS_POLICY: "respect" }).run("leakfans");
    expect(result.blocked).toBe(7);
    expect(web.itemRequests()).toEqual([]);
    const [row] = await database.db.select().from(crawlSite).where(eq(crawlSite.siteId, "leakfans"));
    expect(row!.blocked).toBe(7);
  });
});
