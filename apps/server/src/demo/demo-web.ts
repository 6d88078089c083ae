import { fileURLToPath } from "node:url";
import { startFakeDns } from "@leakwarden/fake-network/fake-dns";
import { startForwardProxy, type ProxyRecord } from "@leakwarden/fake-network/forward-proxy";
import { html, json, readForm, startVirtualHostServer, type Site, type SiteHandler } from "@leakwarden/fake-network/virtual-host-server";

/**
 * The demo's fictional web around one fictional creator, Juniper Vale (OnlyFans juniper_vale):
 * a forum thread sharing her paid content through file-host links, a tube site with a gallery of
 * her videos and an album only its own search finds, a Reddit-like post sharing a folder, and
 * the pages a scan must not report (her own profile, an interview, an unrelated article that
 * happens to carry her name, a thread about another creator whose name contains hers). A
 * SearXNG-style search endpoint and a Reddit-style search answer from these pages only, by the
 * words asked. The leak sites publish a /dmca page with a mailto, so takedowns find a recipient.
 */

export const DEMO_IDENTITY = {
  displayName: "Juniper Vale",
  /** What the newcomer types in onboarding: OnlyFans, juniper_vale. */
  onlyfans: "juniper_vale",
  /** Her fictional Reddit profile, whose bio the demo web lets her edit to prove ownership. */
  reddit: "juniper_vale",
} as const;

export const DEMO_HOSTS = {
  search: "search.demo",
  reddit: "reddit.demo",
  forum: "leakforum.demo",
  tube: "tubevault.demo",
  fanzine: "fanzine.demo",
  garden: "gardenjournal.demo",
} as const;

type PageKind = "leak" | "not a leak";

interface DemoPage {
  url: string;
  title: string;
  /** What the page is, as the demo web's index tells it. */
  kind: PageKind;
  about: string;
  /** Served by the demo web; pages without one are only listed by the search engine. */
  body?: string;
  /** Found by the web search; false: only the leak site's own search lists it. */
  inWebSearch: boolean;
}

