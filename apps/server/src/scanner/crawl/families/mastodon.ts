import * as cheerio from "cheerio";
import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlItem } from "../crawl-types";
import { clip, feedListing, isFeed, isObject, parseJson, str, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Servers speaking Mastodon's client API (Mastodon, and Pleroma / Akkoma, which serve the same API).
 * Timelines: /api/v1/timelines/public?local=true (the server's own posts) and
 * /api/v1/timelines/tag/:hashtag answer [Status] newest first (REST::StatusSerializer: id, created_at,
 * edited_at, url, content (HTML), spoiler_text, account { acct }, media_attachments [{ type, url,
 * preview_url, description }], card, reblog), and page with the Link header (rel="next": max_id, older).
 * A status is read alone at /api/v1/statuses/:id; its page is its url (https://server/@user/id), or
 * the server's own view of it (/@user@origin/id) when it came from elsewhere.
 *
 * GoToSocial speaks the same API, but answers /api/v1/statuses/:id only with a token (statusget.go: TokenAuth
 * required) and its public timeline only when the instance sets instance-expose-public-timeline
 * (timelines/public.go). Its statuses (url /@user/statuses/ID) are read at their web page instead
 * (status_attachment.tmpl: each photo an a.photoswipe-slide whose href is the original, around the small
 * preview), and an account's posts are listed by its RSS feed (/@user/feed.rss, when the account enables it),
 * which is where a crawl reads when the public timeline refuses.
 *
 * Only JSON.parse, cheerio and anchored patterns on bounded strings touch the answers.
 */

/** GoToSocial's status pages: /@user/statuses/ID. */
const GTS_STATUS = /^\/@([\w.-]{1,64})\/statuses\/([0-9A-Z]{26})$/;
const STATUS_ID = /^[0-9A-Za-z]{1,32}$/;
const ACCT = /^[\w.-]{1,64}(?:@[\w.-]{1,253})?$/;
const MAX_CONTENT = 200_000;
const MAX_MEDIA = 20;

/** The server's root from an /api/v1/ address, else the site's base URL. */
function serverRoot(url: URL, config: CrawlAdapterConfig): string {
  const at = url.pathname.indexOf("/api/v1/");
  if (at >= 0) return `${url.origin}${url.pathname.slice(0, at)}`;
  return config.baseUrl.replace(/(?<!\/)\/+$/, "");
}

/** The rel="next" address of a Link header (at most 4,000 characters read). */
export function linkHeaderNext(link: string | undefined): string | null {
  if (!link) return null;
  for (const part of link.slice(0, 4000).split(",")) {
    const m = /^\s*<([^<>]{1,2048})>\s*;(.{0,200})$/.exec(part);
    if (m && /\brel\s*=\s*"?next"?/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

export function mastodonAdapter(kit: CrawlKit): CrawlAdapter {
  const e = kit.escapeHtml;
  return {
    family: "mastodon",
    defaultEntryPages: (c) => [`${c.baseUrl}/api/v1/timelines/public?local=true&limit=40`],
    // timelines/tag_controller.rb: [Status] newest first, paged like the public timeline.
    tagEntryPage: (listing, tag) => {
      const u = new URL(listing);
      const at = u.pathname.indexOf("/api/v1/");
      if (at < 0) return null;
      return `${u.origin}${u.pathname.slice(0, at)}/api/v1/timelines/tag/${encodeURIComponent(tag)}?limit=40`;
    },
    parseListing(input, config) {
      const url = new URL(input.url);
      const root = serverRoot(url, config);
      if (isFeed(input)) {
        // An account's RSS feed (GoToSocial /@user/feed.rss): its statuses, read at their pages.
        const $ = cheerio.load(input.body.slice(0, 2_000_000), { xml: true });
        const feed = feedListing($, input, config, kit, (u, time, title) => {
          const m = GTS_STATUS.exec(u.pathname);
          if (!m || (config.itemPattern && !config.itemPattern.test(u.href))) return null;
          return { key: `s${m[2]!}`, url: u.href, fetchUrl: null, title, time };
        }, MAX_ITEMS_PER_LISTING);
        return { items: feed, next: null };
      }
      const data = parseJson(input.body);
      const items: CrawlItem[] = [];
      if (!Array.isArray(data)) return { items, next: null };
      const seen = new Set<string>();
      let oldest: string | null = null;
      for (const raw of data.slice(0, MAX_ITEMS_PER_LISTING * 2)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        if (!isObject(raw)) continue;
        const listed = str(raw.id);
        if (STATUS_ID.test(listed)) oldest = listed;
        // A boost: the boosted status is what is read.
        const s = isObject(raw.reblog) ? raw.reblog : raw;
        const id = str(s.id);
        if (!STATUS_ID.test(id) || seen.has(id)) continue;
        const account: Record<string, unknown> = isObject(s.account) ? s.account : {};
        const acct = str(account.acct);
        const own = kit.onSiteUrl(str(s.url), root, config.domains);
        const page = own ?? (ACCT.test(acct) ? kit.onSiteUrl(`${root}/@${acct}/${id}`, root, config.domains) : null);
        if (!page || (config.itemPattern && !config.itemPattern.test(page.href))) continue;
        seen.add(id);
        // GoToSocial's API gives a status only to a token: its page is read.
        const fetchUrl = GTS_STATUS.test(page.pathname) ? null : `${root}/api/v1/statuses/${id}`;
        const created = kit.parseListingTime(str(s.created_at) || null);
        const edited = kit.parseListingTime(str(s.edited_at) || null);
        const text = str(s.spoiler_text) || str(s.content).slice(0, 2000).replace(/<[^<>]{0,500}>/g, " ");
        items.push({ key: versionKey(`s${id}`, edited), url: page.href, fetchUrl, title: clip(text, 120), time: edited ?? created });
      }
      // Older posts: the Link header's next page, else max_id of the last one listed.
      let next: string | null = null;
      const linked = linkHeaderNext(input.headers.link);
      const fromLink = linked ? kit.onSiteUrl(linked, input.url, config.domains) : null;
      if (fromLink) next = fromLink.href;
      else if (oldest && data.length > 0 && !input.headers.link) {
        const u = new URL(input.url);
        u.searchParams.delete("min_id");
        u.searchParams.delete("since_id");
        u.searchParams.set("max_id", oldest);
        next = u.href;
      }
      return { items, next: next && next !== input.url ? next : null };
    },
    itemPage(input) {
      if (!input.body.trimStart().startsWith("{")) return gtsStatusPage(input.body, input.url);
      const data = parseJson(input.body);
      if (!isObject(data)) return null;
      const s = isObject(data.reblog) ? data.reblog : data;
      if (!STATUS_ID.test(str(s.id))) return null;
      const account: Record<string, unknown> = isObject(s.account) ? s.account : {};
      const parts: string[] = [`<p class="author">${e(str(account.display_name))} @${e(str(account.acct))}</p>`];
      if (str(s.spoiler_text)) parts.push(`<p class="spoiler">${e(str(s.spoiler_text))}</p>`);
      parts.push(`<div class="status__content">${str(s.content).slice(0, MAX_CONTENT)}</div>`);
      const media = Array.isArray(s.media_attachments) ? s.media_attachments.slice(0, MAX_MEDIA).filter(isObject) : [];
      for (const m of media) {
        // Photos at full size; a video or gif by its still.
        const full = str(m.type) === "image" ? str(m.url) || str(m.remote_url) : str(m.preview_url);
        if (!/^https?:\/\//i.test(full) || full.length > 2048) continue;
        parts.push(`<a href="${e(full)}"><img src="${e(full)}" alt="${e(str(m.description))}"></a>`);
      }
      if (isObject(s.card)) {
        const c: Record<string, unknown> = s.card;
        const href = str(c.url);
        if (/^https?:\/\//i.test(href) && href.length <= 2048) parts.push(`<p class="card"><a href="${e(href)}">${e(str(c.title))}</a> ${e(str(c.description))}</p>`);
      }
      const title = input.item.title || `@${str(account.acct)}`;
      return { html: `<!doctype html><html><head><meta charset="utf-8"><title>${e(title)}</title></head><body>\n${parts.join("\n")}</body></html>` };
    },
  };
}

/**
 * A GoToSocial status page, its photos at full size: each a.photoswipe-slide links the original around the
 * small preview, so the original is added as an image of the page; null (the page as it is) for other pages.
 */
function gtsStatusPage(body: string, url: string): { html: string } | null {
  const $ = cheerio.load(body.slice(0, 2_000_000));
  const slides = $("a.photoswipe-slide[href]").toArray().slice(0, MAX_MEDIA);
  if (slides.length === 0) return null;
  for (const el of slides) {
    const href = $(el).attr("href") ?? "";
    let full: URL;
    try {
      full = new URL(href, url);
    } catch {
      continue;
    }
    if ((full.protocol !== "http:" && full.protocol !== "https:") || full.href.length > 2048) continue;
    $(el).append($("<img>").attr("src", full.href).attr("alt", $(el).attr("title") ?? ""));
  }
  return { html: $.html() };
}

/** GoToSocial's pages: the footer's "Source - GoToSocial" link to its repository. An account's page adds its RSS feed. */
export function detectGotosocial(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const source = $('a[href*="/superseriousbusiness/gotosocial"]').toArray().slice(0, 5).some((el) => /GoToSocial/.test($(el).text().slice(0, 200)));
  if (!source) return null;
  const origin = new URL(ctx.url).origin;
  const entry = [`${origin}/api/v1/timelines/public?local=true&limit=40`];
  // The profile a catalog names (/@user): its feed, read when the public timeline asks for a token.
  const rss = ctx.safeUrl($('link[rel="alternate"][type="application/rss+xml"]').first().attr("href"), ctx.base);
  if (rss && /^\/@[\w.-]{1,64}\/feed\.rss$/.test(rss.pathname)) entry.push(rss.href);
  return { family: "mastodon", evidence: "GoToSocial's page (its source link)", entryPages: entry };
}

/** Mastodon's web app (div#mastodon[data-props], its initial-state script) and Pleroma / Akkoma's front end. */
export function detectMastodon(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const origin = new URL(ctx.url).origin;
  const entry = [`${origin}/api/v1/timelines/public?local=true&limit=40`];
  if ($("#mastodon[data-props]").length > 0 || ($("script#initial-state[type='application/json']").length > 0 && /"mastodon\/mastodon"|"version":"\d/.test($("script#initial-state").first().text().slice(0, 20_000)))) {
    return { family: "mastodon", evidence: "Mastodon's web app (#mastodon, initial-state)", entryPages: entry };
  }
  const noscript = $("noscript").text().slice(0, 2000);
  if (/\bTo use (?:Pleroma|Akkoma)\b/.test(noscript)) return { family: "mastodon", evidence: "Pleroma / Akkoma's front end", entryPages: entry };
  return null;
}

/** /api/v1/instance: { uri, version ("4.3.1", "2.7.2 (compatible; Pleroma 2.6.0)") }; /api/v2/instance: { domain, version }. */
export function mastodonInstance(data: Record<string, unknown>, url: URL): FamilyFinding | null {
  const version = str(data.version);
  if (!/^\d{1,3}\.\d{1,3}/.test(version) || (!str(data.uri) && !str(data.domain))) return null;
  if (!isObject(data.urls) && !isObject(data.configuration) && !isObject(data.stats)) return null;
  const at = url.pathname.indexOf("/api/v");
  const root = `${url.origin}${at >= 0 ? url.pathname.slice(0, at) : ""}`;
  return { family: "mastodon", evidence: `a Mastodon API instance answer (version ${clip(version, 60)})`, entryPages: [`${root}/api/v1/timelines/public?local=true&limit=40`] };
}

