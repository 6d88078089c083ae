import type http from "node:http";
import { startForwardProxy, type ForwardProxy } from "./forward-proxy";
import { bytes, html, json, startVirtualHostServer, type Site, type VirtualHostServer } from "./virtual-host-server";

/**
 * Fake social and fan platforms for impersonation checks, reached through a
 * forward proxy under their real host names, answering in the shapes the real
 * ones publish without a login:
 * - Reddit: /user/{name}/about.json (kind "t2", data.subreddit.title / public_description / icon_img, created_utc);
 *   404 {"message":"Not Found","error":404} for no such user.
 * - Instagram: the profile page's og: meta ("N Followers, N Following, N Posts - See Instagram photos and videos from …").
 * - TikTok: the page's __UNIVERSAL_DATA_FOR_REHYDRATION__ JSON (webapp.user-detail.userInfo.user/stats,
 *   statusCode 10221 for no such user, still HTTP 200).
 * - Fanvue, Fanfix and the like: a server-rendered page with a JSON-LD ProfilePage whose mainEntity is the Person.
 * - Fansly: a single-page app shell that shows no profile without a login.
 * Other shapes the same platforms serve (an account's `shape`, fixtures/profiles/SOURCES.md):
 * - "sigi": TikTok's older `window['SIGI_STATE']={UserModule:{users,stats},UserPage}` inline script;
 * - "de": Instagram's stat line in German ("1,2 Mio. Follower, 180 Gefolgt, 42 Beiträge – …", "&#064;" in meta);
 * - "next": a Next.js page (Fanvue, Fanfix): the creator in `__NEXT_DATA__` props.pageProps, no JSON-LD.
 * With `missingStatus: 200`, a profile that does not exist answers 200 with the platform's
 * "Sorry, this page isn't available." page (Next.js sites: their 404 page data), as many do.
 * Avatars are served from each platform's image host.
 * Posts (an account's `posts`), where the platform shows them without a login:
 * - Reddit: /user/{name}/submitted.json, a Listing of t3 things: a one-image post links the image on
 *   i.redd.it (url_overridden_by_dest, post_hint "image") with preview.images[].source.url on
 *   preview.redd.it; a several-image post is a gallery (is_gallery, gallery_data.items, media_metadata).
 * - Fanvue, Fanfix: the ProfilePage's hasPart, one SocialMediaPosting per post with its ImageObjects.
 * - Instagram and TikTok show no posts in the logged-out page: none.
 */

export type FakePlatform = "reddit" | "instagram" | "tiktok" | "fanvue" | "fanfix" | "onlyfans";

export type FakeAccount = {
  platform: FakePlatform;
  handle: string;
  displayName: string;
  bio: string;
  avatar?: Buffer;
  links?: string[];
  createdAt?: Date;
  followers?: number;
  /** Its public posts, newest first: each one image or a gallery of several. */
  posts?: FakePost[];
  /** Another shape the platform serves its page in (see above); the usual one when absent. */
  shape?: "sigi" | "de" | "next";
};

export type FakeProfilesOptions = {
  /** How a profile that does not exist answers: 404 (default) or 200 with a "not available" page. */
  missingStatus?: 200 | 404;
};

export type FakePost = { title: string; images: Buffer[] };

export type FakeProfilesWeb = {
  web: VirtualHostServer;
  proxy: ForwardProxy;
  add(account: FakeAccount): void;
  remove(platform: FakePlatform, handle: string): void;
  close(): Promise<void>;
};

