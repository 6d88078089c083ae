import { startForwardProxy, type ForwardProxy } from "./forward-proxy";
import { bytes, html, startVirtualHostServer, type Site, type SiteHandler, type VirtualHostServer } from "./virtual-host-server";

/**
 * A second set of fake platforms for impersonation checks, in page shapes the first set
 * (fake-profiles.ts) does not use, reached through a forward proxy under the real host names:
 * - Snapchat (www.snapchat.com/add/NAME): a Next.js page whose `__NEXT_DATA__` holds
 *   props.pageProps.userProfile.publicProfileInfo {username, title, bio, subscriberCount as a
 *   string, profilePictureUrl, websiteUrl as a bare "host/path", creationTimestampMs {value}} and
 *   relatedAccountsInfo (other people's profiles); the profile picture is served by a redirect to
 *   another image host; a missing profile answers 404.
 * - Patreon (www.patreon.com/NAME): a JSON:API campaign in the page's bootstrap
 *   (campaign.data.attributes {name, summary as HTML, vanity, avatar_photo_url, patron_count,
 *   created_at}); a missing creator answers 200 with an Italian page no phrase list knows.
 * - LoyalFans: a login form, answered 200, at every profile address, naming the handle.
 * - JustForFans (justfor.fans/NAME): server-rendered HTML without JSON-LD or a profile og:type:
 *   the handle in a heading and the canonical link, posts as <article> with lazy images (data-src).
 * - 4Based (4based.com/profile/NAME): a JSON-LD @graph (WebSite, ProfilePage pointing at the
 *   Person by @id, the Person, an ImageGallery of associatedMedia); a missing one answers 410.
 * - Instagram in Japanese: "フォロワー1.2万人、…" meta; a missing one answers 200 with
 *   "このページはご利用いただけません。".
 * - Sunroom: an application/json profile script (the avatar an object with its url).
 * - Cam4: a page of meta only (og:title "name - Cam4", og:url of the profile); a missing one is
 *   redirected to the home page, a list of live rooms.
 * - Chaturbate: "Sign in to view this room" with a link to the sign-in page, no form, answered 200.
 * Everything is invented; SOURCES.md in fixtures/profiles says where each shape comes from.
 */

export type HoldoutPlatform = "snapchat" | "patreon" | "loyalfans" | "justforfans" | "4based" | "instagram" | "sunroom" | "cam4";

export type HoldoutAccount = {
  platform: HoldoutPlatform;
  handle: string;
  displayName: string;
  bio: string;
  avatar?: Buffer;
  /** Its website field (Snapchat: written bare, without a scheme). */
  website?: string;
  createdAt?: Date;
  followers?: number;
  /** Its public posts' images (JustForFans: <article>s; 4Based: the gallery). */
  posts?: Buffer[][];
};

export type HoldoutProfilesWeb = {
  web: VirtualHostServer;
  proxy: ForwardProxy;
  add(account: HoldoutAccount): void;
  remove(platform: HoldoutPlatform, handle: string): void;
  close(): Promise<void>;
};

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const script = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");
const notFound = (status: number, body = "<h1>Not Found</h1>"): SiteHandler => html(`<!doctype html><html><head><title>Not Found</title></head><body>${body}</body></html>`, status);
const empty404: SiteHandler = (_req, res) => {
  res.writeHead(404);
  res.end();
};

