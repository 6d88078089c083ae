import { describe, expect, it } from "vitest";
import { crawlFixture } from "@leakwarden/test-support/fake-web/crawl-fixtures";
import { documentFromBody } from "../../html-document";
import { crawlAdapter } from "../crawl-adapters";
import type { CrawlAdapterConfig, ListingInput } from "../crawl-types";
import { detectFamily } from "../family-detect";

/**
 * Blogs read by their feed (fixtures/crawl, SOURCES.md): Blogger's Atom feed, Ghost's RSS, Tumblr's RSS and an
 * RSS 1.0 (RDF) feed; posts keyed by their id and last change, the whole post carried when the feed holds it,
 * paging only where the feed says, and the posts feed found from a home page's links.
 */

const cfg = (...domains: string[]): CrawlAdapterConfig => ({ baseUrl: `https://${domains[0]}`, domains, selectors: {}, itemPattern: null, threadPath: "res" });
const input = (body: string, url: string, contentType = "application/xml"): ListingInput => ({ body, url, contentType, headers: {} });
const doc = (html: string, url: string) => documentFromBody({ body: Buffer.from(html), contentType: "text/html", url, kind: "html" });
const adapter = crawlAdapter("feed");
const detect = (body: string, url: string, headers: Record<string, string> = {}) =>
  detectFamily({ url, body, contentType: "text/html", headers }, [new URL(url).hostname.replace(/^www\./, "")]);

