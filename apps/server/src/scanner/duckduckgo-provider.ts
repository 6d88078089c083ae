import * as cheerio from "cheerio";
import type { GuardedFetcher } from "./guarded-fetch";
import {
  fetchFromProvider,
  isLocalEndpoint,
  RequestPacer,
  SearchSourceError,
  type SearchHit,
  type SearchPage,
  type SearchProvider,
} from "./search-provider";

/**
 * DuckDuckGo's HTML endpoint: the keyless default. The first page is a POST
 * of the query; each further page is a POST of the hidden fields of the
 * previous page's "Next" form. Result links are direct URLs in current pages
 * and `//duckduckgo.com/l/?uddg=<target>` redirects in older and lite pages.
 * The lite endpoint's table layout is read as well. One slow, polite query
 * at a time: the endpoint answers bots with a challenge page when pushed.
 */

export type DuckDuckGoOptions = { url: string; fetcher: GuardedFetcher; minIntervalMs?: number; region?: string };

export class DuckDuckGoProvider implements SearchProvider {
  readonly id = "duckduckgo";
  readonly kind = "web" as const;
  readonly #pacer: RequestPacer;
  /** The "Next" form of the last page read, per query. */
  readonly #nextForms = new Map<string, URLSearchParams>();

  constructor(readonly options: DuckDuckGoOptions) {
    this.#pacer = new RequestPacer(options.minIntervalMs ?? (isLocalEndpoint(options.url) ? 0 : 1_500));
  }

  async search(query: string, page: number, signal?: AbortSignal): Promise<SearchPage> {
    let form: URLSearchParams;
    if (page === 1) {
      form = new URLSearchParams({ q: query, b: "", kl: this.options.region ?? "wt-wt", df: "" });
    } else {
      const next = this.#nextForms.get(query);
      if (!next) return { hits: [], hasMore: false };
      form = next;
    }
    await this.#pacer.wait(signal);
    const res = await fetchFromProvider(this.options.fetcher, this.id, this.options.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", referer: this.options.url },
      body: form.toString(),
      signal,
    });
    if (res.status === 429 || res.status === 403) {
      throw new SearchSourceError(this.id, "rate-limited", `HTTP ${res.status}: the endpoint is refusing our queries`);
    }
    if (res.status < 200 || res.status >= 300) throw new SearchSourceError(this.id, "http", `HTTP ${res.status}`);
    const html = res.body.toString("utf8");
    // A bot challenge comes back as 202 (or 200) with the anomaly form instead of results.
    if (res.status === 202 || /anomaly-modal|challenge-form|id="challenge"/i.test(html)) {
      throw new SearchSourceError(this.id, "rate-limited", "answered with a bot challenge instead of results");
    }
    const parsed = parseDuckDuckGoHtml(html, this.options.url);
    if (!parsed.recognised) throw new SearchSourceError(this.id, "bad-response", "page has no result list");
    if (parsed.next) this.#nextForms.set(query, parsed.next);
    else this.#nextForms.delete(query);
    return { hits: parsed.hits.map((h) => ({ ...h, source: this.id })), hasMore: !!parsed.next };
  }
}

export type ParsedDuckDuckGo = {
  hits: Array<Omit<SearchHit, "source">>;
  next: URLSearchParams | null;
  /** False when the page is neither a result list nor an empty-result page. */
  recognised: boolean;
};

export function parseDuckDuckGoHtml(html: string, pageUrl: string): ParsedDuckDuckGo {
  const $ = cheerio.load(html);
  const hits: Array<Omit<SearchHit, "source">> = [];
  const seen = new Set<string>();
  const push = (href: string | undefined, title: string, snippet: string) => {
    const target = unwrapResultLink(href, pageUrl);
    if (!target || seen.has(target)) return;
    seen.add(target);
    hits.push({ url: target, title: title.replace(/\s+/g, " ").trim(), snippet: snippet.replace(/\s+/g, " ").trim() });
  };

  // html endpoint
  $(".result").each((_, el) => {
    const r = $(el);
    if (r.is(".result--no-result, .result--ad") || r.find(".badge--ad").length) return;
    const a = r.find("a.result__a").first();
    push(a.attr("href"), a.text(), r.find(".result__snippet").first().text());
  });
  // lite endpoint: a.result-link rows, the snippet in a following row
  $("a.result-link").each((_, el) => {
    const a = $(el);
    const snippet = a.closest("tr").nextAll("tr").find("td.result-snippet").first().text();
    push(a.attr("href"), a.text(), snippet);
  });

  const nextForm = $(".nav-link form, form.next_form")
    .filter((_, f) => $(f).find('input[type="submit"][value*="Next" i], input[name="s"]').length > 0)
    .last();
  let next: URLSearchParams | null = null;
  if (nextForm.length) {
    next = new URLSearchParams();
    nextForm.find("input[name]").each((_, i) => {
      const name = $(i).attr("name")!;
      if ($(i).attr("type") === "submit") return;
      next!.append(name, $(i).attr("value") ?? "");
    });
    if (!next.get("q")) next = null;
  }
  const recognised = $("#links, .results, .result, a.result-link, .no-results, table").length > 0;
  return { hits, next, recognised };
}

/** Direct links as they are; `/l/?uddg=` redirects decoded once; ads and internal links dropped. */
export function unwrapResultLink(href: string | undefined, pageUrl: string): string | null {
  if (!href || !href.trim()) return null;
  let u: URL;
  try {
    u = new URL(href.trim(), pageUrl.startsWith("http") ? pageUrl : "https://duckduckgo.com/");
  } catch {
    return null;
  }
  const host = u.hostname.toLowerCase();
  const isDdg = host === "duckduckgo.com" || host.endsWith(".duckduckgo.com");
  let endpointHost = "";
  try {
    endpointHost = new URL(pageUrl).host;
  } catch {
    endpointHost = "";
  }
  // Redirect links are relative to whichever host served the page (a mirror or a proxy too).
  if (isDdg || u.pathname.startsWith("/l/") || u.host === endpointHost) {
    if (u.pathname.startsWith("/y.js")) return null; // ad click
    const target = u.searchParams.get("uddg");
    if (!target) return null;
    try {
      const t = new URL(target);
      return t.protocol === "http:" || t.protocol === "https:" ? t.href : null;
    } catch {
      return null;
    }
  }
  return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
}