const HOSTS: Record<FakePlatform, string> = {
  reddit: "www.reddit.com",
  instagram: "www.instagram.com",
  tiktok: "www.tiktok.com",
  fanvue: "www.fanvue.com",
  fanfix: "app.fanfix.io",
  onlyfans: "onlyfans.com",
};
const CDN: Record<FakePlatform, string> = {
  reddit: "styles.redditmedia.com",
  instagram: "scontent.cdninstagram.com",
  tiktok: "p16-sign-va.tiktokcdn.com",
  fanvue: "media.fanvue.com",
  fanfix: "cdn.fanfix.io",
  onlyfans: "public.onlyfans.com",
};

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `scheme`: how pages write their image addresses ("http" when the test reaches them through the proxy without TLS). */
export async function startFakeProfilesWeb(accounts: FakeAccount[] = [], scheme: "https" | "http" = "http", options: FakeProfilesOptions = {}): Promise<FakeProfilesWeb> {
  const missingStatus = options.missingStatus ?? 404;
  const table = new Map<string, FakeAccount>();
  const key = (p: FakePlatform, h: string) => `${p}:${h.toLowerCase()}`;
  const find = (p: FakePlatform, h: string) => table.get(key(p, decodeURIComponent(h)));
  const avatarUrl = (a: FakeAccount) => `${scheme}://${CDN[a.platform]}/avatars/${encodeURIComponent(a.handle.toLowerCase())}.jpg?stp=dst-jpg_s150x150&amp;_nc_ht=1`;

  const avatarSite = (platform: FakePlatform): Site => ({
    "*": (req, res, url) => {
      if (url.pathname.startsWith("/posts/")) return postImageSite(platform)["*"]!(req, res, url);
      const m = /^\/avatars\/([^/]+)\.jpg$/.exec(url.pathname);
      const account = m ? find(platform, m[1]!) : undefined;
      if (!account?.avatar) {
        res.writeHead(404);
        res.end();
        return;
      }
      return bytes(account.avatar, "image/jpeg")(req, res, url);
    },
  });

  // Post images: /posts/{handle}/{post}-{image}.jpg on the platform's image host (Reddit's on i.redd.it and preview.redd.it).
  const postImage = (platform: FakePlatform, url: URL): Buffer | undefined => {
    const m = /^\/posts\/([^/]+)\/(\d{1,3})-(\d{1,3})\.jpg$/.exec(url.pathname);
    return m ? find(platform, m[1]!)?.posts?.[Number(m[2])]?.images[Number(m[3])] : undefined;
  };
  const postImageUrl = (host: string, a: FakeAccount, post: number, image: number) => `${scheme}://${host}/posts/${encodeURIComponent(a.handle.toLowerCase())}/${post}-${image}.jpg`;
  const postImageSite = (platform: FakePlatform): Site => ({
    "*": (req, res, url) => {
      const image = postImage(platform, url);
      if (!image) {
        res.writeHead(404);
        res.end();
        return;
      }
      return bytes(image, "image/jpeg")(req, res, url);
    },
  });
  const postId = (a: FakeAccount, i: number) => `${a.handle.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 4)}${i}x`;

  const redditListing = (a: FakeAccount) => ({
    kind: "Listing",
    data: {
      after: null,
      dist: a.posts?.length ?? 0,
      modhash: "",
      geo_filter: "",
      children: (a.posts ?? []).map((post, i) => {
        const id = postId(a, i);
        const permalink = `/r/u_${a.handle}/comments/${id}/${post.title.toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 40)}/`;
        const common = { subreddit: `u_${a.handle}`, author: a.handle, title: post.title, name: `t3_${id}`, id, permalink, over_18: true, created_utc: 1763600000 - i * 3600, thumbnail: "nsfw", domain: "i.redd.it" };
        if (post.images.length === 1) {
          const direct = postImageUrl("i.redd.it", a, i, 0);
          return {
            kind: "t3",
            data: {
              ...common,
              post_hint: "image",
              url: direct,
              url_overridden_by_dest: direct,
              preview: { enabled: true, images: [{ id: `img${id}`, source: { url: `${postImageUrl("preview.redd.it", a, i, 0)}?width=1080&format=pjpg&auto=webp&s=abc`, width: 1080, height: 1350 }, resolutions: [], variants: {} }] },
            },
          };
        }
        const ids = post.images.map((_img, j) => `m${id}${j}`);
        return {
          kind: "t3",
          data: {
            ...common,
            domain: "reddit.com",
            url: `https://www.reddit.com/gallery/${id}`,
            url_overridden_by_dest: `https://www.reddit.com/gallery/${id}`,
            is_gallery: true,
            gallery_data: { items: ids.map((media_id, j) => ({ media_id, id: 100 + j })) },
            media_metadata: Object.fromEntries(
              ids.map((mid, j) => [mid, { status: "valid", e: "Image", m: "image/jpg", p: [], s: { y: 1350, x: 1080, u: `${postImageUrl("preview.redd.it", a, i, j)}?width=1080&format=pjpg&auto=webp&s=def` }, id: mid }]),
            ),
          },
        };
      }),
      before: null,
    },
  });

  const notFoundHtml = (title: string) =>
    missingStatus === 200
      ? html(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title.replace(/^.*• /, "")}</title><meta property="og:title" content="${title.replace(/^.*• /, "")}"></head><body><main><h2>Sorry, this page isn&#039;t available.</h2><div>The link you followed may be broken, or the page may have been removed.</div></main></body></html>`)
      : html(`<!doctype html><html><head><title>${title}</title></head><body><h2>Sorry, this page isn't available.</h2></body></html>`, 404);
  // A Next.js site's 404 page, served with 200: nothing visible says so but its page data.
  const nextNotFound = (siteName: string) =>
    html(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${siteName}</title><meta property="og:title" content="${siteName}"/><meta property="og:type" content="website"/></head><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { statusCode: 404 } }, page: "/[handle]", query: {}, buildId: "b1", isFallback: false, gssp: true })}</script></body></html>`);
  const nextProfile = (a: FakeAccount, siteName: string) =>
    html(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${esc(a.displayName)} (@${a.handle}) | ${siteName}</title>
<meta property="og:title" content="${esc(a.displayName)} | ${siteName}"/><meta property="og:type" content="website"/><meta property="og:description" content="${esc(a.bio)}"/><meta property="og:image" content="${avatarUrl(a)}"/></head>
<body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({
      props: {
        pageProps: {
          creator: {
            uuid: "8c1f2b3a-0000-4000-8000-000000000001",
            handle: a.handle,
            displayName: a.displayName,
            bio: [a.bio, ...(a.links ?? [])].join("\n"),
            avatarUrl: avatarUrl(a).replace(/&amp;/g, "&"),
            fanCounts: { followersCount: a.followers ?? 0, subscribersCount: 0 },
            createdAt: (a.createdAt ?? new Date("2020-01-01")).toISOString(),
          },
        },
        __N_SSP: true,
      },
      page: "/[handle]",
      query: { handle: a.handle },
      buildId: "b1",
      isFallback: false,
      gssp: true,
    }).replace(/</g, "\\u003c")}</script></body></html>`);
  /** "1,2 Mio.", "12,5 Tsd.", "1.234": a count as Instagram writes it in German. */
  const germanCount = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1).replace(".", ",")} Mio.` : n >= 1e4 ? `${(n / 1e3).toFixed(1).replace(".", ",")}\u00a0Tsd.` : n.toLocaleString("de-DE"));

  const reddit: Site = {
    "*": (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
      const submitted = /^\/user\/([^/]+)\/submitted\.json$/.exec(url.pathname);
      if (submitted) {
        const owner = find("reddit", submitted[1]!);
        return owner ? json(redditListing(owner))(req, res, url) : json({ message: "Not Found", error: 404 }, 404)(req, res, url);
      }
      const m = /^\/user\/([^/]+)\/about\.json$/.exec(url.pathname);
      const a = m ? find("reddit", m[1]!) : undefined;
      if (!a) return json({ message: "Not Found", error: 404 }, 404)(req, res, url);
      const raw = url.searchParams.get("raw_json") === "1";
      const icon = raw ? avatarUrl(a).replace(/&amp;/g, "&") : avatarUrl(a);
      return json({
        kind: "t2",
        data: {
          is_employee: false,
          is_friend: false,
          subreddit: {
            default_set: true,
            user_is_banned: null,
            banner_img: "",
            title: a.displayName,
            over_18: true,
            icon_img: icon,
            display_name: `u_${a.handle}`,
            subscribers: a.followers ?? 0,
            display_name_prefixed: `u/${a.handle}`,
            public_description: a.bio + (a.links?.length ? `\n${a.links.join("\n")}` : ""),
            url: `/user/${a.handle}/`,
            subreddit_type: "user",
          },
          snoovatar_img: "",
          icon_img: icon,
          pref_show_snoovatar: false,
          name: a.handle,
          id: "abc123",
          verified: true,
          created: Math.floor((a.createdAt ?? new Date("2020-01-01")).getTime() / 1000),
          created_utc: Math.floor((a.createdAt ?? new Date("2020-01-01")).getTime() / 1000),
          link_karma: 12,
          comment_karma: 3,
          total_karma: 15,
          has_verified_email: true,
        },
      })(req, res, url);
    },
  };

  const instagram: Site = {
    "*": (req, res, url) => {
      const m = /^\/([^/]+)\/?$/.exec(url.pathname);
      const a = m ? find("instagram", m[1]!) : undefined;
      if (!a) return notFoundHtml("Page not found • Instagram")(req, res, url);
      const followers = (a.followers ?? 0).toLocaleString("en-US");
      if (a.shape === "de") {
        const de = `${germanCount(a.followers ?? 0)} Follower, 180 Gefolgt, 42 Beiträge – Sieh dir Instagram-Fotos und -Videos von ${esc(a.displayName)} (&#064;${a.handle}) an`;
        return html(`<!DOCTYPE html><html lang="de" class="no-js not-logged-in client-root"><head><meta charset="utf-8"><title>${esc(a.displayName)} (&#064;${a.handle}) &#x2022; Instagram-Fotos und -Videos</title>
<meta content="${de}" name="description" /><meta property="og:type" content="profile" /><meta property="og:image" content="${avatarUrl(a)}" />
<meta property="og:title" content="${esc(a.displayName)} (&#064;${a.handle}) &#x2022; Instagram-Fotos und -Videos" /><meta property="og:description" content="${de}" />
<meta property="og:url" content="https://www.instagram.com/${a.handle}/" /></head><body><div id="splash-screen"></div></body></html>`)(req, res, url);
      }
      const desc = `${followers} Followers, 180 Following, 42 Posts - See Instagram photos and videos from ${a.displayName} (@${a.handle})`;
      return html(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(a.displayName)} (@${a.handle}) • Instagram photos and videos</title>
