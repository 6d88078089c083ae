import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlItem, type ListingInput } from "../crawl-types";
import { clip, MAX_URL_LENGTH, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Kernel Video Sharing (KVS 5/6, commercial and closed-source: read from the default theme's markup as
 * KVS sites serve it, and from the player setup public KVS extractors read). The newest videos are
 * /latest-updates/ (list_videos_latest_videos_list block: div.item > a[href=/videos/N/slug/]); its pages
 * load in place through the async block API, /latest-updates/?mode=async&function=get_block
 * &block_id=list_videos_latest_videos_list&sort_by=post_date&from=2, which answers the block alone (the
 * pagination's a[data-action=ajax][data-block-id][data-parameters="sort_by:post_date;from:02"] says how).
 * A video page carries kt_player's flashvars (video_title, video_categories, video_tags, preview_url:
 * the poster at full size, video_url under /get_file/), the info block's category, tag and model links,
 * and the screenshots block whose links open each screenshot at full size (/get_image/…/main/WxH/…).
 *
 * Only cheerio, anchored patterns on bounded strings and URL parsing touch the pages.
 */

/** /videos/52211/slug/ (KVS's default video URL; sites may say /video/). */
const VIDEO_PATH = /^(?:\/[\w.-]{1,60}){0,2}\/videos?\/(\d{1,12})\/[^/]{1,300}\/?$/;
const MAX_PARAMS = 12;
const MAX_IMAGES = 40;
const MAX_LABELS = 60;

/** A block's data-parameters ("sort_by:post_date;from:02") as pairs; null when anything in it is odd. */
function blockParams(raw: string | undefined): [string, string][] | null {
  if (!raw || raw.length > 500) return null;
  const out: [string, string][] = [];
  for (const part of raw.split(";")) {
    if (part === "") continue;
    const m = /^([a-z][a-z0-9_]{0,40}):([\w.,+-]{0,100})$/i.exec(part);
    if (!m || out.length >= MAX_PARAMS) return null;
    out.push([m[1]!, m[2]!]);
  }
  return out;
}

/** The number of the page a block's parameters ask for (from, from_videos, …). */
function fromOf(params: [string, string][]): number | null {
  const v = params.find(([k]) => k === "from" || k.startsWith("from_"))?.[1];
  return v && /^\d{1,6}$/.test(v) ? Number(v) : null;
}

/** The async address of a block's page: the listing's path, mode=async&function=get_block&block_id=…, its parameters. */
export function kvsAsyncUrl(listingUrl: string, blockId: string, params: [string, string][]): string | null {
  if (!/^[a-z][a-z0-9_]{0,100}$/i.test(blockId)) return null;
  const u = new URL(listingUrl);
  u.search = "";
  u.hash = "";
  u.searchParams.set("mode", "async");
  u.searchParams.set("function", "get_block");
  u.searchParams.set("block_id", blockId);
  for (const [k, v] of params) u.searchParams.set(k, v);
  return u.href.length <= MAX_URL_LENGTH ? u.href : null;
}

function kvsNext($: cheerio.CheerioAPI, input: ListingInput, config: CrawlAdapterConfig, kit: CrawlKit): string | null {
  const here = new URL(input.url);
  const current = Number(here.searchParams.get("from") ?? /\/(\d{1,6})\/?$/.exec(here.pathname)?.[1] ?? "1") || 1;
  // The page after this one, as the pagination's ajax links ask for it: the "next" link, else the link to page current+1.
  const links = $(".pagination a[data-block-id][data-parameters], [id$='_pagination'] a[data-block-id][data-parameters]").toArray().slice(0, 100);
  const ranked = [...links.filter((el) => $(el).closest("li").hasClass("next")), ...links];
  for (const el of ranked) {
    const params = blockParams(el.attribs["data-parameters"]);
    const from = params ? fromOf(params) : null;
    if (!params || from !== current + 1) continue;
    const next = kvsAsyncUrl(input.url, el.attribs["data-block-id"] ?? "", params);
    const onSite = next ? kit.onSiteUrl(next, input.url, config.domains) : null;
    if (onSite && onSite.href !== input.url) return onSite.href;
  }
  // A theme without ajax pagination: its next link, or rel=next.
  return kit.nextLink($, ".pagination li.next a[href], a[rel='next'][href], link[rel='next'][href]", input, config);
}

export function kvsAdapter(kit: CrawlKit): CrawlAdapter {
  const e = kit.escapeHtml;
  return {
    family: "kvs",
    defaultEntryPages: (c) => [`${c.baseUrl}/latest-updates/`],
    parseListing(input, config) {
      const $ = cheerio.load(input.body);
      const base = kit.baseOf($, input.url);
      const items: CrawlItem[] = [];
      const seen = new Set<string>();
      // The list block's items (not the sidebar's most-viewed or related lists).
      let links = $("[id$='_items'] .item > a[href], .list-videos .item > a[href]").toArray();
      if (links.length === 0) links = $(".item a[href]").toArray();
      for (const el of links.slice(0, MAX_ITEMS_PER_LISTING * 3)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        const u = kit.onSiteUrl(el.attribs.href, base, config.domains);
        const id = u ? VIDEO_PATH.exec(u.pathname)?.[1] : undefined;
        if (!u || !id || seen.has(id)) continue;
        const url = kit.withoutSession(u);
        if (config.itemPattern && !config.itemPattern.test(url.href)) continue;
        seen.add(id);
        const a = $(el);
        const title = clip(a.attr("title") ?? a.find("strong.title, .title").first().text() ?? a.text());
        // Videos never change once published: the id is the key; the listing says only "2 hours ago".
        items.push({ key: `v${id}`, url: url.href, fetchUrl: null, title, time: null });
      }
      return { items, next: items.length > 0 ? kvsNext($, input, config, kit) : null };
    },
    itemPage(input) {
      const $ = cheerio.load(input.body);
      const page = input.url;
      const flash = flashvars($("script:not([src])").toArray().slice(0, 40).map((el) => $(el).text().slice(0, 50_000)).join("\n"));
      const title = clip(flash.video_title || $("h1").first().text() || $('meta[property="og:title"]').attr("content") || input.item.title);
      const description = clip($('meta[name="description"]').attr("content") ?? "", 2000);
      const info = $(".video-info, .block-details, .info, .video-holder").first();
      const scope = info.length > 0 ? info : $("body");
      const labels = (kind: string, fromFlash: string) => {
        const out = new Set<string>();
        for (const el of scope.find(`a[href*="/${kind}/"]`).toArray().slice(0, MAX_LABELS)) out.add(clip($(el).text(), 120));
        for (const s of fromFlash.split(",").slice(0, MAX_LABELS)) out.add(clip(s, 120));
        out.delete("");
        return [...out];
      };
      const categories = labels("categories", flash.video_categories ?? "");
      const tags = labels("tags", flash.video_tags ?? "");
      const models = labels("models", flash.video_models ?? "");
      const images = new Set<string>();
      const add = (href: string | undefined) => {
        if (!href || href.length > MAX_URL_LENGTH || images.size >= MAX_IMAGES) return;
        try {
          const u = new URL(href.trim(), page);
          if (u.protocol === "http:" || u.protocol === "https:") images.add(u.href);
        } catch {
          // not an address
        }
      };
      add(flash.preview_url);
      add($('meta[property="og:image"]').attr("content"));
      // The screenshots block: each link opens its screenshot at full size; the img is a small thumbnail.
      for (const el of $(".block-screenshots a[href], a[rel='screenshots'][href]").toArray().slice(0, MAX_IMAGES)) {
        const href = el.attribs.href ?? "";
        if (/\/get_image\/|\.(?:jpe?g|png|webp)\/?$/i.test(href.slice(0, MAX_URL_LENGTH))) add(href);
      }
      const list = (cls: string, label: string, xs: string[]) => (xs.length > 0 ? `<p class="${cls}">${label}: ${xs.map((x) => `<span>${e(x)}</span>`).join(", ")}</p>` : "");
      const html = [
        `<!doctype html><html><head><meta charset="utf-8"><title>${e(title)}</title></head><body>`,
        `<h1>${e(title)}</h1>`,
        description ? `<p class="description">${e(description)}</p>` : "",
        list("categories", "Categories", categories),
        list("tags", "Tags", tags),
        list("models", "Models", models),
        ...[...images].map((src) => `<img src="${e(src)}" alt="${e(title)}">`),
        "</body></html>",
      ].join("\n");
      return { html };
    },
  };
}

/** kt_player's flashvars (var flashvars = { key: 'value', … }): the string values, unescaped. */
export function flashvars(scripts: string): Record<string, string> {
  const out: Record<string, string> = {};
  const at = scripts.search(/\bflashvars\s*=\s*\{/);
  if (at < 0) return out;
  const block = scripts.slice(at, at + 20_000);
  const end = block.indexOf("}");
  const body = end > 0 ? block.slice(block.indexOf("{") + 1, end) : block;
  // key: 'value' pairs, one pattern per line (linear: no nested quantifiers).
  const pair = /([a-z_][a-z0-9_]{0,40})\s*:\s*(?:'((?:[^'\\\n]|\\.){0,2000})'|"((?:[^"\\\n]|\\.){0,2000})")/gi;
  let m: RegExpExecArray | null;
  let n = 0;
  while ((m = pair.exec(body)) && n++ < 100) {
    const v = (m[2] ?? m[3] ?? "").replace(/\\(.)/g, "$1");
    if (!Object.hasOwn(out, m[1]!)) out[m[1]!] = v;
  }
  return out;
}