export async function startHoldoutProfilesWeb(accounts: HoldoutAccount[] = []): Promise<HoldoutProfilesWeb> {
  const table = new Map<string, HoldoutAccount>();
  const key = (p: HoldoutPlatform, h: string) => `${p}:${h.toLowerCase()}`;
  const find = (p: HoldoutPlatform, raw: string | undefined) => {
    if (!raw) return undefined;
    try {
      return table.get(key(p, decodeURIComponent(raw)));
    } catch {
      return undefined;
    }
  };
  const segment = (url: URL, at: number) => url.pathname.split("/").filter(Boolean)[at];

  // Images: /{platform}/{handle}/avatar.jpg and /{platform}/{handle}/{post}-{image}.jpg on one media host.
  const media: Site = {
    "*": (req, res, url) => {
      const [platform, handle, file] = url.pathname.split("/").filter(Boolean) as [HoldoutPlatform, string, string];
      const a = find(platform, handle);
      const post = /^(\d{1,3})-(\d{1,3})\.jpg$/.exec(file ?? "");
      const image = file === "avatar.jpg" ? a?.avatar : post ? a?.posts?.[Number(post[1])]?.[Number(post[2])] : undefined;
      return image ? bytes(image, "image/jpeg")(req, res, url) : empty404(req, res, url);
    },
  };
  const avatarOf = (a: HoldoutAccount) => `http://img.fanmediacdn.com/${a.platform}/${encodeURIComponent(a.handle.toLowerCase())}/avatar.jpg`;
  const postImageOf = (a: HoldoutAccount, i: number, j: number) => `http://img.fanmediacdn.com/${a.platform}/${encodeURIComponent(a.handle.toLowerCase())}/${i}-${j}.jpg`;

  const snapchat: Site = {
    "*": (req, res, url) => {
      const a = segment(url, 0) === "add" ? find("snapchat", segment(url, 1)) : undefined;
      if (!a) return notFound(404, "<h1>Sorry! We couldn't find that.</h1>")(req, res, url);
      const info = (x: HoldoutAccount) => ({
        username: x.handle,
        title: x.displayName,
        bio: x.bio,
        subscriberCount: String(x.followers ?? 0),
        badge: 0,
        // The picture's address on Snapchat's own host, which redirects to the image host.
        profilePictureUrl: x.avatar ? `http://cf-st.sc-cdn.net/aps/bolt/${encodeURIComponent(x.handle.toLowerCase())}` : "",
        snapcodeImageUrl: `https://app.snapchat.com/web/deeplink/snapcode?username=${encodeURIComponent(x.handle)}&type=SVG&bitmoji=enable`,
        websiteUrl: x.website ?? "",
        hasStory: false,
        creationTimestampMs: { value: String((x.createdAt ?? new Date("2021-03-01T00:00:00Z")).getTime()) },
      });
      const related = [...table.values()].filter((o) => o.platform === "snapchat" && o !== a).slice(0, 2);
      const data = {
        props: {
          pageProps: {
            userProfile: {
              $case: "publicProfileInfo",
              publicProfileInfo: info(a),
              relatedAccountsInfo: related.map((o) => ({ publicProfileInfo: { username: o.handle, title: o.displayName, profilePictureUrl: avatarOf(o), subscriberCount: "0" }, subscribeLink: { deepLinkUrl: `https://www.snapchat.com/add/${o.handle}` } })),
            },
            pageMetadata: { pageTitle: `${a.displayName} (@${a.handle}) | Snapchat Stories, Spotlight & Lenses`, pageType: 18 },
          },
        },
        page: "/add/[username]",
        query: { username: a.handle },
        buildId: "h1",
        isFallback: false,
        gssp: true,
      };
      return html(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${esc(a.displayName)} (@${a.handle}) | Snapchat Stories, Spotlight &amp; Lenses</title>
<meta property="og:type" content="website"/><meta property="og:title" content="${esc(a.displayName)} (@${a.handle}) | Snapchat"/>
<link rel="canonical" href="https://www.snapchat.com/@${a.handle}"/></head><body><div id="__next"><main><h1>${esc(a.displayName)}</h1></main></div>
<script id="__NEXT_DATA__" type="application/json">${script(data)}</script></body></html>`)(req, res, url);
    },
  };
  // cf-st.sc-cdn.net/aps/bolt/NAME → 302 → media host.
  const snapAvatars: Site = {
    "*": (req, res, url) => {
      const a = find("snapchat", segment(url, 2));
      if (!a?.avatar) return empty404(req, res, url);
      res.writeHead(302, { location: avatarOf(a) });
      res.end();
    },
  };

  const patreon: Site = {
    "*": (req, res, url) => {
      const a = url.pathname.split("/").filter(Boolean).length === 1 ? find("patreon", segment(url, 0)) : undefined;
      if (!a) {
        return html(`<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>Patreon</title><meta property="og:title" content="Patreon"><meta property="og:type" content="website"></head>
<body><div id="__next"><main><h1>Ops! Qui non c&#39;è nessuno.</h1><p>Forse il link è sbagliato, o la pagina è stata spostata.</p><a href="/">Torna alla home</a></main></div>
<script id="__NEXT_DATA__" type="application/json">${script({ props: { pageProps: { bootstrapEnvelope: { pageBootstrap: {}, errors: [{ code: 1, status: "404" }] } } }, page: "/[vanity]", query: {}, buildId: "p1" })}</script></body></html>`)(req, res, url);
      }
      const campaign = {
        data: {
          id: "8123456",
          type: "campaign",
          attributes: {
            name: a.displayName,
            vanity: a.handle,
            summary: `<p>${esc(a.bio)}</p>${a.website ? `<p><a href="${esc(a.website)}">${esc(a.website)}</a></p>` : ""}`,
            one_liner: null,
            avatar_photo_url: a.avatar ? `http://c10.patreonusercontent.com/4/patreon-media/p/campaign/8123456/${encodeURIComponent(a.handle.toLowerCase())}.jpeg?token-time=1764000000` : null,
            patron_count: a.followers ?? 0,
            created_at: (a.createdAt ?? new Date("2020-06-01T00:00:00Z")).toISOString(),
            url: `https://www.patreon.com/${a.handle}`,
            is_nsfw: true,
          },
          relationships: { creator: { data: { id: "9911", type: "user" } } },
        },
        included: [{ id: "9911", type: "user", attributes: { full_name: a.displayName, image_url: null } }],
      };
      return html(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(a.displayName)} | creating content | Patreon</title>
<meta property="og:type" content="website"><meta property="og:title" content="${esc(a.displayName)} | creating content | Patreon"></head>
<body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${script({ props: { pageProps: { bootstrapEnvelope: { pageBootstrap: { campaign } } } }, page: "/[vanity]", query: { vanity: a.handle }, buildId: "p1" })}</script></body></html>`)(req, res, url);
    },
  };
  // Patreon's image host: redirects the signed address to the file.
  const patreonMedia: Site = {
    "*": (req, res, url) => {
      const name = url.pathname.split("/").at(-1)?.replace(/\.jpeg$/, "");
      const a = find("patreon", name);
      if (!a?.avatar) return empty404(req, res, url);
      res.writeHead(301, { location: avatarOf(a) });
      res.end();
    },
  };

  const loyalfans: Site = {
    "*": (req, res, url) => {
      const name = segment(url, 0) ?? "";
      return html(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Log in to see @${esc(name)} | LoyalFans</title><meta property="og:title" content="@${esc(name)} on LoyalFans"></head>
<body><main><h2>Log in to see @${esc(name)}'s posts</h2><form method="post" action="/api/v1/auth/session"><input name="email" type="email" autocomplete="username"><input name="password" type="password"><button>Log in</button></form></main></body></html>`)(req, res, url);
    },
  };

  const justforfans: Site = {
    "*": (req, res, url) => {
      const a = find("justforfans", segment(url, 0));
      if (!a || url.pathname.split("/").filter(Boolean).length !== 1) return notFound(404)(req, res, url);
      const posts = (a.posts ?? [])
        .map(
          (images, i) =>
            `<article class="post"><a class="permalink" href="/${a.handle}/post/${1000 + i}">${i + 1} days ago</a><p>new set</p>${images.map((_img, j) => `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="${postImageOf(a, i, j)}" alt="">`).join("")}</article>`,
        )
        .join("\n");
      return html(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(a.displayName)} | JustFor.Fans</title>
<meta property="og:type" content="website"><meta property="og:title" content="${esc(a.displayName)} on JustFor.Fans">${a.avatar ? `<meta property="og:image" content="${avatarOf(a)}">` : ""}
<link rel="canonical" href="https://justfor.fans/${a.handle}"></head>
<body><header><a href="/">JustFor.Fans</a></header><section class="profile"><h1>${esc(a.displayName)}</h1><div class="handle">@${a.handle}</div><div class="bio">${esc(a.bio)}</div></section>
<section class="posts">${posts}</section></body></html>`)(req, res, url);
    },
  };

  const fourbased: Site = {
    "*": (req, res, url) => {
      const a = segment(url, 0) === "profile" ? find("4based", segment(url, 1)) : undefined;
      if (!a) return notFound(410, "<h1>Gone</h1>")(req, res, url);
      const self = `https://4based.com/profile/${a.handle}`;
      const ld = {
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebSite", "@id": "https://4based.com/#website", name: "4based" },
          { "@type": "ProfilePage", "@id": `${self}#page`, url: self, mainEntity: { "@id": `${self}#person` } },
          { "@type": "Person", "@id": `${self}#person`, name: a.displayName, alternateName: `@${a.handle}`, description: a.bio, ...(a.avatar ? { image: { "@type": "ImageObject", url: avatarOf(a) } } : {}) },
          ...(a.posts ?? []).map((images, i) => ({ "@type": "ImageGallery", url: `${self}/gallery/${i}`, associatedMedia: images.map((_img, j) => ({ "@type": "ImageObject", contentUrl: postImageOf(a, i, j) })) })),
        ],
      };
      return html(`<!doctype html><html><head><title>${esc(a.displayName)} - 4based</title><script type="application/ld+json">${script(ld)}</script></head><body><h1>${esc(a.displayName)}</h1></body></html>`)(req, res, url);
    },
  };

  const instagram: Site = {
    "*": (req, res, url) => {
      const a = find("instagram", segment(url, 0));
      if (!a) {
        return html(`<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>Instagram</title></head><body><main><h2>このページはご利用いただけません。</h2><p>リンクに問題があるか、ページが削除された可能性があります。</p></main></body></html>`)(req, res, url);
      }
      const n = a.followers ?? 0;
      const count = n >= 10_000 ? `${(n / 10_000).toFixed(1)}万` : n.toLocaleString("en-US");
      const desc = `フォロワー${count}人、フォロー中180人、投稿42件 - ${esc(a.displayName)}(&#064;${a.handle})さんのInstagram写真と動画をチェックしよう`;
      return html(`<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>${esc(a.displayName)}(&#064;${a.handle}) &#x2022; Instagram写真と動画</title>
<meta property="og:type" content="profile"><meta property="og:title" content="${esc(a.displayName)}(&#064;${a.handle}) &#x2022; Instagram写真と動画">
<meta property="og:description" content="${desc}"><meta name="description" content="${desc}">${a.avatar ? `<meta property="og:image" content="${avatarOf(a)}">` : ""}
<meta property="og:url" content="https://www.instagram.com/${a.handle}/"></head><body></body></html>`)(req, res, url);
    },
  };

  const sunroom: Site = {
    "*": (req, res, url) => {
      const a = find("sunroom", segment(url, 0));
      if (!a) return notFound(404)(req, res, url);
      return html(`<!doctype html><html><head><title>Sunroom</title></head><body><div id="root"></div><script type="application/json" id="profile-data">${script({ user: { username: a.handle, name: a.displayName, about: a.bio, avatar: a.avatar ? { url: avatarOf(a), width: 400 } : null } })}</script></body></html>`)(req, res, url);
    },
  };

  const cam4: Site = {
    "/": html(`<!doctype html><html><head><title>CAM4 - Free Live Sex Cams</title><meta property="og:type" content="website"></head><body><header><a href="/">CAM4</a></header><main><h1>Live cams</h1><ul><li>Couples</li><li>Women</li><li>Men</li></ul><p>Watch thousands of free live shows.</p></main></body></html>`),
    "*": (req, res, url) => {
      const a = find("cam4", segment(url, 0));
      if (!a) {
        res.writeHead(302, { location: "/" });
        res.end();
        return;
      }
      return html(`<!doctype html><html><head><title>${esc(a.handle)} - Cam4</title><meta property="og:type" content="website"><meta property="og:title" content="${esc(a.handle)} - Cam4">
<meta property="og:description" content="${esc(a.bio)}"><meta property="og:url" content="https://www.cam4.com/${a.handle}">${a.avatar ? `<meta property="og:image" content="${avatarOf(a)}">` : ""}</head><body><div id="root"></div></body></html>`)(req, res, url);
    },
  };
  const chaturbate: Site = {
    "*": html(`<!doctype html><html><head><title>Chaturbate - Free Adult Webcams</title></head><body><header><a href="/accounts/login/">Log In</a></header><main><h2>Sign in to view this room</h2><p><a href="/accounts/login/?next=/">Continue</a></p></main></body></html>`),
  };

  const web = await startVirtualHostServer({
    "www.cam4.com": cam4,
    "chaturbate.com": chaturbate,
    "www.snapchat.com": snapchat,
    "cf-st.sc-cdn.net": snapAvatars,
    "www.patreon.com": patreon,
    "c10.patreonusercontent.com": patreonMedia,
    "www.loyalfans.com": loyalfans,
    "justfor.fans": justforfans,
    "4based.com": fourbased,
    "www.instagram.com": instagram,
    "www.sunroom.so": sunroom,
    "img.fanmediacdn.com": media,
  });
  const proxy = await startForwardProxy((host) => (host === "127.0.0.1" ? null : { host: "127.0.0.1", port: web.port }));
  for (const a of accounts) table.set(key(a.platform, a.handle), a);
  return {
    web,
    proxy,
    add: (a) => table.set(key(a.platform, a.handle), a),
    remove: (p, h) => table.delete(key(p, h)),
    close: async () => {
      await proxy.close();
      await web.close();
    },
  };
}
