import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { LeakCategory, LeakConfidence, LeakStatus, ScanStatus } from "@leakwarden/contracts/scans";
import { user } from "./auth";

export const scan = pgTable(
  "scan",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** queued | running | completed | failed | cancelled */
    status: text("status").$type<ScanStatus>().notNull().default("queued"),
    /** manual | onboarding | monitoring */
    trigger: text("trigger").notNull(),
    phase: text("phase").notNull().default("queued"),
    queriesPlanned: integer("queries_planned").notNull().default(0),
    queriesDone: integer("queries_done").notNull().default(0),
    pagesPlanned: integer("pages_planned").notNull().default(0),
    pagesDone: integer("pages_done").notNull().default(0),
    sitesAnalyzed: integer("sites_analyzed").notNull().default(0),
    linksChecked: integer("links_checked").notNull().default(0),
    leaksFound: integer("leaks_found").notNull().default(0),
    newLeaks: integer("new_leaks").notNull().default(0),
    imagesMatched: integer("images_matched").notNull().default(0),
    durationMs: integer("duration_ms"),
    outcome: text("outcome"),
    error: text("error"),
    sourceErrors: jsonb("source_errors").$type<{ source: string; code: string; message: string }[]>().notNull().default([]),
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("scan_user_created_idx").on(t.userId, t.createdAt),
    // One running scan per creator.
    uniqueIndex("scan_one_active_per_user").on(t.userId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** A re-upload's link to the earlier leak whose takedown succeeded, and how it was recognised. */
export type StoredReupload = {
  leakId: string;
  number: number;
  url: string;
  domain: string;
  takedownId: string;
  removedAt: string;
  /** When the first notice for the earlier link went out. */
  noticeSentAt: string | null;
  /** The same site as the earlier link (a repeat infringement there). */
  sameSite: boolean;
  /** image: one of its images is a copy of one on the earlier page; path: the same path on another host; title: the same title at another path. */
  signals: Array<"image" | "path" | "title">;
  /** When it was recognised as a re-upload (the re-upload alert's cursor). */
  markedAt: string;
};

export const leak = pgTable(
  "leak",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The short number the Leaks table shows as ID: #1, #2, … for each creator. The database
     * assigns it on insert (trigger leak_number_assign, counter in leak_number_counter), whatever
     * code inserts the row; a value given by the insert is ignored.
     */
    number: bigint("number", { mode: "number" }).notNull().default(0),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    canonicalUrl: text("canonical_url").notNull(),
    url: text("url").notNull(),
    domain: text("domain").notNull(),
    title: text("title").notNull().default(""),
    /** leak_site | social_media | search_result | impersonator */
    category: text("category").$type<LeakCategory>().notNull(),
    /** high | medium */
    confidence: text("confidence").$type<LeakConfidence>().notNull(),
    /** new | confirmed | takedown_sent | removed | dismissed */
    status: text("status").$type<LeakStatus>().notNull().default("new"),
    evidence: jsonb("evidence").$type<Record<string, unknown>>().notNull(),
    firstScanId: uuid("first_scan_id").references(() => scan.id, { onDelete: "set null" }),
    lastScanId: uuid("last_scan_id").references(() => scan.id, { onDelete: "set null" }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /**
     * The earlier leak of hers, taken down, whose content this link posts again (a re-upload):
     * set once, when the link is first seen; later sightings never change it.
     */
    reupload: jsonb("reupload").$type<StoredReupload>(),
    /** She marked it a forgery or AI image of her: copyright does not reach it, only a TAKE IT DOWN request is sent for it. */
    forgeryMarkedAt: timestamp("forgery_marked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("leak_user_url").on(t.userId, t.canonicalUrl),
    // The Leaks table's order, alone or after a filter; id last so that a page's ids come from the index alone.
    index("leak_user_order_idx").on(t.userId, t.lastSeenAt.desc().nullsFirst(), t.number.desc().nullsFirst(), t.id),
    index("leak_user_status_order_idx").on(t.userId, t.status, t.lastSeenAt.desc().nullsFirst(), t.number.desc().nullsFirst(), t.id),
    index("leak_user_category_order_idx").on(t.userId, t.category, t.lastSeenAt.desc().nullsFirst(), t.number.desc().nullsFirst(), t.id),
    uniqueIndex("leak_user_number_idx").on(t.userId, t.number),
    // The search: trigrams of the searched text columns (pg_trgm), and of the UTC day the table shows.
    index("leak_search_trgm_idx").using("gin", sql`(${leakSearchText(t)}) gin_trgm_ops`),
    index("leak_seen_day_trgm_idx").using("gin", sql`${leakSeenDay(t.lastSeenAt)} gin_trgm_ops`),
  ],
);

/**
 * The text columns the Leaks search looks in, as one string. Its trigram index finds the
 * candidates; the search then checks each column on its own (a match never spans two columns).
 */
export function leakSearchText(t: { url: AnyPgColumn; title: AnyPgColumn; domain: AnyPgColumn; category: AnyPgColumn; status: AnyPgColumn }) {
  return sql`${t.url} || ' ' || ${t.title} || ' ' || ${t.domain} || ' ' || ${t.category} || ' ' || ${t.status}`;
}

/** The UTC day (YYYY-MM-DD) of a time: SQL function leak_seen_day, made by the migration so that it can be indexed. */
export function leakSeenDay(at: AnyPgColumn) {
  return sql`leak_seen_day(${at})`;
}

/** The last leak number given to each creator (see leak.number); never decreases, so a number is never reused. */
export const leakNumberCounter = pgTable("leak_number_counter", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  last: bigint("last", { mode: "number" }).notNull(),
});

/**
 * How many leaks each creator has per status and category, kept by a trigger on leak (see the
 * migration): the Leaks table's total without counting thousands of rows on every page.
 */
export const leakCount = pgTable(
  "leak_count",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    category: text("category").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status, t.category] })],
);

/**
 * reference_image.hashes: the eight dihedral PDQ hashes of the photo, by name
 * (original, rotate90 … flipMinus1), and, from clients that send them, those
 * of crops of it, so that cropped copies match too: one hash a crop, and
 * from newer clients its three turns (rotate90/180/270, for the image index;
 * rows stored before that keep each crop's eight).
 */
type DihedralHashes = Record<"original" | "rotate90" | "rotate180" | "rotate270" | "flipX" | "flipY" | "flipPlus1" | "flipMinus1", string>;
export type StoredReferenceCrop = { transform: string; quality: number } & (
  | { hash: string; turns?: Record<"rotate90" | "rotate180" | "rotate270", string> }
  | { hashes: DihedralHashes }
);
export type StoredReferenceHashes = DihedralHashes & { crops?: StoredReferenceCrop[] };

/** PDQ hashes of a creator's reference images, computed on her device; never the images. */
export const referenceImage = pgTable(
  "reference_image",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    label: text("label").notNull().default(""),
    hashes: jsonb("hashes").$type<StoredReferenceHashes>().notNull(),
    quality: integer("quality").notNull(),
    /** A tiny blurred thumbnail, only when the creator allows it (data: URL). */
    thumbnail: text("thumbnail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reference_image_user_idx").on(t.userId)],
);
