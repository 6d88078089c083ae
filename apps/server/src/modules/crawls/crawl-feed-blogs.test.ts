import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useCrawlHoldout } from "@leakwarden/test-support/crawl-holdout";
import type { NameEvasion } from "@leakwarden/contracts/scans";
import { crawlItem, crawlSite } from "../../db/schema/crawls";
import { leak } from "../../db/schema/scans";
import { hashReferenceImage, matchReferences, prepareReferences } from "../../scanner/image-match";
import { LeakSiteCatalog, leakSiteSchema } from "../../scanner/leak-site-catalog";
import { fixturePath } from "@leakwarden/test-support/fake-web/fake-search";
import { FEED_BLOG_HOSTS, startFeedBlogWeb } from "@leakwarden/test-support/fake-web/feed-blog-web";

/**
 * Leak blogs of no forum or WordPress package, a Blogger blog on its own domain and a Ghost blog, each catalogued by
 * its host alone: each is told from its home page's posts feed and read through it, its posts' whole text and photos
 * from the feed itself (no post page asked for), paged where the feed says (Blogger's start-index).
 */

const H = FEED_BLOG_HOSTS;
const catalog = new LeakSiteCatalog([
  leakSiteSchema.parse({ id: "hotleakvault", name: "Hot Leak Vault", domains: [H.blogger.replace(/^www\./, "")], crawl: { baseUrl: `http://${H.blogger}` } }),
  leakSiteSchema.parse({ id: "creatordrops", name: "Creator Drops", domains: [H.ghost], crawl: { baseUrl: `http://${H.ghost}` } }),
]);
const ids = ["hotleakvault", "creatordrops"];

