import { createHash } from "node:crypto";
import { crawlFixture } from "./crawl-fixtures";
import { startProxiedSites } from "./proxied-sites";
import { noisePhoto } from "./noise-photo";
import { bytes, html, json, type Site, type SiteHandler } from "./virtual-host-server";

/**
 * Tag-based image boards ("boorus") as their packages serve them (fixtures/crawl, SOURCES.md), behind the
 * recording forward proxy, each a post list whose posts carry tags and a file:
 *
 * - a Danbooru 2 board: its layout on / (fixtures/crawl/danbooru-home.html), GET /posts.json?limit=&page= (a page
 *   number or b<id>, "before id"), /posts/:id.json, files under /data/original/ and samples under /data/sample/;
 * - a Gelbooru 0.2.5 board: its index on / and /index.php, the dapi post list as JSON ({ "@attributes", post })
 *   with pid pages and &id=, files under /images/{dir}/;
 * - a Gelbooru 0.2.0 clone that ignores json=1 and answers its dapi post list in XML (<posts><post …/></posts>);
 * - a Moebooru board: its layout on /, GET /post.json?limit=&page= and ?tags=id:N, files under /image/{md5}/;
 * - a Philomena board: its layout on / (generator meta), GET /api/v1/json/search/images?…&per_page=&page= as { images, total },
 *   /api/v1/json/images/:id as { image }, tag names with spaces, files under /img/view/; its search filtered, as for an
 *   anonymous visitor, by the site's default filter (hiding explicit images) unless filter_id names another, and its
 *   system filters at /api/v1/json/filters/system (Default, and Everything, which hides nothing, id 56 as on Derpibooru);
 * - a Shimmie2 board: its post list on / (the image feed's link#images), the image feed /rss/images/N (ext/rss_images: items
 *   "{id} - {tags}", media:content, an atom:link rel=next that never ends) and its search /rss/images/id%3DN/1, files under /_images/;
 * - a Shimmie2 board without nice URLs (core/Util/Url.php make_link): every page at index.php?q=<page, encoded> (its feed
 *   index.php?q=rss%2Fimages%2FN, its posts index.php?q=post%2Fview%2FN, its files index.php?q=image%2FN%2F…), the page
 *   read back from q as _get_query does (with or without a leading slash, encoded or not);
 * - a Szurubooru board (rr-/szurubooru doc/API.md, client/html/index.htm): its app shell on every page address, its API under
 *   /api/ answering only a request whose Accept asks for JSON first (otherwise, as behind a proxy that routes by it, the
 *   app's shell): GET /api/posts/?offset=&limit=&query= as { query, offset, limit, total, results }, /api/post/:id, files
 *   under /data/posts/ (contentUrl relative to the app's root).
 *
 * Every list pages after PAGE posts (a board may cap its limit lower than asked), so that the walks page.
 */

export const BOORU_HOSTS = {
  danbooru: "booru.pinkpeach.example",
  gelbooru: "gel.nightowl.example",
  "gelbooru-xml": "r34.mirrorhall.example",
  moebooru: "moe.cloudberry.example",
  philomena: "pics.velvetmare.example",
  shimmie: "shm.duskmoth.example",
  "shimmie-ugly": "art.fernhollow.example",
  szurubooru: "szuru.saltmarsh.example",
} as const;
export type BooruSite = keyof typeof BOORU_HOSTS;
const H = BOORU_HOSTS;

const PAGE = 3;
const T0 = Date.parse("2026-11-01T08:00:00Z");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export type BooruPost = { id: number; tags: string; md5: string; at: number; change: number };

