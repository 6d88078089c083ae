import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NameEvasion } from "@leakwarden/contracts/scans";
import { crawlSite } from "../../db/schema/crawls";
import { leak } from "../../db/schema/scans";
import { canonicalizeUrl } from "../../scanner/canonical-url";
import { LeakSiteCatalog, leakSiteSchema } from "../../scanner/leak-site-catalog";
import { BOORU_HOSTS, startBooruHoldoutWeb, type BooruSite } from "@leakwarden/test-support/fake-web/booru-holdout-web";
import { useCrawlHoldout } from "@leakwarden/test-support/crawl-holdout";

/**
 * A crawl holdout of tag-based image boards: a Danbooru board, a Gelbooru 0.2.5 board, a Gelbooru 0.2.0 clone that
 * answers in XML only, a Moebooru board, a Philomena board, a Shimmie2 board with nice URLs and one without (index.php?q=), and a Szurubooru board (whose API answers only those asking for JSON), served as those packages serve them (fixtures/crawl, SOURCES.md), each
 * catalogued by its host alone, as an operator adds a site by name. Her stage name is a tag (luna_rivers, lunarivers,
 * disguised); other creators' near tags, ordinary words and posts that name no one sit beside hers. Each board is
 * crawled first as the crawler read such a site before it knew boorus (as a generic listing of its home page), then
 * by host alone.
 */

const SITES: Record<BooruSite, string> = { danbooru: "PinkPeach", gelbooru: "NightOwl Booru", "gelbooru-xml": "MirrorHall", moebooru: "Cloudberry", philomena: "VelvetMare", shimmie: "DuskMoth", "shimmie-ugly": "FernHollow", szurubooru: "SaltMarsh" };
const ids = Object.keys(SITES) as BooruSite[];
const catalogOf = (family?: "listing") =>
  new LeakSiteCatalog(ids.map((id) => leakSiteSchema.parse({ id, name: SITES[id], domains: [BOORU_HOSTS[id]], crawl: { baseUrl: `http://${BOORU_HOSTS[id]}`, ...(family ? { family, entryPages: [`http://${BOORU_HOSTS[id]}/`] } : {}) } })));

