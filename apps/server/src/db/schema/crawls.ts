import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Where a crawl of one listing (an entry page) stands. */
export type CrawlCursor = {
  /** Keys of the newest items of the last finished walk: a walk stops when it reaches one. */
  keys: string[];
  /** Newest item time of that walk (ms): a walk also stops at a listing page older than it. */
  time: number | null;
};
export type CrawlEntryState = {
  cursor: CrawlCursor | null;
  /** A walk in progress (killed, or out of budget): where it goes on, and what becomes the cursor when it ends. */
  walk: { next: string; top: CrawlCursor } | null;
};

/** One row per catalogued site that is crawled: its cursors, schedule and health. */
export const crawlSite = pgTable("crawl_site", {
  siteId: text("site_id").primaryKey(),
  /** Per entry page (by URL): cursor and walk in progress. */
  state: jsonb("state").$type<Record<string, CrawlEntryState>>().notNull().default({}),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
  /** The one runner that walks the listings at a time (others read the items it found). */
  listingHolder: text("listing_holder"),
  listingUntil: timestamp("listing_until", { withTimezone: true }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  lastError: text("last_error"),
  /** Totals since the site was first crawled. */
  itemsRead: integer("items_read").notNull().default(0),
  pagesRead: integer("pages_read").notNull().default(0),
  errors: integer("errors").notNull().default(0),
  /** Requests refused by robots.txt (respect policy), 401/403 or a challenge page. */
  blocked: integer("blocked").notNull().default(0),
  leaksFound: integer("leaks_found").notNull().default(0),
  lastRun: jsonb("last_run").$type<Record<string, unknown>>(),
});

/**
 * Items found on a site's listings, one row per version (a thread with new posts is a new
 * version): pending until a runner claims and reads it, so that every item is read once
 * however many runners there are and whichever of them is killed.
 */
export const crawlItem = pgTable(
  "crawl_item",
  {
    siteId: text("site_id").notNull(),
    key: text("key").notNull(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    url: text("url").notNull(),
    fetchUrl: text("fetch_url"),
    /** The item's page as its listing carried it (a feed's whole post): read from here, not fetched; dropped once read. */
    page: text("page"),
    title: text("title").notNull().default(""),
    itemTime: timestamp("item_time", { withTimezone: true }),
    /** pending | reading | done | failed */
    status: text("status").notNull().default("pending"),
    claimedBy: text("claimed_by"),
    claimUntil: timestamp("claim_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    discoveredAt: timestamp("discovered_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Creators for whom the page was a leak. */
    leaks: integer("leaks").notNull().default(0),
    /** Image URLs on the page (for the shared image index). */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.key] }), index("crawl_item_site_status_idx").on(t.siteId, t.status, t.seq)],
);

/** Politeness per host, shared by every worker process: when the next request may start. */
export const crawlHost = pgTable("crawl_host", {
  host: text("host").primaryKey(),
  nextAllowedAt: timestamp("next_allowed_at", { withTimezone: true }).notNull().defaultNow(),
  /** Consecutive failures (5xx, 429, timeouts): the backoff grows with them. */
  failures: integer("failures").notNull().default(0),
  lastStatus: text("last_status"),
  /**
   * The host's robots.txt as last fetched (at most 512 KB), shared by every worker: "file" with its text,
   * "no-robots" (4xx) or "unreachable" (5xx, no answer). Fetched again once it is an hour old.
   */
  robotsStatus: text("robots_status"),
  robotsTxt: text("robots_txt"),
  robotsFetchedAt: timestamp("robots_fetched_at", { withTimezone: true }),
  /** The Crawl-delay robots.txt asks of us (bounded by CRAWL_MAX_CRAWL_DELAY_MS): the least gap between two requests, for every worker. */
  crawlDelayMs: integer("crawl_delay_ms"),
});

/** Requests in flight per host: a slot is held while a request runs and expires if its worker dies. */
export const crawlHostLease = pgTable(
  "crawl_host_lease",
  {
    host: text("host").notNull(),
    slot: integer("slot").notNull(),
    holder: text("holder").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.host, t.slot] })],
);
