import { crawlFixture } from "./crawl-fixtures";
import { startProxiedSites } from "./proxied-sites";
import { noisePhoto } from "./noise-photo";
import { bytes, html, json, readBody, redirect, type Site, type SiteHandler } from "./virtual-host-server";

/**
 * A crawl holdout: leak sites running software the crawler was not built against, served as
 * those programs serve them (fixtures/crawl, SOURCES.md), behind the recording forward proxy:
 *
 * - a Lemmy 0.19 instance (lemmy-ui's server-rendered shell with window.isoData; the v3 JSON API:
 *   /api/v3/post/list, /api/v3/post?id=, /api/v3/comment/list; markdown bodies; pict-rs images);
 * - a Mastodon 4.3 server (the web app's shell and initial state; /api/v1/timelines/public with
 *   its Link header, /api/v1/statuses/:id; media attachments);
 * - a Discuz! X3.4 board (forum.php, the "new" guide forum.php?mod=guide&view=new with the
 *   multipage row, forum.php?mod=viewthread&tid=N&page=K, mod=redirect&goto=lastpost, attachment
 *   images whose src is a placeholder and whose file / zoomfile attributes hold the image);
 * - a Chevereto 4 image host (a landing home page, /explore/recent's list items and endless
 *   pagination, /image/{name}.{id} viewer pages);
 * - a Misskey 2025 server (base.pug's page shell, /.well-known/nodeinfo and /nodeinfo/2.1; its POST-only
 *   API: /api/notes/local-timeline with untilId, /api/notes/show; drive files under /files/);
 * - a GoToSocial 0.19 server that does not expose its public timeline (the API answers 401 without a token,
 *   as timelines/public.go and statusget.go do; its robots.txt disallows /api/), its pages from web/template
 *   (page.tmpl, page_footer.tmpl's source link, profile's RSS link, status.tmpl and status_attachment.tmpl's
 *   photoswipe links to the original), the accounts' /@user/feed.rss and NodeInfo;
 * - a tube script of no known package whose home page shows the newest clips and a "Load more" button
 *   (data-url) that fetches the rest as JSON in Laravel's paginator shape (LengthAwarePaginator::toArray:
 *   current_page, data, next_page_url null on the last page, …).
 *
 * Every listing pages after PAGE items, so that the walks page. Posts can be added between crawls.
 */

export const HOLDOUT_CRAWL_HOSTS = {
  lemmy: "lemmy.velvetden.example",
  mastodon: "social.peachpit.example",
  discuz: "bbs.taohua.example",
  chevereto: "img.snapvault.example",
  misskey: "mk.sugarcube.example",
  gotosocial: "gts.hazelnook.example",
  tube: "www.clipnest.example",
} as const;
export type HoldoutCrawlSite = keyof typeof HOLDOUT_CRAWL_HOSTS;
const H = HOLDOUT_CRAWL_HOSTS;

