import { recogniseFileHostLink, type FileHostLink } from "./file-hosts";
import { FetchError, type FetchResult } from "./guarded-fetch";
import { parseHtmlDocument } from "./html-document";

/**
 * Is a file-host link gone? File hosts rarely say so the way a page does: many answer 200 with a
 * "file not found" page, and most are JavaScript apps whose page shows nothing to read (and never
 * her name: the names were on the page that linked the file). So a recognised file-host link is
 * asked through its host's public, documented interface:
 * - pixeldrain: GET /api/file/<id>/info (a list: /api/list/<id>) → 404 when gone;
 * - gofile: GET https://api.gofile.io/contents/<id> → JSON status "error-notFound" when gone;
 * - MEGA: POST https://g.api.mega.co.nz/cs with [{"a":"g","p":"<id>"}] (a folder: [{"a":"f",
 *   "c":1,"r":1}] with ?n=<id>) → a negative error code: -9 (not found), -2 (no such handle),
 *   -16 (blocked, e.g. after a takedown) when gone; others (-3 try again, -4 rate limit) tell nothing;
 * - bunkr: its page, which answers 404 or says "not found" / "removed" when gone.
 * Any other file host: gone only on 404/410. Whatever cannot be read proves nothing
 * ("unreachable"): a file is never called removed because a page showed no names.
 */

/** Same shape as the re-check's link check (modules/takedowns/link-check.ts). */
export type FileHostCheck = { outcome: "removed" | "present" | "unreachable"; detail: string };

export type FileHostFetch = (url: string, init?: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string }) => Promise<FetchResult>;

/** Where each host's interface is (tests point them at local fakes); `scheme` for the links' own pages. */
export type FileHostEndpoints = { pixeldrain: string; gofileApi: string; megaApi: string; scheme: "https" | "http" };

export const FILE_HOST_ENDPOINTS: FileHostEndpoints = {
  pixeldrain: "https://pixeldrain.com",
  gofileApi: "https://api.gofile.io",
  megaApi: "https://g.api.mega.co.nz",
  scheme: "https",
};

const MEGA_GONE = new Map([
  [-9, "MEGA says the file does not exist"],
  [-2, "MEGA says there is no such file"],
  [-16, "MEGA says the file is blocked"],
]);
const BUNKR_GONE = /\b(?:file|album|content|video|page) (?:not found|(?:has been|was) (?:removed|deleted|taken down))\b|\b404\b/i;

/** The check for a file-host link, or null when the address is no recognised file-host link (the page check applies). */
export async function checkFileHostLink(url: string, fetch: FileHostFetch, endpoints: FileHostEndpoints = FILE_HOST_ENDPOINTS): Promise<FileHostCheck | null> {
  const link = recogniseFileHostLink(url);
  if (!link) return null;
  try {
    return await readers[link.service]?.(link, fetch, endpoints) ?? (await byStatus(link, fetch, endpoints));
  } catch (error) {
    if (error instanceof FetchError) return { outcome: "unreachable", detail: `${link.host} could not be asked whether the file is there` };
    throw error;
  }
}

type Reader = (link: FileHostLink, fetch: FileHostFetch, e: FileHostEndpoints) => Promise<FileHostCheck>;

const pageUrl = (link: FileHostLink, e: FileHostEndpoints) => (e.scheme === "http" ? link.url.replace(/^https:/, "http:") : link.url);

function json(res: FetchResult): unknown {
  try {
    return JSON.parse(res.body.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

async function byStatus(link: FileHostLink, fetch: FileHostFetch, e: FileHostEndpoints): Promise<FileHostCheck> {
  const res = await fetch(pageUrl(link, e));
  if (res.status === 404 || res.status === 410) return { outcome: "removed", detail: `${link.host} answers HTTP ${res.status} for the file` };
  if (res.status >= 200 && res.status < 300) return { outcome: "present", detail: `${link.host} still serves the file's page` };
  return { outcome: "unreachable", detail: `${link.host} answers HTTP ${res.status}` };
}

const readers: Partial<Record<FileHostLink["service"], Reader>> = {
  async pixeldrain(link, fetch, e) {
    const api = `${e.pixeldrain}/api/${link.kind === "file" ? `file/${encodeURIComponent(link.id)}/info` : `list/${encodeURIComponent(link.id)}`}`;
    const res = await fetch(api, { headers: { accept: "application/json" } });
    if (res.status === 404) return { outcome: "removed", detail: "pixeldrain says the file does not exist" };
    if (res.status >= 200 && res.status < 300) return { outcome: "present", detail: "pixeldrain still lists the file" };
    return { outcome: "unreachable", detail: `pixeldrain answers HTTP ${res.status}` };
  },

  async gofile(link, fetch, e) {
    const res = await fetch(`${e.gofileApi}/contents/${encodeURIComponent(link.id)}`, { headers: { accept: "application/json" } });
    const status = (json(res) as { status?: unknown } | undefined)?.status;
    if (status === "error-notFound") return { outcome: "removed", detail: "gofile says the folder does not exist" };
    if (status === "ok") return { outcome: "present", detail: "gofile still lists the folder" };
    // "error-notPremium", "error-auth", rate limits…: the answer says nothing about the folder.
    return { outcome: "unreachable", detail: `gofile did not say whether the folder is there (${typeof status === "string" ? status.slice(0, 40) : `HTTP ${res.status}`})` };
  },

  async mega(link, fetch, e) {
    const folder = link.kind === "folder";
    const res = await fetch(`${e.megaApi}/cs?id=0${folder ? `&n=${encodeURIComponent(link.id)}` : ""}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(folder ? [{ a: "f", c: 1, r: 1 }] : [{ a: "g", p: link.id }]),
    });
    if (res.status < 200 || res.status >= 300) return { outcome: "unreachable", detail: `MEGA answers HTTP ${res.status}` };
    const body = json(res);
    // An error is a bare number or the one element of the answer's array.
    const code = typeof body === "number" ? body : Array.isArray(body) && typeof body[0] === "number" ? body[0] : null;
    if (code === null) return Array.isArray(body) && typeof body[0] === "object" && body[0] !== null ? { outcome: "present", detail: "MEGA still serves the file" } : { outcome: "unreachable", detail: "MEGA's answer could not be read" };
    const gone = MEGA_GONE.get(code);
    return gone ? { outcome: "removed", detail: gone } : { outcome: "unreachable", detail: `MEGA answered error ${code}` };
  },

  async bunkr(link, fetch, e) {
    const res = await fetch(pageUrl(link, e));
    if (res.status === 404 || res.status === 410) return { outcome: "removed", detail: `${link.host} answers HTTP ${res.status} for the file` };
    if (res.status < 200 || res.status >= 300) return { outcome: "unreachable", detail: `${link.host} answers HTTP ${res.status}` };
    const doc = parseHtmlDocument(res.body.toString("utf8"), res.finalUrl);
    const head = [doc.title, ...doc.headings.slice(0, 3), doc.text.slice(0, 600)].join("\n");
    if (BUNKR_GONE.test(head)) return { outcome: "removed", detail: `${link.host} says the file is not found` };
    return { outcome: "present", detail: `${link.host} still shows the file` };
  },
};
