import { readFileSync } from "node:fs";
import sharp from "sharp";
import { crawlFixture } from "./crawl-fixtures";
import { fixturePath } from "./fake-search";
import { startProxiedSites } from "./proxied-sites";
import { noisePhoto } from "./noise-photo";
import { html, type Site, type SiteHandler } from "./virtual-host-server";

/**
 * Two leak blogs of no forum or WordPress package, read only through their feeds, behind the recording forward proxy
 * (fixtures/crawl, SOURCES.md):
 *
 * - a Blogger blog on its own domain: its home page (blogger-home.html: meta generator blogger, Atom and RSS alternate
 *   links, Blogger's service.post link to www.blogger.com), its Atom feed /feeds/posts/default newest first, PAGE posts
 *   a page, paged by ?start-index=&max-results= with OpenSearch counts and a next link naming www.blogger.com (as
 *   Blogger writes it), each entry's whole post in <content type='html'> and its 72-pixel media:thumbnail; photos on
 *   blogger.googleusercontent.com at /s1600/ (full size), /w480-h640/ (in the post) and /s72-c/ (the thumbnail);
 * - a Ghost blog: its home page (ghost-home.html: meta generator Ghost, the /rss/ alternate link), its RSS /rss/ with the
 *   newest 15 posts and no next page (as Ghost's generate-feed writes it: guid the post id, tags as category,
 *   media:content for the feature image, content:encoded holding the post with the feature image first); photos under
 *   /content/images/.
 *
 * The sites answer plain HTTP behind the proxy (their home pages' https links are served as http).
 * Every post also has its own page, which a crawl that reads the feeds' whole posts never needs to ask for.
 */

export const FEED_BLOG_HOSTS = { blogger: "www.hotleakvault.example", ghost: "creatordrops.example", bloggerImages: "blogger.googleusercontent.com" } as const;
const H = FEED_BLOG_HOSTS;
export type FeedBlog = "blogger" | "ghost";

const PAGE = 2;
const GHOST_FEED_SIZE = 15;
const BLOG_ID = "4817263504931129960";
const T0 = Date.parse("2026-11-01T08:00:00Z");

type Post = { id: string; slug: string; title: string; body: string; labels: string[]; at: number; photo: string | null };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "post";
/** Blogger's times: milliseconds and the blog's zone (-07:00). */
const bloggerTime = (at: number) => new Date(at - 7 * 3600_000).toISOString().replace(/Z$/, "-07:00");

export type FeedBlogWeb = Awaited<ReturnType<typeof startFeedBlogWeb>>;