interface RedditPost {
  id: string;
  subreddit: string;
  title: string;
  selftext: string;
  author: string;
  kind: PageKind;
  about: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const page = (title: string, body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const thumbs = (n: number, prefix: string, alt: string) =>
  Array.from({ length: n }, (_, i) => `<a href="${prefix}/full-${i + 1}.jpg"><img src="${prefix}/thumb-${i + 1}.jpg" width="300" height="400" alt="${alt} ${i + 1}"></a>`).join("\n");

const dmcaPage = (siteName: string, email: string) =>
  page(
    `DMCA – ${siteName}`,
    `<h1>DMCA / copyright complaints</h1><p>${siteName} respects the rights of copyright owners. Send notices of claimed infringement to our designated agent:
     <a href="mailto:${email}">${email}</a>.</p>`,
  );

const forum = `http://${DEMO_HOSTS.forum}`;
const tube = `http://${DEMO_HOSTS.tube}`;

const PAGES: DemoPage[] = [
  // ---- leaks ----
  {
    url: `${forum}/threads/juniper_vale-onlyfans-mega-folder.2231/`,
    title: "juniper_vale OnlyFans mega folder | LeakForum",
    kind: "leak",
    about: "forum thread sharing her paid content through file-host links",
    inWebSearch: true,
    body: page(
      "juniper_vale OnlyFans mega folder | LeakForum",
      `<header><a href="/">LeakForum</a> › <a href="/forums/onlyfans/">OnlyFans</a></header>
       <div class="p-title"><h1 class="p-title-value">juniper_vale OnlyFans mega folder</h1></div>
       <article class="message"><div class="message-userDetails">posted by <b>drop_king</b></div><div class="message-content"><div class="bbWrapper">
       Here's everything from her OnlyFans, 3.1 GB of photos and videos.<br>https://mega.nz/folder/Jv7dQ2aB#demo-folder-key<br>
       Mirror: https://gofile.io/d/JvDemo1<br>Enjoy and leave a like.</div></div></article>
       <footer><a href="/dmca">DMCA</a></footer>`,
    ),
  },
  {
    url: `${tube}/models/juniper-vale`,
    title: "Juniper Vale OnlyFans leaked videos | TubeVault",
    kind: "leak",
    about: "tube site page with a gallery of her videos",
    inWebSearch: true,
    body: page(
      "Juniper Vale OnlyFans leaked videos | TubeVault",
      `<header><a href="/">TubeVault</a> <form action="/search"><input name="q" aria-label="Search"></form></header>
       <main><h1>Juniper Vale OnlyFans leaked videos</h1><p>38 videos · 212 photos · updated weekly</p>
       <video src="/v/jv-1.mp4" poster="/v/jv-1.jpg"></video><video src="/v/jv-2.mp4"></video><video src="/v/jv-3.mp4"></video><video src="/v/jv-4.mp4"></video>
       <div class="gallery">${thumbs(12, "/media/juniper-vale", "Juniper Vale")}</div></main>
       <footer><a href="/dmca">DMCA</a></footer>`,
    ),
  },
  {
    url: `${tube}/albums/juniper-vale-beach-set`,
    title: "Juniper Vale beach set leaked – 64 photos | TubeVault",
    kind: "leak",
    about: "an album that only TubeVault's own search lists (the scan searches known leak sites directly)",
    inWebSearch: false,
    body: page(
      "Juniper Vale beach set leaked – 64 photos | TubeVault",
      `<header><a href="/">TubeVault</a></header>
       <main><h1>Juniper Vale beach set leaked</h1><p>64 photos from her paid OnlyFans posts. Download all as a ZIP archive below.</p>
       <div class="gallery">${thumbs(16, "/media/juniper-vale-beach", "beach set")}</div>
       <p><a href="/dl/juniper-vale-beach-set.zip">Download all</a></p></main>
       <footer><a href="/dmca">DMCA</a></footer>`,
    ),
  },

  // ---- not leaks ----
  {
    url: `https://onlyfans.com/${DEMO_IDENTITY.onlyfans}`,
    title: "Juniper Vale (@juniper_vale) | OnlyFans",
    kind: "not a leak",
    about: "her own profile: never reported, never fetched",
    inWebSearch: true,
  },
  {
    url: `http://${DEMO_HOSTS.fanzine}/interviews/juniper-vale`,
    title: "Juniper Vale on her first year on OnlyFans – Fanzine interview",
    kind: "not a leak",
    about: "an interview that links to her official profiles",
    inWebSearch: true,
    body: page(
      "Juniper Vale on her first year on OnlyFans – Fanzine interview",
      `<h1>Juniper Vale on her first year on OnlyFans</h1>
       <p>We sat down with Juniper Vale to talk about her first year on OnlyFans, her photo sets and how she deals with leaks.</p>
       ${thumbs(5, "/interviews/photos", "Juniper Vale portrait")}
       <p>Follow her: <a href="https://onlyfans.com/${DEMO_IDENTITY.onlyfans}">OnlyFans</a> · <a href="https://www.reddit.com/user/${DEMO_IDENTITY.reddit}">Reddit</a></p>`,
    ),
  },
  {
    url: `http://${DEMO_HOSTS.garden}/2025/04/juniper-vale-nursery-drip-line-leak`,
    title: "Juniper Vale Nursery – how we fixed a leak in the drip line",
    kind: "not a leak",
    about: "an unrelated article: a garden nursery of the same name and a leaking hose",
    inWebSearch: true,
    body: page(
      "Juniper Vale Nursery – how we fixed a leak in the drip line",
      `<h1>Juniper Vale Nursery: fixing a leak in the drip line</h1><p>Our head gardener explains how water leaked from the drip line in the rose beds
       and how we found it. Mega savings this month on irrigation parts! Free download of our watering checklist.</p>`,
    ),
  },
  {
    url: `${forum}/threads/juniper_valerie-onlyfans-pack.2240/`,
    title: "juniper_valerie OnlyFans pack | LeakForum",
    kind: "not a leak",
    about: "a leak of another creator, juniper_valerie, whose name contains hers",
    inWebSearch: true,
    body: page(
      "juniper_valerie OnlyFans pack | LeakForum",
      `<div class="p-title"><h1 class="p-title-value">juniper_valerie OnlyFans pack</h1></div>
       <article class="message"><div class="bbWrapper">Full pack of juniper_valerie: https://mega.nz/folder/Vl3rIe9#other-key</div></article>
       <footer><a href="/dmca">DMCA</a></footer>`,
    ),
  },
];

const POSTS: RedditPost[] = [
  {
    id: "jv1k9x",
    subreddit: "OnlyFansLeakHub",
    title: "juniper_vale OnlyFans leak - full mega folder",
    selftext: "All her paid posts in one place, free download: https://mega.nz/folder/Rd9vK1#demo-post-key",
    author: "throwaway_uploader",
    kind: "leak",
    about: "a social post sharing a folder of her content",
  },
];

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|(?<!_)_+$/g, "").slice(0, 50);
const permalink = (p: RedditPost) => `/r/${p.subreddit}/comments/${p.id}/${slug(p.title)}/`;
const postUrl = (p: RedditPost) => `http://${DEMO_HOSTS.reddit}${permalink(p)}`;

/** Letters and digits only, lower case: how the demo's search engines compare words. */
const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

const textOf = (markup: string) => markup.replace(/<[^<>]*>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");

/**
 * Whether a document answers a query: the quoted phrase (or, without quotes, the whole query)
 * must appear in it. Like a real engine, a longer name that contains the phrase also matches.
 */
function matches(query: string, document: string): boolean {
  const phrase = /"([^"]+)"/.exec(query)?.[1] ?? query;
  const key = fold(phrase);
  return key.length > 0 && fold(document).includes(key);
}

