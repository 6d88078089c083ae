import sharp from "sharp";
import { crawlFixture } from "./crawl-fixtures";
import { startProxiedSites } from "./proxied-sites";
import { html, json, redirect, type Site, type SiteHandler } from "./virtual-host-server";

/**
 * Leak sites running the forum, blog and imageboard packages the crawler reads, built from the
 * package fixtures (fixtures/crawl, see SOURCES.md): each page is the fixture's own markup (its
 * head, generator meta, scripts, body ids, pagination, footer) with the rows and posts of this
 * web's threads written in the fixture's row and post markup. Hosts have realistic names behind
 * the recording forward proxy; threads and posts can be added between crawls, and a thread
 * spans pages as its package pages it (phpBB ?start=, vBulletin page=N / /pageN).
 *
 * phpBB 3.3 (board.leakden.example), vBulletin 3.8 (www.vbarchive.example), vBulletin 4.2 under
 * /forum/ (forum.vbleaks.example), WordPress 6 (www.leakblog.example), vichan 5
 * (www.setchan.example, boards /s/ and /b/), LynxChan 2 (lynx.setboards.example, board /s/).
 */

export const PACKAGE_HOSTS = {
  phpbb: "board.leakden.example",
  vb3: "www.vbarchive.example",
  vb4: "forum.vbleaks.example",
  wordpress: "www.leakblog.example",
  vichan: "www.setchan.example",
  lynxchan: "lynx.setboards.example",
} as const;
export type PackageSite = keyof typeof PACKAGE_HOSTS;

export type ForumPost = { id: number; author: string; html: string; at: number; files: string[] };
export type ForumThread = { id: number; slug: string; title: string; posts: ForumPost[] };

const T0 = Date.parse("2026-11-01T08:00:00Z");
const SID = "5f1e0c2a9d";
const VB3_S = "deadbeefdeadbeefdeadbeefdeadbeef";

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const slugOf = (title: string) =>
  title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "thread";
/** A fixture page cut around a region: what is before `start` and from `end` on. */
function around(page: string, start: string, end: string): [string, string] {
  const a = page.indexOf(start);
  const b = page.indexOf(end, a + start.length);
  if (a < 0 || b < 0) throw new Error(`fixture markers not found: ${start} / ${end}`);
  return [page.slice(0, a), page.slice(b)];
}

export type PackageCrawlWeb = Awaited<ReturnType<typeof startPackageCrawlWeb>>;

