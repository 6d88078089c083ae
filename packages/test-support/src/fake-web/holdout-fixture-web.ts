import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { ScanIdentity } from "../../../../apps/server/src/scanner/scan-types";
import { redditPermalink, redditSite, searxngBody, type FakeRedditPost, type FakeResult } from "./fake-search";
import { startForwardProxy, type ForwardProxy } from "./forward-proxy";
import {
  bytes,
  endlessBody,
  html,
  neverAnswers,
  redirect,
  startVirtualHostServer,
  type Site,
  type SiteHandler,
  type VirtualHostServer,
} from "./virtual-host-server";

/**
 * A second fixture web, built apart from the engine's own fixture to check
 * that the engine generalises: another creator ("Ivy Marlowe", nickname
 * "Poppy Lux"), other platforms, other page shapes (a forum thread with
 * quoted posts, a tube-site gallery with lazy-loaded images, a Telegram
 * channel preview, a post on X, paste pages, an image host with CSS backgrounds, a page in
 * Spanish) and every kind of trap, on host names that mostly carry no
 * "leak" word, so the verdicts come from what the pages say and show.
 *
 * The search fake answers by query, as a real engine would: only queries
 * that spell one of her names find her pages, some answers come with
 * unresponsive engines beside their results, some with engines failed and
 * nothing else.
 */

export const HOLDOUT_IDENTITY_FILE = {
  stageNames: [
    { platform: "PATREON", username: "ivymarlowe" },
    { platform: "fansly", username: "Ivy_Marlowe" },
    { platform: "Instagram", username: "@ivy.marlowe" },
    { platform: "tiktok", username: "ivymarlowe" },
    { platform: "Reddit", username: "u/IvyMarlowe" },
  ],
  nicknames: ["Poppy Lux"],
  allowlist: ["https://www.IvyHQ.example/"],
  specific: "",
};

export const HOLDOUT_IDENTITY: ScanIdentity = { ...HOLDOUT_IDENTITY_FILE };

const page = (title: string, body: string, head = "", lang = "en") =>
  `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** A deterministic abstract "photo" (gradient, shapes, soft blur). */
async function synthPhoto(seed: number, w = 960, h = 1280): Promise<Buffer> {
  let s = seed >>> 0;
  const r = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const col = () => `rgb(${Math.floor(r() * 255)},${Math.floor(r() * 255)},${Math.floor(r() * 255)})`;
  let shapes = "";
  for (let i = 0; i < 70; i++) {
    const k = r();
    if (k < 0.5) shapes += `<ellipse cx="${r() * w}" cy="${r() * h}" rx="${20 + r() * 220}" ry="${20 + r() * 220}" fill="${col()}" fill-opacity="${0.35 + r() * 0.6}"/>`;
    else if (k < 0.8) {
      shapes += `<rect x="${r() * w}" y="${r() * h}" width="${20 + r() * 300}" height="${20 + r() * 300}" fill="${col()}" fill-opacity="${0.35 + r() * 0.6}" transform="rotate(${r() * 90} ${r() * w} ${r() * h})"/>`;
    } else shapes += `<path d="M${r() * w},${r() * h} Q${r() * w},${r() * h} ${r() * w},${r() * h}" stroke="${col()}" stroke-width="${4 + r() * 30}" fill="none"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="${r()}" y2="1"><stop offset="0" stop-color="${col()}"/><stop offset="1" stop-color="${col()}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).blur(1.2).jpeg({ quality: 90 }).toBuffer();
}

/** Every request of a page that must never be made is recorded here by the test. */
const FORBIDDEN_HOSTS = [
  "10.0.0.7",
  "10.1.2.3",
  "127.0.0.1",
  "::1",
  "0.0.0.0",
  "192.168.0.50",
  "172.16.4.4",
  "169.254.169.254",
  "100.100.100.200",
  "fd00:ec2::254",
  "::ffff:7f00:1",
  "metadata.google.internal",
  "metadata",
  "localhost",
  "admin.localhost",
];

const REDDIT_POSTS: FakeRedditPost[] = [
  {
    id: "9qz1a1",
    subreddit: "PatreonCreatorLeaks",
    title: "ivymarlowe patreon leak (all tiers)",
    selftext: "Ripped every tier before she deleted the old posts. pixeldrain.com/l/Rk8pQ2vT\nbackup: https://gofile.io/d/IvYm4r",
  },
  {
    id: "9qz1a2",
    subreddit: "CreatorsAdvice",
    title: "Ivy Marlowe's AMA: how I deal with leaks and piracy",
    selftext: "Hi all, Ivy here. Ask me anything about running a Patreon, handling leaks and filing DMCA notices.",
    author: "IvyMarlowe",
  },
  {
    id: "9qz1a3",
    subreddit: "IvyMarlowe",
    title: "New set is up on my Patreon — 40 photos from the lake trip",
    url: "https://www.patreon.com/ivymarlowe/posts",
    author: "IvyMarlowe",
  },
];

export type HoldoutFixtureWeb = {
  proxy: ForwardProxy;
  server: VirtualHostServer;
  /** Directory with the identity file and her reference images. */
  dir: string;
  identityPath: string;
  referenceImagePaths: string[];
  settings: Record<string, string>;
  expectedLeaks: string[];
  /** File-host links in those leaks' matched posts: leaks of their own (scanner/file-hosts.ts). */
  expectedFileLeaks: string[];
  /** Pages a search lists that must not be reported. */
  traps: string[];
  /** Hosts (names and addresses) that must never be asked for. */
  forbiddenHosts: string[];
  /** Hosts that are hers or allow-listed: never fetched at all. */
  neverFetchedHosts: string[];
  /** Queries the search fake was asked. */
  searchQueries: string[];
  close(): Promise<void>;
};

