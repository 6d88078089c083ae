import { MAX_ITEMS_PER_LISTING, type CrawlAdapter, type CrawlAdapterConfig, type CrawlItem, type CrawlRequest } from "../crawl-types";
import { clip, isObject, parseJson, str, versionKey, type CrawlKit, type DetectContext, type FamilyFinding } from "./kit";

/**
 * Misskey and its forks (Sharkey, Firefish / Calckey, Iceshrimp, CherryPick, Foundkey). Their API is
 * POST-only with a JSON body (ApiServerService answers GET only for endpoints marked allowGet):
 * POST /api/notes/local-timeline { limit ≤ 100, untilId } answers [Note] newest first (packedNoteSchema:
 * id, createdAt, updatedAt on the forks that edit, text (MFM), cw, user { username, host, name },
 * renote (a boost of another note), files [DriveFile { type, url (full size), thumbnailUrl, comment }]),
 * the next (older) page being untilId = the last one's id. A note is POST /api/notes/show { noteId };
 * its page is /notes/:id on the server that lists it.
 *
 * The crawler addresses a POST by a URL whose query is its body (…/api/notes/local-timeline?limit=30&untilId=x):
 * a cursor and a walk are URLs, and request() turns one into what is sent.
 *
 * Only JSON.parse and anchored patterns on bounded strings touch the answers.
 */

const NOTE_ID = /^[0-9A-Za-z]{1,32}$/;
const USERNAME = /^[\w.-]{1,64}$/;
const HOST = /^[\w.-]{1,253}$/;
const PAGE_SIZE = 30;
const MAX_TEXT = 100_000;
const MAX_FILES = 16;
/** The endpoints read, and the body fields their query may carry (numbers, booleans, ids). */
const ENDPOINTS = new Set(["notes/local-timeline", "notes/show", "notes/search-by-tag"]);
const NUMBER_FIELDS = new Set(["limit"]);
const BOOLEAN_FIELDS = new Set(["withFiles", "withRenotes", "withReplies"]);
const STRING_FIELDS = new Set(["untilId", "sinceId", "noteId", "tag"]);

/** Where an instance's newest local notes are read. */
export const misskeyEntryPages = (origin: string) => [`${origin}/api/notes/local-timeline?limit=${PAGE_SIZE}&withRenotes=false`];

/** The instance's root from an /api/ address, else the site's base URL. */
function instanceRoot(url: URL, config: CrawlAdapterConfig): string {
  const at = url.pathname.indexOf("/api/");
  if (at >= 0) return `${url.origin}${url.pathname.slice(0, at)}`;
  return config.baseUrl.replace(/(?<!\/)\/+$/, "");
}

/** …/api/notes/local-timeline?limit=30&untilId=x → POST …/api/notes/local-timeline {"limit":30,"untilId":"x"}. */
export function misskeyRequest(url: string): (CrawlRequest & { method: "POST"; body: string }) | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const at = u.pathname.indexOf("/api/");
  if (at < 0 || !ENDPOINTS.has(u.pathname.slice(at + 5))) return null;
  const body: Record<string, string | number | boolean> = {};
  for (const [k, v] of u.searchParams) {
    if (v.length > 200) continue;
    if (NUMBER_FIELDS.has(k) && /^\d{1,3}$/.test(v)) body[k] = Math.min(100, Number(v));
    else if (BOOLEAN_FIELDS.has(k) && (v === "true" || v === "false")) body[k] = v === "true";
    else if (STRING_FIELDS.has(k)) body[k] = v;
  }
  return {
    url: `${u.origin}${u.pathname}`,
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", accept: "application/json" },
  };
}