describe("crawl: leak blogs read through their feeds (Blogger, Ghost), catalogued by host alone", () => {
  const h = useCrawlHoldout(startFeedBlogWeb);
  const crawlAll = () => h.crawlAll(catalog, ids);
  const leaksOf = (userId: string) => h.leaksOf(userId);

  it("finds her disguised name and her re-encoded photo in posts the feeds carry, nothing of others', never asks for a post page, and reads nothing twice", async () => {
    const mega = (k: string) => `<div><a href="https://mega.nz/folder/${k}#k">Download</a></div>`;
    // Blogger (five posts, two a feed page): her name dotted in a label; an image-only post with her photo; a near name; ordinary words; Ivy's.
    const dotted = h.web.addPost("blogger", "New set from our favourite redhead 🔥", `<div>Full pack (42 pics) below, leaked from her OnlyFans</div>${mega("Hv9Lq2Xa")}`, ["OnlyFans", "L.u.n.a R.i.v.e.r.s"], "other");
    const herPhotoB = h.web.addPost("blogger", "Beach day", "", [], "her");
    const trapB = h.web.addPost("blogger", "Luna Riverside OnlyFans leaked pack", `<div>all 30 pics</div>${mega("Tr4pAa1B")}`, ["OnlyFans"], "other");
    const plainB = h.web.addPost("blogger", "Full moon over the river", "<p>the bunny slippers stay on</p>", ["Nature"]);
    const ivyB = h.web.addPost("blogger", "ivy_vale OnlyFans leaked", `<div>new</div>${mega("IvY0001a")}`, ["OnlyFans"], "other");
    // Ghost: her handle in leetspeak in a title; an image-only post with her photo (WebP); a near name; Ivy's.
    const leet = h.web.addPost("ghost", "Lun4 R1vers &amp; friends: the full November pack", `<p>58 photos and 3 clips, leaked from her OnlyFans.</p><div class="kg-card kg-button-card"><a href="https://gofile.io/d/Gh05tP" class="kg-btn">Download</a></div>`, ["OnlyFans", "Packs"], "other");
    const herPhotoG = h.web.addPost("ghost", "Sunday mood", "<p>No words needed.</p>", ["Photos"], "her");
    const trapG = h.web.addPost("ghost", "Lunar Rivers leaked OnlyFans set", "<p>30 pics</p>", ["OnlyFans"]);
    const ivyG = h.web.addPost("ghost", "Ivy Vale leaked OnlyFans pack", `<p>new</p>`, ["OnlyFans"], "other");

    const first = await crawlAll();
    for (const r of first) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");
    console.info(`feed blogs: ${first.map((r) => `${r.siteId} ${r.listingPages}/${r.itemsFound}/${r.itemsRead} requests ${r.requests}`).join("; ")}`);

    const detected = Object.fromEntries((await h.database.db.select().from(crawlSite)).map((s) => [s.siteId, (s.lastRun as { detected?: { family: string; entryPages: string[] } }).detected]));
    expect(detected.hotleakvault).toMatchObject({ family: "feed", entryPages: [`http://${H.blogger}/feeds/posts/default`] });
    expect(detected.creatordrops).toMatchObject({ family: "feed", entryPages: [`http://${H.ghost}/rss/`] });

    // Her name in disguise, in a label and in a title, is found; near names, ordinary words and Ivy's posts are not hers.
    const found = await leaksOf("luna");
    expect(found).toEqual([dotted.url, leet.url].sort());
    for (const trap of [trapB, trapG, plainB, herPhotoB, herPhotoG, ivyB, ivyG]) expect(found).not.toContain(trap.url);
    expect(await leaksOf("ivy")).toEqual([ivyB.url, ivyG.url].sort());
    const rows = await h.database.db.select().from(leak).where(eq(leak.userId, "luna"));
    const forms = (url: string) => new Set(((rows.find((l) => l.canonicalUrl === url)?.evidence.evasions ?? []) as NameEvasion[]).flatMap((e) => e.forms));
    expect([...forms(dotted.url)]).toContain("dotted");
    expect([...forms(leet.url)]).toContain("leetspeak");

    // The posts with only her photo: their photos (re-encoded, WebP on Ghost) went to the image index on their post's page, and match her reference.
    const ref = prepareReferences([await hashReferenceImage(fixturePath("reference-photo.jpg"), "beach")]);
    for (const post of [herPhotoB, herPhotoG]) {
      const seen = h.indexed.find((s) => s.imageUrl === post.file);
      expect(seen, post.file!).toBeDefined();
      expect(seen!.pageUrl).toBe(post.url);
      expect(matchReferences({ hash: seen!.hash.original, hashes: seen!.hash, quality: seen!.quality, width: 0, height: 0 }, ref), post.file!).not.toBeNull();
    }

    // The feeds carried every post: no post page was asked for, only home pages, feeds, robots.txt and photos; Blogger's feed paged on its own host.
    const pages = h.web.requests.filter((r) => !r.path.startsWith("/img/") && !r.path.startsWith("/content/images/"));
    expect(pages.filter((r) => !["/", "/robots.txt", "/feeds/posts/default", "/rss/"].includes(r.path.replace(/\?.*$/, "")))).toEqual([]);
    expect(pages.filter((r) => r.host === H.blogger && r.path.startsWith("/feeds/")).map((r) => r.path)).toEqual([
      "/feeds/posts/default",
      "/feeds/posts/default?start-index=3&max-results=2",
      "/feeds/posts/default?start-index=5&max-results=2",
    ]);
    // The pages the feeds carried are kept only until their items are read.
    const items = await h.database.db.select().from(crawlItem);
    expect(items).toHaveLength(9);
    for (const i of items) expect([i.status, i.page], i.url).toEqual(["done", null]);
    const known = new Set<string>(Object.values(H));
    for (const rec of h.web.requests) expect(known.has(rec.host), `${rec.host} ${rec.path}`).toBe(true);

    // A second crawl reads nothing again; a new post naming her is read alone, from the feed's first page.
    const second = await crawlAll();
    for (const r of second) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");
    expect(second.reduce((n, r) => n + r.itemsRead, 0)).toBe(0);
    const fresh = h.web.addPost("ghost", "luna_rivers OnlyFans leaked: December set", "<p>new set</p>", ["OnlyFans"]);
    const third = await crawlAll();
    expect(third.find((r) => r.siteId === "creatordrops")!.itemsRead).toBe(1);
    expect(third.find((r) => r.siteId === "hotleakvault")!.itemsRead).toBe(0);
    expect(await leaksOf("luna")).toContain(fresh.url);
  }, 240_000);
});