export async function startFeedBlogWeb() {
  let clock = T0;
  const posts: Record<FeedBlog, Post[]> = { blogger: [], ghost: [] };
  let seq = 0;

  // Her reference photo re-encoded as blogs re-encode uploads, and a photo of no one.
  const reference = readFileSync(fixturePath("reference-photo.jpg"));
  const herJpeg = await sharp(reference).resize(900).jpeg({ quality: 62 }).toBuffer();
  const herWebp = await sharp(reference).resize(720).webp({ quality: 45 }).toBuffer();
  const noOne = await noisePhoto(90210);
  const files = new Map<string, Buffer>();

  const serveFile =
    (host: string): SiteHandler =>
    (_req, res, url) => {
      const f = files.get(`${host}${url.pathname}`);
      if (!f) {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("not found");
        return;
      }
      res.writeHead(200, { "content-type": url.pathname.endsWith(".webp") ? "image/webp" : "image/jpeg", "content-length": String(f.length) });
      res.end(f);
    };
  const xml =
    (body: string, type: string): SiteHandler =>
    (_req, res) => {
      res.writeHead(200, { "content-type": `${type}; charset=UTF-8` });
      res.end(body);
    };
  const newest = (blog: FeedBlog) => [...posts[blog]].sort((a, b) => b.at - a.at);

  // ------------------------------------------------------------------ Blogger
  const bloggerUrl = (p: Post) => {
    const d = new Date(p.at);
    return `http://${H.blogger}/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${p.slug}.html`;
  };
  const bloggerImage = (p: Post, size: string) => `http://${H.bloggerImages}/img/b/R29vZ2xl/AVvXsE${p.id}/${size}/${p.photo}`;
  const bloggerEntry = (p: Post) => {
    const url = bloggerUrl(p);
    const pic = p.photo
      ? `<div class="separator" style="clear: both;"><a href="${bloggerImage(p, "s1600")}" style="display: block; padding: 1em 0; text-align: center; "><img alt="" border="0" data-original-height="2048" data-original-width="1536" height="640" src="${bloggerImage(p, "w480-h640")}" width="480"/></a></div>`
      : "";
    const content = `${pic}${p.body}`;
    const ts = bloggerTime(p.at);
    return (
      `<entry><id>tag:blogger.com,1999:blog-${BLOG_ID}.post-${p.id}</id><published>${ts}</published><updated>${ts}</updated>` +
      p.labels.map((l) => `<category scheme="http://www.blogger.com/atom/ns#" term="${esc(l)}"/>`).join("") +
      `<title type='text'>${esc(p.title)}</title><content type='html'>${esc(content)}</content>` +
      `<link rel='replies' type='application/atom+xml' href='http://${H.blogger}/feeds/${p.id}/comments/default' title='Post Comments'/>` +
      `<link rel='replies' type='text/html' href='${url}#comment-form' title='0 Comments'/>` +
      `<link rel='edit' type='application/atom+xml' href='https://www.blogger.com/feeds/${BLOG_ID}/posts/default/${p.id}'/>` +
      `<link rel='self' type='application/atom+xml' href='https://www.blogger.com/feeds/${BLOG_ID}/posts/default/${p.id}'/>` +
      `<link rel='alternate' type='text/html' href='${url}' title='${esc(p.title)}'/>` +
      `<author><name>vaultkeeper</name><uri>http://www.blogger.com/profile/09127734410256624491</uri><email>noreply@blogger.com</email></author>` +
      (p.photo ? `<media:thumbnail xmlns:media="http://search.yahoo.com/mrss/" url="${bloggerImage(p, "s72-c")}" height="72" width="72"/>` : "") +
      `<thr:total>0</thr:total></entry>`
    );
  };
  const bloggerFeed: SiteHandler = (req, res, url) => {
    const start = Math.max(1, Number(url.searchParams.get("start-index") ?? "1") || 1);
    const max = Math.min(PAGE, Math.max(1, Number(url.searchParams.get("max-results") ?? String(PAGE)) || PAGE));
    const all = newest("blogger");
    const page = all.slice(start - 1, start - 1 + max);
    const next = start + max <= all.length ? `<link rel='next' type='application/atom+xml' href='https://www.blogger.com/feeds/${BLOG_ID}/posts/default?start-index=${start + max}&amp;max-results=${max}'/>` : "";
    const body =
      `<?xml version='1.0' encoding='UTF-8'?><?xml-stylesheet href="http://www.blogger.com/styles/atom.css" type="text/css"?>` +
      `<feed xmlns='http://www.w3.org/2005/Atom' xmlns:openSearch='http://a9.com/-/spec/opensearchrss/1.0/' xmlns:blogger='http://schemas.google.com/blogger/2008' xmlns:georss='http://www.georss.org/georss' xmlns:gd="http://schemas.google.com/g/2005" xmlns:thr='http://purl.org/syndication/thread/1.0'>` +
      `<id>tag:blogger.com,1999:blog-${BLOG_ID}</id><updated>${bloggerTime(all[0]?.at ?? T0)}</updated><title type='text'>Hot Leak Vault</title><subtitle type='html'>Daily drops</subtitle>` +
      `<link rel='http://schemas.google.com/g/2005#feed' type='application/atom+xml' href='http://${H.blogger}/feeds/posts/default'/>` +
      `<link rel='self' type='application/atom+xml' href='https://www.blogger.com/feeds/${BLOG_ID}/posts/default?start-index=${start}&amp;max-results=${max}'/>` +
      `<link rel='alternate' type='text/html' href='http://${H.blogger}/'/><link rel='hub' href='http://pubsubhubbub.appspot.com/'/>${next}` +
      `<author><name>vaultkeeper</name><email>noreply@blogger.com</email></author><generator version='7.00' uri='http://www.blogger.com'>Blogger</generator>` +
      `<openSearch:totalResults>${all.length}</openSearch:totalResults><openSearch:startIndex>${start}</openSearch:startIndex><openSearch:itemsPerPage>${max}</openSearch:itemsPerPage>` +
      page.map(bloggerEntry).join("") +
      `</feed>`;
    return xml(body, "application/atom+xml")(req, res, url);
  };
  const postPage = (p: Post, blogName: string, pic: string): SiteHandler =>
    html(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(p.title)} - ${blogName}</title></head><body><article><h1>${esc(p.title)}</h1>${pic}${p.body}<p>${p.labels.map(esc).join(", ")}</p></article></body></html>`);
  const bloggerSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return html(crawlFixture("blogger-home.html").replaceAll(`https://${H.blogger}/`, `http://${H.blogger}/`))(req, res, url);
    if (url.pathname === "/feeds/posts/default") return bloggerFeed(req, res, url);
    const p = posts.blogger.find((q) => new URL(bloggerUrl(q)).pathname === url.pathname);
    if (p) return postPage(p, "Hot Leak Vault", p.photo ? `<img src="${bloggerImage(p, "w480-h640")}">` : "")(req, res, url);
    return html("<h1>Sorry, the page you were looking for in this blog does not exist.</h1>", 404)(req, res, url);
  };

  // ------------------------------------------------------------------ Ghost
  const ghostUrl = (p: Post) => `http://${H.ghost}/${p.slug}/`;
  const ghostImage = (p: Post) => `http://${H.ghost}/content/images/2026/11/${p.photo}`;
  const ghostItem = (p: Post) => {
    const pic = p.photo ? `<img src="${ghostImage(p)}" alt="${esc(p.title)}"/>` : "";
    return (
      `<item><title><![CDATA[${p.title}]]></title><description><![CDATA[${p.body.replace(/<[^>]{0,500}>/g, "").slice(0, 120)}]]></description>` +
      `<link>${ghostUrl(p)}</link><guid isPermaLink="false">${p.id}</guid>` +
      p.labels.map((l) => `<category><![CDATA[${l}]]></category>`).join("") +
      `<dc:creator><![CDATA[dropmaster]]></dc:creator><pubDate>${new Date(p.at).toUTCString()}</pubDate>` +
      (p.photo ? `<media:content url="${ghostImage(p)}" medium="image"/>` : "") +
      `<content:encoded><![CDATA[${pic}${p.body}]]></content:encoded></item>`
    );
  };
  const ghostFeed: SiteHandler = (req, res, url) => {
    const items = newest("ghost").slice(0, GHOST_FEED_SIZE);
    const body =
      `<?xml version="1.0" encoding="UTF-8"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" version="2.0" xmlns:media="http://search.yahoo.com/mrss/">` +
      `<channel><title><![CDATA[Creator Drops]]></title><description><![CDATA[Fresh sets, every day.]]></description><link>http://${H.ghost}/</link>` +
      `<image><url>http://${H.ghost}/favicon.png</url><title>Creator Drops</title><link>http://${H.ghost}/</link></image><generator>Ghost 5.101</generator>` +
      `<lastBuildDate>${new Date(clock).toUTCString()}</lastBuildDate><atom:link href="http://${H.ghost}/rss/" rel="self" type="application/rss+xml"/><ttl>60</ttl>` +
      items.map(ghostItem).join("") +
      `</channel></rss>`;
    return xml(body, "application/rss+xml")(req, res, url);
  };
  const ghostSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return html(crawlFixture("ghost-home.html").replaceAll(`https://${H.ghost}/`, `http://${H.ghost}/`))(req, res, url);
    if (url.pathname === "/rss/") return ghostFeed(req, res, url);
    if (url.pathname.startsWith("/content/images/")) return serveFile(H.ghost)(req, res, url);
    const p = posts.ghost.find((q) => new URL(ghostUrl(q)).pathname === url.pathname);
    if (p) return postPage(p, "Creator Drops", p.photo ? `<img src="${ghostImage(p)}">` : "")(req, res, url);
    return html("<h1>404</h1><p>Page not found</p>", 404)(req, res, url);
  };

  const web = await startProxiedSites({
    [H.blogger]: { "*": bloggerSite } as Site,
    [H.ghost]: { "*": ghostSite } as Site,
    [H.bloggerImages]: { "*": serveFile(H.bloggerImages) } as Site,
  });

  /**
   * A post, newest of its blog: `photo` "her" (her reference photo re-encoded), "other" (a photo of no one) or none.
   * Returns its page and its photo's full-size address.
   */
  const addPost = (blog: FeedBlog, title: string, body: string, labels: string[] = [], photo: "her" | "other" | null = null) => {
    clock += 60_000;
    seq++;
    const id = blog === "blogger" ? String(6620931178420455000n + BigInt(seq * 7919)) : (0x6724f0c3a1b2c3d4e5f60000n + BigInt(seq)).toString(16);
    const ext = blog === "ghost" && photo === "her" ? "webp" : "jpg";
    const p: Post = { id, slug: `${slugOf(title)}-${seq}`, title, body, labels, at: clock, photo: photo ? `IMG_${2200 + seq}.${ext}` : null };
    posts[blog].push(p);
    let file: string | null = null;
    if (photo) {
      const bytes = photo === "her" ? (blog === "ghost" ? herWebp : herJpeg) : noOne;
      if (blog === "blogger") {
        // The full size, the size the post shows and the thumbnail: the same photo at three addresses.
        for (const size of ["s1600", "w480-h640", "s72-c"]) files.set(`${H.bloggerImages}${new URL(bloggerImage(p, size)).pathname}`, bytes);
        file = bloggerImage(p, "s1600");
      } else {
        files.set(`${H.ghost}${new URL(ghostImage(p)).pathname}`, bytes);
        file = ghostImage(p);
      }
    }
    return { url: blog === "blogger" ? bloggerUrl(p) : ghostUrl(p), file };
  };

  return { ...web, addPost };
}
