import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NameEvasion } from "@leakwarden/contracts/scans";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { crawlSite } from "../../db/schema/crawls";
import { leak } from "../../db/schema/scans";
import { parseCrawlSettings } from "../../scanner/crawl/crawl-settings";
import { createGuardedFetcher } from "../../scanner/guarded-fetch";
import { LeakSiteCatalog, leakSiteSchema } from "../../scanner/leak-site-catalog";
import { parseScannerSettings } from "../../scanner/scanner-settings";
import { IVY, LUNA } from "@leakwarden/test-support/fake-web/crawl-fixture-web";
import { PACKAGE_HOSTS, startPackageCrawlWeb, type PackageCrawlWeb, type PackageSite } from "@leakwarden/test-support/fake-web/package-crawl-web";
import { openTestDatabase } from "@leakwarden/test-support/test-database";
import { CrawlRunner } from "./crawl-runner";
import type { SeenImage } from "../image-index/image-index.service";

/**
 * The crawl runner against sites running the packages it reads, built from the package fixtures:
 * phpBB 3.3, vBulletin 3.8 and 4.2 (under /forum/), WordPress 6, vichan 5 and LynxChan 2, each
 * catalogued with its host only (family "auto", no entry pages), so that its family and entry pages
 * are told from its own pages, as for a site an operator adds by name.
 */

const SITES: Record<PackageSite, string> = { phpbb: "Leak Den", vb3: "VB Archive", vb4: "VB Leaks", wordpress: "Leak Blog", vichan: "SetChan", lynxchan: "Set Boards" };
const FAMILY: Record<PackageSite, string> = { phpbb: "phpbb", vb3: "vbulletin", vb4: "vbulletin", wordpress: "wordpress", vichan: "imageboard", lynxchan: "imageboard" };
const ids = Object.keys(SITES) as PackageSite[];

const catalogOf = () =>
  new LeakSiteCatalog(ids.map((id) => leakSiteSchema.parse({ id, name: SITES[id], domains: [PACKAGE_HOSTS[id]], crawl: { baseUrl: `http://${PACKAGE_HOSTS[id]}` } })));

const PRIVATE_IMG = '<img src="http://10.20.0.5/uploads/leak.jpg" class="postimage" alt="Image"> <img src="http://127.0.0.1:5432/x.jpg" alt="">';

