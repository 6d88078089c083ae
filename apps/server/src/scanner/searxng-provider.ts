import { z } from "zod";
import type { GuardedFetcher } from "./guarded-fetch";
import {
  fetchFromProvider,
  parseJsonBody,
  RequestPacer,
  SearchSourceError,
  stripHtml,
  type SearchPage,
  type SearchProvider,
} from "./search-provider";

/**
 * SearXNG's JSON API (`/search?q=&format=json&pageno=`). Engine failures do
 * not change the HTTP status: they only show in `unresponsive_engines`. So an
 * answer with no results and unresponsive engines is an error, never "no
 * leaks".
 */

const resultSchema = z.looseObject({
  url: z.string(),
  title: z.string().nullish(),
  content: z.string().nullish(),
  engine: z.string().nullish(),
});
const responseSchema = z.looseObject({
  query: z.unknown().optional(),
  results: z.array(z.unknown()),
  unresponsive_engines: z.array(z.array(z.unknown())).nullish(),
  number_of_results: z.number().nullish(),
});

export type SearxngOptions = { baseUrl: string; fetcher: GuardedFetcher; minIntervalMs?: number };

export class SearxngProvider implements SearchProvider {
  readonly id = "searxng";
  readonly kind = "web" as const;
  readonly #pacer: RequestPacer;

  constructor(readonly options: SearxngOptions) {
    // An instance paces its own upstream engines (and answers 429 from its limiter);
    // queries are sent one at a time, so no extra interval is needed by default.
    this.#pacer = new RequestPacer(options.minIntervalMs ?? 0);
  }

  async search(query: string, page: number, signal?: AbortSignal): Promise<SearchPage> {
    const url = new URL("search", this.options.baseUrl.endsWith("/") ? this.options.baseUrl : `${this.options.baseUrl}/`);
    url.searchParams.set("q", query);
    url.searchParams.set("format", "json");
    url.searchParams.set("pageno", String(page));
    // Leak pages are adult pages: filtering them out would hide exactly what we look for.
    url.searchParams.set("safesearch", "0");
    await this.#pacer.wait(signal);
    const res = await fetchFromProvider(this.options.fetcher, this.id, url.href, {
      headers: { accept: "application/json" },
      signal,
    });
    if (res.status === 429) {
      throw new SearchSourceError(this.id, "rate-limited", "the instance's limiter refused the request (HTTP 429)");
    }
    if (res.status === 403) {
      throw new SearchSourceError(this.id, "auth", "HTTP 403: is the json format enabled (search.formats) on this instance?");
    }
    if (res.status < 200 || res.status >= 300) {
      throw new SearchSourceError(this.id, "http", `HTTP ${res.status}`);
    }
    const parsed = responseSchema.safeParse(parseJsonBody(this.id, res));
    if (!parsed.success) throw new SearchSourceError(this.id, "bad-response", "answer is not a SearXNG result list");
    const body = parsed.data;
    const unresponsive = (body.unresponsive_engines ?? []).map((e) => `${String(e[0])} (${String(e[1] ?? "")})`);
    const hits = body.results
      .map((r) => resultSchema.safeParse(r))
      .filter((r) => r.success)
      .map((r) => r.data)
      .filter((r) => /^https?:\/\//i.test(r.url))
      .map((r) => ({ url: r.url, title: stripHtml(r.title), snippet: stripHtml(r.content), source: this.id }));
    if (hits.length === 0 && unresponsive.length > 0) {
      throw new SearchSourceError(this.id, "engines-unresponsive", `no results and engines failed: ${unresponsive.join(", ")}`);
    }
    // No cursor in the answer: a full page suggests there may be another.
    return { hits, hasMore: hits.length >= 5 };
  }
}
