import { bigint, bigserial, bit, boolean, customType, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { referenceImage } from "./scans";

/**
 * The shared image index (docs/decisions/011-image-index.md): every image seen on a scanned or
 * crawled page, once, with where it was seen; hashes and URLs only, never image bytes. One index
 * for the whole service; what a creator sees of it is only the leaks her own references matched.
 */

/**
 * A 256-bit PDQ hash as a bit string, and its 11 words for multi-index hashing (MIH_WORDS in
 * modules/image-index/multi-index-hash.repository.ts: eight of 23 bits, three of 24, as unsigned integers).
 */
function hashWords() {
  return {
    hash: bit("hash", { dimensions: 256 }).notNull(),
    w0: integer("w0").notNull(),
    w1: integer("w1").notNull(),
    w2: integer("w2").notNull(),
    w3: integer("w3").notNull(),
    w4: integer("w4").notNull(),
    w5: integer("w5").notNull(),
    w6: integer("w6").notNull(),
    w7: integer("w7").notNull(),
    w8: integer("w8").notNull(),
    w9: integer("w9").notNull(),
    w10: integer("w10").notNull(),
  };
}

const WORD_KEYS = ["w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8", "w9", "w10"] as const;
/** What an index is built on: a table's column as drizzle hands it to the table's extra config. */
type IndexColumn = Parameters<ReturnType<typeof index>["on"]>[0];
type WordColumns = Record<(typeof WORD_KEYS)[number] | "hash", IndexColumn>;

/**
 * One btree per word, keyed by the word and carrying the owner and the whole hash: a lookup of
 * a word and its neighbours within the word's radius is an index-only scan that checks the
 * distance in the index, with no table read.
 */
function wordIndexes(table: string, t: WordColumns, owner: IndexColumn) {
  return WORD_KEYS.map((key) => index(`${table}_${key}_idx`).on(t[key], owner, t.hash));
}

/** Raw bytes (PostgreSQL bytea): node-postgres reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

export const indexedImage = pgTable(
  "indexed_image",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Canonical URL of the image: one row (one fetch, one hash) per image URL. */
    imageUrl: text("image_url").notNull(),
    /** The image's PDQ hash as it stands and that of its mirror (hashed from the mirrored pixels), hex. */
    hash: text("hash").notNull(),
    mirrorHash: text("mirror_hash").notNull(),
    /**
     * Its other six orientation hashes (rotate90, rotate180, rotate270, flipX, flipPlusOne,
     * flipMinusOne), 32 bytes each: not searchable, read when the image is seen again on a new page
     * so that it meets every creator's references in all eight orientations (a turned crop of hers
     * included) without being fetched again. Null for images indexed before they were kept.
     */
    turnedHashes: bytea("turned_hashes"),
    quality: smallint("quality").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("indexed_image_url").on(t.imageUrl)],
);

/** Where an image was seen: the page (canonical URL) and its host. */
export const imageSighting = pgTable(
  "image_sighting",
  {
    imageId: bigint("image_id", { mode: "number" })
      .notNull()
      .references(() => indexedImage.id, { onDelete: "cascade" }),
    pageUrl: text("page_url").notNull(),
    host: text("host").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // By page: the images of a page (a re-upload's images against those of a removed leak).
  (t) => [primaryKey({ columns: [t.imageId, t.pageUrl] }), index("image_sighting_page_idx").on(t.pageUrl)],
);

/** The searchable hashes of indexed images: the image as it stands and its mirror. */
export const imageHash = pgTable(
  "image_hash",
  {
    imageId: bigint("image_id", { mode: "number" })
      .notNull()
      .references(() => indexedImage.id, { onDelete: "cascade" }),
    mirrored: boolean("mirrored").notNull(),
    ...hashWords(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.mirrored] }), ...wordIndexes("image_hash", t, t.imageId)],
);

/**
 * Creators' reference hashes (each photo's eight orientations and each crop's hash), indexed the
 * same way, so that a newly indexed image finds the references near it without reading them all.
 * Read only by the matcher; never shown to anyone.
 */
export const referenceHash = pgTable(
  "reference_hash",
  {
    referenceImageId: uuid("reference_image_id")
      .notNull()
      .references(() => referenceImage.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...hashWords(),
  },
  (t) => [index("reference_hash_image_idx").on(t.referenceImageId), ...wordIndexes("reference_hash", t, t.referenceImageId)],
);
