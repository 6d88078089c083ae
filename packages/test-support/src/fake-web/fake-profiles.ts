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
 * Avatars are served from each platform's image host.
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
};

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
export async function startFakeProfilesWeb(accounts: FakeAccount[] = [], scheme: "https" | "http" = "http"): Promise<FakeProfilesWeb> {
  const table = new Map<string, FakeAccount>();
  const key = (p: FakePlatform, h: string) => `${p}:${h.toLowerCase()}`;
  const find = (p: FakePlatform, h: string) => table.get(key(p, decodeURIComponent(h)));
  const avatarUrl = (a: FakeAccount) => `${scheme}://${CDN[a.platform]}/avatars/${encodeURIComponent(a.handle.toLowerCase())}.jpg?stp=dst-jpg_s150x150&amp;_nc_ht=1`;

  const avatarSite = (platform: FakePlatform): Site => ({
    "*": (req, res, url) => {
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

  const notFoundHtml = (title: string) => html(`<!doctype html><html><head><title>${title}</title></head><body><h2>Sorry, this page isn't available.</h2></body></html>`, 404);

  const reddit: Site = {
    "*": (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
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
      const state = { __DEFAULT_SCOPE__: { "webapp.app-context": { language: "en" }, "webapp.user-detail": detail } };
      return html(`<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>${a ? esc(`${a.displayName} (@${a.handle}) | TikTok`) : "TikTok - Make Your Day"}</title></head>
<body><div id="app"></div><script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${JSON.stringify(state).replace(/</g, "\\u003c")}</script></body></html>`)(req, res, url);
    },
  };

  const jsonLdSite = (platform: FakePlatform, pathPattern: RegExp, siteName: string): Site => ({
    "*": (req, res, url) => {
      const m = pathPattern.exec(url.pathname);
      const a = m ? find(platform, m[1]!) : undefined;
      if (!a) return notFoundHtml(`Not found | ${siteName}`)(req, res, url);
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
