import { describe, expect, it } from "vitest";
import { useCrawlHoldout } from "@leakwarden/test-support/crawl-holdout";
import { crawlSite } from "../../db/schema/crawls";
import { canonicalizeUrl } from "../../scanner/canonical-url";
import { LeakSiteCatalog, leakSiteSchema } from "../../scanner/leak-site-catalog";
import { KEMONO_HOSTS, startKemonoArchiveWeb, type KemonoArchive } from "@leakwarden/test-support/fake-web/kemono-archive-web";

/**
 * A crawl holdout of paid-content archives running Kemono: a newer server (as coomer.st answers: an empty browser-app
 * shell for a home page, its API only to requests that accept text/css, { count, posts } lists, posts with files on a
 * data server) and an older clone (its Kemono2 page shell, bare arrays), each catalogued by its host alone. Her name is
 * in no post's text: only her OnlyFans handle (the post's user), her Fansly profile's name (the post's user is a number)
 * or her nickname as a Patreon profile's name say it is hers; her photo is also re-posted as another account's attachment.
 */

const SITES: Record<KemonoArchive, string> = { newer: "VelvetVault", older: "Paywall Mirror" };
const ids = Object.keys(SITES) as KemonoArchive[];
const catalog = () => new LeakSiteCatalog(ids.map((id) => leakSiteSchema.parse({ id, name: SITES[id], domains: [KEMONO_HOSTS[id]], crawl: { baseUrl: `http://${KEMONO_HOSTS[id]}` } })));