describe("Blogger (Atom)", () => {
  const host = "www.hotleakvault.example";
  const feed = `https://${host}/feeds/posts/default`;

  it("lists each entry at its alternate page, keyed by its id and its last update, carrying its whole post", () => {
    const page = adapter.parseListing(input(crawlFixture("blogger-feed-atom.xml"), feed), cfg("hotleakvault.example"));
    expect(page.items.map((i) => i.url)).toEqual([`https://${host}/2026/11/new-set-from-our-favourite-redhead.html`, `https://${host}/2026/10/beach-day.html`]);
    const first = page.items[0]!;
    const updated = Date.parse("2026-11-01T09:12:44.103-07:00");
    expect(first).toMatchObject({ key: `tag:blogger.com,1999:blog-4817263504931129960.post-6620931178420455123@${updated}`, time: updated, fetchUrl: null, title: "New set from our favourite redhead 🔥" });
    // The post as the feed holds it: its text, its labels (her name in disguise), its photos; the thumbnail asked at full size.
    const d = doc(first.page!, first.url);
    expect(d.text).toContain("Full pack (42 pics) below");
    expect(d.text).toContain("L.u.n.a R.i.v.e.r.s");
    expect(d.title).toBe("New set from our favourite redhead 🔥");
    expect(d.images.map((i) => i.src).sort()).toEqual([
      "https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEj7Qw1/s1600/IMG_2201.jpg",
      "https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEj7Qw1/w480-h640/IMG_2201.jpg",
    ]);
    expect(doc(page.items[1]!.page!, page.items[1]!.url).images.map((i) => i.src)).toEqual(["https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEh0Pk3/s1600/beach.jpg"]);
  });

  it("pages by start-index and max-results on the blog's own host (its next link names www.blogger.com), and stops after the last", () => {
    const body = crawlFixture("blogger-feed-atom.xml");
    const page = adapter.parseListing(input(body, feed), cfg("hotleakvault.example"));
    expect(page.next).toBe(`${feed}?start-index=3&max-results=2`);
    const last = body.replace("<openSearch:startIndex>1<", "<openSearch:startIndex>5<").replace(/<link rel='next'[^>]*\/>/, "");
    expect(adapter.parseListing(input(last, `${feed}?start-index=5&max-results=2`), cfg("hotleakvault.example")).next).toBeNull();
    // Without OpenSearch counts, the next link's start-index is taken onto the blog's host.
    const noCounts = body.replace(/<openSearch:totalResults>\d+<\/openSearch:totalResults>/, "");
    expect(adapter.parseListing(input(noCounts, feed), cfg("hotleakvault.example")).next).toBe(`${feed}?start-index=3&max-results=2`);
  });

  it("its RSS twin (?alt=rss) carries the post in its description and pages the same way", () => {
    const rss = `<?xml version='1.0' encoding='UTF-8'?><rss xmlns:atom='http://www.w3.org/2005/Atom' xmlns:openSearch='http://a9.com/-/spec/opensearchrss/1.0/' xmlns:blogger='http://schemas.google.com/blogger/2008' version='2.0'><channel><atom:id>tag:blogger.com,1999:blog-4817263504931129960</atom:id><lastBuildDate>Sat, 01 Nov 2026 16:12:44 +0000</lastBuildDate><title>Hot Leak Vault</title><link>https://${host}/</link><managingEditor>noreply@blogger.com (vaultkeeper)</managingEditor><generator>Blogger</generator><openSearch:totalResults>5</openSearch:totalResults><openSearch:startIndex>1</openSearch:startIndex><openSearch:itemsPerPage>2</openSearch:itemsPerPage><atom:link rel='next' type='application/rss+xml' href='https://www.blogger.com/feeds/4817263504931129960/posts/default?alt=rss&amp;start-index=3&amp;max-results=2'/>
<item><guid isPermaLink='false'>tag:blogger.com,1999:blog-4817263504931129960.post-6620931178420455123</guid><pubDate>Sat, 01 Nov 2026 16:10:00 +0000</pubDate><atom:updated>2026-11-01T09:12:44.103-07:00</atom:updated><category domain='http://www.blogger.com/atom/ns#'>L.u.n.a R.i.v.e.r.s</category><title>New set from our favourite redhead 🔥</title><description>&lt;div&gt;Full pack (42 pics) below&lt;/div&gt;</description><link>https://${host}/2026/11/new-set-from-our-favourite-redhead.html</link><author>noreply@blogger.com (vaultkeeper)</author><thr:total xmlns:thr='http://purl.org/syndication/thread/1.0'>0</thr:total></item></channel></rss>`;
    const page = adapter.parseListing(input(rss, `${feed}?alt=rss`), cfg("hotleakvault.example"));
    expect(page.items[0]).toMatchObject({ url: `https://${host}/2026/11/new-set-from-our-favourite-redhead.html`, time: Date.parse("2026-11-01T09:12:44.103-07:00") });
    expect(doc(page.items[0]!.page!, page.items[0]!.url).text).toContain("Full pack (42 pics) below");
    expect(page.next).toBe(`${feed}?alt=rss&start-index=3&max-results=2`);
  });

  it("a summary feed carries no whole post: its pages are fetched", () => {
    const summary = crawlFixture("blogger-feed-atom.xml").replace(/<content type='html'>/g, "<summary type='text'>").replace(/<\/content>/g, "</summary>");
    const page = adapter.parseListing(input(summary, `https://${host}/feeds/posts/summary`), cfg("hotleakvault.example"));
    expect(page.items).toHaveLength(2);
    for (const i of page.items) expect(i.page).toBeUndefined();
  });

  it("is told from its home page by its posts feed, not its RSS twin nor Blogger's service link", () => {
    expect(detect(crawlFixture("blogger-home.html"), `https://${host}/`)).toMatchObject({ family: "feed", entryPages: [feed] });
    // A post page links its comments feed first: the posts feed still wins.
    const post = crawlFixture("blogger-home.html").replace(
      '<link rel="alternate" type="application/atom+xml" title="Hot Leak Vault - Atom"',
      `<link rel="alternate" type="application/atom+xml" title="Hot Leak Vault - New set Comments" href="https://${host}/feeds/6620931178420455123/comments/default" />\n<link rel="alternate" type="application/atom+xml" title="Hot Leak Vault - Atom"`,
    );
    expect(detect(post, `https://${host}/2026/11/new-set-from-our-favourite-redhead.html`)).toMatchObject({ family: "feed", entryPages: [feed] });
    // The feed itself, named as an entry page.
    expect(detectFamily({ url: feed, body: crawlFixture("blogger-feed-atom.xml"), contentType: "application/atom+xml", headers: {} }, ["hotleakvault.example"])).toMatchObject({ family: "feed", entryPages: [feed] });
  });
});

