import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NameEvasion } from "@leakwarden/contracts/scans";
import { crawlSite } from "../../db/schema/crawls";
import { leak } from "../../db/schema/scans";
import { LeakSiteCatalog, leakSiteSchema } from "../../scanner/leak-site-catalog";
import { HOLDOUT_CRAWL_HOSTS, startCrawlHoldoutWeb, type HoldoutCrawlSite } from "@leakwarden/test-support/fake-web/crawl-holdout-web";
import { useCrawlHoldout } from "@leakwarden/test-support/crawl-holdout";

/**
 * A crawl holdout: leak sites running software the crawler was not written against — a Lemmy
 * instance, a Mastodon server, a Discuz! X3 board, a Chevereto image host, a Misskey server and a GoToSocial
 * server (by the accounts it is known for, since it keeps its timeline to tokens), and a tube script whose
 * older clips come only through its "Load more" button's JSON — served as those
 * programs serve them (fixtures/crawl, SOURCES.md), each catalogued by its host alone (family
 * "auto", no entry pages, no selectors), as an operator adds a site by name. Her names are
 * disguised as leak posts disguise them; other creators' near names, ordinary words and
 * image-only posts sit beside them.
 */

const SITES: Record<HoldoutCrawlSite, string> = { lemmy: "Velvet Den", mastodon: "Peach Pit", discuz: "Taohua BBS", chevereto: "SnapVault", misskey: "Sugar Cube", gotosocial: "Hazel Nook", tube: "ClipNest" };
const ids = Object.keys(SITES) as HoldoutCrawlSite[];
// A GoToSocial server that keeps its public timeline to tokens can be read only by the accounts it is known for.
const GTS_ACCOUNTS = ["hazel_drops", "night_owl"].map((u) => `http://${HOLDOUT_CRAWL_HOSTS.gotosocial}/@${u}`);
const catalogOf = () =>
  new LeakSiteCatalog(
    ids.map((id) =>
      leakSiteSchema.parse({
        id,
        name: SITES[id],
        domains: [HOLDOUT_CRAWL_HOSTS[id]],
        // The Mastodon server is also known for a hashtag its leak posts carry, whoever's server they come from.
        crawl: { baseUrl: `http://${HOLDOUT_CRAWL_HOSTS[id]}`, ...(id === "gotosocial" ? { entryPages: GTS_ACCOUNTS } : {}), ...(id === "mastodon" ? { tags: ["OFleaks"] } : {}) },
      }),
    ),
  );

const PRIVATE_IMG = '<img src="http://10.20.0.5/uploads/leak.jpg" alt=""><img src="http://127.0.0.1:5432/x.jpg" alt="">';