describe("crawl holdout: Danbooru, Gelbooru (JSON and XML), Moebooru, Philomena, Shimmie2 (nice URLs or not) and Szurubooru boards, catalogued by host alone", () => {
  const h = useCrawlHoldout(startBooruHoldoutWeb);
  const crawlAll = (catalog = catalogOf()) => h.crawlAll(catalog, ids);
  const leaksOf = (userId: string) => h.leaksOf(userId);

  it("tells each board's software, finds her name as a tag in disguise, indexes every post's photo at full size, nothing of others', and reads nothing twice", async () => {
    const luna: string[] = [];
    const traps: string[] = [];
    const photos: string[] = [];
    const ivy: string[] = [];
    const add = (site: BooruSite, tags: string, as: "luna" | "trap" | "ivy" | "photo") => {
      const added = h.web.addPost(site, tags);
      // Findings are kept by their canonical address (Gelbooru's query sorted).
      const p = { ...added, url: canonicalizeUrl(added.url) };
      if (as === "luna") luna.push(p.url);
      else if (as === "ivy") ivy.push(p.url);
      else traps.push(p.url);
      if (as === "luna" || as === "photo") photos.push(p.file);
      return p;
    };

    // Danbooru: her stage name as a tag; in leetspeak; a photo whose tags name no one; another creator's near tag; ordinary words; Ivy's.
    add("danbooru", "1girl luna_rivers onlyfans photo_(medium) solo swimsuit", "luna");
    const leet = add("danbooru", "1girl leaked lun4_r1vers photo_(medium) solo", "luna");
    add("danbooru", "1girl bikini photo_(medium) solo", "photo");
    add("danbooru", "1girl luna_riverside onlyfans photo_(medium)", "trap");
    add("danbooru", "bunny_slippers full_moon night river scenery", "trap");
    add("danbooru", "1girl ivy_vale onlyfans photo_(medium)", "ivy");

    // Gelbooru (JSON): her name joined as one tag; with a Cyrillic look-alike letter; a photo naming no one; another Luna and a near name.
    add("gelbooru", "1girl lunarivers nude onlyfans", "luna");
    const lookalike = add("gelbooru", "1girl lunа_rivers lingerie", "luna");
    add("gelbooru", "1girl lingerie solo", "photo");
    add("gelbooru", "cat luna_(sailor_moon) moon river", "trap");
    add("gelbooru", "1girl luna_riverside onlyfans", "trap");
    add("gelbooru", "ivy_vale onlyfans", "ivy");

    // The Gelbooru clone (XML only): her name with a board's qualifier; a photo naming no one; a near name.
    add("gelbooru-xml", "luna_rivers_(model) real_person photo", "luna");
    add("gelbooru-xml", "1girl photo real_person", "photo");
    add("gelbooru-xml", "lunar_river_(model) real_person photo", "trap");

    // Moebooru: her name as a tag; her nickname as a tag; a photo naming no one; a near name; Ivy's.
    add("moebooru", "luna_rivers onlyfans photo", "luna");
    add("moebooru", "moon_bunny leaked photo", "luna");
    add("moebooru", "photo seifuku", "photo");
    add("moebooru", "luna_riverside onlyfans photo", "trap");
    add("moebooru", "ivy_vale onlyfans photo", "ivy");

    // Philomena: her name as an artist tag (a name with a space); in leetspeak; a photo naming no one; a near name; Ivy's
    // (the explicit ones hidden by the board's default filter, as an anonymous visitor's search is).
    add("philomena", "artist:luna_rivers photo solo explicit", "luna");
    add("philomena", "lun4_r1vers photo explicit", "luna");
    add("philomena", "photo solo safe", "photo");
    add("philomena", "artist:luna_riverside photo explicit", "trap");
    add("philomena", "artist:ivy_vale photo explicit", "ivy");

    // Shimmie2: her name as a tag; dotted; a photo naming no one; a near name.
    add("shimmie", "luna_rivers onlyfans photo", "luna");
    const dotted = add("shimmie", "l.u.n.a_r.i.v.e.r.s leaked photo", "luna");
    add("shimmie", "photo solo", "photo");
    add("shimmie", "luna_riverside onlyfans photo", "trap");

    // Shimmie2 without nice URLs: her name as a tag; a photo naming no one; a near name.
    add("shimmie-ugly", "luna_rivers real_person photo", "luna");
    add("shimmie-ugly", "photo real_person", "photo");
    add("shimmie-ugly", "lunar_river photo", "trap");

    // Szurubooru: her name as a tag; spaced out; a photo naming no one; a near name; Ivy's.
    add("szurubooru", "luna_rivers onlyfans photo", "luna");
    add("szurubooru", "l_u_n_a_r_i_v_e_r_s leaked photo", "luna");
    add("szurubooru", "photo solo", "photo");
    add("szurubooru", "luna_riverside onlyfans photo", "trap");
    add("szurubooru", "ivy_vale onlyfans photo", "ivy");

    const figures = async (label: string, runs: Awaited<ReturnType<typeof crawlAll>>) => {
      const found = await leaksOf("luna");
      const hits = luna.filter((u) => found.includes(u)).length;
      const falseFinds = found.length - hits + (await leaksOf("ivy")).filter((u) => !ivy.includes(u)).length;
      console.info(
        `booru holdout ${label}: found ${hits}/${luna.length} of hers, ${falseFinds} false finds, ${h.indexed.length} images indexed (${photos.filter((p) => h.indexed.some((s) => s.imageUrl === p)).length}/${photos.length} expected); ` +
          runs.map((r) => `${r.siteId} ${r.outcome}${r.error ? ` (${r.error.slice(0, 80)})` : ""} ${r.listingPages}/${r.itemsFound}/${r.itemsRead}`).join("; "),
      );
      return { hits, falseFinds };
    };

    // Before: the boards read as the crawler read them without the booru families (a generic listing of the home page).
    const before = await figures("before (generic listing)", await crawlAll(catalogOf("listing")));
    expect(before.hits).toBeLessThan(luna.length);

    // After, in a fresh database: each board by host alone.
    await h.freshDatabase();
    const asked = h.web.requests.length;
    const first = await crawlAll();
    const firstRequests = h.web.requests.slice(asked);
    // Each board's post list holds every post whole (tags and file): no post is asked for again by its one-post address.
    const onePost = /\/posts\/\d+\.json|[?&]id=\d|[?&]tags=id|\/api\/v1\/json\/images\/\d|id%3D\d|id%253D\d|\/api\/post\/\d/i;
    console.info(`booru holdout first crawl by host alone: ${firstRequests.length} requests (${firstRequests.filter((r) => onePost.test(r.path)).length} for one post)`);
    expect(firstRequests.filter((r) => onePost.test(r.path))).toEqual([]);
    const after = await figures("after (host alone)", first);
    for (const r of first) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");

    const detected = Object.fromEntries((await h.database.db.select().from(crawlSite)).map((s) => [s.siteId, (s.lastRun as { detected?: { family: string; entryPages: string[] } }).detected]));
    const H = BOORU_HOSTS;
    expect(detected.danbooru).toMatchObject({ family: "danbooru", entryPages: [`http://${H.danbooru}/posts.json?limit=100`] });
    expect(detected.gelbooru).toMatchObject({ family: "gelbooru", entryPages: [`http://${H.gelbooru}/index.php?page=dapi&s=post&q=index&json=1&limit=100&pid=0`] });
    expect(detected["gelbooru-xml"]).toMatchObject({ family: "gelbooru", entryPages: [`http://${H["gelbooru-xml"]}/index.php?page=dapi&s=post&q=index&json=1&limit=100&pid=0`] });
    expect(detected.moebooru).toMatchObject({ family: "moebooru", entryPages: [`http://${H.moebooru}/post.json?limit=100`] });
    expect(detected.shimmie).toMatchObject({ family: "shimmie", entryPages: [`http://${H.shimmie}/rss/images/1`] });
    expect(detected["shimmie-ugly"]).toMatchObject({ family: "shimmie", entryPages: [`http://${H["shimmie-ugly"]}/index.php?q=rss%2Fimages%2F1`] });
    expect(detected.szurubooru).toMatchObject({ family: "szurubooru", entryPages: [`http://${H.szurubooru}/api/posts/?offset=0&limit=100&query=`] });
    expect(detected.philomena).toMatchObject({ family: "philomena", entryPages: [`http://${H.philomena}/api/v1/json/search/images?q=*&sf=created_at&sd=desc&filter_id=56&per_page=50&page=1`] });

    const found = await leaksOf("luna");
    expect(found).toEqual([...luna].sort());
    for (const trap of traps) expect(found).not.toContain(trap);
    expect(await leaksOf("ivy")).toEqual([...ivy].sort());
    expect(after.falseFinds).toBe(0);

    const rows = await h.database.db.select().from(leak).where(eq(leak.userId, "luna"));
    const forms = (url: string) => new Set(((rows.find((l) => l.canonicalUrl === url)?.evidence.evasions ?? []) as NameEvasion[]).flatMap((e) => e.forms));
    expect([...forms(leet.url)]).toContain("leetspeak");
    expect([...forms(lookalike.url)]).toContain("lookalike");
    expect([...forms(dotted.url)]).toContain("dotted");

    // Every post's file at full size went to the image index, those naming no one too.
    const seen = new Set(h.indexed.map((s) => s.imageUrl));
    for (const src of photos) expect(seen.has(src), src).toBe(true);
    const known = new Set<string>(Object.values(H));
    for (const rec of h.web.proxy.records) expect(known.has(rec.host), `${rec.host} ${rec.path}`).toBe(true);

    // A second crawl reads nothing again; a new post tagged with her name is read alone.
    const second = await crawlAll();
    for (const r of second) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");
    expect(second.reduce((n, r) => n + r.itemsRead, 0)).toBe(0);
    const fresh = h.web.addPost("danbooru", "1girl luna_rivers photo_(medium) onlyfans");
    const third = await crawlAll();
    expect(third.find((r) => r.siteId === "danbooru")!.itemsRead).toBe(1);
    expect(third.filter((r) => r.siteId !== "danbooru").reduce((n, r) => n + r.itemsRead, 0)).toBe(0);
    expect(await leaksOf("luna")).toContain(canonicalizeUrl(fresh.url));
  }, 240_000);
});