<meta property="og:type" content="profile" />
<meta property="og:title" content="${esc(a.displayName)} (@${a.handle}) • Instagram photos and videos" />
<meta property="og:image" content="${avatarUrl(a)}" />
<meta property="og:description" content="${esc(desc)}" />
<meta property="og:url" content="https://www.instagram.com/${a.handle}/" />
<meta name="description" content="${esc(desc)}" />
</head><body><div id="splash-screen"></div><script type="application/json" data-sjs>{"require":[]}</script></body></html>`)(req, res, url);
    },
  };

  const tiktok: Site = {
    "*": (req, res, url) => {
      const m = /^\/@([^/]+)\/?$/.exec(url.pathname);
      const a = m ? find("tiktok", m[1]!) : undefined;
      const detail = a
        ? {
            statusCode: 0,
            statusMsg: "",
            userInfo: {
              user: {
                id: "6812345678901234567",
                uniqueId: a.handle,
                nickname: a.displayName,
                avatarLarger: avatarUrl(a).replace(/&amp;/g, "&"),
                avatarMedium: avatarUrl(a).replace(/&amp;/g, "&"),
                signature: a.bio,
                createTime: Math.floor((a.createdAt ?? new Date("2020-01-01")).getTime() / 1000),
                verified: false,
                secret: false,
                ...(a.links?.[0] ? { bioLink: { link: a.links[0].replace(/^https?:\/\//, ""), risk: 0 } } : {}),
              },
              stats: { followerCount: a.followers ?? 0, followingCount: 10, heart: 100, videoCount: 7 },
            },
          }
        : { statusCode: 10221, statusMsg: "user not exist", userInfo: {} };
      if (a?.shape === "sigi" && "userInfo" in detail && "user" in detail.userInfo) {
        const sigi = { UserModule: { users: { [a.handle]: detail.userInfo.user }, stats: { [a.handle]: detail.userInfo.stats } }, UserPage: { uniqueId: a.handle, statusCode: 0 }, ItemModule: {} };
        return html(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(`${a.displayName} (@${a.handle}) TikTok | Watch ${a.displayName}'s Newest TikTok Videos`)}</title></head>