describe("crawl holdout: Lemmy, Mastodon, Discuz!, Chevereto, Misskey, GoToSocial and a JSON load-more tube, catalogued by host alone", () => {
  const h = useCrawlHoldout(startCrawlHoldoutWeb);
  const crawlAll = () => h.crawlAll(catalogOf(), ids);
  // The pages found (file-host links in her posts are leaks of their own, apart).
  const leaksOf = (userId: string) => h.leaksOf(userId);

  it("a server is told by its NodeInfo too: /.well-known/nodeinfo is followed to the document that names its software", async () => {
    const { database, web } = h;
    const H = HOLDOUT_CRAWL_HOSTS;
    web.addNote("sugar_drops", "Lun4_R1vers new set https://mega.nz/folder/Nd1Lq9Zz#k");
    const catalog = new LeakSiteCatalog([leakSiteSchema.parse({ id: "misskey", name: "Sugar Cube", domains: [H.misskey], crawl: { baseUrl: `http://${H.misskey}`, entryPages: [`http://${H.misskey}/.well-known/nodeinfo`] } })]);
    const r = h.runner(catalog, { indexImages: false });
    const result = await r.run("misskey");
    expect(result.outcome, result.error ?? "").toBe("completed");
    const [row] = await database.db.select().from(crawlSite).where(eq(crawlSite.siteId, "misskey"));
    expect(row!.lastRun).toMatchObject({ detected: { family: "misskey", evidence: "NodeInfo: misskey 2025.4.1", entryPages: [`http://${H.misskey}/api/notes/local-timeline?limit=30&withRenotes=false`] } });
    expect(web.requests.filter((q) => q.host === H.misskey).map((q) => q.path).slice(0, 3)).toEqual(["/robots.txt", "/.well-known/nodeinfo", "/nodeinfo/2.1"]);
    expect(await leaksOf("luna")).toHaveLength(1);
  });

  it("tells each site's software, finds her disguised names and the photos of image-only posts, nothing of others', and reads nothing twice", async () => {
    const { database, web, indexed } = h;
    const H = HOLDOUT_CRAWL_HOSTS;
    const luna: string[] = [];
    const traps: string[] = [];
    const photos: string[] = [];

    // Lemmy: her handle in leetspeak in a link post's title; her name as a hashtag in a comment of a request thread; an image-only link post.
    const l1 = web.addLemmyPost("Lun4 R1vers – beach set, 40 pics", { body: `Full set below\n\n![beach](http://${H.lemmy}/pictrs/image/5b1e07c2-beach-01.jpeg)\n\n[mega](https://mega.nz/folder/Lm4x8Qzz#key)` });
    luna.push(l1.url);
    photos.push(`http://${H.lemmy}/pictrs/image/5b1e07c2-beach-01.jpeg`);
    const requests = web.addLemmyPost("Request thread – November", { body: "Post your requests here." });
    web.addLemmyComment(requests.post, "anyone have the pool set?");
    web.addLemmyComment(requests.post, "the #LunaRivers pool set: https://gofile.io/d/Lm3pool");
    luna.push(requests.url);
    const onlyPhoto = web.addLemmyPost("🔥", { url: `http://${H.lemmy}/pictrs/image/9a7f11d0-only.jpeg` });
    photos.push(`http://${H.lemmy}/pictrs/image/9a7f11d0-only.jpeg`);
    traps.push(onlyPhoto.url);
    traps.push(web.addLemmyPost("luna_riverside leaked pack (80 pics)", { body: "luna_riverside full pack: [mega](https://mega.nz/folder/Rs9x1Kkq#k)" }).url);
    const ivyLemmy = web.addLemmyPost("ivy_vale OnlyFans leaked – 120 pics", { body: "ivy_vale full leak: [gofile](https://gofile.io/d/Iv880x)" });

    // Mastodon: her name as a hashtag with a photo; her nickname in CamelCase; an image-only status; another creator's hashtag that contains hers; ordinary words.
    const m1 = web.addStatus(
      "dropbox_bot",
      `<p>New drop from <a href="http://${H.mastodon}/tags/LunaRivers" class="mention hashtag" rel="tag">#<span>LunaRivers</span></a> 🔥 full set: <a href="https://mega.nz/folder/Md1Qw7Ea#k" target="_blank" rel="nofollow noopener noreferrer" translate="no"><span class="invisible">https://</span><span class="ellipsis">mega.nz/folder/Md1Qw7Ea#</span><span class="invisible">k</span></a></p>${PRIVATE_IMG}`,
      ["b1a2c3d4e5f6a7b8.jpg"],
    );
    luna.push(m1.url);
    const m3 = web.addStatus("dropbox_bot", `<p>MoonBunny set dropped, 60 pics <a href="https://pixeldrain.com/u/Pd3mB9x" target="_blank" rel="nofollow noopener noreferrer" translate="no"><span class="invisible">https://</span><span class="">pixeldrain.com/u/Pd3mB9x</span><span class="invisible"></span></a></p>`);
    luna.push(m3.url);
    const m2 = web.addStatus("dropbox_bot", "", ["c9d8e7f6a5b4c3d2.jpg"]);
    traps.push(m2.url);
    traps.push(web.addStatus("dropbox_bot", `<p>new pics <a href="http://${H.mastodon}/tags/LunaRiverside" class="mention hashtag" rel="tag">#<span>LunaRiverside</span></a> <a href="https://mega.nz/folder/Rv2Kk8Pp#k" rel="nofollow noopener noreferrer" target="_blank">mega.nz/folder/Rv2Kk8Pp</a></p>`).url);
    traps.push(web.addStatus("night_owl", "<p>Full moon over the river tonight 🌕 the bunny slippers stay on</p>", ["e1f2a3b4c5d6e7f8.jpg"]).url);
    // From another server, in the tag's timeline only: her name spaced out; another creator's, under the same tag.
    const m4 = web.addStatus(
      "leakrelay",
      `<p>L u n a  R i v e r s full pack <a href="http://${H.mastodon}/tags/OFleaks" class="mention hashtag" rel="tag">#<span>OFleaks</span></a> <a href="https://mega.nz/folder/Tg4Xx9Qq#k" rel="nofollow noopener noreferrer" target="_blank">mega.nz/folder/Tg4Xx9Qq</a></p>`,
      [],
      "relay.example",
    );
    luna.push(m4.url);
    traps.push(web.addStatus("leakrelay", `<p>lun4_r1verside pack <a href="http://${H.mastodon}/tags/OFleaks" class="mention hashtag" rel="tag">#<span>OFleaks</span></a></p>`, [], "relay.example").url);
    const ivyMastodon = web.addStatus("dropbox_bot", '<p>ivy_vale leaked set <a href="https://gofile.io/d/IvM0st" rel="nofollow noopener noreferrer" target="_blank">gofile.io/d/IvM0st</a></p>');
    for (const f of ["b1a2c3d4e5f6a7b8.jpg", "c9d8e7f6a5b4c3d2.jpg"]) photos.push(`http://${H.mastodon}/system/media_attachments/files/113/${(f === "b1a2c3d4e5f6a7b8.jpg" ? m1 : m2).status.id.slice(-6)}/original/${f}`);

    // Discuz!: a look-alike letter (Cyrillic а) in a thread's subject, with attachment photos; her name dotted in the last reply
    // of a request thread (on its second page); an image-only thread; another creator's leetspeak name that contains hers.
    const d1 = web.addDiscuzThread("Lunа Rivers 泳装写真 (40P)", `全套下载：<a href="https://mega.nz/folder/Dz1Ab9Kq#k" target="_blank">https://mega.nz/folder/Dz1Ab9Kq#k</a>${PRIVATE_IMG}`, { attachments: ["093112ab1c2d3e4f5a6b7c.jpg"] });
    luna.push(d1.url);
    photos.push(`http://${H.discuz}/data/attachment/forum/202611/01/093112ab1c2d3e4f5a6b7c.jpg`);
    const d2 = web.addDiscuzThread("求档：十一月合集", "求各位大佬分享最新的合集");
    for (let n = 0; n < 10; n++) web.addDiscuzReply(d2.thread, `顶 ${n + 1}`);
    web.addDiscuzReply(d2.thread, '有了，l.u.n.a r.i.v.e.r.s 的全套：<a href="https://pixeldrain.com/u/Dz2pX7" target="_blank">https://pixeldrain.com/u/Dz2pX7</a>');
    luna.push(d2.url);
    const d3 = web.addDiscuzThread("分享几张", "", { attachments: ["101500ffeeddccbbaa9988.jpg"] });
    photos.push(`http://${H.discuz}/data/attachment/forum/202611/01/101500ffeeddccbbaa9988.jpg`);
    traps.push(d3.url);
    traps.push(web.addDiscuzThread("lun4_r1verside 合集 (60P)", '下载：<a href="https://mega.nz/folder/Rv4Lq2Ww#k">mega</a>').url);
    const ivyDiscuz = web.addDiscuzThread("ivy_vale 全集泄露", '下载：<a href="https://gofile.io/d/IvDz01">gofile</a>');

    // Chevereto: her stage name in an image's title; her name spaced out in another's description; an untitled photo; another creator's.
    const c1 = web.addImage("LunaRivers_OF_leak_04", "b2c1a0d9e8f7");
    luna.push(c1.url);
    const c2 = web.addImage("pool 02", "c3d2e1f0a9b8", "from the set of L u n a  R i v e r s, full leak on the forum");
    luna.push(c2.url);
    const c3 = web.addImage("IMG_2041", "d4e3f2a1b0c9");
    traps.push(c3.url);
    traps.push(web.addImage("luna_riverside_set_02", "e5f4a3b2c1d0").url);
    const ivyImage = web.addImage("ivy_vale_leak_11", "f6a5b4c3d2e1");
    for (const c of [c1, c3]) photos.push(c.file);

    // Misskey: her handle in leetspeak with a photo (and a file on a private address); her name as a hashtag in a content
    // warning; an image-only note; another creator's hashtag that contains hers; ordinary words; Ivy's.
    const k1 = web.addNote("sugar_drops", "Lun4_R1vers new set 🔥 $[x2 60 pics] https://mega.nz/folder/Mk1Lq9Zz#k", { files: ["7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f.jpg", "http://10.20.0.5/files/leak.jpg"] });
    luna.push(k1.url);
    photos.push(`http://${H.misskey}/files/7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f.jpg`);
    const k2 = web.addNote("sugar_drops", "full set: https://pixeldrain.com/u/Mk2pX7", { cw: "#LunaRivers 🔞" });
    luna.push(k2.url);
    const k3 = web.addNote("sugar_drops", null, { files: ["9f8e7d6c-5b4a-3928-1706-f5e4d3c2b1a0.jpg"] });
    photos.push(`http://${H.misskey}/files/9f8e7d6c-5b4a-3928-1706-f5e4d3c2b1a0.jpg`);
    traps.push(k3.url);
    traps.push(web.addNote("sugar_drops", "new pics #LunaRiverside https://mega.nz/folder/Rk8Pp2Vv#k").url);
    traps.push(web.addNote("night_owl", "Full moon over the river tonight 🌕 the bunny slippers stay on", { files: ["0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d.jpg"] }).url);
    const ivyMisskey = web.addNote("sugar_drops", "ivy_vale leaked set https://gofile.io/d/IvMk01");

    // GoToSocial: her name with a Cyrillic look-alike and a photo; her name as a hashtag in a content warning; an image-only
    // status; another creator's near name; ordinary words; Ivy's.
    const g1 = web.addGtsStatus("hazel_drops", '<p>Lunа Rivers new set <a href="https://mega.nz/folder/Gt1Lq9Zz#k" rel="nofollow noreferrer noopener" target="_blank">https://mega.nz/folder/Gt1Lq9Zz#k</a></p>', { photos: ["01JC7A1B2C3D4E5F6G7H8J9K0M"] });
    luna.push(g1.url);
    photos.push(...g1.photos);
    const g2 = web.addGtsStatus("hazel_drops", '<p>pool set <a href="https://pixeldrain.com/u/Gt2pX7" rel="nofollow noreferrer noopener" target="_blank">pixeldrain.com/u/Gt2pX7</a></p>', { spoiler: "#LunaRivers 🔞" });
    luna.push(g2.url);
    const g3 = web.addGtsStatus("hazel_drops", "", { photos: ["01JC8B2C3D4E5F6G7H8J9K0M1N"] });
    photos.push(...g3.photos);
    traps.push(g3.url);
    traps.push(web.addGtsStatus("hazel_drops", "<p>luna_riverside full pack https://mega.nz/folder/Rg2Kk8Pp#k</p>").url);
    traps.push(web.addGtsStatus("night_owl", "<p>Full moon over the river tonight 🌕 the bunny slippers stay on</p>", { photos: ["01JC9C3D4E5F6G7H8J9K0M1N2P"] }).url);
    const ivyGts = web.addGtsStatus("hazel_drops", "<p>ivy_vale leaked set https://gofile.io/d/IvGt01</p>");

    // The tube: her clips only among the older ones its "Load more" JSON brings (her name in leetspeak; as a hashtag);
    // another creator's near name, ordinary words, Ivy's; the newest clips, on the page itself, name no one.
    const t1 = web.addClip("Lun4 R1vers shower clip (leaked)", "Leaked from her OnlyFans, full video inside.");
    luna.push(t1.url);
    traps.push(web.addClip("luna_riverside leaked clip", "Leaked from her OnlyFans.").url);
    const ivyClip = web.addClip("ivy_vale leaked video", "Leaked from her OnlyFans.");
    const t2 = web.addClip("#LunaRivers beach video – full leak", "Leaked OnlyFans video.");
    luna.push(t2.url);
    traps.push(web.addClip("Full moon over the river – timelapse", "The bunny slippers stay on.").url);
    for (const t of ["Sunset drive 4K", "Cooking pasta at home", "City lights at night"]) web.addClip(t, "An ordinary clip.");

    const first = await crawlAll();
    // Recall and precision on her pages, told before anything else is checked (the holdout's figure).
    const found = await leaksOf("luna");
    const hits = luna.filter((u) => found.includes(u)).length;
    console.info(
      `crawl holdout: recall ${((hits / luna.length) * 100).toFixed(0)}% (${hits}/${luna.length}), precision ${found.length === 0 ? "n/a" : `${((hits / found.length) * 100).toFixed(0)}%`} (${found.length} found); ` +
        first.map((r) => `${r.siteId} ${r.outcome}${r.error ? ` (${r.error})` : ""} ${r.listingPages}/${r.itemsFound}/${r.itemsRead}`).join("; "),
    );
    for (const r of first) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");

    // Each site's software was told from its home page.
    const detected = Object.fromEntries(
      (await database.db.select().from(crawlSite)).map((s) => [s.siteId, (s.lastRun as { detected?: { family: string; entryPages: string[] } }).detected]),
    );
    expect(detected.lemmy).toMatchObject({ family: "lemmy", entryPages: [`http://${H.lemmy}/api/v3/post/list?sort=NewComments&limit=20`] });
    expect(detected.mastodon).toMatchObject({ family: "mastodon", entryPages: [`http://${H.mastodon}/api/v1/timelines/public?local=true&limit=40`] });
    expect(detected.discuz).toMatchObject({ family: "discuz", entryPages: [`http://${H.discuz}/forum.php?mod=guide&view=new`] });
    expect(detected.chevereto).toMatchObject({ family: "listing", entryPages: [`http://${H.chevereto}/explore/recent`] });
    expect(detected.gotosocial).toMatchObject({ family: "mastodon", entryPages: [`http://${H.gotosocial}/api/v1/timelines/public?local=true&limit=40`, ...GTS_ACCOUNTS.map((a) => `${a}/feed.rss`)] });
    expect(detected.tube).toMatchObject({ family: "listing", entryPages: [`http://${H.tube}/`] });
    expect(detected.misskey).toMatchObject({ family: "misskey", entryPages: [`http://${H.misskey}/api/notes/local-timeline?limit=30&withRenotes=false`] });

    // Her leaks, each at the page people see; nothing of the traps; Ivy's are hers alone.
    expect(found).toEqual([...luna].sort());
    for (const trap of traps) expect(found).not.toContain(trap);
    expect(await leaksOf("ivy")).toEqual([ivyLemmy.url, ivyMastodon.url, ivyDiscuz.url, ivyImage.url, ivyMisskey.url, ivyGts.url, ivyClip.url].sort());

    // How each was disguised is in its evidence.
    const rows = await database.db.select().from(leak).where(eq(leak.userId, "luna"));
    const forms = (url: string) => new Set(((rows.find((l) => l.canonicalUrl === url)?.evidence.evasions ?? []) as NameEvasion[]).flatMap((e) => e.forms));
    expect([...forms(l1.url)]).toContain("leetspeak");
    expect([...forms(d1.url)]).toContain("lookalike");
    expect([...forms(d2.url)]).toContain("dotted");
    expect([...forms(c2.url)]).toContain("spaced");
    expect([...forms(k1.url)]).toContain("leetspeak");
    expect([...forms(g1.url)]).toContain("lookalike");
    expect([...forms(t1.url)]).toContain("leetspeak");
    for (const l of rows) expect(l.evidence.discovery).toMatchObject({ how: "crawl" });
    // The file-host links of her posts are leaks of their own.
    const files = (await database.db.select().from(leak).where(eq(leak.userId, "luna"))).filter((r) => "linkedFrom" in r.evidence).map((r) => r.canonicalUrl);
    expect(files).toEqual(expect.arrayContaining(["https://gofile.io/d/Lm3pool", "https://pixeldrain.com/u/Pd3mB9x", "https://pixeldrain.com/u/Dz2pX7", "https://pixeldrain.com/u/Mk2pX7", "https://pixeldrain.com/u/Gt2pX7"]));

    // The photos of every post, image-only ones too, at full size, went to the image index; private addresses were never asked.
    const seen = new Set(indexed.map((s) => s.imageUrl));
    for (const src of photos) expect(seen.has(src), src).toBe(true);
    expect([...seen].some((u) => /10\.20\.0\.5|127\.0\.0\.1/.test(u))).toBe(false);
    const known = new Set<string>(Object.values(H));
    for (const rec of web.proxy.records) expect(known.has(rec.host), `${rec.host} ${rec.path}`).toBe(true);

    // A second crawl reads nothing again; a new comment naming her brings its post back, a new note is read alone, and nothing else.
    const second = await crawlAll();
    for (const r of second) expect(r.outcome, `${r.siteId}: ${r.error}`).toBe("completed");
    expect(second.reduce((n, r) => n + r.itemsRead, 0)).toBe(0);
    web.addLemmyComment(onlyPhoto.post, "that's lun4_r1vers, the rest is here: https://gofile.io/d/Lm9more");
    const k4 = web.addNote("sugar_drops", "l.u.n.a r.i.v.e.r.s pool set https://gofile.io/d/Mk4pool");
    const third = await crawlAll();
    expect(third.find((r) => r.siteId === "lemmy")!.itemsRead).toBeGreaterThan(0);
    expect(third.find((r) => r.siteId === "misskey")!.itemsRead).toBe(1);
    expect(third.filter((r) => r.siteId !== "lemmy" && r.siteId !== "misskey").reduce((n, r) => n + r.itemsRead, 0)).toBe(0);
    expect(await leaksOf("luna")).toContain(onlyPhoto.url);
    expect(await leaksOf("luna")).toContain(k4.url);
    // Five sites, three crawls each, their pages and photos: more than the default time on a busy machine.
  }, 240_000);
});
