import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlItem } from "../crawl-types";
import { markdownHtml } from "./markdown";
import { clip, int, isObject, parseJson, str, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * PeerTube (its REST API, as the OpenAPI reference and server/core/controllers/api/videos describe it).
 * An instance's own videos, newest first: GET /api/v1/videos?sort=-publishedAt&start=N&count=M&isLocal=true
 * → { total, data: [Video { id, uuid, shortUUID, name, description (truncated), publishedAt, isLocal,
 * thumbnailPath, previewPath, account, channel }] }. A video is GET /api/v1/videos/{uuid} (VideoDetails:
 * the full description, tags, support); its page is /w/{shortUUID} (3.3+; /videos/watch/{uuid} before).
 * Thumbnails and previews are paths on the instance (/lazy-static/thumbnails/…, /lazy-static/previews/…).
 *
 * Only JSON.parse, the markdown renderer (bounded input) and anchored patterns touch the answers.
 */

const PAGE_SIZE = 25;
const MAX_MARKDOWN = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHORT = /^[0-9A-Za-z]{1,40}$/;

/** The instance's root (origin + any folder before /api/v1/) from an API address, else the site's base URL. */
function instanceRoot(url: URL, config: CrawlAdapterConfig): string {
  const at = url.pathname.indexOf("/api/v1/");
  if (at >= 0) return `${url.origin}${url.pathname.slice(0, at)}`;
  return config.baseUrl.replace(/(?<!\/)\/+$/, "");
}

export const peertubeListing = (root: string, start = 0) => `${root}/api/v1/videos?sort=-publishedAt&start=${start}&count=${PAGE_SIZE}&isLocal=true&nsfw=both`;

export function peertubeAdapter(kit: CrawlKit): CrawlAdapter {
  const e = kit.escapeHtml;
  /** A path or address of the instance's images, absolute; null when it leaves http(s). */
  const image = (v: unknown, root: string): string | null => {
    const s = str(v);
    if (!s || s.length > 2048) return null;
    try {
      const u = new URL(s, `${root}/`);
      return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
    } catch {
      return null;
    }
  };
  return {
    family: "peertube",
    defaultEntryPages: (c) => [peertubeListing(c.baseUrl.replace(/(?<!\/)\/+$/, ""))],
    parseListing(input, config) {
      const url = new URL(input.url);
      const root = instanceRoot(url, config);
      const data = parseJson(input.body);
      const items: CrawlItem[] = [];
      if (!isObject(data) || !Array.isArray(data.data)) return { items, next: null };
      const seen = new Set<string>();
      for (const v of data.data.slice(0, MAX_ITEMS_PER_LISTING * 2)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        if (!isObject(v)) continue;
        const uuid = str(v.uuid);
        if (!UUID.test(uuid) || seen.has(uuid) || v.isLocal === false) continue;
        const short = str(v.shortUUID);
        const page = kit.onSiteUrl(SHORT.test(short) ? `${root}/w/${short}` : `${root}/videos/watch/${uuid}`, root, config.domains);
        if (!page || (config.itemPattern && !config.itemPattern.test(page.href))) continue;
        seen.add(uuid);
        items.push({ key: `v${uuid}`, url: page.href, fetchUrl: `${root}/api/v1/videos/${uuid}`, title: clip(str(v.name)), time: kit.parseListingTime(str(v.publishedAt) || null) });
      }
      // start/count paging: a full page short of the total means there is another.
      const start = int(url.searchParams.get("start")) ?? 0;
      const count = int(url.searchParams.get("count")) ?? PAGE_SIZE;
      const total = int(data.total);
      let next: string | null = null;
      if (count > 0 && data.data.length >= count && (total === null || start + count < total)) {
        const u = new URL(input.url);
        u.searchParams.set("start", String(start + count));
        next = u.href;
      }
      return { items, next };
    },
    itemPage(input, config) {
      const data = parseJson(input.body);
      if (!isObject(data) || !str(data.name)) return null;
      const root = instanceRoot(new URL(input.url), config);
      const title = clip(str(data.name));
      const tags = Array.isArray(data.tags) ? data.tags.slice(0, 30).map(str).filter(Boolean).map((t) => clip(t, 60)) : [];
      const who = [data.account, data.channel].filter(isObject).map((a) => clip(`${str(a.displayName)} ${str(a.name)}`, 120));
      const images = new Set<string>();
      // The preview (the player's poster, 850 px wide by default) before the thumbnail; newer servers list several sizes.
      for (const p of [data.previewPath, data.thumbnailPath]) {
        const u = image(p, root);
        if (u) images.add(u);
      }
      for (const list of [data.previews, data.thumbnails]) {
        if (!Array.isArray(list)) continue;
        for (const t of list.slice(0, 10)) if (isObject(t)) for (const p of [t.fileUrl, t.path]) {
          const u = image(p, root);
          if (u) images.add(u);
        }
      }
      const description = str(data.description).slice(0, MAX_MARKDOWN);
      const html = [
        `<!doctype html><html><head><meta charset="utf-8"><title>${e(title)}</title></head><body>`,
        `<h1>${e(title)}</h1>`,
        who.length > 0 ? `<p class="account">${who.map(e).join(" · ")}</p>` : "",
        tags.length > 0 ? `<p class="tags">${tags.map((t) => `<span>#${e(t)}</span>`).join(" ")}</p>` : "",
        description ? `<div class="description">${markdownHtml(description)}</div>` : "",
        ...[...images].map((src) => `<img src="${e(src)}" alt="${e(title)}">`),
        "</body></html>",
      ].join("\n");
      return { html };
    },
  };
}

/** PeerTube's web client: its og:platform meta, or the Angular shell (<my-app>) with its /client/ assets. */
export function detectPeertube(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const platform = /^PeerTube$/i.test(($('meta[property="og:platform"]').first().attr("content") ?? "").trim());
  const shell = $("my-app").length > 0 && $("script[src*='/client/'], link[href*='/client/']").length > 0;
  if (!platform && !shell) return null;
  return { family: "peertube", evidence: platform ? "PeerTube's og:platform meta" : "PeerTube's web client (my-app, /client/)", entryPages: [peertubeListing(new URL(ctx.url).origin)] };
}