const fill = (page: string, vars: Record<string, string>) => page.replace(/\{\{([A-Z_]+)\}\}/g, (m, k: string) => vars[k] ?? m);
const xmlAttr = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
/** Danbooru writes times in the server's zone with milliseconds: 2026-11-01T03:01:00.000-05:00. */
const danbooruTime = (at: number) => new Date(at - 5 * 3600_000).toISOString().replace(/Z$/, "-05:00");
/** Gelbooru writes created_at as PHP's date("D M d H:i:s O Y"): Sat Nov 01 03:01:00 -0500 2026. */
const gelbooruTime = (at: number) => {
  const d = new Date(at - 5 * 3600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} -0500 ${d.getUTCFullYear()}`;
};

export type BooruHoldoutWeb = Awaited<ReturnType<typeof startBooruHoldoutWeb>>;

export async function startBooruHoldoutWeb() {
  let clock = T0;
  const tick = () => (clock += 60_000);
  const posts: Record<BooruSite, BooruPost[]> = { danbooru: [], gelbooru: [], "gelbooru-xml": [], moebooru: [], philomena: [], shimmie: [], "shimmie-ugly": [], szurubooru: [] };
  const nextId: Record<BooruSite, number> = { danbooru: 8_104_200, gelbooru: 11_020_300, "gelbooru-xml": 9_560_100, moebooru: 1_203_400, philomena: 3_402_100, shimmie: 20_400, "shimmie-ugly": 7_730, szurubooru: 5_120 };

  // A photo every file address answers with (the index hashes it).
  const servePhoto = bytes(await noisePhoto(7331), "image/jpeg");
  const notFound = html("<h1>404 Not Found</h1>", 404);
  const newest = (site: BooruSite) => [...posts[site]].sort((a, b) => b.id - a.id);
  const limitOf = (url: URL) => Math.min(PAGE, Math.max(1, Number(url.searchParams.get("limit") ?? "20") || 20));

  // ------------------------------------------------------------------ Danbooru 2
  const dFiles = (p: BooruPost) => ({
    file_url: `http://${H.danbooru}/data/original/${p.md5.slice(0, 2)}/${p.md5.slice(2, 4)}/${p.md5}.jpg`,
    large_file_url: `http://${H.danbooru}/data/sample/${p.md5.slice(0, 2)}/${p.md5.slice(2, 4)}/sample-${p.md5}.jpg`,
    preview_file_url: `http://${H.danbooru}/data/180x180/${p.md5.slice(0, 2)}/${p.md5.slice(2, 4)}/${p.md5}.jpg`,
  });
  const danbooruPost = (p: BooruPost) => {
    const tags = p.tags.split(" ");
    const meta = tags.filter((t) => /^(?:photo_\(medium\)|highres|absurdres)$/.test(t));
    const general = tags.filter((t) => !meta.includes(t));
    return {
      id: p.id,
      created_at: danbooruTime(p.at),
      uploader_id: 612_044,
      score: 3,
      source: "",
      md5: p.md5,
      last_comment_bumped_at: null,
      rating: "e",
      image_width: 1536,
      image_height: 2048,
      tag_string: tags.join(" "),
      fav_count: 5,
      file_ext: "jpg",
      last_noted_at: null,
      parent_id: null,
      has_children: false,
      approver_id: null,
      tag_count_general: general.length,
      tag_count_artist: 0,
      tag_count_character: 0,
      tag_count_copyright: 0,
      file_size: 412_339,
      up_score: 3,
      down_score: 0,
      is_pending: false,
      is_flagged: false,
      is_deleted: false,
      tag_count: tags.length,
      updated_at: danbooruTime(p.at + p.change * 1000),
      is_banned: false,
      pixiv_id: null,
      last_commented_at: null,
      has_active_children: false,
      bit_flags: 0,
      tag_count_meta: meta.length,
      has_large: true,
      has_visible_children: false,
      media_asset: { id: p.id + 900_000, md5: p.md5, file_ext: "jpg", file_size: 412_339, image_width: 1536, image_height: 2048, status: "active", is_public: true },
      tag_string_general: general.join(" "),
      tag_string_character: "",
      tag_string_copyright: "",
      tag_string_artist: "",
      tag_string_meta: meta.join(" "),
      ...dFiles(p),
    };
  };
  const danbooruSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/" || url.pathname === "/posts") return html(fill(crawlFixture("danbooru-home.html"), { APP_NAME: "PinkPeach", HOST: H.danbooru, POSTS: "" }))(req, res, url);
    if (url.pathname === "/posts.json") {
      const page = url.searchParams.get("page") ?? "1";
      const limit = limitOf(url);
      let list = newest("danbooru");
      const before = /^b(\d+)$/.exec(page);
      if (before) list = list.filter((p) => p.id < Number(before[1])).slice(0, limit);
      else list = list.slice((Math.max(1, Number(page) || 1) - 1) * limit).slice(0, limit);
      return json(list.map(danbooruPost))(req, res, url);
    }
    const one = /^\/posts\/(\d+)\.json$/.exec(url.pathname);
    if (one) {
      const p = posts.danbooru.find((q) => q.id === Number(one[1]));
      return p ? json(danbooruPost(p))(req, res, url) : json({ success: false, error: "ActiveRecord::RecordNotFound", message: "That record was not found." }, 404)(req, res, url);
    }
    if (/^\/data\/(?:original|sample)\//.test(url.pathname)) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };

  // ------------------------------------------------------------------ Gelbooru 0.2.5 (JSON) and a 0.2.0 clone (XML)
  const gDir = (p: BooruPost) => `${p.md5.slice(0, 2)}/${p.md5.slice(2, 4)}`;
  const gelbooruPost = (host: string, p: BooruPost) => ({
    id: p.id,
    created_at: gelbooruTime(p.at),
    score: 2,
    width: 1536,
    height: 2048,
    md5: p.md5,
    directory: gDir(p),
    image: `${p.md5}.jpg`,
    rating: "explicit",
    source: "",
    change: Math.floor(p.at / 1000) + p.change,
    owner: "danbooru",
    creator_id: 6498,
    parent_id: 0,
    sample: 1,
    preview_height: 250,
    preview_width: 188,
    tags: p.tags,
    title: "",
    has_notes: "false",
    has_comments: "false",
    file_url: `http://${host}/images/${gDir(p)}/${p.md5}.jpg`,
    preview_url: `http://${host}/thumbnails/${gDir(p)}/thumbnail_${p.md5}.jpg`,
    sample_url: `http://${host}/samples/${gDir(p)}/sample_${p.md5}.jpg`,
    sample_height: 1133,
    sample_width: 850,
    status: "active",
    post_locked: 0,
    has_children: "false",
  });
  const gelbooruXmlPost = (p: BooruPost) => {
    const j = gelbooruPost(H["gelbooru-xml"], p);
    // 0.2.0 writes its tags padded with a space on each side.
    const attrs: Record<string, string | number> = { height: j.height, score: j.score, file_url: j.file_url, parent_id: "", sample_url: j.sample_url, sample_width: j.sample_width, sample_height: j.sample_height, preview_url: j.preview_url, rating: "e", tags: ` ${p.tags} `, id: j.id, width: j.width, change: j.change, md5: j.md5, creator_id: j.creator_id, has_children: "false", created_at: j.created_at, status: "active", source: "", has_notes: "false", has_comments: "false", preview_width: j.preview_width, preview_height: j.preview_height };
    return `<post ${Object.entries(attrs).map(([k, v]) => `${k}="${xmlAttr(String(v))}"`).join(" ")}/>`;
  };
  const gelbooruSite =
    (site: "gelbooru" | "gelbooru-xml"): SiteHandler =>
    (req, res, url) => {
      const host = H[site];
      const q = url.searchParams;
      if ((url.pathname === "/" || url.pathname === "/index.php") && q.get("page") === "dapi" && q.get("s") === "post" && q.get("q") === "index") {
        const limit = limitOf(url);
        const id = q.get("id");
        const all = newest(site);
        const list = id ? all.filter((p) => String(p.id) === id) : all.slice((Number(q.get("pid") ?? "0") || 0) * limit).slice(0, limit);
        const offset = id ? 0 : (Number(q.get("pid") ?? "0") || 0) * limit;
        if (site === "gelbooru" && q.get("json") === "1") {
          return json({ "@attributes": { limit, offset, count: id ? list.length : all.length }, ...(list.length > 0 ? { post: list.map((p) => gelbooruPost(host, p)) } : {}) })(req, res, url);
        }
        res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><posts count="${id ? list.length : all.length}" offset="${offset}">${list.map(gelbooruXmlPost).join("")}</posts>`);
        return;
      }
      if (url.pathname === "/" || url.pathname === "/index.php") return html(fill(crawlFixture("gelbooru02-home.html"), { APP_NAME: site === "gelbooru" ? "NightOwl Booru" : "MirrorHall", COUNT: String(posts[site].length) }))(req, res, url);
      if (/^\/(?:images|samples|thumbnails)\//.test(url.pathname)) return servePhoto(req, res, url);
      return notFound(req, res, url);
    };

  // ------------------------------------------------------------------ Moebooru
  const moebooruPost = (p: BooruPost) => ({
    id: p.id,
    tags: p.tags,
    created_at: Math.floor(p.at / 1000),
    creator_id: 30_211,
    author: "cloud_up",
    change: 5_400_000 + p.change + p.id % 1000,
    source: "",
    score: 4,
    md5: p.md5,
    file_size: 412_339,
    file_url: `http://${H.moebooru}/image/${p.md5}/cloudberry%20${p.id}%20${encodeURIComponent(p.tags)}.jpg`,
    is_shown_in_index: true,
    preview_url: `http://${H.moebooru}/data/preview/${p.md5.slice(0, 2)}/${p.md5.slice(2, 4)}/${p.md5}.jpg`,
    preview_width: 113,
    preview_height: 150,
    actual_preview_width: 226,
    actual_preview_height: 300,
    sample_url: `http://${H.moebooru}/sample/${p.md5}/cloudberry%20${p.id}%20sample.jpg`,
    sample_width: 1125,
    sample_height: 1500,
    sample_file_size: 201_337,
    jpeg_url: `http://${H.moebooru}/image/${p.md5}/cloudberry%20${p.id}%20${encodeURIComponent(p.tags)}.jpg`,
    jpeg_width: 1536,
    jpeg_height: 2048,
    jpeg_file_size: 0,
    rating: "e",
    has_children: false,
    parent_id: null,
    status: "active",
    width: 1536,
    height: 2048,
    is_held: false,
    frames_pending_string: "",
    frames_pending: [],
    frames_string: "",
    frames: [],
  });
  const moebooruSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/" || url.pathname === "/post") return html(fill(crawlFixture("moebooru-home.html"), { APP_NAME: "Cloudberry", POSTS: "" }))(req, res, url);
    if (url.pathname === "/post.json") {
      const tags = url.searchParams.get("tags") ?? "";
      const byId = /^id:(\d+)$/.exec(tags);
      if (byId) return json(posts.moebooru.filter((p) => p.id === Number(byId[1])).map(moebooruPost))(req, res, url);
      const limit = limitOf(url);
      const page = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
      return json(newest("moebooru").slice((page - 1) * limit).slice(0, limit).map(moebooruPost))(req, res, url);
    }
    if (/^\/(?:image|sample|data\/preview)\//.test(url.pathname)) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };

  // ------------------------------------------------------------------ Philomena
  const philomenaImage = (p: BooruPost) => {
    const d = new Date(p.at);
    const day = `${d.getUTCFullYear()}/${d.getUTCMonth() + 1}/${d.getUTCDate()}`;
    const img = (name: string) => `http://${H.philomena}/img/${day}/${p.id}/${name}.jpg`;
    // Philomena's tag names are words with spaces.
    const tags = p.tags.split(" ").map((t) => t.replace(/_/g, " "));
    return {
      id: p.id,
      name: `IMG_${p.id % 10_000}.jpg`,
      tags,
      tag_ids: tags.map((_, i) => 1000 + i),
      tag_count: tags.length,
      created_at: new Date(p.at).toISOString().replace(/\.\d{3}Z$/, "Z"),
      updated_at: new Date(p.at + p.change * 1000).toISOString().replace(/\.\d{3}Z$/, "Z"),
      first_seen_at: new Date(p.at).toISOString().replace(/\.\d{3}Z$/, "Z"),
      uploader: "mare_up",
      uploader_id: 4411,
      width: 1536,
      height: 2048,
      aspect_ratio: 0.75,
      mime_type: "image/jpeg",
      format: "jpg",
      size: 412_339,
      animated: false,
      duration: 0.04,
      processed: true,
      thumbnails_generated: true,
      hidden_from_users: false,
      spoilered: false,
      deletion_reason: null,
      duplicate_of: null,
      description: "",
      source_url: "",
      score: 2,
      upvotes: 2,
      downvotes: 0,
      faves: 1,
      comment_count: 0,
      wilson_score: 0.2,
      intensities: null,
      representations: { full: `http://${H.philomena}/img/view/${day}/${p.id}.jpg`, large: img("large"), medium: img("medium"), small: img("small"), tall: img("tall"), thumb: img("thumb"), thumb_small: img("thumb_small"), thumb_tiny: img("thumb_tiny") },
      view_url: `http://${H.philomena}/img/view/${day}/${p.id}__${tags.join("_").replace(/ /g, "+")}.jpg`,
    };
  };
  const filterJson = (id: number, name: string, description: string, hidden: string[], spoilered: string[]) => ({
    id,
    name,
    description,
    public: false,
    system: true,
    user_count: 0,
    user_id: null,
    hidden_tag_ids: hidden.map((_, i) => 26_700 + i),
    spoilered_tag_ids: spoilered.map((_, i) => 26_800 + i),
    hidden_complex: null,
    spoilered_complex: null,
  });
  // As priv/repo/seeds.json seeds them (ids as on a board that has had others since); the first is the default.
  const PHILOMENA_FILTERS = [filterJson(100_073, "Default", "The site's default filter.", ["explicit", "grotesque"], ["questionable"]), filterJson(56, "Everything", "This filter won't filter out anything at all.", [], [])];
  const hiddenBy = new Map<number, string[]>([[100_073, ["explicit", "grotesque"]]]);
  const philomenaSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return html(fill(crawlFixture("philomena-home.html"), { APP_NAME: "VelvetMare", IMAGES: "" }))(req, res, url);
    if (url.pathname === "/api/v1/json/filters/system") return json({ filters: PHILOMENA_FILTERS, total: PHILOMENA_FILTERS.length })(req, res, url);
    if (url.pathname === "/api/v1/json/search/images") {
      const perPage = Math.min(PAGE, Math.max(1, Number(url.searchParams.get("per_page") ?? "25") || 25));
      const page = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
      // An unknown filter_id is ignored (FilterIdPlug): the default filter applies.
      const filter = PHILOMENA_FILTERS.find((f) => String(f.id) === url.searchParams.get("filter_id")) ?? PHILOMENA_FILTERS[0]!;
      const all = newest("philomena").filter((p) => !p.tags.split(" ").some((t) => (hiddenBy.get(filter.id) ?? []).includes(t)));
      return json({ images: all.slice((page - 1) * perPage).slice(0, perPage).map(philomenaImage), interactions: [], total: all.length })(req, res, url);
    }
    const one = /^\/api\/v1\/json\/images\/(\d+)$/.exec(url.pathname);
    if (one) {
      const p = posts.philomena.find((q) => q.id === Number(one[1]));
      return p ? json({ image: philomenaImage(p), interactions: [] })(req, res, url) : json({ error: "not found" }, 404)(req, res, url);
    }
    if (url.pathname.startsWith("/img/")) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };

  // ------------------------------------------------------------------ Shimmie2 (nice URLs, and without: index.php?q=)
  type ShimmieSite = "shimmie" | "shimmie-ugly";
  /** make_link(page) as the board writes it: /page, or /index.php?q=page encoded (http_build_query). */
  const shmLink = (site: ShimmieSite, page: string) => (site === "shimmie" ? `/${page}` : `/index.php?q=${encodeURIComponent(page)}`);
  const shimmieFile = (site: ShimmieSite, p: BooruPost) =>
    site === "shimmie"
      ? `http://${H.shimmie}/_images/${p.md5}/${p.id}%20-%20${encodeURIComponent(p.tags)}.jpg`
      : new URL(`http://${H[site]}${shmLink(site, `image/${p.id}/${p.id}%20-%20${encodeURIComponent(p.tags)}.jpg`)}`).href;
  const shimmieItem = (site: ShimmieSite, p: BooruPost) => {
    const tags = xmlAttr(p.tags);
    const link = `http://${H[site]}${shmLink(site, `post/view/${p.id}`)}`;
    return `
		<item>
			<title>${p.id} - ${tags}</title>
			<link>${xmlAttr(link)}</link>
			<guid isPermaLink="true">${xmlAttr(link)}</guid>
			<pubDate>${new Date(p.at).toUTCString().replace("GMT", "+0000")}</pubDate>
			<description>${xmlAttr(`<div><p><a href="${shmLink(site, `post/view/${p.id}`)}" class="thumb shm-thumb shm-thumb-link " data-tags="${tags}" data-post-id="${p.id}"><img id='thumb_${p.id}' src='/_thumbs/${p.md5}/thumb.jpg'></a></p></div>`)}</description>
			<media:thumbnail url="http://${H[site]}/_thumbs/${p.md5}/thumb.jpg"/>
			<media:content url="${xmlAttr(shimmieFile(site, p))}"/>
		</item>`;
  };
  const shimmieFeed = (site: ShimmieSite, list: BooruPost[], prev: string, next: string) => `<?xml version="1.0" encoding="utf-8" ?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss" xmlns:atom="http://www.w3.org/2005/Atom">
    <channel>
        <title>${site === "shimmie" ? "DuskMoth" : "FernHollow"}</title>
        <description>The latest uploads to the image board</description>
		<link>http://${H[site]}/</link>
		<generator>Shimmie-2.11.3</generator>
		<copyright>(c) 2007 Shish</copyright>
		${prev}
		<atom:link rel="next" href="${xmlAttr(next)}" />
		${list.map((p) => shimmieItem(site, p)).join("")}
	</channel>
</rss>`;
  /** The page asked for, as _get_query reads it: the path, or index.php's q (a leading slash and an extra encoding undone). */
  const shmPage = (url: URL): string | null => {
    if (url.pathname !== "/index.php") return url.pathname.replace(/^\/+/, "");
    const raw = /(?:^\?|&)q=([^&]*)/.exec(url.search)?.[1];
    if (raw === undefined) return "";
    let q = raw;
    if (!q.includes("/") && q.includes("%2F")) q = decodeURIComponent(q);
    return q.replace(/^\/+/, "");
  };
  const postList = (site: ShimmieSite) =>
    fill(crawlFixture("shimmie2-post-list.html"), { APP_NAME: site === "shimmie" ? "DuskMoth" : "FernHollow", THUMBS: "" }).replace(
      /href="\/((?:post|rss|comment|tags|upload|random_image)[^"]*)"|href='\/((?:post|rss|comment|tags|upload|random_image)[^']*)'/g,
      (_m, a?: string, b?: string) => `href="${xmlAttr(shmLink(site, (a ?? b)!))}"`,
    );
  const shimmieSite =
    (site: ShimmieSite): SiteHandler =>
    (req, res, url) => {
      if (url.pathname.startsWith("/_images/") || url.pathname.startsWith("/_thumbs/")) return servePhoto(req, res, url);
      // Without nice URLs only index.php (and / for its main page) answers.
      const page = site === "shimmie" ? url.pathname.replace(/^\/+/, "") : url.pathname === "/" ? "" : shmPage(url);
      if (page === null) return notFound(req, res, url);
      if (page === "" || page === "post/list") return html(postList(site))(req, res, url);
      const byId = /^rss\/images\/id(?:%3D|=)(\d+)\/1$/i.exec(page);
      const paged = /^rss\/images\/(\d+)$/.exec(page);
      if (byId || paged) {
        const n = paged ? Math.max(1, Number(paged[1])) : 1;
        const list = byId ? posts[site].filter((p) => p.id === Number(byId[1])) : newest(site).slice((n - 1) * PAGE).slice(0, PAGE);
        const base = byId ? `rss/images/id%3D${byId[1]}/` : "rss/images/";
        res.writeHead(200, { "content-type": "application/rss+xml" });
        res.end(shimmieFeed(site, list, n > 1 ? `<atom:link rel="previous" href="${xmlAttr(shmLink(site, `${base}${n - 1}`))}" />` : "", shmLink(site, `${base}${n + 1}`)));
        return;
      }
      if (site === "shimmie-ugly" && /^image\/\d+\//.test(page)) return servePhoto(req, res, url);
      return notFound(req, res, url);
    };

  // ------------------------------------------------------------------ Szurubooru
  const szuruShell = html(`<!DOCTYPE html>
<html>
<head>
    <meta charset='utf-8'/>
    <meta name='viewport' content='width=device-width, initial-scale=1.0'>
    <meta name='theme-color' content='#24aadd'/>
    <title>Loading...</title>
    <base href="/"/>
    <link href='css/app.min.css' rel='stylesheet' type='text/css'/>
    <link href='css/vendor.min.css' rel='stylesheet' type='text/css'/>
    <link rel='shortcut icon' type='image/png' href='img/favicon.png'/>
    <link rel='manifest' href='manifest.json'/>
</head>
<body>
    <noscript><p>You must enable Javascript to use this site.</p></noscript>
    <div id='top-navigation-holder'></div>
    <div id='content-holder'></div>
    <script type='text/javascript' src='js/vendor.min.js'></script>
    <script type='text/javascript' src='js/app.min.js'></script>
</body>
</html>`);
  // Python's isoformat() and a "Z" (rest/app.py).
  const szuruTime = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, "Z");
  const szuruPost = (p: BooruPost) => ({
    version: 1 + p.change,
    id: p.id,
    creationTime: szuruTime(p.at),
    lastEditTime: p.change ? szuruTime(p.at + p.change * 1000) : null,
    safety: "unsafe",
    source: null,
    type: "image",
    mimeType: "image/jpeg",
    checksum: createHash("sha1").update(p.md5).digest("hex"),
    checksumMD5: p.md5,
    fileSize: 412_339,
    canvasWidth: 1536,
    canvasHeight: 2048,
    contentUrl: `data/posts/${p.id}_${p.md5.slice(0, 16)}.jpg`,
    thumbnailUrl: `data/generated-thumbnails/${p.id}_${p.md5.slice(0, 16)}.jpg`,
    flags: [],
    tags: p.tags.split(" ").map((name, i) => ({ names: [name], category: i === 0 ? "artist" : "default", usages: 3 })),
    relations: [],
    notes: [],
    user: { name: "marsh_up", avatarUrl: "https://gravatar.com/avatar/0?d=retro&s=300" },
    score: 1,
    ownScore: 0,
    ownFavorite: false,
    tagCount: p.tags.split(" ").length,
    favoriteCount: 0,
    commentCount: 0,
    noteCount: 0,
    featureCount: 0,
    relationCount: 0,
    lastFeatureTime: null,
    favoritedBy: [],
    hasCustomThumbnail: false,
    comments: [],
    pools: [],
  });
  const szurubooruSite: SiteHandler = (req, res, url) => {
    if (url.pathname.startsWith("/data/")) return servePhoto(req, res, url);
    if (!url.pathname.startsWith("/api/")) return szuruShell(req, res, url);
    // The API answers only those who ask for JSON first; others get the app.
    if (!/^\s*application\/json\s*(?:[,;]|$)/i.test(String(req.headers.accept ?? ""))) return szuruShell(req, res, url);
    if (url.pathname === "/api/posts/" || url.pathname === "/api/posts") {
      const offset = Math.max(0, Number(url.searchParams.get("offset") ?? "0") || 0);
      const limit = limitOf(url);
      const all = newest("szurubooru");
      return json({ query: url.searchParams.get("query") ?? "", offset, limit, total: all.length, results: all.slice(offset, offset + limit).map(szuruPost) })(req, res, url);
    }
    const one = /^\/api\/post\/(\d+)\/?$/.exec(url.pathname);
    if (one) {
      const p = posts.szurubooru.find((q) => q.id === Number(one[1]));
      return p ? json(szuruPost(p))(req, res, url) : json({ name: "PostNotFoundError", title: "Not found", description: `Post ${one[1]} not found.` }, 404)(req, res, url);
    }
    return json({ name: "HttpNotFound", title: "Not found", description: "Requested path not found." }, 404)(req, res, url);
  };

  const robots: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("User-agent: *\nDisallow: /users\nDisallow: /admin\n");
  };
  const sites: Record<string, Site> = Object.fromEntries(
    ([["danbooru", danbooruSite], ["gelbooru", gelbooruSite("gelbooru")], ["gelbooru-xml", gelbooruSite("gelbooru-xml")], ["moebooru", moebooruSite], ["philomena", philomenaSite], ["shimmie", shimmieSite("shimmie")], ["shimmie-ugly", shimmieSite("shimmie-ugly")], ["szurubooru", szurubooruSite]] as const).map(([site, handler]) => [H[site], { "/robots.txt": robots, "*": handler }]),
  );
  const web = await startProxiedSites(sites);

  /** A post's page as each board links it, and its file at full size. */
  const addresses = (site: BooruSite, p: BooruPost): { url: string; file: string } => {
    if (site === "danbooru") return { url: `http://${H.danbooru}/posts/${p.id}`, file: dFiles(p).file_url };
    if (site === "moebooru") return { url: `http://${H.moebooru}/post/show/${p.id}`, file: moebooruPost(p).file_url };
    if (site === "shimmie" || site === "shimmie-ugly") return { url: `http://${H[site]}${shmLink(site, `post/view/${p.id}`)}`, file: shimmieFile(site, p) };
    if (site === "szurubooru") return { url: `http://${H.szurubooru}/post/${p.id}`, file: `http://${H.szurubooru}/${szuruPost(p).contentUrl}` };
    if (site === "philomena") return { url: `http://${H.philomena}/images/${p.id}`, file: philomenaImage(p).representations.full };
    return { url: `http://${H[site]}/index.php?page=post&s=view&id=${p.id}`, file: gelbooruPost(H[site], p).file_url };
  };

  return {
    hosts: BOORU_HOSTS,
    proxy: web.proxy,
    requests: web.requests,
    /** A post on a board: its tags (space-separated, as the board stores them). */
    addPost(site: BooruSite, tags: string) {
      const id = (nextId[site] += 1 + (posts[site].length % 3));
      const p: BooruPost = { id, tags, md5: createHash("md5").update(`${site}:${id}`).digest("hex"), at: tick(), change: 0 };
      posts[site].push(p);
      return { post: p, ...addresses(site, p) };
    },
    settings: web.settings,
    close: web.close,
  };
}