const pageText = (p: DemoPage) => `${p.title} ${p.url} ${p.body ? textOf(p.body) : ""}`;

function searxngAnswer(query: string, pageNo: number) {
  const PAGE_SIZE = 10;
  const hits = PAGES.filter((p) => p.inWebSearch && matches(query, pageText(p))).slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE);
  return {
    query,
    number_of_results: hits.length,
    results: hits.map((p, i) => {
      const u = new URL(p.url);
      return {
        url: p.url,
        title: p.title,
        content: p.body ? textOf(p.body).replace(/\s+/g, " ").trim().slice(0, 200) : p.title,
        engine: "demo",
        engines: ["demo"],
        positions: [i + 1],
        score: 1 / (i + 1),
        category: "general",
        parsed_url: [u.protocol.replace(":", ""), u.host, u.pathname, "", u.search.replace(/^\?/, ""), ""],
      };
    }),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  };
}

function redditListing(query: string) {
  const posts = POSTS.filter((p) => matches(query, `${p.title} ${p.selftext}`));
  return {
    kind: "Listing",
    data: {
      after: null,
      dist: posts.length,
      children: posts.map((p) => ({
        kind: "t3",
        data: {
          id: p.id,
          name: `t3_${p.id}`,
          title: p.title,
          selftext: p.selftext,
          subreddit: p.subreddit,
          subreddit_name_prefixed: `r/${p.subreddit}`,
          author: p.author,
          permalink: permalink(p),
          url: postUrl(p),
          is_self: true,
          over_18: true,
          domain: `self.${p.subreddit}`,
        },
      })),
    },
  };
}

export interface DemoWeb {
  /** Env-style settings that point the app at the demo web. */
  settings: Record<string, string>;
  /** Where a browser opens the demo web's index (and the fictional Reddit bio). */
  indexUrl: string;
  proxyRecords: ProxyRecord[];
  dnsQuestions: string[];
  /** URLs the demo identity's scan must report, and those it must not. */
  expectedLeaks: string[];
  /** File-host links in the leaks' posts: reported as leaks of their own (scanner/file-hosts.ts). */
  expectedFileLeaks: string[];
  traps: string[];
  /** Bios of the fictional Reddit profiles, by lower-case username. */
  redditBios: Map<string, string>;
  close(): Promise<void>;
}

/** A static catalog of the demo's leak sites (the built-in catalog names real sites). */
export const DEMO_CATALOG_PATH = fileURLToPath(new URL("./demo-leak-sites.json", import.meta.url));

