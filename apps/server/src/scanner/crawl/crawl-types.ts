/**
 * Reading what is new on a leak site: the shapes every crawl adapter shares.
 * Adapters are pure: they turn a fetched listing page (HTML, JSON, RSS) into
 * items and the next listing page, and an item's fetched body into a page to
 * analyse. Fetching, politeness and progress are the crawler's business.
 */

export const CRAWL_FAMILIES = ["xenforo", "discourse", "phpbb", "vbulletin", "wordpress", "imageboard", "listing", "vbulletin5", "invision", "mybb", "smf", "flarum", "nodebb", "telegram", "lemmy", "mastodon", "discuz", "misskey", "danbooru", "gelbooru", "moebooru", "philomena", "szurubooru", "shimmie", "kvs", "peertube", "feed", "kemono"] as const;
export type CrawlFamily = (typeof CRAWL_FAMILIES)[number];

export type CrawlItem = {
  /**
   * Identifies one version of an item on its site: a thread that gets a new post is a new
   * version ("t4411@1735000000"), a gallery page that never changes is its URL.
   */
  key: string;
  /** The page people see (what a finding links to). */
  url: string;
  /** Where its content is read from when that is not the page itself (a JSON API). */
  fetchUrl: string | null;
  title: string;
  /** Last activity (ms since epoch) when the listing says; newest-first listings stop at older ones. */
  time: number | null;
  /**
   * The item's page (HTML) when the listing already holds all of it (a feed that carries the whole post): it is
   * read from here, at its url, and not fetched. Absent: the item is fetched (fetchUrl, else url).
   */
  page?: string | null;
};

export type ListingPage = {
  items: CrawlItem[];
  /** The next (older) listing page, if any. */
  next: string | null;
};

export type ListingInput = {
  body: string;
  /** The listing page's final URL (links are resolved against it). */
  url: string;
  contentType: string;
  headers: Record<string, string>;
};

export type ItemInput = {
  body: string;
  url: string;
  contentType: string;
  item: Pick<CrawlItem, "url" | "title">;
  /** The body of the address itemCompanion named for this item (null when none, or when it could not be read). */
  companion?: string | null;
};

/** What the analyser reads: an HTML page (an API's JSON becomes one). */
export type ItemPage = { html: string };

export type CrawlSelectors = {
  /** Links to items on a listing page. */
  item?: string | undefined;
  /** The link to the next (older) listing page. */
  next?: string | undefined;
  /** Inside an item's row: the element whose datetime / data-time / text is its last activity. */
  time?: string | undefined;
};

export type CrawlAdapterConfig = {
  /** The site's base URL (scheme and host), for default entry pages and relative API paths. */
  baseUrl: string;
  /** Host names an item link must be on (the site's domains); other links are ignored. */
  domains: readonly string[];
  selectors: CrawlSelectors;
  /** A link must match this to be an item (listing family); compiled from the catalog. */
  itemPattern: RegExp | null;
  /** Imageboards: "res" (vichan, Tinyboard: /b/res/123.html) or "thread" (4chan-style: /b/thread/123). */
  threadPath: "res" | "thread";
};

/**
 * What is sent for an address that is not a plain GET: an API that takes its parameters as a JSON body (POST), or
 * one that answers only requests with headers of its own (a GET that must accept what the API says).
 */
export type CrawlRequest = { url: string; method: "GET" | "POST"; body?: string; headers: Record<string, string> };

export interface CrawlAdapter {
  readonly family: CrawlFamily;
  /**
   * How a listing or item address of this family is requested, when not by a plain GET: its query becomes the
   * body of a POST (Misskey's API), or a GET carries the headers the API wants (Kemono's Accept). Listings,
   * cursors and items stay plain URLs.
   */
  request?(url: string): CrawlRequest | null;
  /**
   * An address read beside an item (on its site, in its host's turn) whose answer itemPage is handed as companion:
   * the creator's profile of an archive's post, which names her where the post gives only her id. Answers are kept
   * for the run, so that a creator's many posts ask once.
   */
  itemCompanion?(item: Pick<CrawlItem, "url" | "fetchUrl">): string | null;
  /** The listing pages a crawl starts from when the catalog names none. */
  defaultEntryPages(config: CrawlAdapterConfig): string[];
  /** A hashtag's timeline on the server whose listing this is (families that have them). */
  tagEntryPage?(listing: string, tag: string): string | null;
  parseListing(input: ListingInput, config: CrawlAdapterConfig): ListingPage;
  /** Turns an item's fetched body into a page to analyse; null = the body is the page. */
  itemPage(input: ItemInput, config: CrawlAdapterConfig): ItemPage | null;
}

/** At most this many items are taken from one listing page (a hostile page may list millions). */
export const MAX_ITEMS_PER_LISTING = 200;