<body><div id="main"></div><script>window['SIGI_STATE']=${JSON.stringify(sigi).replace(/</g, "\\u003c")};window['SIGI_RETRY']={"UserModule":1};</script></body></html>`)(req, res, url);
      }
      const state = { __DEFAULT_SCOPE__: { "webapp.app-context": { language: "en" }, "webapp.user-detail": detail } };
      return html(`<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>${a ? esc(`${a.displayName} (@${a.handle}) | TikTok`) : "TikTok - Make Your Day"}</title></head>
<body><div id="app"></div><script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${JSON.stringify(state).replace(/</g, "\\u003c")}</script></body></html>`)(req, res, url);
    },
  };

  const jsonLdSite = (platform: FakePlatform, pathPattern: RegExp, siteName: string): Site => ({
    "*": (req, res, url) => {
      const m = pathPattern.exec(url.pathname);
      const a = m ? find(platform, m[1]!) : undefined;
      if (!a) return (missingStatus === 200 && platform === "fanvue" ? nextNotFound(siteName) : notFoundHtml(`Not found | ${siteName}`))(req, res, url);
      if (a.shape === "next") return nextProfile(a, siteName)(req, res, url);
      const ld = {
        "@context": "https://schema.org",
        "@type": "ProfilePage",
        dateCreated: (a.createdAt ?? new Date("2020-01-01")).toISOString(),
        mainEntity: {
          "@type": "Person",
          name: a.displayName,
          alternateName: a.handle,
          description: a.bio,
          image: avatarUrl(a).replace(/&amp;/g, "&"),
          sameAs: a.links ?? [],
          interactionStatistic: [{ "@type": "InteractionCounter", interactionType: "https://schema.org/FollowAction", userInteractionCount: a.followers ?? 0 }],
        },
        hasPart: (a.posts ?? []).map((post, i) => ({
          "@type": "SocialMediaPosting",
          "@id": `${scheme}://${HOSTS[platform]}${url.pathname.replace(/\/$/, "")}/posts/${postId(a, i)}`,
          url: `${scheme}://${HOSTS[platform]}${url.pathname.replace(/\/$/, "")}/posts/${postId(a, i)}`,
          headline: post.title,
          author: { "@type": "Person", name: a.displayName },
          image: post.images.map((_img, j) => ({ "@type": "ImageObject", contentUrl: postImageUrl(CDN[platform], a, i, j) })),
        })),
      };
      return html(`<!doctype html><html><head><title>${esc(a.displayName)} | ${siteName}</title>
<meta property="og:type" content="profile"><meta property="og:title" content="${esc(a.displayName)}"><meta property="og:image" content="${avatarUrl(a)}">
<script type="application/ld+json">${JSON.stringify(ld).replace(/</g, "\\u003c")}</script></head>
<body><main><h1>${esc(a.displayName)}</h1><p>${esc(a.bio)}</p></main></body></html>`)(req, res, url);
    },
  });

  // Fansly (and OnlyFans to a logged-out visitor) render the profile in the browser: the server's page is an empty shell.
  const spaShell = (title: string): Site => ({
    "*": html(`<!doctype html><html><head><title>${title}</title><meta property="og:type" content="website"><meta property="og:title" content="${title}"></head><body><app-root></app-root><noscript>Please enable JavaScript</noscript></body></html>`),
  });

  const web = await startVirtualHostServer({
    [HOSTS.reddit]: reddit,
    [HOSTS.instagram]: instagram,
    [HOSTS.tiktok]: tiktok,
    [HOSTS.fanvue]: jsonLdSite("fanvue", /^\/([^/]+)\/?$/, "Fanvue"),
    [HOSTS.fanfix]: jsonLdSite("fanfix", /^\/@([^/]+)\/?$/, "Fanfix"),
    [HOSTS.onlyfans]: spaShell("OnlyFans"),
    "fansly.com": spaShell("Fansly"),
    "i.redd.it": postImageSite("reddit"),
    "preview.redd.it": postImageSite("reddit"),
    ...Object.fromEntries((Object.keys(CDN) as FakePlatform[]).map((p) => [CDN[p], avatarSite(p)])),
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