export async function startDemoWeb(options: { port?: number } = {}): Promise<DemoWeb> {
  const redditBios = new Map<string, string>();
  const sites = new Map<string, Site>();
  const siteOf = (host: string) => {
    let site = sites.get(host);
    if (!site) sites.set(host, (site = {}));
    return site;
  };
  for (const p of PAGES) {
    if (!p.body) continue;
    const u = new URL(p.url);
    siteOf(u.hostname)[u.pathname] = html(p.body);
  }

  siteOf(DEMO_HOSTS.forum)["/dmca"] = html(dmcaPage("LeakForum", `dmca@${DEMO_HOSTS.forum}`));
  siteOf(DEMO_HOSTS.tube)["/dmca"] = html(dmcaPage("TubeVault", `copyright@${DEMO_HOSTS.tube}`));
  siteOf(DEMO_HOSTS.reddit)["/dmca"] = html(dmcaPage("Reddit (demo)", `copyright@${DEMO_HOSTS.reddit}`));

  // TubeVault's own search, which the leak-site catalog tells the scanner to use.
  siteOf(DEMO_HOSTS.tube)["/search"] = (_req, res, url) => {
    const q = url.searchParams.get("q") ?? "";
    const hits = PAGES.filter((p) => p.url.startsWith(`${tube}/`) && matches(q, pageText(p)));
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      page(
        "Search – TubeVault",
        `<h1>Results for ${escapeHtml(q)}</h1><ul>${hits.map((p) => `<li><a class="result" href="${new URL(p.url).pathname}">${escapeHtml(p.title)}</a></li>`).join("")}</ul>`,
      ),
    );
  };

  siteOf(DEMO_HOSTS.search)["/search"] = (_req, res, url) => {
    // A SearXNG instance answers JSON only when that format is enabled and asked for.
    if (url.searchParams.get("format") !== "json") {
      res.writeHead(403, { "content-type": "text/html" });
      res.end("<h1>403 Forbidden</h1>");
      return;
    }
    const pageNo = Math.max(1, Number(url.searchParams.get("pageno") ?? "1") || 1);
    json(searxngAnswer(url.searchParams.get("q") ?? "", pageNo))(_req, res, url);
  };

  const reddit = siteOf(DEMO_HOSTS.reddit);
  reddit["/search.json"] = (req, res, url) =>
    json(redditListing(url.searchParams.get("q") ?? ""), 200, { "x-ratelimit-remaining": "99.0", "x-ratelimit-used": "1", "x-ratelimit-reset": "300" })(req, res, url);
  reddit["*"] = (_req, res, url) => {
    const about = /^\/user\/([^/]+)\/about\.json$/.exec(url.pathname);
    if (about) {
      const name = decodeURIComponent(about[1]!);
      const bio = redditBios.get(name.toLowerCase());
      res.writeHead(bio === undefined ? 404 : 200, { "content-type": "application/json; charset=utf-8" });
      res.end(
        JSON.stringify(
          bio === undefined
            ? { message: "Not Found", error: 404 }
            : { kind: "t2", data: { name, subreddit: { display_name: `u_${name}`, title: name, public_description: bio, description: "" } } },
        ),
      );
      return;
    }
    const post = POSTS.find((p) => permalink(p) === url.pathname);
    if (!post) {
      html(page("reddit (demo): page not found", "<h1>page not found</h1>"), 404)(_req, res, url);
      return;
    }
    html(
      page(
        `${escapeHtml(post.title)} : r/${post.subreddit}`,
        `<shreddit-post><h1 slot="title">${escapeHtml(post.title)}</h1><p>posted by u/${post.author}</p><div slot="text-body"><p>${escapeHtml(post.selftext).replace(
          /(https?:\/\/\S+)/g,
          '<a href="$1">$1</a>',
        )}</p></div></shreddit-post>`,
      ),
    )(_req, res, url);
  };

  const index = frontDoor(redditBios);
  const hosts = await startVirtualHostServer(sites, { fallback: index, port: options.port ?? 0 });
  // Plain http on port 80 to the fictional hosts only: no https tunnel, so the proxy never reaches the real web.
  const proxy = await startForwardProxy((host) => (sites.has(host) ? { host: "127.0.0.1", port: hosts.port } : null), { tunnels: false, ports: [80], name: "demo proxy" });
  // A DNS that knows no name: recipient lookups of a takedown find the fictional sites' own contact pages.
  const dns = await startFakeDns();

  return {
    settings: {
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: `http://${DEMO_HOSTS.search}/`,
      REDDIT_URL: `http://${DEMO_HOSTS.reddit}`,
      SCAN_REDDIT_SEARCH: "true",
      SCAN_LEAK_SITE_SEARCH: "true",
      LEAK_SITE_CATALOG_PATH: DEMO_CATALOG_PATH,
      SCAN_PROXY_URL: proxy.url,
      // Every fictional host is reached through the proxy: no private address is ever asked for.
      SCAN_ALLOW_PRIVATE_NETWORKS: "false",
      DNS_SERVERS: dns.servers,
      RDAP_BOOTSTRAP_URL: "",
      CLOUDFLARE_IPS_URL: "",
    },
    indexUrl: `http://127.0.0.1:${hosts.port}/`,
    proxyRecords: proxy.records,
    dnsQuestions: dns.questions,
    expectedLeaks: [...PAGES.filter((p) => p.kind === "leak").map((p) => p.url), ...POSTS.filter((p) => p.kind === "leak").map(postUrl)],
    expectedFileLeaks: ["https://mega.nz/folder/Jv7dQ2aB", "https://gofile.io/d/JvDemo1"],
    traps: [...PAGES.filter((p) => p.kind === "not a leak").map((p) => p.url), ...POSTS.filter((p) => p.kind === "not a leak").map(postUrl)],
    redditBios,
    async close() {
      await Promise.all([proxy.close(), hosts.close(), dns.close()]);
    },
  };
}