describe("Ghost (RSS 2.0 with content:encoded)", () => {
  const host = "creatordrops.example";
  const feed = `https://${host}/rss/`;

  it("lists posts keyed by their guid and date, carrying the whole post and its feature image; no next page is guessed", () => {
    const page = adapter.parseListing(input(crawlFixture("ghost-rss.xml"), feed), cfg(host));
    expect(page.items.map((i) => i.url)).toEqual([`https://${host}/lun4-r1vers-november-pack/`, `https://${host}/sunday-mood/`]);
    const first = page.items[0]!;
    expect(first).toMatchObject({ key: `6724f0c3a1b2c3d4e5f60718@${Date.parse("Sat, 01 Nov 2026 16:10:00 GMT")}`, title: "Lun4 R1vers & friends: the full November pack" });
    const d = doc(first.page!, first.url);
    expect(d.text).toContain("58 photos and 3 clips, straight from her page.");
    expect(d.links.map((l) => l.href)).toContain("https://gofile.io/d/Gh05tP");
    expect(d.images.map((i) => i.src)).toEqual([`https://${host}/content/images/2026/11/nov-pack-cover.jpg`, `https://${host}/content/images/2026/11/nov-01.jpg`]);
    expect(page.next).toBeNull();
  });

  it("is told from its home page's RSS link, its generator named", () => {
    expect(detect(crawlFixture("ghost-home.html"), `https://${host}/`)).toMatchObject({ family: "feed", entryPages: [feed], evidence: "the page's RSS feed link (meta generator Ghost 5.101)" });
  });
});

describe("Tumblr (RSS 2.0, the post in its description)", () => {
  const host = "velvet-archive.tumblr.com";
  const feed = `https://${host}/rss`;

  it("carries each post from its description, its tags as labels", () => {
    const page = adapter.parseListing(input(crawlFixture("tumblr-rss.xml"), feed), cfg(host));
    expect(page.items.map((i) => i.url)).toEqual([`https://${host}/post/766401227718828032/luna-rivers-new-ones`, `https://${host}/post/766399110234456064`]);
    expect(page.items[0]!.key).toBe(`https://${host}/post/766401227718828032@${Date.parse("Sat, 01 Nov 2026 12:04:11 -0400")}`);
    const d = doc(page.items[0]!.page!, page.items[0]!.url);
    expect(d.text).toContain("lunarivers");
    expect(d.images[0]!.src).toBe("https://64.media.tumblr.com/3f1a2b3c4d5e6f708192a3b4c5d6e7f8/9a8b7c6d5e4f3a2b-01/s640x960/7c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d.jpg");
    expect(doc(page.items[1]!.page!, page.items[1]!.url).images).toHaveLength(1);
    expect(page.next).toBeNull();
  });

  it("is told from its home page's RSS link", () => {
    expect(detectFamily({ url: `https://${host}/`, body: crawlFixture("tumblr-home.html"), contentType: "text/html", headers: {} }, [host])).toMatchObject({ family: "feed", entryPages: [feed] });
  });
});

describe("detection order: a package that links feeds is read as that package", () => {
  it.each([
    ["phpbb3-active-topics.html", "https://board.leakden.example/search.php?search_id=active_topics", "phpbb"],
    ["xenforo2-whats-new-posts.html", "https://xf.leakfans.example/whats-new/posts/4471/", "xenforo"],
    ["discourse-home.html", "https://talk.modleaks.example/", "discourse"],
    ["wordpress-post.html", "https://www.leakblog.example/2026/11/01/luna-rivers-40-pics/", "wordpress"],
    ["smf21-recent.html", "https://smf.leakcellar.example/index.php?action=recent", "smf"],
    ["mybb18-search-results.html", "https://bb.leakhaven.example/search.php?action=results&sid=1", "mybb"],
    ["mybb18-showthread.html", "https://bb.leakhaven.example/showthread.php?tid=1", "mybb"],
    ["ips4-discover.html", "https://community.leakvault.example/discover/", "invision"],
    ["nodebb-home.html", "https://board.bunnyleaks.example/", "nodebb"],
    ["moebooru-home.html", "https://moe.cloudberry.example/", "moebooru"],
    ["shimmie2-post-list.html", "https://shm.duskmoth.example/post/list", "shimmie"],
  ])("%s → %s", (fixture, url, family) => {
    const body = crawlFixture(fixture).replace(/\{\{[A-Z_]+\}\}/g, "Board");
    expect(detect(body, url)?.family).toBe(family);
  });
});