export async function startPackageCrawlWeb(opts: { postsPerPage?: number } = {}) {
  const perPage = opts.postsPerPage ?? 10;
  let clock = T0;
  const tick = () => (clock += 60_000);
  const boards = new Map<PackageSite, { threads: ForumThread[]; nextThread: number; nextPost: number }>([
    ["phpbb", { threads: [], nextThread: 900, nextPost: 5500 }],
    ["vb3", { threads: [], nextThread: 300, nextPost: 88800 }],
    ["vb4", { threads: [], nextThread: 300, nextPost: 88800 }],
    ["wordpress", { threads: [], nextThread: 120, nextPost: 120 }],
    ["vichan", { threads: [], nextThread: 12, nextPost: 12 }],
    ["lynxchan", { threads: [], nextThread: 212, nextPost: 212 }],
  ]);
  const board = (site: PackageSite) => boards.get(site)!;
  const byRecent = (site: PackageSite) => [...board(site).threads].sort((a, b) => b.posts.at(-1)!.at - a.posts.at(-1)!.at);
  const threadOf = (site: PackageSite, id: number) => board(site).threads.find((t) => t.id === id);
  const postPage = (t: ForumThread, postId: number) => Math.floor(Math.max(0, t.posts.findIndex((p) => p.id === postId)) / perPage);
  const pagesOf = (t: ForumThread) => Math.max(1, Math.ceil(t.posts.length / perPage));

  // A small photo every image address answers with (the index hashes it).
  const px = Buffer.alloc(96 * 96 * 3);
  for (let i = 0; i < px.length; i++) px[i] = (i * 7) % 251;
  const photo = await sharp(px, { raw: { width: 96, height: 96, channels: 3 } }).jpeg().toBuffer();
  const servePhoto: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(photo.length) });
    res.end(photo);
  };

  // ---------------------------------------------------------------- phpBB 3.3 prosilver
  const phpbbActive = crawlFixture("phpbb3-active-topics.html");
  const [phpbbListHead, phpbbListFoot] = around(phpbbActive, '<ul class="topiclist topics">', "\t\t</ul>\n\t\t</div>\n\t</div>\n\n<div class=\"action-bar bottom\">");
  const phpbbTopic = crawlFixture("phpbb3-viewtopic.html");
  const [phpbbTopicHead, phpbbTopicFoot] = around(phpbbTopic, '\t<div id="p5518"', '\t</div>\n<div id="page-footer"');
  const phpbbTime = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, "+00:00");
  const phpbbPagination = (base: string, page: number, pages: number, per: number, label: string) => {
    const link = (n: number) => `${base}${n > 0 ? `&amp;start=${n * per}` : ""}`;
    const items: string[] = [];
    if (page > 0) items.push(`<li class="arrow previous"><a class="button button-icon-only" href="${link(page - 1)}" rel="prev" role="button"><span class="sr-only">Previous</span></a></li>`);
    for (let n = 0; n < pages; n++) items.push(n === page ? `<li class="active"><span>${n + 1}</span></li>` : `<li><a class="button" href="${link(n)}" role="button">${n + 1}</a></li>`);
    if (page < pages - 1) items.push(`<li class="arrow next"><a class="button button-icon-only" href="${link(page + 1)}" rel="next" role="button"><span class="sr-only">Next</span></a></li>`);
    return `<div class="pagination">\n\t\t${label}\n\t\t<ul>\n\t\t${items.join("\n\t\t")}\n\t\t</ul>\n\t</div>`;
  };
  const phpbbRow = (t: ForumThread) => {
    const last = t.posts.at(-1)!;
    const pages = pagesOf(t);
    const topicPages =
      pages > 1
        ? `<div class="pagination"><span><i class="icon fa-clone fa-fw" aria-hidden="true"></i></span><ul>${Array.from({ length: pages - 1 }, (_, i) => `<li><a class="button" href="./viewtopic.php?t=${t.id}&amp;sid=${SID}&amp;start=${(i + 1) * perPage}">${i + 2}</a></li>`).join("")}</ul></div>`
        : "";
    return `
			<li class="row bg2">
				<dl class="row-item topic_read_hot">
					<dt>
						<a class="row-item-link read" href="./viewtopic.php?t=${t.id}&amp;sid=${SID}" title="No unread posts"></a>
						<div class="list-inner">
							<a href="./viewtopic.php?t=${t.id}&amp;sid=${SID}" class="topictitle">${esc(t.title)}</a>
							<br />
							<div class="responsive-show" style="display: none;">
								Last post by <a href="./memberlist.php?mode=viewprofile&amp;u=77&amp;sid=${SID}" class="username">${esc(last.author)}</a> &laquo; <a href="./viewtopic.php?p=${last.id}&amp;sid=${SID}#p${last.id}" title="Go to last post"><time datetime="${phpbbTime(last.at)}">${new Date(last.at).toUTCString()}</time></a>
								<br />Posted in <a href="./viewforum.php?f=4&amp;sid=${SID}">Models</a>
							</div>
							<span class="responsive-show left-box" style="display: none;">Replies: <strong>${t.posts.length - 1}</strong></span>
							${topicPages}
						</div>
					</dt>
					<dd class="posts">${t.posts.length - 1} <dfn>Replies</dfn></dd>
					<dd class="views">${t.posts.length * 37} <dfn>Views</dfn></dd>
					<dd class="lastpost">
						<span><dfn>Last post </dfn>by <a href="./memberlist.php?mode=viewprofile&amp;u=77&amp;sid=${SID}" class="username">${esc(last.author)}</a>
								<a href="./viewtopic.php?p=${last.id}&amp;sid=${SID}#p${last.id}" title="Go to last post">
									<i class="icon fa-external-link-square fa-fw icon-lightgray icon-md" aria-hidden="true"></i><span class="sr-only">View the latest post</span>
								</a>
							<br /><time datetime="${phpbbTime(last.at)}">${new Date(last.at).toUTCString()}</time>
						</span>
					</dd>
				</dl>
			</li>
`;
  };
  const phpbbPost = (t: ForumThread, p: ForumPost) => `	<div id="p${p.id}" class="post has-profile bg1">
		<div class="inner">
		<dl class="postprofile" id="profile${p.id}">
			<dt class="no-profile-rank no-avatar">
				<a href="./memberlist.php?mode=viewprofile&amp;u=77&amp;sid=${SID}" class="username">${esc(p.author)}</a>
			</dt>
		</dl>
		<div class="postbody">
			<div id="post_content${p.id}">
		<h3 ><a href="./viewtopic.php?p=${p.id}&amp;sid=${SID}#p${p.id}">Re: ${esc(t.title)}</a></h3>
			<p class="author"><span class="responsive-hide">by <strong><a href="./memberlist.php?mode=viewprofile&amp;u=77&amp;sid=${SID}" class="username">${esc(p.author)}</a></strong> &raquo; </span><time datetime="${phpbbTime(p.at)}">${new Date(p.at).toUTCString()}</time></p>
			<div class="content">${p.html}</div>
			${p.files.length > 0 ? `<dl class="attachbox"><dt>Attachments</dt>${p.files.map((f) => `<dd><dl class="file"><dt class="attach-image"><img src="${f}" class="postimage" alt="photo.jpg" /></dt></dl></dd>`).join("")}</dl>` : ""}
			</div>
		</div>
		</div>
	</div>
	<hr class="divider" />

`;
  const phpbbHandler: SiteHandler = (req, res, url) => {
    if (url.pathname === "/download/file.php") return servePhoto(req, res, url);
    if (url.pathname === "/" || url.pathname === "/index.php") {
      // The board index: the same prosilver page, its forum list instead of results.
      return html(`${phpbbListHead.replace(/<div class="pagination">[\s\S]*?<\/div>/g, "").replace("Active topics</h2>", "Board index</h2>")}<ul class="topiclist topics"><li class="row"><a href="./viewforum.php?f=4&amp;sid=${SID}" class="forumtitle">Models</a></li></ul>${phpbbListFoot.replace(/<div class="pagination">[\s\S]*?<\/div>/g, "")}`)(req, res, url);
    }
    if (url.pathname === "/search.php" && url.searchParams.get("search_id") === "active_topics") {
      const per = 25;
      const all = byRecent("phpbb");
      const page = Math.floor(Number(url.searchParams.get("start") ?? 0) / per);
      const rows = all.slice(page * per, (page + 1) * per);
      const pages = Math.max(1, Math.ceil(all.length / per));
      const pagination = phpbbPagination(`./search.php?search_id=active_topics&amp;sid=${SID}`, page, pages, per, `Search found ${all.length} matches`);
      return html(`${phpbbListHead.replace(/<div class="pagination">[\s\S]*?<\/div>/g, pagination)}<ul class="topiclist topics">\n${rows.map(phpbbRow).join("")}${phpbbListFoot.replace(/<div class="pagination">[\s\S]*?<\/div>/g, pagination)}`)(req, res, url);
    }
    if (url.pathname === "/viewtopic.php") {
      const p = Number(url.searchParams.get("p") ?? NaN);
      const t = Number.isFinite(p) ? board("phpbb").threads.find((x) => x.posts.some((y) => y.id === p)) : threadOf("phpbb", Number(url.searchParams.get("t")));
      if (!t) return html(`<!DOCTYPE html><html><body id="phpbb"><div class="panel"><h2>Information</h2><p>The requested topic does not exist.</p></div></body></html>`, 404)(req, res, url);
      const page = Number.isFinite(p) ? postPage(t, p) : Math.floor(Number(url.searchParams.get("start") ?? 0) / perPage);
      const pages = pagesOf(t);
      const posts = t.posts.slice(page * perPage, (page + 1) * perPage);
      const head = phpbbTopicHead
        .replace(/<title>[^<]*<\/title>/, `<title>${esc(t.title)}${page > 0 ? ` - Page ${page + 1}` : ""} - Leak Den</title>`)
        .replace(/t=912&amp;start=40/g, `t=${t.id}${page > 0 ? `&amp;start=${page * perPage}` : ""}`)
        .replace("Lun&#1072; Rivers &amp; friends &ndash; mega thread", esc(t.title))
        .replace(/<div class="pagination">[\s\S]*?<\/div>/, phpbbPagination(`./viewtopic.php?t=${t.id}&amp;sid=${SID}`, page, pages, perPage, `${t.posts.length} posts`));
      return html(`${head}${posts.map((x) => phpbbPost(t, x)).join("")}${phpbbTopicFoot}`)(req, res, url);
    }
    return html("<!DOCTYPE html><html><body id=\"phpbb\"><p>The requested page could not be found.</p></body></html>", 404)(req, res, url);
  };

  // ---------------------------------------------------------------- vBulletin 3.8
  const vb3Daily = crawlFixture("vbulletin3-getdaily.html");
  const [vb3ListHead, vb3ListFoot] = around(vb3Daily, '<tr>\n\t<td class="alt1" id="td_threadstatusicon_301">', '</table>\n\n<div class="smallfont" align="center">Powered');
  const vb3Head = vb3Daily.slice(0, vb3Daily.indexOf("<body>") + "<body>".length);
  const vb3Foot = vb3Daily.slice(vb3Daily.indexOf('<div class="smallfont" align="center">Powered'));
  const vb3Pagenav = (href: (n: number) => string, page: number, pages: number) => {
    if (pages <= 1) return "";
    const cells = [`<td class="vbmenu_control" style="font-weight:normal">Page ${page + 1} of ${pages}</td>`];
    if (page > 0) cells.push(`<td class="alt1"><a rel="prev" class="smallfont" href="${href(page - 1)}" title="Prev Page">&lt;</a></td>`);
    for (let n = 0; n < pages; n++) cells.push(n === page ? `<td class="alt2"><span class="smallfont"><strong>${n + 1}</strong></span></td>` : `<td class="alt1"><a class="smallfont" href="${href(n)}">${n + 1}</a></td>`);
    if (page < pages - 1) cells.push(`<td class="alt1"><a rel="next" class="smallfont" href="${href(page + 1)}" title="Next Page">&gt;</a></td>`);
    return `<div class="pagenav" align="right">\n<table class="tborder" cellpadding="3" cellspacing="1" border="0">\n<tr>\n\t${cells.join("\n\t")}\n</tr>\n</table>\n</div>`;
  };
  const vb3Row = (t: ForumThread) => {
    const last = t.posts.at(-1)!;
    return `<tr>
	<td class="alt1" id="td_threadstatusicon_${t.id}"><img src="images/statusicon/thread.gif" id="thread_statusicon_${t.id}" alt="" border="" /></td>
	<td class="alt2">&nbsp;</td>
	<td class="alt1" id="td_threadtitle_${t.id}" title="">
		<div>
			<a href="showthread.php?s=${VB3_S}&amp;goto=newpost&amp;t=${t.id}" id="thread_gotonew_${t.id}"><img class="inlineimg" src="images/buttons/firstnew.gif" alt="Go to first new post" border="0" /></a>
			<a href="showthread.php?s=${VB3_S}&amp;t=${t.id}" id="thread_title_${t.id}" style="font-weight:bold">${esc(t.title)}</a>
		</div>
		<div class="smallfont"><span style="cursor:pointer" onclick="window.open('member.php?s=${VB3_S}&amp;u=55', '_self')">${esc(t.posts[0]!.author)}</span></div>
	</td>
	<td class="alt2" title="Replies: ${t.posts.length - 1}, Views: 400">
		<div class="smallfont" style="text-align:right; white-space:nowrap">
			Today <span class="time">${new Date(last.at).toISOString().slice(11, 16)}</span><br />
			by <a href="member.php?s=${VB3_S}&amp;find=lastposter&amp;t=${t.id}" rel="nofollow">${esc(last.author)}</a>  <a href="showthread.php?s=${VB3_S}&amp;p=${last.id}#post${last.id}"><img class="inlineimg" src="images/buttons/lastpost.gif" alt="Go to last post" border="0" /></a>
		</div>
	</td>
	<td class="alt1" align="center"><a href="#" onclick="who(${t.id}); return false;">${t.posts.length - 1}</a></td>
	<td class="alt2" align="center">400</td>
	<td class="alt1"><a href="forumdisplay.php?s=${VB3_S}&amp;f=3">Models</a></td>
</tr>
`;
  };
  const vb3Post = (p: ForumPost, n: number) => `<div id="edit${p.id}" style="padding:0px 0px 6px 0px">
<table id="post${p.id}" class="tborder" cellpadding="6" cellspacing="0" border="0" width="100%" align="center">
<tr><td class="thead"><div class="normal" style="float:right">&nbsp;#<a href="showpost.php?s=${VB3_S}&amp;p=${p.id}&amp;postcount=${n}" target="new" rel="nofollow" id="postcount${p.id}" name="${n}"><strong>${n}</strong></a></div>
<div class="normal"><a name="post${p.id}"><img class="inlineimg" src="images/statusicon/post_old.gif" alt="Old" border="0" /></a> ${new Date(p.at).toUTCString()}</div></td></tr>
<tr><td class="alt2" style="padding:0px"><div id="postmenu_${p.id}"><a class="bigusername" href="member.php?s=${VB3_S}&amp;u=55">${esc(p.author)}</a></div></td></tr>
<tr><td class="alt1" id="td_post_${p.id}"><div id="post_message_${p.id}">${p.html}${p.files.map((f) => `<br /><img src="${f}" border="0" alt="" />`).join("")}</div></td></tr>
</table>
</div>
`;
  const vb3Handler: SiteHandler = (req, res, url) => {
    if (url.pathname === "/attachment.php") return servePhoto(req, res, url);
    if (url.pathname === "/" || url.pathname === "/index.php") {
      return html(`${vb3ListHead.replace(/<div class="pagenav"[\s\S]*?<\/div>/, "")}${vb3ListFoot}`.replace("Search Results", "Forum"))(req, res, url);
    }
    if (url.pathname === "/search.php" && url.searchParams.get("do") === "getdaily") return redirect(`/search.php?searchid=55&s=${VB3_S}`)(req, res, url);
    if (url.pathname === "/search.php" && url.searchParams.get("searchid") === "55") {
      const per = 25;
      const all = byRecent("vb3");
      const page = Number(url.searchParams.get("page") ?? 1) - 1;
      const pages = Math.max(1, Math.ceil(all.length / per));
      const nav = vb3Pagenav((n) => `search.php?s=${VB3_S}&amp;searchid=55&amp;pp=25&amp;page=${n + 1}`, page, pages);
      return html(`${vb3ListHead.replace(/<div class="pagenav"[\s\S]*?<\/div>\n<\/div>/, nav)}${all.slice(page * per, (page + 1) * per).map(vb3Row).join("")}${vb3ListFoot}`)(req, res, url);
    }
    if (url.pathname === "/showthread.php") {
      const p = Number(url.searchParams.get("p") ?? NaN);
      const t = Number.isFinite(p) ? board("vb3").threads.find((x) => x.posts.some((y) => y.id === p)) : threadOf("vb3", Number(url.searchParams.get("t")));
      if (!t) return html(`${vb3Head}<div class="panel">No Thread specified. If you followed a valid link, please notify the administrator</div>${vb3Foot}`, 404)(req, res, url);
      const page = Number.isFinite(p) ? postPage(t, p) : Number(url.searchParams.get("page") ?? 1) - 1;
      const nav = vb3Pagenav((n) => `showthread.php?s=${VB3_S}&amp;t=${t.id}${n > 0 ? `&amp;page=${n + 1}` : ""}`, page, pagesOf(t));
      const posts = t.posts.slice(page * perPage, (page + 1) * perPage);
      const head = vb3Head.replace(/<title>[^<]*<\/title>/, `<title>${esc(t.title)}${page > 0 ? ` - Page ${page + 1}` : ""} - VB Archive</title>`);
      return html(`${head}\n<table class="tborder" cellpadding="6" cellspacing="1" border="0" width="100%" align="center"><tr><td class="navbar"><strong>${esc(t.title)}</strong></td></tr></table>\n${nav}\n<div id="posts">${posts.map((x, i) => vb3Post(x, page * perPage + i + 1)).join("")}<div id="lastpost"></div></div>\n${nav}\n${vb3Foot}`)(req, res, url);
    }
    return html(`${vb3Head}<p>Invalid page</p>${vb3Foot}`, 404)(req, res, url);
  };

  // ---------------------------------------------------------------- vBulletin 4.2 under /forum/
  const vb4Base = `http://${PACKAGE_HOSTS.vb4}/forum/`;
  const vb4New = crawlFixture("vbulletin4-getnew.html").replaceAll("https://forum.vbleaks.example/", `http://${PACKAGE_HOSTS.vb4}/`);
  const [vb4ListHead, vb4ListFoot] = around(vb4New, '<ol class="searchbits" id="searchbits" start="1">', "</ol>\n</div>\n</div>");
  const vb4Thread = crawlFixture("vbulletin4-showthread.html").replaceAll("https://forum.vbleaks.example/", `http://${PACKAGE_HOSTS.vb4}/`);
  const [vb4TopicHead, vb4TopicFoot] = around(vb4Thread, '<ol id="posts" class="posts" start="13">', "\t</ol>\n</div>");
  const vb4Slug = (t: ForumThread) => `${t.id}-${t.slug}`;
  const vb4Pagination = (href: (n: number) => string, page: number, pages: number) => {
    if (pages <= 1) return "";
    const spans = [`<span><a href="javascript://" class="popupctrl">Page ${page + 1} of ${pages}</a></span>`];
    if (page > 0) spans.push(`<span class="prev_next"><a rel="prev" href="${href(page - 1)}" title="Prev Page"><img src="images/pagination/previous-left.png" alt="Previous" /></a></span>`);
    for (let n = 0; n < pages; n++) spans.push(n === page ? `<span class="selected"><a href="javascript://">${n + 1}</a></span>` : `<span><a href="${href(n)}">${n + 1}</a></span>`);
    if (page < pages - 1) spans.push(`<span class="prev_next"><a rel="next" href="${href(page + 1)}" title="Next Page"><img src="images/pagination/next-right.png" alt="Next" /></a></span>`);
    return `<div id="pagination_top"><form action="showthread.php" method="get" class="pagination popupmenu nohovermenu">\n\t${spans.join("\n\t")}\n\t</form></div>`;
  };
  const vb4Row = (t: ForumThread) => {
    const last = t.posts.at(-1)!;
    return `<li class="imodselector threadbit " id="thread_${t.id}">
	<div class="rating0 nonsticky">
		<div class="threadinfo" title="">
			<div class="inner">
				<h3 class="searchtitle">
					<a href="showthread.php?${vb4Slug(t)}&amp;goto=newpost" id="thread_gotonew_${t.id}" class="id_goto_new"><img class="gotonewpost" src="images/buttons/firstnew.png" alt="Go to first new post" /></a>
					<a class="title" href="showthread.php?${vb4Slug(t)}" id="thread_title_${t.id}">${esc(t.title)}</a>
				</h3>
			</div>
		</div>
		<ul class="threadstats td alt" title=""><li>Replies: <a href="misc.php?do=whoposted&amp;t=${t.id}" class="understate">${t.posts.length - 1}</a></li></ul>
		<dl class="threadlastpost td">
			<dt class="lastpostby hidden">Last Post By</dt>
			<dd><div class="popupmenu memberaction"><a class="username offline popupctrl" href="member.php?60-${esc(last.author)}"><strong>${esc(last.author)}</strong></a></div></dd>
			<dd>Today, <span class="time">${new Date(last.at).toISOString().slice(11, 16)}</span>
			<a href="showthread.php?${vb4Slug(t)}&amp;p=${last.id}#post${last.id}" class="lastpostdate understate" title="Go to last post"><img title="Go to last post" src="images/buttons/lastpost-right.png" alt="Go to last post" /></a>
			</dd>
		</dl>
	</div>
</li>
`;
  };
  const vb4Post = (t: ForumThread, p: ForumPost, n: number) => `<li class="postbitlegacy postbitim postcontainer old" id="post_${p.id}">
	<div class="posthead">
		<span class="postdate old"><span class="date">${new Date(p.at).toUTCString()}</span></span>
		<span class="nodecontrols"><a name="post${p.id}" href="showthread.php?${vb4Slug(t)}&amp;p=${p.id}&amp;viewfull=1#post${p.id}" class="postcounter">#${n}</a><a id="postcount${p.id}" name="${n}"></a></span>
	</div>
	<div class="postdetails">
		<div class="userinfo"><div class="username_container"><div class="popupmenu memberaction"><a class="username offline popupctrl" href="member.php?60-${esc(p.author)}"><strong>${esc(p.author)}</strong></a></div></div></div>
		<div class="postbody">
			<div class="postrow has_after_content">
				<h2 class="title icon">Re: ${esc(t.title)}</h2>
				<div class="content">
					<div id="post_message_${p.id}">
						<blockquote class="postcontent restore ">${p.html}${p.files.map((f) => `<br />\n<img src="${f}" border="0" alt="" class="size_fullsize" />`).join("")}</blockquote>
					</div>
				</div>
			</div>
		</div>
	</div>
</li>
`;
  const vb4Handler: SiteHandler = (req, res, url) => {
    if (url.pathname === "/") return redirect("/forum/forum.php")(req, res, url);
    if (url.pathname === "/forum/attachment.php") return servePhoto(req, res, url);
    if (url.pathname === "/forum/forum.php") {
      // The forum home: the same vBulletin 4 page (head, bburl meta, scripts, footer), its forum list instead of results.
      const head = vb4ListHead.replace(/<div id="pagination_top">[\s\S]*?<\/form>\n\t<\/div>/, "").replace(/Search Results/g, "Forum");
      return html(`${head}<ol class="forums"><li class="forumbit_post"><a href="forumdisplay.php?3-Models">Models</a></li>${vb4ListFoot}`)(req, res, url);
    }
    if (url.pathname === "/forum/search.php" && url.searchParams.get("do") === "getdaily") return redirect(`${vb4Base}search.php?searchid=56`)(req, res, url);
    if (url.pathname === "/forum/search.php" && url.searchParams.get("searchid") === "56") {
      const per = 25;
      const all = byRecent("vb4");
      const page = Number(url.searchParams.get("page") ?? 1) - 1;
      const pages = Math.max(1, Math.ceil(all.length / per));
      const nav = vb4Pagination((n) => `search.php?searchid=56&amp;pp=&amp;page=${n + 1}`, page, pages);
      return html(`${vb4ListHead.replace(/<div id="pagination_top">[\s\S]*?<\/form>\n\t<\/div>/, nav)}<ol class="searchbits" id="searchbits" start="${page * per + 1}">\n${all.slice(page * per, (page + 1) * per).map(vb4Row).join("")}${vb4ListFoot}`)(req, res, url);
    }
    if (url.pathname === "/forum/showthread.php") {
      const p = Number(url.searchParams.get("p") ?? NaN);
      // showthread.php?301-slug or ?301-slug/page2 (friendly URLs), or showthread.php?p=N.
      const friendly = /^\?(\d+)-[^&/]*(?:\/page(\d+))?/.exec(url.search);
      const t = Number.isFinite(p) ? board("vb4").threads.find((x) => x.posts.some((y) => y.id === p)) : friendly ? threadOf("vb4", Number(friendly[1])) : undefined;
      if (!t) return html(`${vb4TopicHead}<p>Invalid Thread specified.</p>`, 404)(req, res, url);
      const page = Number.isFinite(p) ? postPage(t, p) : Number(friendly?.[2] ?? 1) - 1;
      const nav = vb4Pagination((n) => `showthread.php?${vb4Slug(t)}${n > 0 ? `/page${n + 1}` : ""}`, page, pagesOf(t));
      const posts = t.posts.slice(page * perPage, (page + 1) * perPage);
      const head = vb4TopicHead
        .replace(/<title>[^<]*<\/title>/, `<title> ${esc(t.title)}${page > 0 ? ` - Page ${page + 1}` : ""}</title>`)
        .replace(/<meta name="(keywords|description)" content="[^"]*" \/>/g, "")
        .replace(/301-M00n-Bunny-pics-amp-clips(\/page2)?/g, `${vb4Slug(t)}${page > 0 ? `/page${page + 1}` : ""}`)
        .replace(/M00n Bunny pics &amp; clips/g, esc(t.title))
        .replace('<div id="postlist"', `<div id="above_postlist" class="above_postlist">${nav}</div>\n<div id="postlist"`);
      return html(`${head}<ol id="posts" class="posts" start="${page * perPage + 1}">\n${posts.map((x, i) => vb4Post(t, x, page * perPage + i + 1)).join("")}${vb4TopicFoot}`)(req, res, url);
    }
    return html(`${vb4TopicHead.slice(0, vb4TopicHead.indexOf("<body>"))}<body><p>Invalid page</p></body></html>`, 404)(req, res, url);
  };

  // ---------------------------------------------------------------- WordPress 6
  const wpFeed = crawlFixture("wordpress-feed-rss2.xml").replaceAll("https://www.leakblog.example", `http://${PACKAGE_HOSTS.wordpress}`);
  const wpFeedHead = wpFeed.slice(0, wpFeed.indexOf("\t<item>"));
  const wpPost = crawlFixture("wordpress-post.html").replaceAll("https://www.leakblog.example", `http://${PACKAGE_HOSTS.wordpress}`);
  const [wpPostHead, wpPostFoot] = around(wpPost, '<div class="entry-content wp-block-post-content is-layout-constrained">', "</main>");
  const wpPath = (t: ForumThread) => {
    const d = new Date(t.posts[0]!.at);
    return `/${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${t.slug}/`;
  };
  const rfc822 = (at: number) => new Date(at).toUTCString().replace("GMT", "+0000");
  const wpItem = (t: ForumThread) => `	<item>
		<title>${esc(t.title)}</title>
		<link>http://${PACKAGE_HOSTS.wordpress}${wpPath(t)}</link>
		<comments>http://${PACKAGE_HOSTS.wordpress}${wpPath(t)}#respond</comments>
		<pubDate>${rfc822(t.posts[0]!.at)}</pubDate>
		<dc:creator><![CDATA[admin]]></dc:creator>
		<category><![CDATA[OnlyFans]]></category>
		<guid isPermaLink="false">http://${PACKAGE_HOSTS.wordpress}/?p=${t.id}</guid>
		<description><![CDATA[${t.posts[0]!.html.replace(/<[^>]*>/g, "").slice(0, 100)} &#8230;]]></description>
		<content:encoded><![CDATA[${t.posts[0]!.html}]]></content:encoded>
		<slash:comments>0</slash:comments>
	</item>
`;
  const wpPage = (title: string, body: string, bodyClass: string) =>
    `${wpPostHead.replace(/<title>[^<]*<\/title>/, `<title>${esc(title)} &#8211; Leak Blog</title>`).replace(/<link rel="canonical"[^>]*\/>\n/, "").replace(/<body class="[^"]*">/, `<body class="${bodyClass}">`).replace(/<h1 [^>]*>[^<]*<\/h1>/, `<h1 class="wp-block-post-title">${esc(title)}</h1>`).replace(/<figure style="aspect-ratio:3\/2;"[\s\S]*?<\/figure>\n/, "")}<div class="entry-content wp-block-post-content is-layout-constrained">\n${body}\n</div>\n${wpPostFoot}`;
  const wpHandler: SiteHandler = (req, res, url) => {
    if (url.pathname.startsWith("/wp-content/uploads/")) return servePhoto(req, res, url);
    if (url.pathname === "/") {
      const list = byRecent("wordpress").map((t) => `<li class="wp-block-post"><h2 class="wp-block-post-title"><a href="${wpPath(t)}">${esc(t.title)}</a></h2></li>`);
      return html(wpPage("Leak Blog", `<ul class="wp-block-post-template">${list.join("")}</ul>`, "home blog wp-theme-twentytwentyfive"))(req, res, url);
    }
    if (url.pathname === "/feed/") {
      const per = 10;
      const page = Number(url.searchParams.get("paged") ?? 1) - 1;
      const items = [...board("wordpress").threads].sort((a, b) => b.posts[0]!.at - a.posts[0]!.at).slice(page * per, (page + 1) * per);
      // Past the last page WordPress answers 404 (an HTML page).
      if (page > 0 && items.length === 0) return html(wpPage("Page not found", "<p>It looks like nothing was found at this location.</p>", "error404"), 404)(req, res, url);
      res.writeHead(200, { "content-type": "application/rss+xml; charset=UTF-8" });
      res.end(`${wpFeedHead}${items.map(wpItem).join("")}\t</channel>\n</rss>\n`);
      return;
    }
    const t = board("wordpress").threads.find((x) => wpPath(x) === url.pathname);
    if (!t) return html(wpPage("Page not found", "<p>It looks like nothing was found at this location.</p>", "error404"), 404)(req, res, url);
    const p = t.posts[0]!;
    return html(wpPage(t.title, `${p.html}\n${p.files.map((f) => `<figure class="wp-block-image size-large"><img decoding="async" width="1024" height="683" src="${f}" alt="" /></figure>`).join("\n")}`, `wp-singular post-template-default single single-post postid-${t.id}`))(req, res, url);
  };

  // ---------------------------------------------------------------- vichan 5 (Tinyboard)
  const vichanIndex = crawlFixture("vichan-board-index.html");
  const secs = (at: number) => Math.floor(at / 1000);
  const vichanPost = (p: ForumPost, op: ForumThread | null, threadId: number) => {
    const file = p.files[0];
    const tim = file ? /\/src\/([\w-]+)\.\w+$/.exec(file)?.[1] : undefined;
    return {
      no: p.id,
      ...(op ? { sub: op.title } : {}),
      com: p.html,
      name: "Anonymous",
      time: secs(p.at),
      ...(op ? { omitted_posts: 0, omitted_images: 0, replies: op.posts.length - 1, images: op.posts.filter((x) => x.files.length > 0).length, sticky: 0, locked: 0, cyclical: "0", last_modified: secs(op.posts.at(-1)!.at) } : {}),
      ...(tim ? { tn_h: 255, tn_w: 170, h: 1200, w: 800, fsize: 217446, filename: tim, ext: ".jpg", tim, md5: "q3zC2ZkXq1m5P2bD6o9Mhw==" } : {}),
      resto: op ? 0 : threadId,
    };
  };
  const vichanHandler: SiteHandler = (req, res, url) => {
    if (/^\/\w+\/src\//.test(url.pathname) || /^\/\w+\/thumb\//.test(url.pathname)) return servePhoto(req, res, url);
    if (url.pathname === "/" || url.pathname === "/s/index.html" || url.pathname === "/s/") return html(vichanIndex)(req, res, url);
    if (url.pathname === "/b/index.html" || url.pathname === "/b/") return html(vichanIndex.replaceAll("/s/ - Sets", "/b/ - Random").replace(/<div class="thread"[\s\S]*?<hr\/>\n<\/div>/, ""))(req, res, url);
    if (url.pathname === "/s/catalog.json") {
      const threads = byRecent("vichan").map((t) => {
        const { resto: _resto, ...op } = vichanPost(t.posts[0]!, t, t.id);
        return op;
      });
      return json([{ page: 0, threads }])(req, res, url);
    }
    if (url.pathname === "/b/catalog.json") return json([{ page: 0, threads: [] }])(req, res, url);
    const m = /^\/s\/res\/(\d+)\.json$/.exec(url.pathname);
    const t = m ? threadOf("vichan", Number(m[1])) : undefined;
    if (!t) return html(`<!doctype html><html><head><title>404 Not Found</title></head><body class="8chan vichan"><h1>404 Not Found</h1></body></html>`, 404)(req, res, url);
    return json({ posts: t.posts.map((p, i) => vichanPost(p, i === 0 ? t : null, t.id)) })(req, res, url);
  };

  // ---------------------------------------------------------------- LynxChan 2
  // LynxChan's front page (PenumbraLynx): /.static/ assets, the boards in the top nav.
  const lynxHome = `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="shortcut icon" href="/favicon.ico">
<link rel="stylesheet" type="text/css" href="/.static/css/global.css">
<script src="/.static/js/api.js"></script>
<title>Set Boards</title>
</head>
<body>
<nav class="navHeader"><a href="/" class="coloredIcon" id="navHome"></a><span id="navBoardsSpan"><span>[</span><a href="/s/">s</a><span>]</span></span><a href="/boards.js" id="navBoards">Boards</a></nav>
<div id="divLatestPosts"><h3>Latest posts</h3></div>
<footer><p>Powered by <a href="https://gitgud.io/LynxChan/LynxChan">LynxChan</a></p></footer>
</body>
</html>`;
  const lynxPost = (p: ForumPost) => ({
    name: "Anonymous",
    signedRole: null,
    email: null,
    subject: null,
    markdown: p.html,
    message: p.html.replace(/<[^>]*>/g, ""),
    postId: p.id,
    creation: new Date(p.at).toISOString(),
    files: p.files.map((f) => ({ originalName: "photo.jpg", path: f, thumb: f.replace("/.media/", "/.media/t_"), mime: "image/jpeg", size: 80100, width: 800, height: 1200 })),
  });
  const lynxHandler: SiteHandler = (req, res, url) => {
    if (url.pathname.startsWith("/.media/")) return servePhoto(req, res, url);
    if (url.pathname === "/") return html(lynxHome)(req, res, url);
    if (url.pathname === "/s/catalog.json") {
      return json(
        byRecent("lynxchan").map((t) => ({
          message: t.posts[0]!.html.replace(/<[^>]*>/g, ""),
          markdown: t.posts[0]!.html,
          threadId: t.id,
          postCount: t.posts.length - 1,
          fileCount: t.posts.reduce((n, p) => n + p.files.length, 0),
          page: 1,
          subject: t.title,
          locked: false,
          pinned: false,
          cyclic: false,
          autoSage: false,
          lastBump: new Date(t.posts.at(-1)!.at).toISOString(),
        })),
      )(req, res, url);
    }
    const m = /^\/s\/res\/(\d+)\.json$/.exec(url.pathname);
    const t = m ? threadOf("lynxchan", Number(m[1])) : undefined;
    if (!t) return json({ status: "error", data: "Thread not found." }, 404)(req, res, url);
    const op = lynxPost(t.posts[0]!);
    return json({ ...op, subject: t.title, threadId: t.id, boardUri: "s", locked: false, pinned: false, cyclic: false, autoSage: false, archived: false, posts: t.posts.slice(1).map(lynxPost), maxMessageLength: 4096 })(req, res, url);
  };

  // ---------------------------------------------------------------- the web
  const robots: SiteHandler = (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("User-agent: *\nDisallow: /ucp.php\nDisallow: /private.php\n");
  };
  const handlers: Record<PackageSite, SiteHandler> = { phpbb: phpbbHandler, vb3: vb3Handler, vb4: vb4Handler, wordpress: wpHandler, vichan: vichanHandler, lynxchan: lynxHandler };
  const sites: Record<string, Site> = Object.fromEntries(
    (Object.keys(PACKAGE_HOSTS) as PackageSite[]).map((k) => [PACKAGE_HOSTS[k], { "/robots.txt": robots, "*": handlers[k] }]),
  );
  const web = await startProxiedSites(sites);
  const requests = web.requests;

  /** The address a finding links to: the thread's page as the package links it. */
  const pageUrl = (site: PackageSite, t: ForumThread): string => {
    const h = `http://${PACKAGE_HOSTS[site]}`;
    switch (site) {
      case "phpbb":
        return `${h}/viewtopic.php?t=${t.id}`;
      case "vb3":
        return `${h}/showthread.php?t=${t.id}`;
      case "vb4":
        return `${vb4Base}showthread.php?${vb4Slug(t)}`;
      case "wordpress":
        return `${h}${wpPath(t)}`;
      case "vichan":
      case "lynxchan":
        return `${h}/s/res/${t.id}.html`;
    }
  };
  /** A file on the post, at the address the package serves uploads from. */
  const fileUrl = (site: PackageSite, n: number): string => {
    switch (site) {
      case "phpbb":
        return `./download/file.php?id=${3300 + n}&amp;sid=${SID}`;
      case "vb3":
        return `attachment.php?s=${VB3_S}&amp;attachmentid=${4400 + n}&amp;d=1793527200`;
      case "vb4":
        return `attachment.php?attachmentid=${4400 + n}&amp;d=1793527200`;
      case "wordpress":
        return `http://${PACKAGE_HOSTS.wordpress}/wp-content/uploads/2026/11/set-${n}.jpg`;
      case "vichan":
        return `/s/src/${1793520000000 + n}.jpg`;
      case "lynxchan":
        return `/.media/${String(n).padStart(64, "a")}.jpg`;
    }
  };
  let files = 0;

  const addPost = (site: PackageSite, thread: ForumThread, html: string, o: { author?: string; files?: number } = {}): ForumPost => {
    const b = board(site);
    const post: ForumPost = { id: b.nextPost++, author: o.author ?? `member${thread.posts.length + 1}`, html, at: tick(), files: Array.from({ length: o.files ?? 0 }, () => fileUrl(site, ++files)) };
    thread.posts.push(post);
    return post;
  };
  const addThread = (site: PackageSite, title: string, html: string, o: { author?: string; files?: number } = {}) => {
    const b = board(site);
    const thread: ForumThread = { id: b.nextThread++, slug: slugOf(title), title, posts: [] };
    // Imageboards number threads and posts in one sequence; forums apart.
    if (site === "vichan" || site === "lynxchan") {
      thread.id = b.nextPost;
      b.nextThread = b.nextPost;
    }
    b.threads.push(thread);
    addPost(site, thread, html, { author: o.author ?? "uploader_9", ...(o.files !== undefined ? { files: o.files } : {}) });
    return { thread, url: pageUrl(site, thread) };
  };

  return {
    hosts: PACKAGE_HOSTS,
    proxy: web.proxy,
    requests,
    /** Requests for the pages of threads and posts (not listings, home pages, robots.txt or images). */
    itemRequests: () =>
      requests
        .filter((r) => /^\/(?:viewtopic\.php|showthread\.php|forum\/showthread\.php|\d{4}\/\d\d\/\d\d\/|s\/res\/)/.test(r.path))
        .map((r) => `${r.host} ${r.path}`),
    addThread,
    addPost,
    pageUrl,
    settings: web.settings,
    close: web.close,
  };
}