export async function startHoldoutFixtureWeb(): Promise<HoldoutFixtureWeb> {
  const dir = mkdtempSync(path.join(tmpdir(), "lw-holdout-"));
  const ref = await synthPhoto(7);
  const ref2 = await synthPhoto(31, 1200, 800);
  const referenceImagePaths = [path.join(dir, "lake-01.jpg"), path.join(dir, "lake-02.jpg")];
  writeFileSync(referenceImagePaths[0]!, ref);
  writeFileSync(referenceImagePaths[1]!, ref2);
  const { width: W = 960, height: H = 1280 } = await sharp(ref).metadata();
  const img = {
    resizedWebp: await sharp(ref).resize(700).webp({ quality: 40 }).toBuffer(),
    cropped: await sharp(ref)
      .extract({ left: Math.round(W * 0.04), top: Math.round(H * 0.03), width: Math.round(W * 0.92), height: Math.round(H * 0.88) })
      .jpeg({ quality: 85 })
      .toBuffer(),
    watermarked: await sharp(ref)
      .composite([
        {
          input: Buffer.from(
            `<svg width="${W}" height="${H}"><text x="${W * 0.08}" y="${H * 0.52}" font-size="90" fill="white" fill-opacity="0.55" font-family="sans-serif" transform="rotate(-30 ${W / 2} ${H / 2})">LEAKED · t.me/ivyvault</text><rect x="${W - 260}" y="${H - 90}" width="240" height="70" fill="black" fill-opacity="0.5"/></svg>`,
          ),
        },
      ])
      .jpeg({ quality: 80 })
      .toBuffer(),
    mirrored: await sharp(ref2).flop().resize(640).jpeg({ quality: 82 }).toBuffer(),
    rotated: await sharp(ref2).rotate(90).resize({ height: 600 }).jpeg({ quality: 82 }).toBuffer(),
    thumb: await sharp(ref).resize(240).jpeg({ quality: 70 }).toBuffer(),
    thumb2x: await sharp(ref).resize(480).jpeg({ quality: 70 }).toBuffer(),
    decoys: await Promise.all(Array.from({ length: 16 }, (_, i) => synthPhoto(11 + i, 360, 480))),
    decoyBig: await synthPhoto(77),
  };
  const gif1x1 = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
  const decoyImages: Site = Object.fromEntries(img.decoys.map((b, i) => [`/media/d${i}.jpg`, bytes(b, "image/jpeg")]));

  // ---------------------------------------------------------------- leaks --

  const forum: Site = {
    "/threads/ivy-marlowe.20417/page-3": html(
      page(
        "Ivy Marlowe | Page 3 | ChatBoard",
        `<div class="p-body"><div class="p-title"><h1 class="p-title-value">Ivy Marlowe</h1></div>
         <article class="message message--post" data-author="dropkick">
           <div class="message-userDetails"><h4 class="message-name"><a href="/members/dropkick.51/">dropkick</a></h4></div>
           <div class="message-content"><div class="bbWrapper">
             <blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-title">hornet99 said:</div>
               <div class="bbCodeBlock-content">anyone got her new lake set? the old links are dead</div></blockquote>
             Reupped, grab it before it's gone:<br>
             <a href="https://pixeldrain.com/u/Ab3xK9qZ" class="link link--external" rel="nofollow ugc noopener">https://pixeldrain.com/u/Ab3xK9qZ</a><br>
             <a href="https://mega.nz/file/Q2wE4rT#k-ey_1" class="link link--external" rel="nofollow ugc noopener">https://mega.nz/file/Q2wE4rT#k-ey_1</a>
           </div></div>
           <footer class="message-footer"><a href="/posts/883120/react">Like</a></footer>
         </article>
         <article class="message message--post" data-author="hornet99"><div class="bbWrapper">
           <blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-content">Reupped, grab it before it's gone</div></blockquote>
           legend, thanks</div></article></div>
         <div class="p-footer">ChatBoard · Terms · Privacy</div>`,
      ),
    ),
  };

  const tubeCards = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `<div class="video-card"><a href="/watch/ivy-${i}"><img class="lazy" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
        data-src="/media/d${i}.jpg" width="320" height="180" alt="Ivy Marlowe video ${i + 1}"><span class="duration">${10 + i}:0${i % 10}</span></a></div>`,
    ).join("\n");
  const tube: Site = {
    ...decoyImages,
    "/models/ivy-marlowe/": html(
      page(
        "Ivy Marlowe Porn Videos - 48 Videos | StreamNook",
        `<nav><a href="/">StreamNook</a> <a href="/models/">Models</a></nav>
         <main><h1>Ivy Marlowe</h1><p class="model-desc">Watch Ivy Marlowe OnlyFans videos for free. Updated daily.</p>
         <div class="video-grid">${tubeCards(16)}</div></main>
         <footer><a href="/dmca">DMCA</a> · 18 U.S.C. 2257</footer>`,
      ),
    ),
  };

  const telegram: Site = {
    "/s/ivymarloweleaks": html(
      page(
        "Ivy Marlowe Leaks 🔞 – Telegram",
        `<div class="tgme_channel_info"><div class="tgme_channel_info_header_title"><span>Ivy Marlowe Leaks 🔞</span></div>
         <div class="tgme_channel_info_description">Everything from her Patreon and Fansly. Join for daily drops.</div></div>
         <section class="tgme_channel_history">
           <div class="tgme_widget_message_wrap"><div class="tgme_widget_message"><div class="tgme_widget_message_text">New drop 📦 lake trip set, 63 pics + 4 vids<br><a href="https://gofile.io/d/Hk29Lp">https://gofile.io/d/Hk29Lp</a></div></div></div>
           <div class="tgme_widget_message_wrap"><div class="tgme_widget_message"><div class="tgme_widget_message_text">mirror: <a href="https://bunkr.si/a/IvYd3m0">bunkr.si/a/IvYd3m0</a></div></div></div>
         </section>`,
        '<meta property="og:title" content="Ivy Marlowe Leaks 🔞"><meta property="og:description" content="Everything from her Patreon and Fansly.">',
      ),
    ),
  };

  const paste: Site = {
    // The raw view: plain text, no markup at all.
    "/raw/Yt7vQ": (_q, res) => {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      res.end("IVY MARLOWE - PATREON + FANSLY MEGA PACK (2025)\n\nmega.nz/folder/8kLmZx1A#Qq-3xyz\npixeldrain.com/l/Rk8pQ2vT\ngofile.io/d/IvYm4r\n\npass: ivy\n");
    },
    // The paste's page: its text only inside the read-only textarea, as many paste sites show it.
    "/Yt8wR": html(
      page(
        "Untitled - PasteNest",
        `<div class="paste-header"><h1>Untitled</h1><span>Guest · 2 days ago · 214 views</span></div>
         <div class="paste-body"><textarea class="paste-raw" readonly rows="12">Poppy Lux leaked OF content
https://gofile.io/d/Pp0LuX
https://pixeldrain.com/u/PoPLx22</textarea></div>`,
      ),
    ),
  };

  const freebies: Site = {
    ...decoyImages,
    "/2025/poppy-lux-nudes-leaked/": html(
      page(
        "Poppy Lux Nudes Leaked 2025 🔥 – HotFreebies",
        `<main><h1 class="entry-title">Poppy Lux Nudes Leaked</h1>
         <div class="entry-content"><p>The newest Poppy Lux set just landed. Download the zip file below or browse the gallery.</p>
         <div class="gallery">${Array.from({ length: 12 }, (_, i) => `<figure><img data-lazy-srcset="/media/d${i % 6}.jpg 480w, /media/d${(i + 1) % 6}.jpg 240w" width="480" height="640" alt=""></figure>`).join("")}</div>
         <p><a class="btn" href="/go/dl/poppy.zip">Download ZIP (1.2 GB)</a></p></div></main>`,
      ),
    ),
  };

  const spanish: Site = {
    ...decoyImages,
    "/ivy-marlowe-onlyfans-filtrado": html(
      page(
        "Ivy Marlowe OnlyFans filtrado – fotos y videos gratis",
        `<h1>Ivy Marlowe: packs filtrados</h1><p>Las mejores fotos y videos de Ivy Marlowe, gratis y sin registro. 85 fotos, 9 videos.</p>
         <div class="galeria">${Array.from({ length: 14 }, (_, i) => `<a href="/img/${i}"><img src="/media/d${i % 6}.jpg" width="300" height="400" alt="Ivy Marlowe ${i + 1}"></a>`).join("")}</div>`,
        "",
        "es",
      ),
    ),
  };

  const imageHost: Site = {
    "/f/q1.webp": bytes(img.resizedWebp, "image/webp"),
    "/f/q2.jpg": bytes(img.cropped, "image/jpeg"),
    "/f/q3.jpg": bytes(img.watermarked, "image/jpeg"),
    "/f/q4.jpg": bytes(img.mirrored, "image/jpeg"),
    "/f/q5.jpg": bytes(img.rotated, "image/jpeg"),
    "/f/t6.jpg": bytes(img.thumb, "image/jpeg"),
    "/f/t6@2x.jpg": bytes(img.thumb2x, "image/jpeg"),
    "/f/full-direct.jpg": bytes(img.cropped, "image/jpeg"),
    "/f/x9.jpg": bytes(img.decoyBig, "image/jpeg"),
    "/f/blank.gif": bytes(gif1x1, "image/gif"),
    ...decoyImages,
    // Resized and re-encoded to WebP, in a <picture> whose fallback is another image.
    "/v/q1": html(page("q1.webp - Picstash", `<div class="viewer"><picture><source type="image/webp" srcset="/f/q1.webp"><img src="/f/x9.jpg" alt="q1"></picture></div>`)),
    // Cropped, a plain <img>.
    "/v/q2": html(page("q2.jpg - Picstash", `<div class="viewer"><img id="main-image" src="/f/q2.jpg" alt=""></div><a href="/upload">Upload</a>`)),
    // Watermarked, shown as a CSS background.
    "/v/q3": html(page("q3 - Picstash", `<div class="viewer" style="width:960px;height:1280px;background-image: url('/f/q3.jpg'); background-size: cover"></div>`)),
    // Mirrored, only in a lazy srcset with pixel-density descriptors.
    "/v/q4": html(page("q4 - Picstash", `<img src="/f/blank.gif" data-srcset="/f/x9.jpg 1x, /f/q4.jpg 2x" class="lazyload" alt="">`)),
    // Rotated a quarter turn, announced by og:image only (the page renders it with script).
    "/v/q5": html(page("q5 - Picstash", `<div id="app"></div><script>render()</script>`, '<meta property="og:image" content="http://picstash.example/f/q5.jpg">')),
    // One thumbnail among unrelated ones, srcset with width descriptors.
    "/album/Lk2": html(
      page(
        "Album Lk2 - Picstash",
        `<div class="album">${img.decoys.slice(0, 6).map((_, i) => `<a href="/v/d${i}"><img src="/media/d${i}.jpg" width="240" height="320"></a>`).join("")}
         <a href="/v/t6"><img src="/f/t6.jpg" srcset="/f/t6.jpg 240w, /f/t6@2x.jpg 480w" width="240" height="320"></a></div>`,
      ),
    ),
    // An unrelated upload: a trap.
    "/v/x9": html(page("x9.jpg - Picstash", `<div class="viewer"><img src="/f/x9.jpg" alt=""></div>`)),
  };

  const vaultForum: Site = {
    "/search/": (_req, res, url) => {
      const q = (url.searchParams.get("q") ?? "").toLowerCase().replace(/[^a-z]/g, "");
      const hit = q.includes("ivymarlowe") || q.includes("poppylux");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        page(
          "Search results | VaultForum",
          `<ol class="block-body">${
            hit
              ? `<li class="block-row"><div class="contentRow-main"><h3 class="contentRow-title"><a href="/threads/ivy-marlowe-patreon-collection.8812/">Ivy Marlowe Patreon collection</a></h3></div></li>
                 <li class="block-row"><div class="contentRow-main"><h3 class="contentRow-title"><a href="/threads/ivymarlowexo-fansly.8815/">ivymarlowexo fansly</a></h3></div></li>`
              : ""
          }</ol><a href="/login/">Log in</a>`,
        ),
      );
    },
    "/threads/ivy-marlowe-patreon-collection.8812/": html(
      page(
        "Ivy Marlowe Patreon collection | VaultForum",
        `<h1 class="p-title-value">Ivy Marlowe Patreon collection</h1><article class="message"><div class="bbWrapper">
         <blockquote class="bbCodeBlock--quote">Is this the full thing?</blockquote>Yes, every tier up to May. <a href="https://workupload.com/file/Iv2Mrl">workupload.com/file/Iv2Mrl</a></div></article>`,
      ),
    ),
    "/threads/ivymarlowexo-fansly.8815/": html(
      page(
        "ivymarlowexo fansly | VaultForum",
        `<h1 class="p-title-value">ivymarlowexo fansly</h1><article class="message"><div class="bbWrapper">ivymarlowexo full fansly dump <a href="https://mega.nz/folder/xo0xo0">mega</a></div></article>`,
      ),
    ),
  };

  // Reddit at a realistic host, through the proxy.
  const reddit = redditSite(REDDIT_POSTS, {
    rateLimitHeaders: { "x-ratelimit-remaining": "95.0", "x-ratelimit-used": "5", "x-ratelimit-reset": "200" },
    page,
    postBody: (post) =>
      `<shreddit-post author="${post.author ?? "throwaway_uploader"}"><h1 slot="title">${post.title}</h1><div slot="text-body"><p>${(post.selftext ?? "")
        .split("\n")
        .join("</p><p>")}</p></div>${post.url ? `<a slot="full-post-link" href="${post.url}">${post.url}</a>` : ""}</shreddit-post>`,
  });

  // ---------------------------------------------------------------- traps --

  const promoBody = `<h1>Ivy Marlowe</h1><p>Exclusive content, 320 photos and 41 videos. Full pack of the lake set for members. Free trial!</p>`;
  const ownProfile = html(page("Ivy Marlowe | creating photo sets", promoBody));
  const affiliate = html(
    page(
      "Ivy Marlowe leaked? Get the official full pack – IvyHQ",
      `<h1>Ivy Marlowe Patreon leaks? Get it legit</h1><p>Download the full pack (2 GB) with our discount. <a href="https://mega.nz/folder/promoOnly">mega</a></p>
       ${Array.from({ length: 14 }, (_, i) => `<img src="/p/${i}.jpg" width="300" height="400">`).join("")}`,
    ),
  );

  const otherCreator: Site = {
    "/ivymarlowexo-onlyfans-leaked/": html(
      page(
        "ivymarlowexo OnlyFans Leaked (210 photos) – Nudevine",
        `<main><h1>ivymarlowexo OnlyFans Leaked</h1><p>210 photos and 12 videos of ivymarlowexo. Download the full pack: <a href="https://mega.nz/folder/XoXo1">mega.nz/folder/XoXo1</a></p>
         <div class="gallery">${Array.from({ length: 12 }, (_, i) => `<img src="/media/d${i % 6}.jpg" width="300" height="400">`).join("")}</div></main>
         <aside class="sidebar"><h3>Trending searches</h3><p>Ivy Marlowe · Mia Dawn · Sara Lynn · Poppy Lux</p></aside>`,
      ),
    ),
    "/ivy-marlowes-leaks/": html(
      page(
        "Ivy Marlowes Leaks – Nudevine",
        `<h1>Ivy Marlowes Leaks</h1><p>All of Ivy Marlowes, the Fansly girl from Ohio (not the Patreon one). Full mega folder: <a href="https://mega.nz/folder/MrlwS">mega</a></p>`,
      ),
    ),
    "/ivy_marlowe2-fansly-leak/": html(
      page("ivy_marlowe2 Fansly leak – Nudevine", `<h1>ivy_marlowe2 Fansly leak</h1><p>ivy_marlowe2 site-rip, 3 GB. <a href="https://gofile.io/d/m2m2">gofile</a></p>`),
    ),
    ...decoyImages,
  };

  const bookReview: Site = {
    "/reviews/the-glass-orchard": html(
      page(
        "Review: The Glass Orchard – a novel of secrets",
        `<h1>The Glass Orchard</h1><p>The heroine, Ivy Marlowe, leaked the letters to the press in chapter nine, and nothing is the same after.</p>
         <p>Free download of the first chapter for newsletter readers. 320 pages.</p>`,
      ),
    ),
  };

  const paint: Site = {
    ...decoyImages,
    "/colours/poppy-lux": html(
      page(
        "Poppy Lux – satin interior paint | Hue & Co",
        `<h1>Poppy Lux</h1><p>A warm satin red. Our tins are leak-proof and the finish is wipeable. See 24 photos of rooms painted in Poppy Lux.</p>
         <div class="room-gallery">${Array.from({ length: 14 }, (_, i) => `<img src="/media/d${i}.jpg" width="400" height="300" alt="Room ${i + 1} in Poppy Lux">`).join("")}</div>
         <p><a href="/colours/poppy-lux/sample">Order a sample</a></p>`,
      ),
    ),
  };

  const localNews: Site = {
    "/2025/05/library-flood": html(
      page(
        "Library closed after water leak – Riverton Gazette",
        `<h1>Library closed after water leak</h1><p>Head librarian Ivy Marlowe said the roof leaked for a week before anyone noticed. Photos: 12 images of the damage.</p>`,
      ),
    ),
  };

  const article: Site = {
    "/features/how-creator-leaks-spread": html(
      page(
        "How creator leaks spread – and what creators can do | The Ledger",
        `<article><h1>How creator leaks spread – and what creators can do</h1><p class="byline">By Sam Okafor</p>
         <p>Paid content from subscription platforms is often re-posted within hours, researchers told The Ledger. Leakers bundle OnlyFans and Patreon content into archives and post the mega links on forums and Telegram channels, according to a study of piracy networks.</p>
         <p>Ivy Marlowe, a photographer who sells sets on Patreon, said her content leaked twice last year. She described filing DMCA notices every week and said platforms should do more to ban repeat uploaders from coming back.</p>
         <p>Experts say the legal tools are slow. A copyright notice must name the infringing page, and many sites ignore them, the study found. The industry has responded with monitoring services that search for leaked content automatically.</p></article>`,
        '<meta property="og:type" content="article">',
      ),
    ),
  };

  const interview: Site = {
    ...decoyImages,
    "/interviews/ivy-marlowe": html(
      page(
        "Ivy Marlowe on lake light, Patreon and leaks – Lensfolk interview",
        `<h1>Ivy Marlowe on lake light, Patreon and leaks</h1>
         <p>We talked with Ivy Marlowe about her photo sets, her 2,000 patrons and how she handles leaked content.</p>
         ${Array.from({ length: 6 }, (_, i) => `<img src="/media/d${i}.jpg" width="600" height="800" alt="Ivy Marlowe portrait ${i + 1}">`).join("")}
         <p>Find her: <a href="https://www.patreon.com/ivymarlowe">Patreon</a> · <a href="https://fansly.com/Ivy_Marlowe">Fansly</a> · <a href="https://instagram.com/ivy.marlowe">Instagram</a></p>`,
      ),
    ),
  };

  const wiki: Site = {
    ...decoyImages,
    "/ivy-marlowe-bio/": html(
      page(
        "Ivy Marlowe Wiki, Age, Height, Patreon, Net Worth & Bio",
        `<h1>Ivy Marlowe Wiki & Bio</h1><p>Ivy Marlowe is a photographer and Patreon creator known for her lake photo sets. She has 52K followers on Instagram.</p>
         ${Array.from({ length: 4 }, (_, i) => `<img src="/media/d${i}.jpg" width="400" height="500" alt="Ivy Marlowe">`).join("")}
         <h2>Social media</h2><ul><li><a href="https://www.instagram.com/ivy.marlowe/">Instagram</a></li><li><a href="https://www.tiktok.com/@ivymarlowe">TikTok</a></li><li><a href="https://patreon.com/ivymarlowe">Patreon</a></li></ul>`,
      ),
    ),
  };

  const linkPage: Site = {
    "/ivymarlowe": html(
      page(
        "@ivymarlowe | LinkNest",
        `<h1>Ivy Marlowe</h1><p>photos · lakes · soft light</p><a href="https://www.patreon.com/ivymarlowe">Patreon – 7 day free trial</a>
         <a href="https://fansly.com/Ivy_Marlowe">Fansly (exclusive content)</a><a href="https://instagram.com/ivy.marlowe">Instagram</a>`,
      ),
    ),
  };

  const removed: Site = {
    "*": html(page("404 – Page not found", "<h1>Ivy Marlowe Patreon leaked</h1><p>This thread was removed. Mega folder dead.</p>"), 404),
  };
  const gone: Site = {
    "*": html(page("410 Gone", "<h1>Poppy Lux leaks</h1><p>Removed after a DMCA notice. <a href='https://gofile.io/d/gone'>gofile</a></p>"), 410),
  };

  /** Answers headers, then sends a byte now and then, forever. */
  const dribble: SiteHandler = (req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.write("<!doctype html><title>Ivy Marlowe leaked</title><h1>Ivy Marlowe Patreon leaked</h1>");
    const t = setInterval(() => res.write(" "), 200);
    req.on("close", () => clearInterval(t));
    res.on("close", () => clearInterval(t));
  };

  let hop = 0;
  const counterLoop: SiteHandler = (_req, res) => {
    hop++;
    res.writeHead(302, { location: `/r?n=${hop}` });
    res.end();
  };

  const leakWithBadImages: Site = {
    ...decoyImages,
    // A real leak whose images point at private and metadata addresses: the page counts, those images are never asked for.
    "/p/ivy-marlowe-fansly": html(
      page(
        "Ivy Marlowe Fansly leak – ClipDen",
        `<h1>Ivy Marlowe Fansly leak</h1><p>Full set, 2.1 GB. <a href="https://krakenfiles.com/view/Ivy9/file.html">krakenfiles</a></p>
         <img src="http://169.254.169.254/latest/meta-data/iam/security-credentials/x.jpg" width="600" height="800">
         <img src="http://10.1.2.3/internal/cam.jpg" width="600" height="800">
         <img src="http://[fd00:ec2::254]/latest/meta-data/" width="600" height="800">
         <img src="http://localhost:8080/admin/snap.jpg" width="600" height="800">
         <div style="background-image:url(http://100.100.100.200/latest/meta-data/)"></div>
         <img src="/media/d1.jpg" width="600" height="800">`,
        '<meta property="og:image" content="http://metadata.google.internal/computeMetadata/v1/">',
      ),
    ),
  };

  const xPost: Site = {
    "/vaultdrops/status/1890000000000000001": html(
      page(
        "Vault Drops on X",
        `<article data-testid="tweet"><div data-testid="User-Name"><span>Vault Drops</span><span>@vaultdrops</span></div>
         <div data-testid="tweetText" lang="en"><span>ivymarlowe leaks 🔥 new vids just dropped </span><a href="https://t.co/Zq81xPl">https://t.co/Zq81xPl</a></div>
         <time datetime="2025-06-01T10:00:00.000Z">10:00 AM · Jun 1, 2025</time></article>`,
      ),
    ),
  };
  const removedButLive: Site = {
    "/ivy-marlowe-patreon-leaked-58-photos/": html(
      page(
        "Ivy Marlowe Patreon Leaked (58 photos) – LeakArchive",
        `<h1>Ivy Marlowe Patreon Leaked (58 photos)</h1><div class="notice">This content has been removed following a DMCA notice from the copyright holder.</div>
         <aside class="sidebar"><h3>Popular</h3><a href="/mia-dawn-leaked/">Mia Dawn</a></aside>`,
      ),
    ),
  };

  const sites: Record<string, Site> = {
    // leaks
    "x.com": xPost,
    "chatboard.example": forum,
    "streamnook.example": tube,
    "t.me": telegram,
    "pastenest.example": paste,
    "hotfreebies.example": freebies,
    "fotosgratis.example": spanish,
    "picstash.example": imageHost,
    "vaultforum.example": vaultForum,
    "www.reddit.com": reddit,
    "clipden.example": leakWithBadImages,
    // traps
    "www.patreon.com": { "*": ownProfile },
    "patreon.com": { "*": ownProfile },
    "m.patreon.com": { "*": ownProfile },
    "fansly.com": { "*": ownProfile },
    "www.instagram.com": { "*": ownProfile },
    "www.tiktok.com": { "*": ownProfile },
    "ivyhq.example": { "*": affiliate },
    "www.ivyhq.example": { "*": affiliate },
    "shop.ivyhq.example": { "*": affiliate },
    "nudevine.example": otherCreator,
    "bookish.example": bookReview,
    "hueandco.example": paint,
    "rivertongazette.example": localNews,
    "theledger.example": article,
    "lensfolk.example": interview,
    "celebwikis.example": wiki,
    "linknest.example": linkPage,
    "deadthread.example": removed,
    "leakarchive.example": removedButLive,
    "gonepage.example": gone,
    "hangs.example": { "*": neverAnswers },
    "dribble.example": { "*": dribble },
    "firehose.example": { "*": endlessBody },
    "loops.example": { "/r": counterLoop },
    "pingpong.example": { "/a": redirect("http://pong.example/b") },
    "pong.example": { "/b": redirect("http://pingpong.example/a") },
    "shortlink.example": {
      "/s/1": redirect("http://10.0.0.7/ivy-marlowe-leaked"),
      "/s/2": redirect("http://169.254.169.254/latest/meta-data/", 301),
      "/s/3": redirect("http://[::1]:3000/ivy"),
      "/s/4": redirect("http://metadata.google.internal/computeMetadata/v1/?recursive=true", 307),
      "/s/5": redirect("http://admin.localhost/"),
      "/s/6": redirect("http://2130706433/ivy"),
      "/s/7": redirect("http://0x0a000007/ivy"),
      "/s/8": redirect("http://[::ffff:127.0.0.1]/ivy", 308),
      "/s/9": redirect("http://0.0.0.0:9200/_search"),
      "/s/10": redirect("/s/10b"),
      "/s/10b": redirect("http://192.168.0.50/ivy"),
      "/s/11": redirect("http://metadata/computeMetadata/v1/"),
    },
  };

  type Entry = { url: string; title: string; when?: RegExp };
  const ivy = /ivy.?marlowe|ivymarlowe/i;
  const poppy = /poppy.?lux/i;
  const results: Entry[] = [
    // leaks
    { url: "http://chatboard.example/threads/ivy-marlowe.20417/page-3", title: "Ivy Marlowe | Page 3 | ChatBoard" },
    { url: "http://streamnook.example/models/ivy-marlowe/?utm_medium=search&utm_source=x", title: "Ivy Marlowe Porn Videos - 48 Videos" },
    { url: "http://t.me/s/ivymarloweleaks", title: "Ivy Marlowe Leaks 🔞 – Telegram" },
    { url: "http://x.com/vaultdrops/status/1890000000000000001", title: "Vault Drops on X" },
    { url: "http://pastenest.example/raw/Yt7vQ", title: "IVY MARLOWE - PATREON + FANSLY MEGA PACK" },
    { url: "http://pastenest.example/Yt8wR", title: "Untitled - PasteNest", when: poppy },
    { url: "http://hotfreebies.example/2025/poppy-lux-nudes-leaked/", title: "Poppy Lux Nudes Leaked 2025", when: poppy },
    { url: "http://fotosgratis.example/ivy-marlowe-onlyfans-filtrado", title: "Ivy Marlowe OnlyFans filtrado" },
    { url: "http://clipden.example/p/ivy-marlowe-fansly", title: "Ivy Marlowe Fansly leak" },
    { url: "http://picstash.example/v/q1", title: "q1.webp - Picstash" },
    { url: "http://picstash.example/v/q2", title: "q2.jpg - Picstash" },
    { url: "http://picstash.example/v/q3", title: "q3 - Picstash" },
    { url: "http://picstash.example/v/q4", title: "q4 - Picstash" },
    { url: "http://picstash.example/v/q5", title: "q5 - Picstash" },
    { url: "http://picstash.example/album/Lk2", title: "Album Lk2 - Picstash" },
    { url: "http://picstash.example/f/full-direct.jpg", title: "full-direct.jpg" },
    // traps: her own profiles under every spelling
    { url: "https://www.patreon.com/ivymarlowe", title: "Ivy Marlowe | Patreon" },
    { url: "http://patreon.com/IvyMarlowe/", title: "Ivy Marlowe | Patreon" },
    { url: "https://m.patreon.com/ivymarlowe/posts?ref=abc", title: "Ivy Marlowe posts" },
    { url: "https://www.patreon.com/c/ivymarlowe/about", title: "About Ivy Marlowe" },
    { url: "http://fansly.com/Ivy_Marlowe/media", title: "Ivy_Marlowe | Fansly" },
    { url: "HTTPS://FANSLY.COM/ivy_marlowe/", title: "Ivy_Marlowe | Fansly" },
    { url: "https://www.instagram.com/ivy.marlowe/", title: "Ivy Marlowe (@ivy.marlowe)" },
    { url: "https://www.tiktok.com/@ivymarlowe/video/7312000000000000001", title: "Ivy Marlowe on TikTok" },
    { url: "https://www.reddit.com/user/IvyMarlowe/", title: "u/IvyMarlowe" },
    // allow-listed affiliate and its subdomains
    { url: "http://ivyhq.example/ivy-marlowe-leaked", title: "Ivy Marlowe leaked? Get the official full pack" },
    { url: "https://shop.ivyhq.example/packs/lake", title: "Ivy Marlowe lake pack" },
    { url: "http://www.ivyhq.example/", title: "IvyHQ" },
    // someone else, a name that contains hers
    { url: "http://nudevine.example/ivymarlowexo-onlyfans-leaked/", title: "ivymarlowexo OnlyFans Leaked" },
    { url: "http://nudevine.example/ivy-marlowes-leaks/", title: "Ivy Marlowes Leaks" },
    { url: "http://nudevine.example/ivy_marlowe2-fansly-leak/", title: "ivy_marlowe2 Fansly leak" },
    // the words in another sense; an article; an interview; a bio; a link page
    { url: "http://bookish.example/reviews/the-glass-orchard", title: "Review: The Glass Orchard" },
    { url: "http://hueandco.example/colours/poppy-lux", title: "Poppy Lux – satin interior paint", when: poppy },
    { url: "http://rivertongazette.example/2025/05/library-flood", title: "Library closed after water leak" },
    { url: "http://theledger.example/features/how-creator-leaks-spread", title: "How creator leaks spread" },
    { url: "http://lensfolk.example/interviews/ivy-marlowe", title: "Ivy Marlowe on lake light, Patreon and leaks" },
    { url: "http://celebwikis.example/ivy-marlowe-bio/", title: "Ivy Marlowe Wiki, Age, Height, Patreon, Net Worth" },
    { url: "http://linknest.example/ivymarlowe", title: "@ivymarlowe | LinkNest" },
    { url: "http://picstash.example/v/x9", title: "x9.jpg - Picstash" },
    // dead, slow, endless, looping, refused
    { url: "http://deadthread.example/threads/ivy-marlowe-patreon.1/", title: "Ivy Marlowe Patreon leaked" },
    { url: "http://leakarchive.example/ivy-marlowe-patreon-leaked-58-photos/", title: "Ivy Marlowe Patreon Leaked (58 photos)" },
    { url: "http://gonepage.example/poppy-lux-leaks", title: "Poppy Lux leaks", when: poppy },
    { url: "http://hangs.example/ivy-marlowe-leaked", title: "Ivy Marlowe leaked" },
    { url: "http://dribble.example/ivy-marlowe", title: "Ivy Marlowe leaked" },
    { url: "http://firehose.example/ivy-marlowe-full", title: "Ivy Marlowe full" },
    { url: "http://loops.example/r", title: "Ivy Marlowe" },
    { url: "http://pingpong.example/a", title: "Ivy Marlowe" },
    { url: "http://nxdomain.example/ivy-marlowe", title: "Ivy Marlowe" },
    ...Array.from({ length: 12 }, (_, i) => ({ url: `http://shortlink.example/s/${i + 1}`, title: "Ivy Marlowe leaked" })).filter((e) => !e.url.endsWith("/12")),
    { url: "http://10.0.0.7/ivy-marlowe-leaked", title: "Ivy Marlowe leaked" },
    { url: "http://172.16.4.4/ivy", title: "Ivy Marlowe" },
    { url: "http://169.254.169.254/latest/meta-data/", title: "meta" },
    { url: "http://[fd00:ec2::254]/latest/", title: "meta" },
    { url: "http://[::ffff:7f00:1]/ivy", title: "Ivy" },
    { url: "http://127.0.0.1:22/", title: "Ivy" },
    { url: "http://localhost/ivy-marlowe", title: "Ivy Marlowe" },
    { url: "http://metadata.google.internal/computeMetadata/v1/", title: "meta" },
  ];
  const searchQueries: string[] = [];
  const nameOf = (q: string) => (ivy.test(q) ? "ivy" : poppy.test(q) ? "poppy" : null);
  sites["searx.example"] = {
    "/search": (_req, res, url) => {
      const q = url.searchParams.get("q") ?? "";
      searchQueries.push(q);
      if (url.searchParams.get("format") !== "json") {
        res.writeHead(403, { "content-type": "text/html" });
        res.end("<h1>403 Forbidden</h1>");
        return;
      }
      const who = nameOf(q);
      const pageNo = Number(url.searchParams.get("pageno") ?? "1");
      const matching: FakeResult[] = who
        ? results
            .filter((r) => (r.when ? r.when.test(q) : who === "ivy"))
            .map((r) => ({ url: r.url, title: r.title, snippet: `${r.title} …` }))
        : [];
      const size = 50;
      const slice = matching.slice((pageNo - 1) * size, pageNo * size);
      // Every query that spells a "download" word loses its engines: an error, not "no leaks".
      const enginesFailed = /download/i.test(q);
      const body = JSON.parse(searxngBody(q, enginesFailed ? [] : slice, { enginesFailed })) as Record<string, unknown>;
      // Others come back with results and yet a failed engine beside them.
      if (!enginesFailed && slice.length > 0) body.unresponsive_engines = [["qwant", "timeout"], ["startpage", "CAPTCHA"]];
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    },
  };

  const server = await startVirtualHostServer(sites);
  const proxy = await startForwardProxy((host) => (sites[host] ? { host: "127.0.0.1", port: server.port } : null));

  const catalogPath = path.join(dir, "operator-leak-sites.json");
  writeFileSync(
    catalogPath,
    JSON.stringify([
      {
        id: "vaultforum",
        name: "VaultForum",
        domains: ["vaultforum.example"],
        searchUrl: "http://vaultforum.example/search/?q={query}&t=post",
        resultSelector: ".contentRow-title a[href]",
        resultPattern: "/threads/",
      },
    ]),
  );
  const identityPath = path.join(dir, "ivy.json");
  writeFileSync(identityPath, JSON.stringify({ ...HOLDOUT_IDENTITY_FILE, referenceImages: ["lake-01.jpg", referenceImagePaths[1]] }, null, 2));

  const postUrl = (p: FakeRedditPost) => `http://www.reddit.com${redditPermalink(p)}`;
  const expectedLeaks = [
    "http://chatboard.example/threads/ivy-marlowe.20417/page-3",
    "http://streamnook.example/models/ivy-marlowe/",
    "http://t.me/s/ivymarloweleaks",
    "http://x.com/vaultdrops/status/1890000000000000001",
    "http://pastenest.example/raw/Yt7vQ",
    "http://pastenest.example/Yt8wR",
    "http://hotfreebies.example/2025/poppy-lux-nudes-leaked/",
    "http://fotosgratis.example/ivy-marlowe-onlyfans-filtrado",
    "http://clipden.example/p/ivy-marlowe-fansly",
    "http://picstash.example/v/q1",
    "http://picstash.example/v/q2",
    "http://picstash.example/v/q3",
    "http://picstash.example/v/q4",
    "http://picstash.example/v/q5",
    "http://picstash.example/album/Lk2",
    "http://picstash.example/f/full-direct.jpg",
    "http://vaultforum.example/threads/ivy-marlowe-patreon-collection.8812/",
    postUrl(REDDIT_POSTS[0]!),
  ];
  return {
    proxy,
    server,
    dir,
    identityPath,
    referenceImagePaths,
    settings: {
      SEARCH_PROVIDER: "SearXNG",
      SEARXNG_URL: "http://searx.example/",
      REDDIT_URL: "http://www.reddit.com",
      SCAN_PROXY_URL: proxy.url,
      LEAK_SITE_CATALOG_PATH: catalogPath,
      SCAN_FETCH_TIMEOUT_MS: "4000",
      SCAN_CONNECT_TIMEOUT_MS: "2000",
      SCAN_MAX_BYTES: "2000000",
      SCAN_MAX_RETRIES: "1",
      SCAN_BUDGET_MS: "90000",
    },
    expectedLeaks,
    // Her thread's opening post on its page, her Patreon collection's post, the Reddit post, the paste,
    // and the first message of the Telegram channel named for her (its title names her, no message does).
    expectedFileLeaks: [
      "https://gofile.io/d/Hk29Lp",
      "https://pixeldrain.com/u/Ab3xK9qZ",
      "https://workupload.com/file/Iv2Mrl",
      "https://pixeldrain.com/l/Rk8pQ2vT",
      "https://gofile.io/d/IvYm4r",
      "https://mega.nz/folder/8kLmZx1A",
    ],
    traps: [
      ...results.map((r) => r.url).filter((u) => !expectedLeaks.includes(u.replace(/\?utm.*$/, ""))),
      "http://vaultforum.example/threads/ivymarlowexo-fansly.8815/",
      postUrl(REDDIT_POSTS[1]!),
      postUrl(REDDIT_POSTS[2]!),
    ],
    forbiddenHosts: FORBIDDEN_HOSTS,
    searchQueries,
    neverFetchedHosts: ["www.patreon.com", "patreon.com", "m.patreon.com", "fansly.com", "www.instagram.com", "www.tiktok.com", "ivyhq.example", "www.ivyhq.example", "shop.ivyhq.example"],
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
}