describe("feeds of other shapes", () => {
  const host = "notes.leakpress.example";

  it("RSS 1.0 (RDF): items beside the channel, at their rdf:about, dated by dc:date; an excerpt is not a post (fetched)", () => {
    const rdf = `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xml:lang="ja">
<channel rdf:about="https://${host}/index.rdf"><title>Leak Press</title><link>https://${host}/</link><description>news</description>
<items><rdf:Seq><rdf:li rdf:resource="https://${host}/archives/5521.html"/><rdf:li rdf:resource="https://${host}/archives/5519.html"/></rdf:Seq></items></channel>
<item rdf:about="https://${host}/archives/5521.html"><title>ルナ・リバーズ new set</title><link>https://${host}/archives/5521.html</link><description>new set …</description><dc:subject>gravure</dc:subject><dc:date>2026-11-01T21:00:00+09:00</dc:date></item>
<item rdf:about="https://${host}/archives/5519.html"><title>another</title><description>x</description><dc:date>2026-11-01T20:00:00+09:00</dc:date></item>
</rdf:RDF>`;
    const page = adapter.parseListing(input(rdf, `https://${host}/index.rdf`), cfg(host));
    expect(page.items.map((i) => [i.url, i.time])).toEqual([
      [`https://${host}/archives/5521.html`, Date.parse("2026-11-01T21:00:00+09:00")],
      [`https://${host}/archives/5519.html`, Date.parse("2026-11-01T20:00:00+09:00")],
    ]);
    expect(page.items[0]!.page).toBeUndefined();
    expect(page.next).toBeNull();
    expect(detectFamily({ url: `https://${host}/index.rdf`, body: rdf, contentType: "application/rdf+xml", headers: {} }, [host])).toMatchObject({ family: "feed" });
  });

  it("an Atom feed pages by its own rel=next (RFC 5005), on the site only; entries off the site are not items", () => {
    const atom = (next: string) => `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title><id>urn:x</id><updated>2026-11-01T10:00:00Z</updated>
<link rel="self" href="https://${host}/atom.xml"/><link rel="next" href="${next}"/>
<entry><title type="html">Luna &amp;amp; co</title><id>urn:uuid:1</id><updated>2026-11-01T10:00:00Z</updated><link href="https://${host}/posts/luna/"/><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>her set</p><img src="/img/a.jpg"/></div></content></entry>
<entry><title>elsewhere</title><id>urn:uuid:2</id><updated>2026-11-01T09:00:00Z</updated><link rel="alternate" type="text/html" href="https://other.example/p/2"/></entry>
</feed>`;
    const page = adapter.parseListing(input(atom(`https://${host}/atom.xml?page=2`), `https://${host}/atom.xml`), cfg(host));
    expect(page.items.map((i) => [i.key, i.title])).toEqual([[`urn:uuid:1@${Date.parse("2026-11-01T10:00:00Z")}`, "Luna & co"]]);
    const d = doc(page.items[0]!.page!, page.items[0]!.url);
    expect(d.text).toContain("her set");
    expect(d.images.map((i) => i.src)).toEqual([`https://${host}/img/a.jpg`]);
    expect(page.next).toBe(`https://${host}/atom.xml?page=2`);
    expect(adapter.parseListing(input(atom("https://elsewhere.example/atom.xml?page=2"), `https://${host}/atom.xml`), cfg(host)).next).toBeNull();
  });

  it("a WordPress feed found by its link alone pages by ?paged=N, as WordPress's feeds do", () => {
    const wp = adapter.parseListing(input(crawlFixture("wordpress-feed-rss2.xml"), "https://www.leakblog.example/feed/"), cfg("leakblog.example"));
    expect(wp.items.length).toBeGreaterThan(0);
    expect(wp.next).toBe("https://www.leakblog.example/feed/?paged=2");
  });

  it("an HTML page, broken XML or a huge feed is bounded: no items, no error", () => {
    expect(adapter.parseListing(input("<html><body>hi</body></html>", `https://${host}/`, "text/html"), cfg(host))).toEqual({ items: [], next: null });
    expect(adapter.parseListing(input("<?xml version='1.0'?><rss><channel><item><link>", `https://${host}/feed`), cfg(host)).items).toEqual([]);
    const many = `<?xml version="1.0"?><rss version="2.0"><channel><title>x</title>${Array.from({ length: 500 }, (_, i) => `<item><title>${i}</title><link>https://${host}/p/${i}</link><guid>${i}</guid></item>`).join("")}</channel></rss>`;
    expect(adapter.parseListing(input(many, `https://${host}/feed`), cfg(host)).items).toHaveLength(200);
  });

  it("a home page without a posts feed is no feed blog; a comments feed alone is not one either", () => {
    expect(detect(`<html><head><link rel="alternate" type="application/rss+xml" title="Comments" href="https://${host}/comments/feed/"></head><body></body></html>`, `https://${host}/`)).toBeNull();
    expect(detect(`<html><head><link rel="alternate" type="application/rss+xml" href="https://elsewhere.example/feed"></head><body></body></html>`, `https://${host}/`)).toBeNull();
  });
});
