import { isIpLiteral, unbracket } from "./address-policy";
import { FetchError, sleep, type FetchOptions, type FetchResult, type GuardedFetcher } from "./guarded-fetch";
import type { PageDocument } from "./html-document";
import type { LeakCategory } from "./scan-types";

/**
 * One interface for every place we ask "where is this name?": web search
 * APIs, Reddit, the leak sites' own search pages.
 */

export type SearchHit = {
  url: string;
  title: string;
  snippet: string;
  source: string;
  categoryHint?: LeakCategory;
  /**
   * What the source itself says about the page (a Reddit post's title, text
   * and link), analysed when the page cannot be fetched.
   */
  listing?: { doc: PageDocument; status: number; fetchedAt: string; sha256: string };
};

export type SearchPage = { hits: SearchHit[]; hasMore: boolean };

export type SearchProviderKind = "web" | "social" | "leak-site";

export interface SearchProvider {
  readonly id: string;
  readonly kind: SearchProviderKind;
  /** page is 1-based. Throws SearchSourceError when the source could not answer. */
  search(query: string, page: number, signal?: AbortSignal): Promise<SearchPage>;
}

export type SearchErrorCode =
  | "not-configured"
  | "unreachable"
  | "rate-limited"
  | "quota"
  | "auth"
  | "engines-unresponsive"
  | "blocked"
  | "bad-response"
  | "http";

export class SearchSourceError extends Error {
  override readonly name = "SearchSourceError";
  constructor(
    readonly source: string,
    readonly code: SearchErrorCode,
    message: string,
  ) {
    super(`${source}: ${message}`);
  }
}

/**
 * Spaces requests to one service: a minimum interval, plus "not before"
 * times learnt from rate-limit headers. Loopback endpoints (a local instance
 * or a test fake) are not paced by the interval: politeness is for others.
 */
export class RequestPacer {
  #next = 0;
  #chain: Promise<void> = Promise.resolve();

  constructor(readonly minIntervalMs: number) {}

  /** Resolves when the caller may send; calls are served in order. */
  wait(signal?: AbortSignal): Promise<void> {
    const turn = this.#chain.then(async () => {
      const delay = this.#next - Date.now();
      if (delay > 0) await sleep(delay, signal);
      this.#next = Date.now() + this.minIntervalMs;
    });
    this.#chain = turn.catch(() => undefined);
    return turn;
  }

  /** Do not send before this many ms from now (e.g. a rate-limit reset). */
  holdFor(ms: number): void {
    this.#next = Math.max(this.#next, Date.now() + ms);
  }
}

export function isLocalEndpoint(url: string): boolean {
  try {
    const host = unbracket(new URL(url).hostname).toLowerCase();
    return host === "localhost" || (isIpLiteral(host) && /^(?:127\.|::1$|0:0:0:0:0:0:0:1$)/.test(host));
  } catch {
    return false;
  }
}

/** A fetch to a provider's API: the operator's origin is trusted, robots.txt does not apply, no blind retries. */
export async function fetchFromProvider(
  fetcher: GuardedFetcher,
  source: string,
  url: string,
  opts: FetchOptions = {},
): Promise<FetchResult> {
  try {
    return await fetcher.fetch(url, { robots: false, retries: 0, ...opts, operatorEndpoint: true });
  } catch (e) {
    if (e instanceof FetchError) {
      const code = e.reason === "blocked-address" ? "blocked" : e.reason === "aborted" ? "unreachable" : "unreachable";
      throw new SearchSourceError(source, code, `${e.reason}: ${e.message}`);
    }
    throw e;
  }
}

export function parseJsonBody(source: string, res: FetchResult): unknown {
  try {
    return JSON.parse(res.body.toString("utf8"));
  } catch {
    throw new SearchSourceError(source, "bad-response", `HTTP ${res.status} with a body that is not JSON`);
  }
}

/** "Retry-After"-style seconds or HTTP date, in ms (null when absent or unreadable). */
export function retryAfterMs(value: string | undefined): number | null {
  if (!value) return null;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

/** Strips tags and decodes the few entities search APIs put in snippets. */
export function stripHtml(s: string | null | undefined): string {
  if (!s) return "";
  return s
    .replace(/<[^<>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