/**
 * KVS's markers: kt_player (its script or setup call), /get_file/ video addresses, the async blocks'
 * data-block-id links, /videos_screenshots/ thumbnails, links to /latest-updates/, the "Kernel Video
 * Sharing" credit. One strong marker (the player, the credit) or two others.
 */
export function detectKvs(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const scripts = ctx.scriptText();
  const player = $("script[src*='kt_player']").length > 0 || /\bkt_player\s*\(/.test(scripts);
  const credit = /Kernel Video Sharing/.test($("body").text().slice(-5000));
  let latest: URL | null = null;
  for (const el of $("a[href*='latest-updates']").toArray().slice(0, 50)) {
    const u = ctx.safeUrl(el.attribs.href, ctx.base);
    if (u && /\/latest-updates\/$/.test(u.pathname)) {
      latest = u;
      break;
    }
  }
  const weak = [
    $("[data-action='ajax'][data-block-id]").length > 0,
    $("img[data-original*='/videos_screenshots/'], img[src*='/videos_screenshots/']").length > 0,
    /\/get_file\/\d/.test(scripts) || $("a[href*='/get_file/'], source[src*='/get_file/']").length > 0,
    latest !== null,
  ].filter(Boolean).length;
  if (!player && !credit && weak < 2) return null;
  const evidence = player ? "Kernel Video Sharing's player (kt_player)" : credit ? "the Kernel Video Sharing credit" : "Kernel Video Sharing's markup (async blocks, screenshots, /latest-updates/)";
  return { family: "kvs", evidence, entryPages: [latest ? `${latest.origin}${latest.pathname}` : `${new URL(ctx.url).origin}/latest-updates/`] };
}