describe("crawl holdout: Kemono archives (a newer server and an older clone), catalogued by host alone", () => {
  const h = useCrawlHoldout(startKemonoArchiveWeb);
  const crawlAll = () => h.crawlAll(catalog(), ids);
  const leaksOf = (userId: string) => h.leaksOf(userId);

  it("tells the software by host alone, finds her by handle and profile name, indexes every post's images, nothing of others', and reads nothing twice", async () => {
    const luna: string[] = [];
    const traps: string[] = [];
    const ivy: string[] = [];
    const u = (url: string) => canonicalizeUrl(url);
    const herPhoto = h.web.file("IMG_4410.jpg", "luna beach photo");

    // The newer server. Her Fansly post first, so that fifty newer posts push it to the list's second page: its user is
    // Fansly's number, and only her profile's name (LunaRivers) says it is hers.
    const fansly = h.web.addCreator("newer", "fansly", "418804225180983296", "LunaRivers");
    luna.push(u(h.web.addPost("newer", fansly, { title: "PPV drop", content: "<p>enjoy xx</p>", publishedDaysAgo: 30 }).url));
    const fillers = ["mia.sol", "rosiepeach", "kaylee_b"].map((handle) => h.web.addCreator("newer", "onlyfans", handle, handle));
    const fillerPosts = Array.from({ length: 52 }, (_, i) => h.web.addPost("newer", fillers[i % 3]!, { title: i % 4 === 0 ? "" : `set ${i}`, content: `<p>pics ${i}</p>` }));
    // Her OnlyFans account: the handle is the post's user, the title says nothing of her.
    const onlyfans = h.web.addCreator("newer", "onlyfans", "luna_rivers", "luna_rivers");
    const hers = h.web.addPost("newer", onlyfans, { title: "Beach day 🌊", content: "<p>40 new pics in your DMs</p>", attachments: [herPhoto, h.web.file("IMG_4411.jpg", "luna beach 2")] });
    luna.push(u(hers.url));
    // Another account re-posts her photo as an attachment (it names no one): not hers by name, but its image is h.indexed.
    const reposter = h.web.addCreator("newer", "onlyfans", "sunnyxo", "sunnyxo");
    const repost = h.web.addPost("newer", reposter, { title: "weekly dump", content: "<p>best of the week</p>", file: null, attachments: [h.web.file("1.jpg", "sunny 1"), herPhoto] });
    traps.push(u(repost.url));
    const herPhotoUrl = hers.files[1]!;
    // A near name, and Ivy.
    traps.push(u(h.web.addPost("newer", h.web.addCreator("newer", "onlyfans", "luna_riverside", "luna_riverside"), { title: "new set" }).url));
    ivy.push(u(h.web.addPost("newer", h.web.addCreator("newer", "onlyfans", "ivy_vale", "ivy_vale"), { title: "gym pics" }).url));

    // The older clone: her nickname as a Patreon profile's name; a near name; a creator whose name is other words.
    luna.push(u(h.web.addPost("older", h.web.addCreator("older", "patreon", "40123456", "Moon Bunny"), { title: "Bunny suit set (HQ)", content: "<p>Thank you patrons!</p>" }).url));
    traps.push(u(h.web.addPost("older", h.web.addCreator("older", "fanbox", "7712044", "Luna Riverside"), { title: "illustration pack" }).url));
    traps.push(u(h.web.addPost("older", h.web.addCreator("older", "gumroad", "lunarriverart", "Lunar River Art"), { title: "brushes" }).url));

    const first = await crawlAll();
    for (const r of first) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");
    console.info(`kemono holdout: ${first.map((r) => `${r.siteId} ${r.listingPages}/${r.itemsFound}/${r.itemsRead} (${r.requests} requests)`).join("; ")}, ${h.indexed.length} images h.indexed`);

    const detected = Object.fromEntries((await h.database.db.select().from(crawlSite)).map((s) => [s.siteId, (s.lastRun as { detected?: { family: string; entryPages: string[] } }).detected]));
    expect(detected.newer).toMatchObject({ family: "kemono", entryPages: [`http://${KEMONO_HOSTS.newer}/api/v1/posts?o=0`] });
    expect(detected.older).toMatchObject({ family: "kemono", entryPages: [`http://${KEMONO_HOSTS.older}/api/v1/posts?o=0`] });

    // The newer server's list was walked to its second page; every post was read.
    expect(h.web.requests.filter((r) => r.host === KEMONO_HOSTS.newer && r.path === "/api/v1/posts?o=50")).toHaveLength(1);
    expect(first.find((r) => r.siteId === "newer")!.itemsRead).toBe(52 + 5);
    expect(first.find((r) => r.siteId === "older")!.itemsRead).toBe(3);
    // A creator's profile is asked once a run, however many of her posts are read.
    expect(h.web.requests.filter((r) => r.path === "/api/v1/onlyfans/user/mia.sol/profile")).toHaveLength(1);

    expect(await leaksOf("luna")).toEqual([...luna].sort());
    expect(await leaksOf("ivy")).toEqual([...ivy].sort());

    // Every post's images went to the image index at full size (from the data server), her re-posted photo with them.
    const seen = new Set(h.indexed.map((s) => s.imageUrl));
    for (const src of [...hers.files, ...repost.files, ...fillerPosts.flatMap((p) => p.files)]) expect(seen.has(src), src).toBe(true);
    // Her photo is one stored file (the archive keeps files by their hash): seen on her post and on the re-post.
    expect(repost.files[1]).toBe(hers.files[1]);
    expect(h.indexed.filter((s) => s.imageUrl === herPhotoUrl).map((s) => s.pageUrl).sort()).toEqual([hers.url, repost.url].sort());

    // Nothing but the archives (and the newer one's data server) was asked, and only through the proxy.
    const known = new Set<string>([...Object.values(KEMONO_HOSTS), h.web.dataHost]);
    for (const rec of h.web.proxy.records) expect(known.has(rec.host), `${rec.host} ${rec.path}`).toBe(true);

    // A second crawl reads nothing again; a new post of hers is read alone.
    const second = await crawlAll();
    for (const r of second) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");
    expect(second.reduce((n, r) => n + r.itemsRead, 0)).toBe(0);
    const fresh = h.web.addPost("newer", onlyfans, { title: "🎀", content: "<p>new</p>" });
    const third = await crawlAll();
    expect(third.find((r) => r.siteId === "newer")!.itemsRead).toBe(1);
    expect(third.find((r) => r.siteId === "older")!.itemsRead).toBe(0);
    expect(await leaksOf("luna")).toContain(u(fresh.url));
    for (const trap of traps) expect(await leaksOf("luna")).not.toContain(trap);
  }, 240_000);
});