/** The demo web's index on 127.0.0.1: what is in it, a page viewer, and the fictional Reddit bio. */
function frontDoor(redditBios: Map<string, string>): Site {
  const all = [
    ...PAGES.map((p) => ({ url: p.url, title: p.title, kind: p.kind, about: p.about, viewable: !!p.body })),
    ...POSTS.map((p) => ({ url: postUrl(p), title: p.title, kind: p.kind, about: p.about, viewable: true })),
  ];
  const style = `<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem;line-height:1.5;color:#111}
    li{margin:.5rem 0;overflow-wrap:anywhere}textarea,input{font:inherit;width:100%;box-sizing:border-box}button{font:inherit;padding:.4rem 1rem}
    .kind{font-weight:600}.note{background:#fef3c7;padding:.5rem .75rem;border-radius:.375rem}</style>`;

  const index: SiteHandler = (_req, res, url) => {
    const saved = url.searchParams.get("saved");
    const bios = [...redditBios].map(([name, bio]) => `<li>u/${escapeHtml(name)}: ${escapeHtml(bio)}</li>`).join("");
    html(
      page(
        "Leakwarden demo web",
        `<main><h1>Leakwarden demo web</h1>
         <p class="note">Everything here is fictional: the creator Juniper Vale, the sites and the leaks. The Leakwarden demo searches these pages instead of the internet.</p>
         <h2>Prove ownership: your fictional Reddit profile</h2>
         <p>Takedowns need a stage name you have proven to be yours. Add a stage name on Reddit (u/${DEMO_IDENTITY.reddit}) in Leakwarden, copy the snippet it shows,
         paste it into this profile's bio and save, then press Verify in Leakwarden.</p>
         ${saved ? `<p role="status">Saved the bio of u/${escapeHtml(saved)}.</p>` : ""}
         <form method="post" action="/reddit-bio">
           <p><label>Reddit username<br><input name="username" value="${DEMO_IDENTITY.reddit}" required maxlength="40"></label></p>
           <p><label>Bio<br><textarea name="bio" rows="3" maxlength="500" required></textarea></label></p>
           <p><button type="submit">Save bio</button></p>
         </form>
         ${bios ? `<h3>Bios</h3><ul>${bios}</ul>` : ""}
         <h2>Pages of the demo web</h2>
         <p>Your browser cannot open the fictional hosts (they exist only behind the demo's proxy); open a copy here.</p>
         <ul>${all
           .map(
             (p) =>
               `<li><span class="kind">${p.kind}</span>: ${escapeHtml(p.about)}<br>${
                 p.viewable ? `<a href="/view?url=${encodeURIComponent(p.url)}">${escapeHtml(p.url)}</a>` : escapeHtml(p.url)
               }</li>`,
           )
           .join("")}</ul></main>`,
        style,
      ),
    )(_req, res, url);
  };

  return {
    "/": index,
    "/view": (req, res, url) => {
      const wanted = url.searchParams.get("url") ?? "";
      const p = PAGES.find((x) => x.url === wanted && x.body);
      if (p) return html(p.body!)(req, res, url);
      const post = POSTS.find((x) => postUrl(x) === wanted);
      if (post) return html(page(escapeHtml(post.title), `<h1>${escapeHtml(post.title)}</h1><p>r/${post.subreddit} · u/${post.author}</p><p>${escapeHtml(post.selftext)}</p>`))(req, res, url);
      html(page("Not found", "<h1>Not a page of the demo web</h1>"), 404)(req, res, url);
    },
    "/reddit-bio": async (req, res, url) => {
      if (req.method !== "POST") {
        res.writeHead(405, { allow: "POST", "content-type": "text/plain" });
        res.end("POST a form");
        return;
      }
      const form = await readForm(req);
      const username = (form.get("username") ?? "").trim().replace(/^\/?u\//i, "");
      const bio = (form.get("bio") ?? "").trim();
      if (!/^[A-Za-z0-9_-]{3,20}$/.test(username) || !bio || bio.length > 500) {
        html(page("Not saved", "<h1>Not saved</h1><p>A Reddit username (3 to 20 letters, digits, '_' and '-') and a bio are needed.</p><p><a href=\"/\">Back</a></p>"), 400)(req, res, url);
        return;
      }
      redditBios.set(username.toLowerCase(), bio);
      res.writeHead(303, { location: `/?saved=${encodeURIComponent(username)}` });
      res.end();
    },
  };
}
