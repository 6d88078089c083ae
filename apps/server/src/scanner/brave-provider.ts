import { z } from "zod";
import type { FetchResult, GuardedFetcher } from "./guarded-fetch";
import {
  fetchFromProvider,
  isLocalEndpoint,
  RequestPacer,
  SearchSourceError,
  stripHtml,
  type SearchPage,
  type SearchProvider,
} from "./search-provider";

/**
 * Brave Search API (web). Paging is the `offset` parameter (0..9, in pages);
 * there is more while `query.more_results_available`. Rate limits come as
 * comma-separated per-window lists (per second first, then per month) in
 * X-RateLimit-Limit/Remaining/Reset; a monthly limit of 0 means no cap.
 * Errors come in two envelopes: `error: {...}` (seen live) and
 * `errors: [{...}]` (documented).
 */

const errorItem = z.looseObject({ code: z.string().nullish(), detail: z.string().nullish(), status: z.number().nullish() });
const errorEnvelope = z.looseObject({
  type: z.string().nullish(),
  error: errorItem.nullish(),
  errors: z.array(errorItem).nullish(),
});
const responseSchema = z.looseObject({
  query: z.looseObject({ more_results_available: z.boolean().nullish() }).nullish(),
  web: z.looseObject({
    results: z.array(z.looseObject({ url: z.string(), title: z.string().nullish(), description: z.string().nullish() })).nullish(),
  }).nullish(),
});

const MAX_OFFSET = 9;
/** A rate-limit reset longer than this is not waited for within a search. */
const MAX_RATE_WAIT_MS = 5_000;

export type BraveOptions = { apiUrl: string; apiKey: string; fetcher: GuardedFetcher; minIntervalMs?: number; count?: number };

export class BraveProvider implements SearchProvider {
  readonly id = "brave";
  readonly kind = "web" as const;
  readonly #pacer: RequestPacer;
  #quotaExhausted = false;

  constructor(readonly options: BraveOptions) {
    // The free plan allows 1 request a second.
    this.#pacer = new RequestPacer(options.minIntervalMs ?? (isLocalEndpoint(options.apiUrl) ? 0 : 1_000));
  }

  async search(query: string, page: number, signal?: AbortSignal): Promise<SearchPage> {
    if (this.#quotaExhausted) throw new SearchSourceError(this.id, "quota", "monthly quota used up");
    const offset = page - 1;
    if (offset > MAX_OFFSET) return { hits: [], hasMore: false };
    const url = new URL(this.options.apiUrl);
    url.searchParams.set("q", query);
    url.searchParams.set("count", String(this.options.count ?? 20));
    url.searchParams.set("offset", String(offset));
    url.searchParams.set("safesearch", "off");

    for (let attempt = 0; ; attempt++) {
      await this.#pacer.wait(signal);
      const res = await fetchFromProvider(this.options.fetcher, this.id, url.href, {
        headers: { accept: "application/json", "x-subscription-token": this.options.apiKey },
        signal,
      });
      this.#learnLimits(res);
      if (res.status >= 200 && res.status < 300) return this.#parse(res);

      const err = readError(res);
      if (res.status === 429 && err.code !== "QUOTA_LIMITED" && attempt === 0) {
        const reset = firstWindow(res.headers["x-ratelimit-reset"]) ?? 1;
        if (reset * 1000 <= MAX_RATE_WAIT_MS) {
          this.#pacer.holdFor(reset * 1000);
          continue;
        }
      }
      if (err.code === "QUOTA_LIMITED") {
        this.#quotaExhausted = true;
        throw new SearchSourceError(this.id, "quota", err.detail ?? "quota limit exceeded");
      }
      if (res.status === 429) throw new SearchSourceError(this.id, "rate-limited", err.detail ?? "rate limit exceeded");
      if (res.status === 401 || res.status === 403 || res.status === 422 || (err.code ?? "").startsWith("SUBSCRIPTION")) {
        throw new SearchSourceError(this.id, "auth", `${err.code ?? `HTTP ${res.status}`}: ${err.detail ?? "subscription token refused"}`);
      }
      throw new SearchSourceError(this.id, "http", `HTTP ${res.status}${err.detail ? `: ${err.detail}` : ""}`);
    }
  }

  #parse(res: FetchResult): SearchPage {
    let json: unknown;
    try {
      json = JSON.parse(res.body.toString("utf8"));
    } catch {
      throw new SearchSourceError(this.id, "bad-response", "answer is not JSON");
    }
    const parsed = responseSchema.safeParse(json);
    if (!parsed.success) throw new SearchSourceError(this.id, "bad-response", "answer is not a Brave web search response");
    const results = parsed.data.web?.results ?? [];
    return {
      hits: results
        .filter((r) => /^https?:\/\//i.test(r.url))
        .map((r) => ({ url: r.url, title: stripHtml(r.title), snippet: stripHtml(r.description), source: this.id })),
      hasMore: parsed.data.query?.more_results_available === true,
    };
  }

  #learnLimits(res: FetchResult): void {
    const remaining = windows(res.headers["x-ratelimit-remaining"]);
    const reset = windows(res.headers["x-ratelimit-reset"]);
    const limit = windows(res.headers["x-ratelimit-limit"]);
    // Per-second window used up: wait for its reset before the next call.
    if (remaining[0] === 0 && reset[0] !== undefined) this.#pacer.holdFor(reset[0] * 1000);
    // Monthly window used up (a limit of 0 means "no monthly cap").
    if (remaining.length > 1 && remaining[1] === 0 && limit[1] !== 0 && res.status >= 200 && res.status < 300) {
      this.#quotaExhausted = true;
    }
  }
}

function windows(header: string | undefined): number[] {
  if (!header) return [];
  return header.split(",").map((p) => Number(p.trim().split(";")[0]));
}

function firstWindow(header: string | undefined): number | undefined {
  const w = windows(header)[0];
  return w !== undefined && Number.isFinite(w) ? w : undefined;
}

function readError(res: FetchResult): { code: string | null; detail: string | null } {
  try {
    const parsed = errorEnvelope.safeParse(JSON.parse(res.body.toString("utf8")));
    if (!parsed.success) return { code: null, detail: null };
    const item = parsed.data.error ?? parsed.data.errors?.[0];
    return { code: item?.code ?? null, detail: item?.detail ?? null };
  } catch {
    return { code: null, detail: null };
  }
}