export function misskeyAdapter(kit: CrawlKit): CrawlAdapter {
  const e = kit.escapeHtml;
  const httpUrl = (s: string) => (/^https?:\/\//i.test(s) && s.length <= 2048 ? s : null);
  /** A note as its page shows it: author, content warning, text, its files (photos at full size, a video by its still). */
  const noteHtml = (n: Record<string, unknown>): string => {
    const user: Record<string, unknown> = isObject(n.user) ? n.user : {};
    const host = str(user.host);
    const parts = [`<p class="author">${e(str(user.name))} @${e(str(user.username))}${host ? `@${e(host)}` : ""}</p>`];
    if (str(n.cw)) parts.push(`<p class="cw">${e(str(n.cw))}</p>`);
    const text = str(n.text).slice(0, MAX_TEXT);
    if (text) parts.push(`<div class="text">${e(text).replace(/\n/g, "<br>")}</div>`);
    const files = Array.isArray(n.files) ? n.files.slice(0, MAX_FILES).filter(isObject) : [];
    for (const f of files) {
      const type = str(f.type);
      const src = type.startsWith("image/") ? httpUrl(str(f.url)) : httpUrl(str(f.thumbnailUrl));
      if (!src) continue;
      parts.push(`<a href="${e(httpUrl(str(f.url)) ?? src)}"><img src="${e(src)}" alt="${e(str(f.comment))}"></a>`);
    }
    if (isObject(n.renote)) parts.push(`<blockquote class="renote">${noteHtml(n.renote)}</blockquote>`);
    return parts.join("\n");
  };
  return {
    family: "misskey",
    defaultEntryPages: (c) => misskeyEntryPages(new URL(c.baseUrl).origin),
    request: misskeyRequest,
    // notes/search-by-tag { tag, limit, untilId }: [Note] newest first.
    tagEntryPage: (listing, tag) => {
      const u = new URL(listing);
      const at = u.pathname.indexOf("/api/");
      if (at < 0) return null;
      const out = new URL(`${u.origin}${u.pathname.slice(0, at)}/api/notes/search-by-tag`);
      out.searchParams.set("tag", tag);
      out.searchParams.set("limit", String(PAGE_SIZE));
      return out.href;
    },
    parseListing(input, config) {
      const url = new URL(input.url);
      const root = instanceRoot(url, config);
      const data = parseJson(input.body);
      const items: CrawlItem[] = [];
      if (!Array.isArray(data)) return { items, next: null };
      const seen = new Set<string>();
      let oldest: string | null = null;
      for (const raw of data.slice(0, MAX_ITEMS_PER_LISTING * 2)) {
        if (items.length >= MAX_ITEMS_PER_LISTING) break;
        if (!isObject(raw)) continue;
        const listed = str(raw.id);
        if (NOTE_ID.test(listed)) oldest = listed;
        // A pure renote (no text, no files of its own): the renoted note is what is read.
        const pure = isObject(raw.renote) && !str(raw.text) && !(Array.isArray(raw.files) && raw.files.length > 0);
        const n = pure ? (raw.renote as Record<string, unknown>) : raw;
        const id = str(n.id);
        if (!NOTE_ID.test(id) || seen.has(id)) continue;
        const page = kit.onSiteUrl(`${root}/notes/${id}`, root, config.domains);
        if (!page || (config.itemPattern && !config.itemPattern.test(page.href))) continue;
        seen.add(id);
        const created = kit.parseListingTime(str(n.createdAt) || null);
        const updated = kit.parseListingTime(str(n.updatedAt) || null);
        const user: Record<string, unknown> = isObject(n.user) ? n.user : {};
        const title = clip(str(n.cw) || str(n.text).slice(0, 2000), 120) || `@${str(user.username)}`;
        const show = new URL(`${root}/api/notes/show`);
        show.searchParams.set("noteId", id);
        items.push({ key: versionKey(`n${id}`, updated), url: page.href, fetchUrl: show.href, title, time: updated ?? created });
      }
      // Older notes: untilId = the last listed. A page shorter than asked is not taken as the end (forks and
      // proxies cap the limit differently); an empty page is.
      let next: string | null = null;
      if (oldest) {
        const u = new URL(input.url);
        u.searchParams.delete("sinceId");
        u.searchParams.set("untilId", oldest);
        next = u.href;
      }
      return { items, next: next && next !== input.url ? next : null };
    },
    itemPage(input) {
      const data = parseJson(input.body);
      if (!isObject(data) || !NOTE_ID.test(str(data.id))) return null;
      const user: Record<string, unknown> = isObject(data.user) ? data.user : {};
      const username = str(user.username);
      const host = str(user.host);
      const who = USERNAME.test(username) ? `@${username}${HOST.test(host) ? `@${host}` : ""}` : "";
      const title = input.item.title || who;
      return { html: `<!doctype html><html><head><meta charset="utf-8"><title>${e(title)}</title></head><body>\n${noteHtml(data)}</body></html>` };
    },
  };
}

const APP_NAMES = /^(?:Misskey|Sharkey|Firefish|Calckey|Iceshrimp|CherryPick|Foundkey|Catodon|Meisskey)$/i;

/** Misskey's page shell (base.pug): application-name "Misskey" (a fork's own name), instance_url, the splash. */
export function detectMisskey(ctx: DetectContext): FamilyFinding | null {
  const { $ } = ctx;
  const app = ($('meta[name="application-name"]').first().attr("content") ?? "").trim().slice(0, 40);
  const instance = ctx.safeUrl($('meta[property="instance_url"]').first().attr("content"), ctx.base);
  const splash = $("#splash #splashIcon, #splash").length > 0;
  if (!APP_NAMES.test(app) && !(instance && splash)) return null;
  const origin = instance?.origin ?? new URL(ctx.url).origin;
  return { family: "misskey", evidence: APP_NAMES.test(app) ? `application-name ${app} (Misskey's page shell)` : "Misskey's page shell (instance_url, splash)", entryPages: misskeyEntryPages(origin) };
}