describe("crawling the forum, blog and imageboard packages", () => {
  let database: Database;
  let web: PackageCrawlWeb;
  let catalog: LeakSiteCatalog;
  let indexed: SeenImage[];

  const runner = (extra: Record<string, string> = {}) => {
    const all = { ...web.settings, ...extra };
    const settings = { ...parseScannerSettings(all), ...parseCrawlSettings(all) };
    return new CrawlRunner({
      db: database.db,
      fetcher: createGuardedFetcher(settings),
      settings,
      catalog,
      creators: async () => [LUNA, IVY],
      indexImages: async (seen) => void indexed.push(...seen),
    });
  };
  const crawlAll = async (extra: Record<string, string> = {}) => {
    const r = runner(extra);
    const out = [];
    for (const id of ids) out.push(await r.run(id));
    return out;
  };
  // The pages found (the file-host links in her posts are leaks of their own: scanner/file-hosts.ts).
  const leaksOf = async (userId: string) =>
    (await database.db.select().from(leak).where(eq(leak.userId, userId))).filter((r) => !("linkedFrom" in r.evidence)).sort((a, b) => a.canonicalUrl.localeCompare(b.canonicalUrl));

  beforeEach(async () => {
    database = await openTestDatabase();
    for (const id of ["luna", "ivy"]) await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` }).onConflictDoNothing();
    web = await startPackageCrawlWeb({ postsPerPage: 10 });
    catalog = catalogOf();
    indexed = [];
  });
  afterEach(async () => {
    await web.close();
    await database.close();
  });

  it("tells each site's package from its pages, finds the posts naming her, plainly or in disguise, and nothing else; a second crawl reads nothing again", async () => {
    const luna: Record<PackageSite, string> = {} as Record<PackageSite, string>;
    // phpBB: a look-alike letter (Cyrillic а) in the title, her name dotted in the post.
    const mega = web.addThread("phpbb", "Lunа Rivers & friends – mega thread", "sets from a few models, links below");
    web.addPost("phpbb", mega.thread, `new set from l.u.n.a r.i.v.e.r.s, the beach one<br>${PRIVATE_IMG}<br><a href="https://mega.nz/folder/Bch1#k" class="postlink">https://mega.nz/folder/Bch1#k</a>`, { files: 1 });
    luna.phpbb = mega.url;
    const beach = web.addThread("phpbb", "Beach set (no names)", 'beach pics, 40 photos: <a href="https://mega.nz/folder/Nn1#k" class="postlink">mega</a>', { files: 1 });
    const ivy = web.addThread("phpbb", "ivy_vale OnlyFans leaked – 120 pics", 'ivy_vale full leak: <a href="https://mega.nz/folder/Iv1#k" class="postlink">mega</a>');
    // vBulletin 3: her nickname in leetspeak.
    luna.vb3 = web.addThread("vb3", "M00n Bunny pics & clips", 'more of the m00n bunny, full set below<br /><a href="https://gofile.io/d/Mb3x01" target="_blank">gofile.io/d/Mb3x01</a>', { files: 1 }).url;
    const sunset3 = web.addThread("vb3", "Sunset album", "a few sunsets from the coast");
    // vBulletin 4: her name plainly; a name that is no creator's.
    luna.vb4 = web.addThread("vb4", "Luna Rivers OnlyFans siterip (2026)", 'full siterip, 3 GB: <a href="https://mega.nz/folder/Sr4#k" target="_blank">mega</a>', { files: 1 }).url;
    const jade = web.addThread("vb4", "Jade Skye OnlyFans leaked", 'jade_skye leaked set: <a href="https://mega.nz/folder/Jd1#k" target="_blank">mega</a>');
    // WordPress: look-alike letters (Cyrillic а, і) in the title, her handle in leetspeak in the post.
    luna.wordpress = web.addThread("wordpress", "Lunа Rіvers – 40 pics & 2 clips", '<p>Full set from @lun4_r1vers</p><p><a href="https://pixeldrain.com/u/Wp40x1">Download (pixeldrain)</a></p>', { files: 1 }).url;
    const album = web.addThread("wordpress", "Sunset & sea – album", "<p>An album of the sea.</p>", { files: 1 });
    // vichan and LynxChan: look-alike letters in the subject, her name spaced out in a reply.
    const vichan = web.addThread("vichan", "Lуna Rіvers", "the beach set, as promised", { files: 1 });
    web.addPost("vichan", vichan.thread, 'more: l u n a  r i v e r s<br/><a href="https://mega.nz/folder/Vc13#k">mega</a>', { files: 1 });
    luna.vichan = vichan.url;
    const sunsetChan = web.addThread("vichan", "sunset thread", "post your sunsets", { files: 1 });
    const lynx = web.addThread("lynxchan", "Lуna Rіvers", "the beach set, as promised", { files: 1 });
    web.addPost("lynxchan", lynx.thread, 'more: <span class="greenText">&gt;l u n a r i v e r s</span> <a href="https://mega.nz/folder/Lx13#k">mega</a>', { files: 1 });
    luna.lynxchan = lynx.url;

    const first = await crawlAll();
    for (const r of first) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");

    // Each site was read as its package, from the listing its package offers.
    const detected = Object.fromEntries(
      (await database.db.select().from(crawlSite)).map((s) => [s.siteId, (s.lastRun as { detected?: { family: string; entryPages: string[] } }).detected]),
    );
    for (const id of ids) expect(detected[id]?.family, id).toBe(FAMILY[id]);
    expect(detected.phpbb!.entryPages).toEqual([`http://${PACKAGE_HOSTS.phpbb}/search.php?search_id=active_topics`]);
    expect(detected.vb3!.entryPages).toEqual([`http://${PACKAGE_HOSTS.vb3}/search.php?do=getdaily`]);
    expect(detected.vb4!.entryPages).toEqual([`http://${PACKAGE_HOSTS.vb4}/forum/search.php?do=getdaily`]);
    expect(detected.wordpress!.entryPages).toEqual([`http://${PACKAGE_HOSTS.wordpress}/feed/`]);
    expect(detected.vichan!.entryPages).toEqual([`http://${PACKAGE_HOSTS.vichan}/s/catalog.json`, `http://${PACKAGE_HOSTS.vichan}/b/catalog.json`]);
    expect(detected.lynxchan!.entryPages).toEqual([`http://${PACKAGE_HOSTS.lynxchan}/s/catalog.json`]);

    // Her leaks: one per site, at the thread's or post's own address; nothing else of hers.
    const lunaLeaks = await leaksOf("luna");
    expect(lunaLeaks.map((l) => l.canonicalUrl)).toEqual(Object.values(luna).sort());
    for (const trap of [beach.url, ivy.url, sunset3.url, jade.url, album.url, sunsetChan.url]) expect(lunaLeaks.map((l) => l.canonicalUrl)).not.toContain(trap);
    // Ivy's post is hers alone; the name that is nobody's is nobody's leak.
    expect((await leaksOf("ivy")).map((l) => l.canonicalUrl)).toEqual([ivy.url]);
    // Every row: her posts, Ivy's, and the two file-host links in her posts (the vb3 gofile, the WordPress pixeldrain).
    expect((await database.db.select().from(leak)).length).toBe(ids.length + 1 + 2);

    // The evidence: how it was found, the name as written and the disguise read through.
    const bySite = new Map(lunaLeaks.map((l) => [ids.find((id) => luna[id] === l.canonicalUrl)!, l]));
    for (const id of ids) {
      const l = bySite.get(id)!;
      expect(l.evidence.sources, id).toEqual([`crawl:${id}`]);
      expect(l.evidence.discovery, id).toMatchObject({ how: "crawl", site: id, siteName: SITES[id] });
      expect((l.evidence.signals as string[]).filter((s) => s.startsWith("crawl: "))[0], id).toMatch(new RegExp(`^crawl: new .* on ${SITES[id]}$`));
      expect((l.evidence.matchedNames as string[]).length, id).toBeGreaterThan(0);
    }
    const forms = (id: PackageSite) => new Set(((bySite.get(id)!.evidence.evasions ?? []) as NameEvasion[]).flatMap((e) => e.forms));
    expect([...forms("phpbb")].sort()).toEqual(["dotted", "lookalike"]);
    expect([...forms("vb3")]).toEqual(["leetspeak"]);
    expect([...forms("wordpress")]).toEqual(["lookalike"]);
    expect([...forms("vichan")]).toEqual(["spaced"]);
    expect([...forms("lynxchan")]).toEqual(["spaced"]);
    expect(bySite.get("vb4")!.evidence.evasions ?? []).toEqual([]);

    // Uploads were fetched from the sites and indexed; the private addresses in a post were never asked.
    const imageHosts = new Set(indexed.map((s) => new URL(s.imageUrl).host));
    for (const id of ids) expect(imageHosts.has(PACKAGE_HOSTS[id]), id).toBe(true);
    const known = new Set<string>(Object.values(PACKAGE_HOSTS));
    for (const rec of web.proxy.records) expect(known.has(rec.host), `${rec.host} ${rec.path}`).toBe(true);
    expect(indexed.some((s) => /10\.20\.0\.5|127\.0\.0\.1/.test(s.imageUrl))).toBe(false);

    // Each item page was read once.
    const read = web.itemRequests();
    expect(new Set(read).size).toBe(read.length);

    // The second crawl: nothing is new, nothing is read again.
    const before = read.length;
    const second = await crawlAll();
    for (const r of second) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");
    expect(web.itemRequests().length).toBe(before);
    expect(second.reduce((n, r) => n + r.itemsFound + r.itemsRead, 0)).toBe(0);
    expect((await database.db.select().from(leak)).length).toBe(ids.length + 1 + 2);

    // A new post on an ordinary thread naming her: that thread, and only it, is read again.
    web.addPost("vb3", sunset3.thread, 'found more of the m00n bunny here <a href="https://gofile.io/d/Mb3x02">gofile</a>');
    const third = await crawlAll();
    expect(third.find((r) => r.siteId === "vb3")!.itemsRead).toBe(1);
    expect(web.itemRequests().slice(before)).toEqual([`${PACKAGE_HOSTS.vb3} /showthread.php?p=${sunset3.thread.posts.at(-1)!.id}`]);
    expect((await leaksOf("luna")).map((l) => l.canonicalUrl)).toContain(sunset3.url);
  });

  it("a thread that gained three pages of posts between two crawls is read back from its last page to the posts read before, across runs, each page once", async () => {
    const forums = ["phpbb", "vb3", "vb4"] as const;
    const threads = forums.map((site) => {
      const t = web.addThread(site, "Random chat", "say hi");
      for (let i = 0; i < 4; i++) web.addPost(site, t.thread, `hello ${i}`);
      return t;
    });
    const crawl = async (extra: Record<string, string> = {}) => {
      const r = runner(extra);
      const out = [];
      for (const site of forums) out.push(await r.run(site));
      return out;
    };
    for (const r of await crawl()) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");
    expect(await leaksOf("luna")).toEqual([]);
    const readBefore = web.itemRequests().length;
    expect(readBefore).toBe(3);

    // 31 new posts (posts 6 to 36): the thread now has 4 pages of 10; the new posts start on page 1.
    for (const [i, site] of forums.entries()) {
      const t = threads[i]!.thread;
      for (let n = 6; n <= 36; n++) {
        const body =
          n === 8
            ? 'ivy_vale onlyfans leaked, 60 pics <a href="https://mega.nz/folder/IvT8#k">mega</a>'
            : n === 14
              ? 'luna_rivers onlyfans leaked set, 80 pics <a href="https://mega.nz/folder/LrT14#k">mega</a>'
              : `chat ${n}`;
        web.addPost(site, t, body);
      }
    }

    // A run whose request budget ends midway through the walk (its listing, the last page, the images on it)...
    const partial = await crawl({ CRAWL_MAX_REQUESTS_PER_RUN: "3" });
    for (const r of partial) expect(r.outcome, r.siteId).toBe("budget-exhausted");
    const readPartly = web.itemRequests().length - readBefore;
    expect(readPartly).toBeGreaterThanOrEqual(3);
    expect(readPartly).toBeLessThan(12);
    expect(await leaksOf("luna")).toEqual([]);
    // ...and the next goes on from the page it had queued, back to page 1 (which holds post 5, read before), not further.
    for (const r of await crawl()) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");

    const read = web.itemRequests().slice(readBefore);
    expect(new Set(read).size).toBe(read.length);
    const [phpbb, vb3, vb4] = threads.map((t) => t.thread);
    const on = (host: string) => read.filter((r) => r.startsWith(`${host} `)).map((r) => r.slice(host.length + 1));
    expect(on(PACKAGE_HOSTS.phpbb)).toEqual([
      `/viewtopic.php?p=${phpbb!.posts.at(-1)!.id}`,
      `/viewtopic.php?t=${phpbb!.id}&start=20`,
      `/viewtopic.php?t=${phpbb!.id}&start=10`,
      `/viewtopic.php?t=${phpbb!.id}`,
    ]);
    expect(on(PACKAGE_HOSTS.vb3)).toEqual([`/showthread.php?p=${vb3!.posts.at(-1)!.id}`, `/showthread.php?t=${vb3!.id}&page=3`, `/showthread.php?t=${vb3!.id}&page=2`, `/showthread.php?t=${vb3!.id}`]);
    expect(on(PACKAGE_HOSTS.vb4)).toEqual([
      `/forum/showthread.php?p=${vb4!.posts.at(-1)!.id}`,
      `/forum/showthread.php?${vb4!.id}-random-chat/page3`,
      `/forum/showthread.php?${vb4!.id}-random-chat/page2`,
      `/forum/showthread.php?${vb4!.id}-random-chat`,
    ]);
    // The posts on the earlier pages are found, each at the thread's address.
    expect((await leaksOf("luna")).map((l) => l.canonicalUrl)).toEqual(threads.map((t) => t.url).sort());
    expect((await leaksOf("ivy")).map((l) => l.canonicalUrl)).toEqual(threads.map((t) => t.url).sort());

    // Nothing new: nothing read. A new post on the last page: only that page.
    for (const r of await crawl()) expect(r.itemsRead, r.siteId).toBe(0);
    web.addPost("phpbb", phpbb!, "chat 37");
    const before = web.itemRequests().length;
    await crawl();
    expect(web.itemRequests().slice(before)).toEqual([`${PACKAGE_HOSTS.phpbb} /viewtopic.php?p=${phpbb!.posts.at(-1)!.id}`]);
  });

  it("walks back no further than CRAWL_MAX_THREAD_PAGES pages of a thread", async () => {
    const t = web.addThread("phpbb", "Long thread", "first");
    await runner().run("phpbb");
    for (let n = 2; n <= 60; n++) web.addPost("phpbb", t.thread, `chat ${n}`);
    const before = web.itemRequests().length;
    expect((await runner({ CRAWL_MAX_THREAD_PAGES: "3" }).run("phpbb")).outcome).toBe("completed");
    expect(web.itemRequests().slice(before)).toEqual([
      `${PACKAGE_HOSTS.phpbb} /viewtopic.php?p=${t.thread.posts.at(-1)!.id}`,
      `${PACKAGE_HOSTS.phpbb} /viewtopic.php?t=${t.thread.id}&start=40`,
      `${PACKAGE_HOSTS.phpbb} /viewtopic.php?t=${t.thread.id}&start=30`,
    ]);
  });
});