const PAGE = 3;
const DISCUZ_POSTS_PER_PAGE = 10;
const T0 = Date.parse("2026-11-01T08:00:00Z");

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const fill = (page: string, vars: Record<string, string>) => page.replace(/\{\{([A-Z_]+)\}\}/g, (m, k: string) => vars[k] ?? m);
/** Lemmy 0.19 writes times with microseconds: 2026-11-01T08:01:00.000000Z. */
const lemmyTime = (at: number) => new Date(at).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
/** Discuz! prints dates as "2026-11-1 08:01" (its dateformat Y-n-j H:i, in the board's time zone). */
const discuzTime = (at: number) => {
  const d = new Date(at);
  return `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}-${d.getUTCDate()} ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
};

export type LemmyComment = { id: number; markdown: string; at: number };
export type LemmyPost = { id: number; name: string; body: string | null; url: string | null; at: number; comments: LemmyComment[] };
export type MastodonStatus = { id: string; user: string; content: string; photos: string[]; at: number; remote?: string };
export type DiscuzPost = { pid: number; author: string; message: string; attachments: string[]; at: number };
export type DiscuzThread = { tid: number; subject: string; posts: DiscuzPost[] };
export type MisskeyNote = { id: string; user: string; text: string | null; cw: string | null; files: string[]; at: number };
export type GtsStatus = { id: string; user: string; content: string; spoiler: string; photos: string[]; at: number };
export type Clip = { id: number; title: string; description: string; at: number };
export type CheveretoImage = { id: string; name: string; file: string; description: string; at: number };

export type CrawlHoldoutWeb = Awaited<ReturnType<typeof startCrawlHoldoutWeb>>;

export async function startCrawlHoldoutWeb() {
  let clock = T0;
  const tick = () => (clock += 60_000);
  const lemmy: LemmyPost[] = [];
  const statuses: MastodonStatus[] = [];
  const threads: DiscuzThread[] = [];
  const images: CheveretoImage[] = [];
  const notes: MisskeyNote[] = [];
  const gts: GtsStatus[] = [];
  const clips: Clip[] = [];

  // A photo every image address answers with (the index hashes it).
  const servePhoto = bytes(await noisePhoto(4242), "image/jpeg");
  const notFound = html("<h1>404 Not Found</h1>", 404);

  // ------------------------------------------------------------------ Lemmy 0.19
  const lemmyHome = crawlFixture("lemmy-home.html");
  const lemmyCommunity = { id: 4, name: "creators", title: "Creators", removed: false, published: lemmyTime(T0 - 9e8), deleted: false, nsfw: true, actor_id: `http://${H.lemmy}/c/creators`, local: true, icon: null, hidden: false, posting_restricted_to_mods: false, instance_id: 1, visibility: "Public" };
  const lemmyPerson = (id: number) => ({ id, name: `uploader${id}`, banned: false, published: lemmyTime(T0 - 8e8), actor_id: `http://${H.lemmy}/u/uploader${id}`, local: true, deleted: false, bot_account: false, instance_id: 1 });
  const lemmyLast = (p: LemmyPost) => Math.max(p.at, ...p.comments.map((c) => c.at));
  const lemmyPostJson = (p: LemmyPost) => ({
    id: p.id,
    name: p.name,
    ...(p.url ? { url: p.url, url_content_type: /\.(?:jpe?g|png|webp)$/.test(p.url) ? "image/jpeg" : "text/html", thumbnail_url: /\/pictrs\//.test(p.url) ? p.url : undefined } : {}),
    ...(p.body !== null ? { body: p.body } : {}),
    creator_id: 7,
    community_id: 4,
    removed: false,
    locked: false,
    published: lemmyTime(p.at),
    deleted: false,
    nsfw: true,
    ap_id: `http://${H.lemmy}/post/${p.id}`,
    local: true,
    language_id: 0,
    featured_community: false,
    featured_local: false,
  });
  const lemmyPostView = (p: LemmyPost) => ({
    post: lemmyPostJson(p),
    creator: lemmyPerson(7),
    community: lemmyCommunity,
    creator_banned_from_community: false,
    banned_from_community: false,
    creator_is_moderator: false,
    creator_is_admin: false,
    counts: { post_id: p.id, comments: p.comments.length, score: 3, upvotes: 3, downvotes: 0, published: lemmyTime(p.at), newest_comment_time: lemmyTime(lemmyLast(p)) },
    subscribed: "NotSubscribed",
    saved: false,
    read: false,
    hidden: false,
    creator_blocked: false,
    unread_comments: p.comments.length,
  });
  const lemmyByNew = () => [...lemmy].sort((a, b) => b.at - a.at);
  /** sort=NewComments: by the newest comment, a post without comments by its publication (as Lemmy keeps newest_comment_time). */
  const lemmyByActivity = () => [...lemmy].sort((a, b) => lemmyLast(b) - lemmyLast(a));
  const lemmyListing = (posts: LemmyPost[]) =>
    posts
      .map(
        (p) => `<div class="post-listing mt-2"><div class="row"><div class="col-12 col-md-11"><div class="d-flex"><div class="flex-grow-1"><h1 class="h5 d-inline text-break"><a class="d-inline link-dark" href="/post/${p.id}" title="comments">${esc(p.name)}</a></h1><div class="small mb-1 mb-md-0"><span><a title="${lemmyCommunity.title}" class="community-link" href="/c/creators">creators</a></span><span class="mx-1">•</span><span class="moment-time pointer unselectable" data-tippy-content="${new Date(p.at).toUTCString()}">1h</span></div></div></div></div></div></div>`,
      )
      .join("\n");
  const lemmySite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return html(fill(lemmyHome, { HOST: H.lemmy, SITE_NAME: "Velvet Den" }).replace("<!--POSTS-->", lemmyListing(lemmyByNew().slice(0, 20))))(req, res, url);
    if (url.pathname === "/api/v3/post/list") {
      const sorted = url.searchParams.get("sort") === "NewComments" ? lemmyByActivity() : lemmyByNew();
      // 0.19 pages by cursor (next_page, sent back as page_cursor); "Pa{id}": the posts after that one.
      const cursor = url.searchParams.get("page_cursor");
      const from = cursor ? sorted.findIndex((p) => `Pa${p.id}` === cursor) + 1 : 0;
      const slice = sorted.slice(from, from + Math.min(PAGE, Number(url.searchParams.get("limit") ?? 20)));
      const more = from + slice.length < sorted.length;
      return json({ posts: slice.map(lemmyPostView), ...(more ? { next_page: `Pa${slice.at(-1)!.id}` } : {}) })(req, res, url);
    }
    if (url.pathname === "/api/v3/post") {
      const p = lemmy.find((q) => String(q.id) === url.searchParams.get("id"));
      if (!p) return json({ error: "couldnt_find_post" }, 404)(req, res, url);
      return json({ post_view: lemmyPostView(p), community_view: { community: lemmyCommunity, subscribed: "NotSubscribed", blocked: false, counts: { community_id: 4, subscribers: 812, posts: lemmy.length, comments: 0, published: lemmyCommunity.published, users_active_day: 40, users_active_week: 120, users_active_month: 300, users_active_half_year: 700, subscribers_local: 600 }, banned_from_community: false }, moderators: [], cross_posts: [] })(req, res, url);
    }
    if (url.pathname === "/api/v3/comment/list") {
      const p = lemmy.find((q) => String(q.id) === url.searchParams.get("post_id"));
      if (!p) return json({ comments: [] })(req, res, url);
      const sorted = url.searchParams.get("sort") === "New" ? [...p.comments].sort((a, b) => b.at - a.at) : p.comments;
      const limit = Math.min(50, Number(url.searchParams.get("limit") ?? 10));
      const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
      return json({
        comments: sorted.slice((page - 1) * limit, page * limit).map((c) => ({
          comment: { id: c.id, creator_id: 9, post_id: p.id, content: c.markdown, removed: false, published: lemmyTime(c.at), deleted: false, ap_id: `http://${H.lemmy}/comment/${c.id}`, local: true, path: `0.${c.id}`, distinguished: false, language_id: 0 },
          creator: lemmyPerson(9),
          post: lemmyPostJson(p),
          community: lemmyCommunity,
          counts: { comment_id: c.id, score: 1, upvotes: 1, downvotes: 0, published: lemmyTime(c.at), child_count: 0 },
          creator_banned_from_community: false,
          banned_from_community: false,
          creator_is_moderator: false,
          creator_is_admin: false,
          subscribed: "NotSubscribed",
          saved: false,
          creator_blocked: false,
        })),
      })(req, res, url);
    }
    if (url.pathname.startsWith("/post/")) {
      const p = lemmy.find((q) => `/post/${q.id}` === url.pathname);
      if (!p) return notFound(req, res, url);
      // lemmy-ui renders the post's page on the server too (its markdown as HTML, its link).
      return html(fill(lemmyHome, { HOST: H.lemmy, SITE_NAME: `${esc(p.name)} - Velvet Den` }).replace("<!--POSTS-->", `<div class="post-listing mt-2"><h1 class="h5 d-inline text-break">${esc(p.name)}</h1><div class="md-div">${esc(p.body ?? "")}</div></div>`))(req, res, url);
    }
    if (url.pathname.startsWith("/pictrs/image/")) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };

  // ------------------------------------------------------------------ Mastodon 4.3
  const mastodonHome = crawlFixture("mastodon-home.html");
  const account = (user: string) => ({
    id: String(109000000000000000 + user.length),
    username: user,
    acct: user,
    display_name: user,
    locked: false,
    bot: false,
    discoverable: true,
    indexable: true,
    group: false,
    created_at: "2025-04-02T00:00:00.000Z",
    note: "",
    url: `http://${H.mastodon}/@${user}`,
    uri: `http://${H.mastodon}/users/${user}`,
    avatar: `http://${H.mastodon}/avatars/original/missing.png`,
    avatar_static: `http://${H.mastodon}/avatars/original/missing.png`,
    header: `http://${H.mastodon}/headers/original/missing.png`,
    header_static: `http://${H.mastodon}/headers/original/missing.png`,
    followers_count: 12,
    following_count: 3,
    statuses_count: 80,
    last_status_at: "2026-11-01",
    hide_collections: null,
    noindex: false,
    emojis: [],
    roles: [],
    fields: [],
  });
  const statusJson = (s: MastodonStatus) => (s.remote ? remoteStatus(s) : localStatus(s));
  /** A status of another server as this one serves it: acct user@domain, its url and uri on its own server. */
  const remoteStatus = (s: MastodonStatus) => {
    const own = localStatus(s);
    const origin = `https://${s.remote!}`;
    return {
      ...own,
      uri: `${origin}/users/${s.user}/statuses/${s.id}`,
      url: `${origin}/@${s.user}/${s.id}`,
      account: { ...own.account, acct: `${s.user}@${s.remote!}`, url: `${origin}/@${s.user}`, uri: `${origin}/users/${s.user}` },
    };
  };
  const localStatus = (s: MastodonStatus) => ({
    id: s.id,
    created_at: new Date(s.at).toISOString(),
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    sensitive: true,
    spoiler_text: "",
    visibility: "public",
    language: "en",
    uri: `http://${H.mastodon}/users/${s.user}/statuses/${s.id}`,
    url: `http://${H.mastodon}/@${s.user}/${s.id}`,
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 1,
    edited_at: null,
    content: s.content,
    reblog: null,
    application: { name: "Web", website: null },
    account: account(s.user),
    media_attachments: s.photos.map((file, i) => ({
      id: `${s.id.slice(0, -2)}${10 + i}`,
      type: "image",
      url: `http://${H.mastodon}/system/media_attachments/files/113/${s.id.slice(-6)}/original/${file}`,
      preview_url: `http://${H.mastodon}/system/media_attachments/files/113/${s.id.slice(-6)}/small/${file}`,
      remote_url: null,
      preview_remote_url: null,
      text_url: null,
      meta: { original: { width: 1280, height: 1707, size: "1280x1707", aspect: 0.75 }, small: { width: 480, height: 640, size: "480x640", aspect: 0.75 } },
      description: null,
      blurhash: "UFE3bS9Z00%M~qWBIUt7-;ayM{of00t7xut7",
    })),
    mentions: [],
    tags: [...s.content.matchAll(/\/tags\/(\w+)/g)].map((m) => ({ name: m[1]!.toLowerCase(), url: `http://${H.mastodon}/tags/${m[1]!.toLowerCase()}` })),
    emojis: [],
    card: null,
    poll: null,
  });
  const mastodonSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/" || url.pathname === "/explore" || /^\/@\w+(?:\/\d+)?$/.test(url.pathname)) return html(fill(mastodonHome, { HOST: H.mastodon, SITE_NAME: "Peach Pit" }))(req, res, url);
    const tag = /^\/api\/v1\/timelines\/tag\/(\w+)$/.exec(url.pathname)?.[1]?.toLowerCase();
    if (url.pathname === "/api/v1/timelines/public" || tag) {
      // Newest first; max_id: older than that status; Link: next (older) and prev (newer), as insert_pagination_headers writes them.
      // local=true: this server's own statuses; a tag's timeline (tag_controller.rb): every known status with the tag, from other servers too.
      const local = url.searchParams.get("local") === "true";
      const sorted = [...statuses]
        .filter((s) => (tag ? s.content.toLowerCase().includes(`/tags/${tag}"`) : !local || !s.remote))
        .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
      const max = url.searchParams.get("max_id");
      const older = max ? sorted.filter((s) => BigInt(s.id) < BigInt(max)) : sorted;
      const slice = older.slice(0, Math.min(PAGE, Number(url.searchParams.get("limit") ?? 20)));
      const headers: Record<string, string> = {};
      if (slice.length > 0) {
        const base = tag
          ? `http://${H.mastodon}/api/v1/timelines/tag/${tag}?limit=${url.searchParams.get("limit") ?? 20}`
          : `http://${H.mastodon}/api/v1/timelines/public?limit=${url.searchParams.get("limit") ?? 20}&local=${url.searchParams.get("local") ?? "false"}`;
        headers.link = `<${base}&max_id=${slice.at(-1)!.id}>; rel="next", <${base}&min_id=${slice[0]!.id}>; rel="prev"`;
      }
      return json(slice.map(statusJson), 200, headers)(req, res, url);
    }
    const m = /^\/api\/v1\/statuses\/(\d+)$/.exec(url.pathname);
    if (m) {
      const s = statuses.find((q) => q.id === m[1]);
      return s ? json(statusJson(s))(req, res, url) : json({ error: "Record not found" }, 404)(req, res, url);
    }
    if (url.pathname.startsWith("/system/media_attachments/")) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };

  // ------------------------------------------------------------------ Discuz! X3.4
  const dzVars = { HOST: H.discuz, SITE_NAME: "桃花社区" };
  const dzHeader = (title: string) => fill(crawlFixture("discuz-x3-header.html"), { ...dzVars, TITLE: title });
  const dzFooter = fill(crawlFixture("discuz-x3-footer.html"), dzVars);
  const dzByLast = () => [...threads].sort((a, b) => b.posts.at(-1)!.at - a.posts.at(-1)!.at);
  const dzPages = (t: DiscuzThread) => Math.max(1, Math.ceil(t.posts.length / DISCUZ_POSTS_PER_PAGE));
  /** function_core.php multi(): <div class="pg"> with the previous arrow, page links, the current page in <strong>, "下一页" (a.nxt). */
  const multipage = (base: string, page: number, pages: number) => {
    if (pages <= 1) return "";
    const parts: string[] = [];
    if (page > 1) parts.push(`<a href="${base}&amp;page=${page - 1}" class="prev">&nbsp;&nbsp;</a>`);
    for (let n = 1; n <= pages; n++) parts.push(n === page ? `<strong>${n}</strong>` : `<a href="${base}&amp;page=${n}">${n}</a>`);
    parts.push(`<label><input type="text" name="custompage" class="px" size="2" title="输入页码，按回车快速跳转" value="${page}" /><span title="共 ${pages} 页"> / ${pages} 页</span></label>`);
    if (page < pages) parts.push(`<a href="${base}&amp;page=${page + 1}" class="nxt">下一页</a>`);
    return `<div class="pg">${parts.join("")}</div>`;
  };
  // guide_list_row.htm: one tbody per thread.
  const dzRow = (t: DiscuzThread) => {
    const first = t.posts[0]!;
    const last = t.posts.at(-1)!;
    const pages = dzPages(t);
    const tps = pages > 1 ? `<span class="tps">&nbsp;...${Array.from({ length: pages - 1 }, (_, i) => `<a href="forum.php?mod=viewthread&tid=${t.tid}&amp;extra=page%3D1&amp;page=${i + 2}">${i + 2}</a>`).join("")}</span>` : "";
    return `<tbody id="normalthread_${t.tid}">
<tr>
<td class="icn">
<a href="forum.php?mod=viewthread&tid=${t.tid}&extra=" title="有新回复 - 新窗口打开" target="_blank">
<img src="static/image/common/folder_new.gif" />
</a>
</td>
<th class="new">
<a href="forum.php?mod=viewthread&tid=${t.tid}&extra=" target="_blank" class="xst" >${esc(t.subject)}</a>&nbsp;
${first.attachments.length > 0 ? '<img src="static/image/filetype/image_s.gif" alt="attach_img" title="图片附件" align="absmiddle" />' : ""}
${tps}
<a href="forum.php?mod=redirect&tid=${t.tid}&goto=lastpost#lastpost" class="xi1">New</a>
</th>
<td class="by"><a href="forum.php?mod=forumdisplay&fid=2" target="_blank">写真区</a></td>
<td class="by">
<cite>
<a href="home.php?mod=space&uid=${first.pid % 97}" c="1">${esc(first.author)}</a></cite>
<em><span class="xi1">${discuzTime(first.at)}</span></em>
</td>
<td class="num"><a href="forum.php?mod=viewthread&tid=${t.tid}&extra=" class="xi2">${t.posts.length - 1}</a><em>${t.posts.length * 53}</em></td>
<td class="by">
<cite><a href="home.php?mod=space&username=${encodeURIComponent(last.author)}" c="1">${esc(last.author)}</a></cite>
<em><a href="forum.php?mod=redirect&tid=${t.tid}&goto=lastpost#lastpost">${discuzTime(last.at)}</a></em>
</td>
</tr>
</tbody>`;
  };
  const dzGuide = (page: number) => {
    const sorted = dzByLast();
    const pages = Math.max(1, Math.ceil(sorted.length / PAGE));
    const rows = sorted.slice((page - 1) * PAGE, page * PAGE).map(dzRow).join("\n");
    const pg = multipage("forum.php?mod=guide&amp;view=new", page, pages);
    return `${dzHeader("最新回复")}
<div id="wp" class="wp">
<div id="pt" class="bm cl">
<div class="z">
<a href="./" class="nvhm" title="首页">桃花社区</a><em>&raquo;</em><a href="forum.php?mod=guide&view=index">导读</a> <em>&rsaquo;</em> 最新回复</div>
</div>
<div class="boardnav">
<div id="ct" class="wp cl">
<div class="mn">
<div class="bm bml pbn">
<div class="bm_h cl">
<span class="y">
<a href="forum.php?mod=guide&view=new&rss=1" class="fa_rss" target="_blank" title="RSS">订阅</a>
</span>
<h1 class="xs2">最新回复</h1>
</div>
</div>
<div id="pgt" class="bm bw0 pgs cl">
${pg}
</div>
<ul id="thread_types" class="ttp bm cl">
<li ><a href="forum.php?mod=guide&view=hot">最新热门</a></li>
<li ><a href="forum.php?mod=guide&view=digest">最新精华</a></li>
<li class="xw1 a"><a href="forum.php?mod=guide&view=new">最新回复</a></li>
<li ><a href="forum.php?mod=guide&view=newthread">最新发表</a></li>
<li ><a href="forum.php?mod=guide&view=sofa">抢沙发</a></li>
</ul>
<div id="threadlist" class="tl bm bmw">
<div class="th">
<table cellspacing="0" cellpadding="0">
<tr>
<th colspan="2">标题</th>
<td class="by">版块</td>
<td class="by">作者</td>
<td class="num">回复/查看</td>
<td class="by">最后发表</td>
</tr>
</table>
</div>
<div class="bm_c">
<div id="forumnew" style="display:none"></div>
<table cellspacing="0" cellpadding="0">
${rows}
</table>
</div>
</div>
<div class="bm bw0 pgs cl">
${pg}
<span class="pgb y"><a href="forum.php?mod=guide">导读首页</a></span>
</div>
</div>
</div>
</div>
</div>
${dzFooter}`;
  };
  // viewthread.htm / viewthread_node.htm: a post's table, its message in td.t_f, its image attachments (discuzcode attachment markup).
  const dzPost = (t: DiscuzThread, p: DiscuzPost, floor: number) => {
    const attach = p.attachments
      .map(
        (file, i) => `<ignore_js_op>
<img id="aimg_${p.pid * 10 + i}" aid="${p.pid * 10 + i}" src="static/image/common/none.gif" zoomfile="data/attachment/forum/202611/01/${file}" file="data/attachment/forum/202611/01/${file}" class="zoom" onclick="zoom(this, this.src, 0, 0, 0)" width="600" id="aimg_${p.pid * 10 + i}" inpost="1" onmouseover="showMenu({'ctrlid':this.id,'pos':'12'})" />
<div class="tip tip_4 aimg_tip" id="aimg_${p.pid * 10 + i}_menu" style="position: absolute; display: none" disautofocus="true">
<div class="xs0">
<p><strong>${file}</strong> <em class="xg1">(148.2 KB, 下载次数: 12)</em></p>
<p><a href="forum.php?mod=attachment&amp;aid=QUlEJTNE&amp;nothumb=yes" target="_blank">下载附件</a></p>
<p class="xg1 y">${discuzTime(p.at)} 上传</p>
</div>
<div class="tip_horn"></div>
</div>
</ignore_js_op>`,
      )
      .join("\n");
    return `<div id="post_${p.pid}" >
<table id="pid${p.pid}" class="plhin" summary="pid${p.pid}" cellspacing="0" cellpadding="0">
<tr>
<td class="pls" rowspan="2">
<div id="favatar${p.pid}" class="pls favatar">
<div class="pi"><div class="authi"><a href="home.php?mod=space&amp;uid=${p.pid % 97}" target="_blank" class="xw1">${esc(p.author)}</a></div></div>
</div>
</td>
<td class="plc">
<div class="pi">
<strong><a href="forum.php?mod=redirect&goto=findpost&ptid=${t.tid}&pid=${p.pid}" id="postnum${p.pid}" onclick="setCopy(this.href, '帖子地址复制成功');return false;">${floor === 1 ? "楼主" : `${floor}<sup>#</sup>`}</a></strong>
<div class="pti"><div class="authi"><em id="authorposton${p.pid}">发表于 ${discuzTime(p.at)}</em></div></div>
</div><div class="pct"><div class="pcb">
<div class="t_fsz">
<table cellspacing="0" cellpadding="0"><tr><td class="t_f" id="postmessage_${p.pid}">
${p.message}<br />
${attach}</td></tr></table>
</div>
</div></div>
</td></tr>
</table>
</div>`;
  };
  const dzThread = (t: DiscuzThread, page: number) => {
    const pages = dzPages(t);
    const posts = t.posts.slice((page - 1) * DISCUZ_POSTS_PER_PAGE, page * DISCUZ_POSTS_PER_PAGE);
    const pg = multipage(`forum.php?mod=viewthread&amp;tid=${t.tid}&amp;extra=`, page, pages);
    return `${dzHeader(esc(t.subject))}
<div id="wp" class="wp">
<div id="pt" class="bm cl">
<div class="z">
<a href="./" class="nvhm" title="首页">桃花社区</a> <em>&rsaquo;</em> <a href="forum.php">论坛</a> <em>&rsaquo;</em> <a href="forum.php?mod=forumdisplay&fid=2">写真区</a> <em>&rsaquo;</em> <a href="forum.php?mod=viewthread&amp;tid=${t.tid}">${esc(t.subject)}</a>
</div>
</div>
<div id="ct" class="wp cl">
<div id="pgt" class="pgs mbm cl ">
<div class="pgt">${pg}</div>
<span class="y pgb"><a href="forum.php?mod=forumdisplay&fid=2">返回列表</a></span>
</div>
<div id="postlist" class="pl bm">
<table cellspacing="0" cellpadding="0">
<tr>
<td class="pls ptn pbn"><div class="hm ptn"><span class="xg1">查看:</span> <span class="xi1">${t.posts.length * 53}</span><span class="pipe">|</span><span class="xg1">回复:</span> <span class="xi1">${t.posts.length - 1}</span></div></td>
<td class="plc ptm pbn vwthd">
<h1 class="ts">
<span id="thread_subject">${esc(t.subject)}</span>
</h1>
</td>
</tr>
</table>
${posts.map((p, i) => dzPost(t, p, (page - 1) * DISCUZ_POSTS_PER_PAGE + i + 1)).join("\n")}
</div>
<div class="pgs mtm mbm cl">
${pg}
<span class="pgb y"><a href="forum.php?mod=forumdisplay&fid=2">返回列表</a></span>
</div>
</div>
</div>
${dzFooter}`;
  };
  const discuzSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/" || url.pathname === "/index.php") return redirect(`http://${H.discuz}/forum.php`)(req, res, url);
    if (url.pathname === "/forum.php") {
      const mod = url.searchParams.get("mod");
      if (!mod) return html(`${dzHeader("论坛")}\n${fill(crawlFixture("discuz-x3-forum-index.html"), dzVars)}\n${dzFooter}`)(req, res, url);
      if (mod === "guide" && url.searchParams.get("view") === "new") return html(dzGuide(Math.max(1, Number(url.searchParams.get("page") ?? 1))))(req, res, url);
      const t = threads.find((q) => String(q.tid) === url.searchParams.get("tid"));
      if (!t) return html(`${dzHeader("提示信息")}<div id="messagetext" class="alert_error"><p>抱歉，指定的主题不存在或已被删除或正在被审核</p></div>${dzFooter}`)(req, res, url);
      if (mod === "redirect" && url.searchParams.get("goto") === "lastpost") {
        const pages = dzPages(t);
        return redirect(`http://${H.discuz}/forum.php?mod=viewthread&tid=${t.tid}&page=${pages}#pid${t.posts.at(-1)!.pid}`)(req, res, url);
      }
      if (mod === "viewthread") return html(dzThread(t, Math.min(dzPages(t), Math.max(1, Number(url.searchParams.get("page") ?? 1)))))(req, res, url);
    }
    if (url.pathname.startsWith("/data/attachment/")) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };

  // ------------------------------------------------------------------ Chevereto 4
  const chVars = { HOST: H.chevereto, SITE_NAME: "SnapVault", PER_PAGE: String(PAGE) };
  const chHead = (o: { title: string; route: string; template: string; bodyClass: string; canonical: string; og?: string }) =>
    fill(crawlFixture("chevereto4-head.html"), { ...chVars, TITLE: o.title, ROUTE: o.route, TEMPLATE: o.template, BODY_CLASS: o.bodyClass, CANONICAL: o.canonical, OG: o.og ?? "" });
  const chFoot = fill(crawlFixture("chevereto4-foot.html"), chVars);
  const seekOf = (img: CheveretoImage) => `${new Date(img.at).toISOString().slice(0, 19).replace("T", " ")}.${img.id}`;
  /** Chevereto's viewer address: /image/{title as a slug}.{id}. */
  const viewer = (img: CheveretoImage) => `http://${H.chevereto}/image/${img.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}.${img.id}`;
  const fileUrl = (img: CheveretoImage, size: "" | ".th" | ".md") => `http://${H.chevereto}/images/2026/11/01/${img.file}${size}.jpg`;
  // tpl_list_item/image.php with image_cover_image.php and the guest description.
  const chItem = (img: CheveretoImage) => {
    const obj = encodeURIComponent(JSON.stringify({ type: "image", id_encoded: img.id, url: fileUrl(img, ""), url_viewer: viewer(img), display_url: fileUrl(img, ".md"), title: img.name, filename: `${img.file}.jpg`, extension: "jpg" }));
    return `<div class="list-item fixed-size c6 gutter-margin-right-bottom" data-category-id="" data-flag="unsafe" data-id="${img.id}" data-type="image" data-media="image" data-size="151712" data-liked="0" data-description="" data-privacy="public" data-url-short="http://${H.chevereto}/image/${img.id}" data-thumb="${fileUrl(img, ".th")}" data-object='${obj}'>
	<div class="list-item-image fixed-size">
		<a href="${viewer(img)}" class="image-container --media">
			<img loading="lazy" src="${fileUrl(img, ".md")}" alt="${esc(img.file)}.jpg" width="480" height="640">
		</a>
		<div class="list-item-privacy list-item-image-tools --bottom --left"><span class="btn-icon fas fa-eye-slash"></span></div>
	</div>
	<div class="list-item-desc">
		<div class="list-item-desc-title">
			<a class="list-item-desc-title-link" href="http://${H.chevereto}/uploader" data-text="user-name">uploader</a>
			<div class="list-item-from font-size-small"><span class="fas fa-clock margin-right-5"></span>${new Date(img.at).toISOString().slice(0, 10)}</div>
		</div>
	</div>
</div>`;
  };
  const chExplore = (url: URL) => {
    const sorted = [...images].sort((a, b) => b.at - a.at);
    const seek = url.searchParams.get("seek");
    const from = seek ? sorted.findIndex((i) => seekOf(i) === seek) + 1 : 0;
    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
    const slice = sorted.slice(from, from + PAGE);
    const more = from + slice.length < sorted.length;
    const nextUrl = `http://${H.chevereto}/explore/recent/?list=images&amp;sort=date_desc&amp;page=${page + 1}${slice.length > 0 ? `&amp;seek=${encodeURIComponent(seekOf(slice.at(-1)!))}` : ""}`;
    const pagination = `<ul class="content-listing-pagination" data-visibility="hidden" data-content="listing-pagination" data-type="endless"><li class="pagination-prev${page > 1 ? "" : " pagination-disabled"}"><a data-pagination="prev" ><span class="icon fas fa-angle-left"></span></a></li><li class="pagination-page pagination-current"><a data-pagination="0" >${page}</a></li><li class="pagination-next${more ? "" : " pagination-disabled"}"><a data-pagination="next" ${more ? `href="${nextUrl}" ` : ""}><span class="icon fas fa-angle-right"></span></a></li></ul>`;
    const body = fill(crawlFixture("chevereto4-explore.html"), { ...chVars, SEEK: slice.length > 0 ? esc(seekOf(slice.at(-1)!)) : "" })
      .replace("<!--ITEMS-->", slice.map(chItem).join("\n"))
      .replace("<!--PAGINATION-->", more ? pagination : "");
    return `${chHead({ title: "Recent - SnapVault", route: "explore", template: "explore", bodyClass: "", canonical: `http://${H.chevereto}/explore/recent` })}${body}${chFoot}`;
  };
  const chViewer = (img: CheveretoImage) => {
    const og = `<meta property="og:type" content="article">
<meta property="og:url" content="${viewer(img)}">
<meta property="og:title" content="${esc(img.name)}">
<meta property="og:image" content="${fileUrl(img, "")}">
<meta property="og:site_name" content="SnapVault">
<meta property="og:description" content="${esc(img.description || `${img.name} hosted in SnapVault`)}">
<meta property="og:image:width" content="1280">
<meta property="og:image:height" content="1707">`;
    return `${chHead({ title: `${esc(img.name)} — SnapVault`, route: "image", template: "image", bodyClass: "", canonical: viewer(img), og })}
<div id="image-viewer" class="image-viewer full-viewer">
    <div id="image-viewer-container" class="image-viewer-main image-viewer-container --media">
        <img draggable="false" data-media="image" class="media" src="${fileUrl(img, "")}"  alt="${esc(img.file)}.jpg" width="1280" height="1707" data-is360="0" data-load="full">
    </div>
</div>
<div class="content-width margin-top-10">
    <div class="header header-content margin-bottom-10 margin-top-10">
        <div class="header-content-left">
            <div class="header-content-breadcrum"><div class="breadcrum-item"><a href="http://${H.chevereto}/uploader" class="user-image"><span class="user-image default-user-image"><span class="icon fas fa-user-circle"></span></span></a><a href="http://${H.chevereto}/uploader" class="user-link">uploader</a></div></div>
        </div>
    </div>
    <div class="description-meta margin-bottom-10"><h1 class="header-title phone-float-none viewer-title"><a data-text="image-title" href="${viewer(img)}">${esc(img.name)}</a></h1></div>
    <p class="description-meta margin-bottom-10"><span class="icon far fa-eye-slash margin-right-5"></span>Uploaded <span title="${new Date(img.at).toISOString()}">1 hour ago</span></p>
    <div class="panel-description default-margin-bottom"><p class="description-text margin-bottom-5" data-text="image-description">${esc(img.description || "No description provided.")}</p></div>
</div>
${chFoot}`;
  };
  const cheveretoSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return html(`${chHead({ title: "SnapVault", route: "index", template: "index", bodyClass: "landing", canonical: `http://${H.chevereto}/` })}${fill(crawlFixture("chevereto4-landing.html"), chVars)}${chFoot}`)(req, res, url);
    if (url.pathname === "/explore/recent" || url.pathname === "/explore/recent/") return html(chExplore(url))(req, res, url);
    const m = /^\/image\/(?:[^/]*\.)?([A-Za-z0-9]+)$/.exec(url.pathname);
    if (m) {
      const img = images.find((i) => i.id === m[1]);
      return img ? html(chViewer(img))(req, res, url) : notFound(req, res, url);
    }
    if (url.pathname.startsWith("/images/")) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };

  // ------------------------------------------------------------------ Misskey 2025.4
  const misskeyHome = crawlFixture("misskey-home.html");
  /** aid ids (IdService): the time since 2000-01-01 in base 36 (8 characters), then 2 of noise; they sort as they were made. */
  const aid = (at: number, n: number) => (at - 946_684_800_000).toString(36).padStart(8, "0") + (n % 1296).toString(36).padStart(2, "0");
  const misskeyUser = (username: string) => ({
    id: aid(T0 - 9e8, username.length),
    name: username.replace(/_/g, " "),
    username,
    host: null,
    avatarUrl: `http://${H.misskey}/identicon/${username}@${H.misskey}`,
    avatarBlurhash: null,
    avatarDecorations: [],
    isBot: false,
    isCat: false,
    emojis: {},
    onlineStatus: "unknown",
    badgeRoles: [],
  });
  /** A drive file (packedDriveFileSchema); a file name holding "://" is an address of its own (a hostile one). */
  const driveFile = (n: MisskeyNote, file: string, i: number) => ({
    id: `${n.id.slice(0, 8)}f${i}`,
    createdAt: new Date(n.at).toISOString(),
    name: file.includes("://") ? "leak.jpg" : file,
    type: "image/jpeg",
    md5: "15eca7fba0480996e2245f5185bf39f2",
    size: 51469,
    isSensitive: true,
    blurhash: "eQFRshof5NWBRi~qD%M{t7ay5Ft7xut7WBWBj[",
    properties: { width: 1280, height: 1707 },
    url: file.includes("://") ? file : `http://${H.misskey}/files/${file}`,
    thumbnailUrl: file.includes("://") ? file : `http://${H.misskey}/files/thumbnail-${file.replace(/\.jpg$/, ".webp")}`,
    comment: null,
    folderId: null,
    folder: null,
    userId: misskeyUser(n.user).id,
    user: null,
  });
  const noteJson = (n: MisskeyNote) => ({
    id: n.id,
    createdAt: new Date(n.at).toISOString(),
    userId: misskeyUser(n.user).id,
    user: misskeyUser(n.user),
    text: n.text,
    cw: n.cw,
    visibility: "public",
    localOnly: false,
    reactionAcceptance: null,
    renoteCount: 0,
    repliesCount: 0,
    reactionCount: 2,
    reactions: { "❤": 2 },
    reactionEmojis: {},
    fileIds: n.files.map((f, i) => driveFile(n, f, i).id),
    files: n.files.map((f, i) => driveFile(n, f, i)),
    replyId: null,
    renoteId: null,
    clippedCount: 0,
    ...(n.text ? { tags: [...n.text.matchAll(/#(\w+)/g)].map((m) => m[1]!.toLowerCase()) } : {}),
  });
  const misskeyError = (status: number, message: string, code: string) =>
    json({ error: { message, code, id: "3d81ceae-475f-4600-b2a8-2bc116157532", kind: "client" } }, status);
  const misskeySite: SiteHandler = async (req, res, url) => {
    if (url.pathname === "/" || /^\/notes\/\w+$/.test(url.pathname) || /^\/@\w+$/.test(url.pathname)) return html(fill(misskeyHome, { HOST: H.misskey, SITE_NAME: "Sugar Cube" }))(req, res, url);
    if (url.pathname === "/.well-known/nodeinfo") {
      return json({ links: [{ rel: "http://nodeinfo.diaspora.software/ns/schema/2.1", href: `http://${H.misskey}/nodeinfo/2.1` }, { rel: "http://nodeinfo.diaspora.software/ns/schema/2.0", href: `http://${H.misskey}/nodeinfo/2.0` }] })(req, res, url);
    }
    if (url.pathname === "/nodeinfo/2.1" || url.pathname === "/nodeinfo/2.0") {
      return json({
        version: url.pathname.slice(-3),
        software: { name: "misskey", version: "2025.4.1", homepage: "https://github.com/misskey-dev/misskey", repository: "https://github.com/misskey-dev/misskey" },
        protocols: ["activitypub"],
        services: { inbound: [], outbound: ["atom1.0", "rss2.0"] },
        openRegistrations: true,
        usage: { users: { total: 412, activeHalfyear: null, activeMonth: null }, localPosts: notes.length, localComments: 0 },
        metadata: { nodeName: "Sugar Cube", nodeDescription: "A place to share.", disableRegistration: false, disableLocalTimeline: false, disableGlobalTimeline: false, maxNoteTextLength: 3000, themeColor: "#86b300" },
      })(req, res, url);
    }
    if (url.pathname.startsWith("/api/")) {
      // ApiServerService: endpoints are POST with a JSON body (GET only where allowGet).
      if (req.method !== "POST") return misskeyError(405, "Method not allowed", "METHOD_NOT_ALLOWED")(req, res, url);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse((await readBody(req, 100_000)) || "{}") as Record<string, unknown>;
      } catch {
        return misskeyError(400, "Invalid JSON", "INVALID_PARAM")(req, res, url);
      }
      if (url.pathname === "/api/notes/local-timeline") {
        // Newest first (the ids sort by time); untilId: older than that note.
        const limit = typeof body.limit === "number" ? Math.min(100, body.limit) : 10;
        const until = typeof body.untilId === "string" ? body.untilId : null;
        const sorted = [...notes].sort((a, b) => (a.id < b.id ? 1 : -1)).filter((n) => !until || n.id < until);
        return json(sorted.slice(0, Math.min(PAGE, limit)).map(noteJson))(req, res, url);
      }
      if (url.pathname === "/api/notes/show") {
        const n = notes.find((q) => q.id === body.noteId);
        return n ? json(noteJson(n))(req, res, url) : misskeyError(400, "No such note.", "NO_SUCH_NOTE")(req, res, url);
      }
      return misskeyError(404, "No such endpoint.", "NO_SUCH_ENDPOINT")(req, res, url);
    }
    if (url.pathname.startsWith("/files/")) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };

  // ------------------------------------------------------------------ GoToSocial 0.19
  /** page.tmpl around a page's main, with page_footer.tmpl (its source link, the contact account). */
  const gtsPage = (title: string, main: string, head = "") =>
    `<!DOCTYPE html>\n<html lang="en">\n    <head>\n        <meta charset="UTF-8">\n        <meta http-equiv="X-UA-Compatible" content="IE=edge">\n        <meta name="viewport" content="width=device-width, initial-scale=1.0">\n        <meta name="robots" content="nofollow, noarchive, nositelinkssearchbox, max-image-preview:standard">\n        <meta property="og:site_name" content="Hazel Nook">\n${head}        <link rel="icon" href="/assets/logo.webp" type="image/webp">\n        <link rel="stylesheet" href="/assets/dist/_colors.css"><link rel="stylesheet" href="/assets/dist/base.css"><link rel="stylesheet" href="/assets/dist/page.css">\n        <script type="text/javascript" src="/assets/dist/frontend_prerender.js"></script>\n        <title>${title} - Hazel Nook</title>\n    </head>\n    <body class="page">\n        <header class="page-header"><a aria-label="Hazel Nook. Go to instance homepage" href="/" class="nounderline"><img src="/assets/logo.webp" alt="A cartoon sloth" title="A cartoon sloth"><h1>Hazel Nook</h1></a></header>\n        <div class="page-content">\n${main}\n        </div>\n        <footer class="page-footer"><nav><ul class="nodot">\n            <li><a href="/about" class="nounderline">About this instance</a></li>\n            <li><a href="https://codeberg.org/superseriousbusiness/gotosocial" class="nounderline" rel="nofollow noreferrer noopener" target="_blank">Source - GoToSocial 0.19.1+git-e1f2a3b</a></li>\n            <li><a href="/@hazel_admin" class="nounderline">Contact account</a></li>\n        </ul></nav></footer>\n    </body>\n</html>`;
  const gtsMedia = (st: GtsStatus, file: string, kind: "original" | "small") => `http://${H.gotosocial}/fileserver/01JB8Y6KQ0W2X4T7N3R5V9ZC1D/attachment/${kind}/${file}${kind === "small" ? ".webp" : ".jpeg"}`;
  const gtsStatusHtml = (st: GtsStatus) => {
    const media = st.photos
      .map(
        (f, i) =>
          `<div class="media-wrapper"><details class="image-spoiler media-spoiler"><summary><div class="show sensitive button" aria-hidden="true">Show sensitive</div></summary><a class="photoswipe-slide" data-pswp-index="${i}" data-pswp-parent-status="http://${H.gotosocial}/@${st.user}/statuses/${st.id}" data-pswp-attachment-id="01JC${f.toUpperCase().slice(0, 22)}" href="${gtsMedia(st, f, "original")}" target="_blank" data-pswp-width="1280px" data-pswp-height="1707px" data-cropped="true"><img src="${gtsMedia(st, f, "small")}" loading="lazy" width="512" height="683" data-blurhash-hash="LFE3bS9Z00%M" data-sensitive="true"/></a></details></div>`,
      )
      .join("");
    const text = `<div class="content e-content" lang="en">${st.content}</div>`;
    const body = st.spoiler
      ? `<details class="text-spoiler"><summary><div class="spoiler-content p-summary" lang="en">${esc(st.spoiler)}</div><span class="button">Toggle visibility</span></summary><div class="text">${text}</div></details>`
      : `<div class="text">${text}</div>`;
    return `<article class="status expanded h-entry" id="${st.id}"><header class="status-header"><address><a href="http://${H.gotosocial}/@${st.user}" rel="author" class="u-author h-card"><span class="displayname p-name">${st.user}</span><span class="username">@${st.user}@${H.gotosocial}</span></a></address></header><div class="status-body">${body}${st.photos.length > 0 ? `<div class="media photoswipe-gallery ${st.photos.length % 2 ? "odd" : "even"} ${st.photos.length === 1 ? "single" : ""}" role="group" aria-label="${st.photos.length} attachment${st.photos.length === 1 ? "" : "s"}">${media}</div>` : ""}</div><aside class="status-info"><dl class="status-stats"><div class="stats-grouping"><div class="stats-item published-at text-cutoff"><dt class="sr-only">Published</dt><dd><time class="dt-published" datetime="${new Date(st.at).toISOString()}">${new Date(st.at).toUTCString()}</time></dd></div></div></dl></aside><a href="http://${H.gotosocial}/@${st.user}/statuses/${st.id}" class="status-link" data-nosnippet>Open thread</a></article>`;
  };
  const gtsRss = (user: string) => {
    // gorilla/feeds' RSS 2.0 as processing/account/rss.go fills it: "Posts from @user@host", items linking status URLs.
    const items = gts
      .filter((st) => st.user === user)
      .sort((a, b) => b.at - a.at)
      .map(
        (st) =>
          `<item><title>${esc(`${st.spoiler || st.content.replace(/<[^>]*>/g, "").slice(0, 40)}`)}</title><link>http://${H.gotosocial}/@${user}/statuses/${st.id}</link><description>${esc(st.content)}</description><author>@${user}@${H.gotosocial}</author><guid>http://${H.gotosocial}/@${user}/statuses/${st.id}</guid><pubDate>${new Date(st.at).toUTCString()}</pubDate></item>`,
      )
      .join("");
    return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Posts from @${user}@${H.gotosocial}</title><link>http://${H.gotosocial}/@${user}</link><description>Posts from @${user}@${H.gotosocial}</description><pubDate>${new Date(clock).toUTCString()}</pubDate>${items}</channel></rss>`;
  };
  const gtsUnauthorized = json({ error: "Unauthorized: token not supplied" }, 401);
  const gotosocialSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return html(gtsPage("Home", '<main class="about"><section class="about-section about-this-instance" role="region" aria-labelledby="about"><h3 id="about">About this instance</h3><div class="about-section-contents"><p>A quiet corner.</p><a href="/about">See more details</a></div></section></main>'))(req, res, url);
    if (url.pathname.startsWith("/api/")) return gtsUnauthorized(req, res, url);
    if (url.pathname === "/.well-known/nodeinfo") return json({ links: [{ rel: "http://nodeinfo.diaspora.software/ns/schema/2.0", href: `http://${H.gotosocial}/nodeinfo/2.0` }] })(req, res, url);
    if (url.pathname === "/nodeinfo/2.0") {
      return json({ version: "2.0", software: { name: "gotosocial", version: "0.19.1+git-e1f2a3b" }, protocols: ["activitypub"], services: { inbound: [], outbound: [] }, openRegistrations: false, usage: { users: { total: 9 }, localPosts: gts.length }, metadata: { nodeName: "Hazel Nook" } })(req, res, url);
    }
    const feed = /^\/@([\w.-]+)\/feed\.rss$/.exec(url.pathname);
    if (feed) return bytes(Buffer.from(gtsRss(feed[1]!)), "application/rss+xml; charset=utf-8")(req, res, url);
    const status = /^\/@([\w.-]+)\/statuses\/([0-9A-Z]{26})$/.exec(url.pathname);
    if (status) {
      const st = gts.find((q) => q.id === status[2] && q.user === status[1]);
      return st ? html(gtsPage(`Post by @${st.user}`, `<main class="thread">${gtsStatusHtml(st)}</main>`))(req, res, url) : notFound(req, res, url);
    }
    const profile = /^\/@([\w.-]+)$/.exec(url.pathname);
    if (profile) {
      const user = profile[1]!;
      const posts = gts.filter((st) => st.user === user).sort((a, b) => b.at - a.at).slice(0, 20);
      return html(
        gtsPage(`@${user}`, `<main class="profile"><section class="statuses-wrapper" role="region" aria-labelledby="recent"><h3 id="recent">Recent posts</h3><div class="thread">${posts.map(gtsStatusHtml).join("")}</div></section></main>`, `        <link rel="alternate" type="application/rss+xml" href="/@${user}/feed.rss" title="Hazel Nook">\n        <link rel="alternate" type="application/activity+json" href="/users/${user}">\n`),
      )(req, res, url);
    }
    if (url.pathname.startsWith("/fileserver/")) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };
  // internal/api/util/robots.go: everything else may read pages, not the API.
  const gtsRobots: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("# GoToSocial robots.txt -- to edit, see internal/api/util/robots.go\nUser-agent: *\nCrawl-delay: 500\n\n# API endpoints.\nDisallow: /api/\n\n# Auth/Sign in endpoints.\nDisallow: /auth/\nDisallow: /oauth/\n\n# Fileserver/media.\nDisallow: /fileserver/\n\n# Fedi S2S API endpoints.\nDisallow: /users/\nDisallow: /emoji/\n");
  };

  // ------------------------------------------------------------------ A tube script with a JSON "Load more"
  const CLIPS_PER_PAGE = 3;
  const slug = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "clip";
  const clipUrl = (c: Clip) => `http://${H.tube}/v/${c.id}/${slug(c.title)}`;
  const clipThumb = (c: Clip) => `http://${H.tube}/thumbs/${c.id}/1.jpg`;
  const clipsNewest = () => [...clips].sort((a, b) => b.at - a.at);
  const clipCard = (c: Clip) =>
    `<div class="video-card"><a class="video-card__thumb" href="/v/${c.id}/${slug(c.title)}"><img src="/thumbs/${c.id}/1.jpg" alt="" loading="lazy" width="320" height="180"><span class="duration">12:04</span></a><div class="video-card__body"><a class="video-card__title" href="/v/${c.id}/${slug(c.title)}">${esc(c.title)}</a><span class="views">1.2K views</span></div></div>`;
  const tubeSite: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") {
      const first = clipsNewest().slice(0, CLIPS_PER_PAGE);
      return html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ClipNest – newest clips</title><link rel="stylesheet" href="/assets/app.css"></head><body><header class="site-header"><a href="/" class="logo">ClipNest</a><nav><a href="/">New</a> <a href="/popular">Popular</a> <a href="/categories">Categories</a></nav></header><main><h1>Newest clips</h1><div class="video-grid" id="videos">${first.map(clipCard).join("")}</div><div class="load-more-wrap"><button type="button" class="btn btn-primary js-load-more" data-url="/ajax/videos?page=2" data-target="#videos">Load more</button></div></main><footer class="site-footer"><a href="/terms">Terms</a> <a href="/dmca">DMCA</a></footer><script src="/assets/app.js"></script></body></html>`,
      )(req, res, url);
    }
    if (url.pathname === "/ajax/videos") {
      // LengthAwarePaginator::toArray() as a Laravel controller returns it (response()->json($paginator)).
      const all = clipsNewest();
      const page = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
      const last = Math.max(1, Math.ceil(all.length / CLIPS_PER_PAGE));
      const slice = all.slice((page - 1) * CLIPS_PER_PAGE, page * CLIPS_PER_PAGE);
      const at = (n: number) => `http://${H.tube}/ajax/videos?page=${n}`;
      return json({
        current_page: page,
        data: slice.map((c) => ({ id: c.id, title: c.title, slug: slug(c.title), url: clipUrl(c), thumb: clipThumb(c), duration: 724, views: 1200, created_at: new Date(c.at).toISOString().replace(/\.\d{3}Z$/, ".000000Z") })),
        first_page_url: at(1),
        from: slice.length > 0 ? (page - 1) * CLIPS_PER_PAGE + 1 : null,
        last_page: last,
        last_page_url: at(last),
        links: [{ url: page > 1 ? at(page - 1) : null, label: "&laquo; Previous", active: false }, { url: page < last ? at(page + 1) : null, label: "Next &raquo;", active: false }],
        next_page_url: page < last ? at(page + 1) : null,
        path: `http://${H.tube}/ajax/videos`,
        per_page: CLIPS_PER_PAGE,
        prev_page_url: page > 1 ? at(page - 1) : null,
        to: slice.length > 0 ? (page - 1) * CLIPS_PER_PAGE + slice.length : null,
        total: all.length,
      })(req, res, url);
    }
    const m = /^\/v\/(\d+)\/[\w-]+$/.exec(url.pathname);
    if (m) {
      const c = clips.find((q) => q.id === Number(m[1]));
      if (!c) return notFound(req, res, url);
      return html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(c.title)} – ClipNest</title><meta property="og:image" content="${clipThumb(c)}"></head><body><header class="site-header"><a href="/" class="logo">ClipNest</a></header><main><h1 class="video-title">${esc(c.title)}</h1><video controls poster="${clipThumb(c)}"><source src="/media/${c.id}.mp4" type="video/mp4"></video><div class="video-description"><p>${esc(c.description)}</p></div></main></body></html>`,
      )(req, res, url);
    }
    if (url.pathname.startsWith("/thumbs/")) return servePhoto(req, res, url);
    return notFound(req, res, url);
  };

  const robots: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("User-agent: *\nDisallow: /admin\n");
  };
  const sites: Record<string, Site> = {
    [H.lemmy]: { "/robots.txt": robots, "*": lemmySite },
    [H.mastodon]: { "/robots.txt": robots, "*": mastodonSite },
    [H.discuz]: { "/robots.txt": robots, "*": discuzSite },
    [H.chevereto]: { "/robots.txt": robots, "*": cheveretoSite },
    [H.misskey]: { "/robots.txt": robots, "*": misskeySite },
    [H.gotosocial]: { "/robots.txt": gtsRobots, "*": gotosocialSite },
    [H.tube]: { "/robots.txt": robots, "*": tubeSite },
  };
  // GoToSocial's robots.txt asks for 500 s between requests: honoured, cut to this bound.
  const web = await startProxiedSites(sites, { CRAWL_MAX_CRAWL_DELAY_MS: "20" });

  let nextLemmy = 880;
  let nextComment = 5100;
  let nextStatus = 113455000000000000n;
  let nextTid = 4120;
  let nextPid = 61200;
  let nextImage = 1;
  const imageIds = ["Xk2p9", "Lr4Qa", "Bb7Tn", "Cq1Zw", "Dm8Hs", "Ef3Jk", "Gh6Lp", "Jn2Vx", "Kp5Yb", "Mt9Rd"];

  return {
    hosts: HOLDOUT_CRAWL_HOSTS,
    proxy: web.proxy,
    requests: web.requests,
    /** A Lemmy post (a link post when url is given) and its page. */
    addLemmyPost(name: string, o: { body?: string; url?: string } = {}) {
      const p: LemmyPost = { id: nextLemmy++, name, body: o.body ?? null, url: o.url ?? null, at: tick(), comments: [] };
      lemmy.push(p);
      return { post: p, url: `http://${H.lemmy}/post/${p.id}` };
    },
    addLemmyComment(p: LemmyPost, markdown: string) {
      p.comments.push({ id: nextComment++, markdown, at: tick() });
    },
    /** A public status (content as Mastodon renders it: HTML), its photos by file name; remote: from that server (not in the local timeline). */
    addStatus(user: string, content: string, photos: string[] = [], remote?: string) {
      nextStatus += 1000n + BigInt(statuses.length);
      const s: MastodonStatus = { id: String(nextStatus), user, content, photos, at: tick(), ...(remote ? { remote } : {}) };
      statuses.push(s);
      return { status: s, url: remote ? `http://${H.mastodon}/@${user}@${remote}/${s.id}` : `http://${H.mastodon}/@${user}/${s.id}` };
    },
    addDiscuzThread(subject: string, message: string, o: { author?: string; attachments?: string[] } = {}) {
      const t: DiscuzThread = { tid: nextTid++, subject, posts: [] };
      threads.push(t);
      t.posts.push({ pid: nextPid++, author: o.author ?? "hua_ke", message, attachments: o.attachments ?? [], at: tick() });
      return { thread: t, url: `http://${H.discuz}/forum.php?mod=viewthread&tid=${t.tid}` };
    },
    addDiscuzReply(t: DiscuzThread, message: string, o: { author?: string; attachments?: string[] } = {}) {
      t.posts.push({ pid: nextPid++, author: o.author ?? "lao_wang", message, attachments: o.attachments ?? [], at: tick() });
    },
    /** An image uploaded to the image host (its name is its title; file: its file name without .jpg). */
    addImage(name: string, file: string, description = "") {
      const n = nextImage++;
      const img: CheveretoImage = { id: `${imageIds[(n - 1) % imageIds.length]!}${n > imageIds.length ? String(n) : ""}`, name, file, description, at: tick() };
      images.push(img);
      return { image: img, url: viewer(img), file: fileUrl(img, "") };
    },
    /** A public note of the Misskey server (text as written: MFM), its drive files by file name. */
    addNote(user: string, text: string | null, o: { cw?: string; files?: string[] } = {}) {
      const at = tick();
      const n: MisskeyNote = { id: aid(at, notes.length + 7), user, text, cw: o.cw ?? null, files: o.files ?? [], at };
      notes.push(n);
      return { note: n, url: `http://${H.misskey}/notes/${n.id}` };
    },
    /** A public GoToSocial status (content as it renders it: HTML), its photos by file name. */
    addGtsStatus(user: string, content: string, o: { spoiler?: string; photos?: string[] } = {}) {
      const at = tick();
      // ULIDs: 10 characters of time, 16 of randomness, Crockford base 32 (sortable by time).
      const id = `01JC${at.toString(32).toUpperCase().padStart(6, "0").slice(-6)}${String(gts.length).padStart(16, "0")}`;
      const st: GtsStatus = { id, user, content, spoiler: o.spoiler ?? "", photos: o.photos ?? [], at };
      gts.push(st);
      return { status: st, url: `http://${H.gotosocial}/@${user}/statuses/${id}`, photos: st.photos.map((f) => gtsMedia(st, f, "original")) };
    },
    /** A clip on the tube script (its page at /v/ID/slug). */
    addClip(title: string, description = "") {
      const c: Clip = { id: 70_400 + clips.length, title, description, at: tick() };
      clips.push(c);
      return { clip: c, url: clipUrl(c) };
    },
    settings: web.settings,
    close: web.close,
  };
}
