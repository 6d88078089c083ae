import { z } from "zod";
import type { GuardedFetcher } from "./guarded-fetch";
import type { PageDocument } from "./html-document";
import {
  fetchFromProvider,
  isLocalEndpoint,
  parseJsonBody,
  RequestPacer,
  SearchSourceError,
  type SearchHit,
  type SearchPage,
  type SearchProvider,
} from "./search-provider";

/**
 * Reddit search (`/search.json`): a Listing of t3 posts. Each post gives two
 * candidates: the post itself (social media) and the link it shares (often a
 * file host or a leak site). With `raw_json=1` strings are not HTML-escaped.
 * Reddit refuses many server addresses, so the post's own text and link from
 * the listing are kept to analyse when its page cannot be fetched.
 */

const postSchema = z.looseObject({
  name: z.string().nullish(),
  title: z.string().nullish(),
  url: z.string().nullish(),
  permalink: z.string(),
  selftext: z.string().nullish(),
  subreddit: z.string().nullish(),
  author: z.string().nullish(),
  is_self: z.boolean().nullish(),
  over_18: z.boolean().nullish(),
  thumbnail: z.string().nullish(),
  preview: z.looseObject({ images: z.array(z.looseObject({ source: z.looseObject({ url: z.string() }).nullish() })).nullish() }).nullish(),
});
const listingSchema = z.looseObject({
  kind: z.literal("Listing"),
  data: z.looseObject({
    after: z.string().nullish(),
    children: z.array(z.looseObject({ kind: z.string(), data: z.unknown() })),
  }),
});

const REDDIT_HOSTS = /(?:^|\.)(?:reddit\.com|redd\.it|redditmedia\.com)$/i;

export type RedditOptions = { baseUrl: string; fetcher: GuardedFetcher; minIntervalMs?: number; limit?: number };

export class RedditProvider implements SearchProvider {
  readonly id = "reddit";
  readonly kind = "social" as const;
  readonly #pacer: RequestPacer;
  readonly #after = new Map<string, string>();

  constructor(readonly options: RedditOptions) {
    // Unauthenticated clients get a few requests a minute; the headers refine this.
    this.#pacer = new RequestPacer(options.minIntervalMs ?? (isLocalEndpoint(options.baseUrl) ? 0 : 2_000));
  }

  async search(query: string, page: number, signal?: AbortSignal): Promise<SearchPage> {
    const url = new URL("/search.json", this.options.baseUrl);
    url.searchParams.set("q", query);
    url.searchParams.set("raw_json", "1");
    url.searchParams.set("sort", "relevance");
    url.searchParams.set("t", "all");
    url.searchParams.set("limit", String(this.options.limit ?? 50));
    // Leaks are posted in NSFW communities; without this they are hidden.
    url.searchParams.set("include_over_18", "on");
    if (page > 1) {
      const after = this.#after.get(query);
      if (!after) return { hits: [], hasMore: false };
      url.searchParams.set("after", after);
    }
    await this.#pacer.wait(signal);
    const res = await fetchFromProvider(this.options.fetcher, this.id, url.href, { headers: { accept: "application/json" }, signal });
    const remaining = Number(res.headers["x-ratelimit-remaining"]);
    const reset = Number(res.headers["x-ratelimit-reset"]);
    if (Number.isFinite(remaining) && remaining < 1 && Number.isFinite(reset)) this.#pacer.holdFor(reset * 1000);
    if (res.status === 429) throw new SearchSourceError(this.id, "rate-limited", "HTTP 429");
    if (res.status === 403) throw new SearchSourceError(this.id, "blocked", "HTTP 403: Reddit refused this client");
    if (res.status < 200 || res.status >= 300) throw new SearchSourceError(this.id, "http", `HTTP ${res.status}`);
    const parsed = listingSchema.safeParse(parseJsonBody(this.id, res));
    if (!parsed.success) throw new SearchSourceError(this.id, "bad-response", "answer is not a Listing");

    const after = parsed.data.data.after;
    if (after) this.#after.set(query, after);
    else this.#after.delete(query);

    const hits: SearchHit[] = [];
    for (const child of parsed.data.data.children) {
      if (child.kind !== "t3") continue;
      const p = postSchema.safeParse(child.data);
      if (!p.success) continue;
      const post = p.data;
      let postUrl: string;
      try {
        postUrl = new URL(post.permalink, this.options.baseUrl).href;
      } catch {
        continue;
      }
      const shared = post.url && /^https?:\/\//i.test(post.url) ? post.url : null;
      const images = [
        ...(post.preview?.images ?? []).map((i) => i.source?.url).filter((u): u is string => !!u),
        ...(shared && /\.(?:jpe?g|png|webp|gif)(?:$|\?)/i.test(shared) ? [shared] : []),
      ];
      const doc: PageDocument = {
        url: postUrl,
        title: post.title ?? "",
        meta: [],
        headings: [post.title ?? ""],
        text: [post.selftext ?? "", post.subreddit ? `r/${post.subreddit}` : ""].filter(Boolean).join("\n"),
        linkText: "",
        paragraphs: (post.selftext ?? "").split(/\n{2,}/).filter(Boolean),
        links: [
          ...(shared && !post.is_self ? [{ href: shared, text: post.title ?? "" }] : []),
          ...[...(post.selftext ?? "").matchAll(/https?:\/\/[^\s)\]]+/g)].map((m) => ({ href: m[0], text: "" })),
        ],
        images: images.map((src) => ({ src, alt: post.title ?? "", width: null, height: null, hint: "reddit-preview" })),
        metaImages: [],
        videoCount: 0,
        ogType: "",
        articleMarkup: false,
        byline: false,
      };
      hits.push({
        url: postUrl,
        title: post.title ?? "",
        snippet: (post.selftext ?? "").slice(0, 300),
        source: this.id,
        categoryHint: "social_media",
        listing: { doc, status: res.status, fetchedAt: res.fetchedAt, sha256: res.sha256 },
      });
      if (shared && !post.is_self) {
        let host = "";
        try {
          host = new URL(shared).hostname;
        } catch {
          continue;
        }
        // Reddit galleries and cross-posts are the post again; media on i.redd.it is worth an image check.
        if (REDDIT_HOSTS.test(host) && !/^i\.redd\.it$/i.test(host)) continue;
        hits.push({ url: shared, title: post.title ?? "", snippet: "", source: this.id, ...(REDDIT_HOSTS.test(host) ? { categoryHint: "social_media" as const } : {}) });
      }
    }
    return { hits, hasMore: !!after };
  }
}
