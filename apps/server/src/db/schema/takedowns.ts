import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { NoticeKind, NoticeStatus, ReplyKind, TakedownStatus } from "@leakwarden/contracts/takedowns";
import { user } from "./auth";
import { leak } from "./scans";

/** The creator's grant of authority to the service as her agent (one per creator; a new grant replaces it). */
export const takedownAuthorization = pgTable("takedown_authorization", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** Private: in notices only when she chooses it. */
  fullName: text("full_name").notNull(),
  signature: text("signature").notNull(),
  statement: text("statement").notNull(),
  statementVersion: text("statement_version").notNull(),
  /** stage_name | legal_name */
  ownerName: text("owner_name").notNull(),
  stageNameId: uuid("stage_name_id"),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull(),
  clientIp: text("client_ip").notNull(),
  userAgent: text("user_agent").notNull().default(""),
});

export type StoredRecipient = {
  kind: "site" | "host" | "cdn" | "registrar";
  email: string | null;
  webForm: string | null;
  foundBy: "catalog" | "site-page" | "rdap-ip" | "cdn-ranges" | "rdap-origin" | "rdap-domain" | "platform" | "file-host";
  source: string;
  note: string | null;
  name: string | null;
  /** An address found for this party but refused (not one plain mailbox), shown escaped, with why. */
  refused?: { address: string; reason: string } | null;
  /** For a host or CDN: the address the site's name resolved to, and when. */
  address?: string | null;
  resolvedAt?: string | null;
  /** For a host found behind a CDN: the name that resolved to `address` outside the CDN's ranges, and how it was chosen. */
  origin?: StoredOrigin | null;
  /**
   * A mailbox the site's own page names outside the site's registered domain that no RDAP record
   * documents: written to only once she confirms it (recipient_confirmation), never on the
   * page's word alone. Why it needs her, and when she confirmed it.
   */
  confirmation?: { reason: string; confirmedAt: string | null } | null;
};

/**
 * How a likely origin behind a CDN was found: a name of the site's domain that resolves outside
 * the CDN's ranges. origin-name: origin., direct. and the like; apex: the domain itself or its
 * www.; mx: the domain's own mail server; service: mail., webmail., cpanel., ftp.; page: a host of
 * the domain the leak page loads media or links from.
 */
export type StoredOrigin = { name: string; via: "origin-name" | "apex" | "mx" | "service" | "page"; behind: string };

/**
 * A report filed on a party's form rather than by email (Cloudflare takes DMCA reports only on
 * its form or through its API): through the API when it is configured, else the creator's step.
 */
export type StoredFormStep = {
  party: "cloudflare" | "reddit" | "file-host";
  /** For a file host: its name as she reads it ("Gofile"). */
  partyName?: string | null;
  /** api: sent through the party's API; creator: hers to submit on the form. */
  via: "api" | "creator";
  /** submitting → submitted (api); waiting → done (creator). */
  status: "submitting" | "submitted" | "waiting" | "done";
  formUrl: string;
  /** Every field of the form, ready to copy (the API's field names). */
  fields: Record<string, string>;
  /** Why it is her step (no API settings, the API refused, …). */
  reason: string | null;
  /** What the API answered. */
  answer: string | null;
  /** When it was submitted (by the API, or when she said she did). */
  submittedAt: string | null;
};

/** The legal basis a takedown's requests rest on. */
export type TakedownBasis = "dmca" | "takeitdown" | "both";

/**
 * Her attestation for a TAKE IT DOWN Act request: the exact text she confirmed, its version,
 * when, from which account and address, and whether she marked the image a forgery of her.
 */
export type StoredAttestation = {
  text: string;
  version: string;
  userId: string;
  attestedAt: string;
  clientIp: string;
  forgery: boolean;
};

/** One link being taken down: tracked from the request until it is gone. */
export const takedown = pgTable(
  "takedown",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    leakId: uuid("leak_id")
      .notNull()
      .references(() => leak.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    domain: text("domain").notNull(),
    /** draft | queued | sent | escalated | removed | no_response | failed | needs_manual_action | cancelled */
    status: text("status").$type<TakedownStatus>().notNull().default("draft"),
    recipients: jsonb("recipients").$type<StoredRecipient[]>().notNull().default([]),
    /** Index in recipients of the one the latest notice went to; null before any. */
    level: integer("level"),
    webForm: text("web_form"),
    /** A report filed on a form (Cloudflare's), through its API or by the creator. */
    formStep: jsonb("form_step").$type<StoredFormStep>(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    firstSentAt: timestamp("first_sent_at", { withTimezone: true }),
    /** When the link first counted against her month: its first notice sent, or its form report filed or handed to her. */
    countedAt: timestamp("counted_at", { withTimezone: true }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    lastCheckAt: timestamp("last_check_at", { withTimezone: true }),
    checks: integer("checks").notNull().default(0),
    /** dmca | takeitdown | both */
    basis: text("basis").$type<TakedownBasis>().notNull().default("dmca"),
    /** Her attestation for a TAKE IT DOWN Act request; none: nothing goes out on that basis. */
    attestation: jsonb("attestation").$type<StoredAttestation>(),
    /** 48 hours after the platform received the TAKE IT DOWN request. */
    removalDeadlineAt: timestamp("removal_deadline_at", { withTimezone: true }),
    /** When a re-check found the link still up past that deadline. */
    deadlineMissedAt: timestamp("deadline_missed_at", { withTimezone: true }),
    /** A counter-notice under §512(g) answered a notice for this link: no more re-sends or escalation. */
    counterNotice: jsonb("counter_notice").$type<{ at: string; from: string }>(),
  },
  (t) => [
    // The Takedowns table's order, alone or after a status filter.
    index("takedown_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A leak's takedowns (its latest, its open one, whether it had any).
    index("takedown_leak_created_idx").on(t.leakId, t.createdAt.desc().nullsFirst()),
    // One open takedown per link: a second request while one is open is refused.
    uniqueIndex("takedown_one_open_per_leak").on(t.leakId).where(sql`${t.status} in ('draft', 'queued', 'sent', 'escalated')`),
  ],
);

/** One email to one recipient, grouping that recipient's links of one request. */
export const takedownNotice = pgTable(
  "takedown_notice",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    level: integer("level").notNull(),
    recipient: jsonb("recipient").$type<StoredRecipient>().notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** queued | sending | sent | failed | cancelled */
    status: text("status").$type<NoticeStatus>().notNull().default("queued"),
    /**
     * Written as the message is handed to the mail server, before its answer: a 'sending' notice
     * that has one was handed over by an attempt that died, and is never sent again.
     */
    messageId: text("message_id"),
    /** dmca: a notice under §512(c)(3); takeitdown: a removal request under the TAKE IT DOWN Act. */
    kind: text("kind").$type<NoticeKind>().notNull().default("dmca"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Held by the daily limit of notices per recipient address (all accounts together): sent after this time. */
    heldUntil: timestamp("held_until", { withTimezone: true }),
  },
  (t) => [
    index("takedown_notice_user_idx").on(t.userId, t.status),
    // Notices sent to one address in the last day, whoever asked (the per-address daily limit).
    index("takedown_notice_recipient_sent_idx").on(sql`lower(${t.recipient}->>'email')`, t.sentAt),
  ],
);

/**
 * An address she confirmed as a recipient of her notices: one the site's own page named outside
 * its registered domain (a free-mail box, another party's domain), written to only after this.
 */
export const recipientConfirmation = pgTable(
  "recipient_confirmation",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower case. */
    address: text("address").notNull(),
    /** The page that named it, as shown to her when she confirmed. */
    source: text("source").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

export const takedownNoticeLink = pgTable(
  "takedown_notice_link",
  {
    noticeId: uuid("notice_id")
      .notNull()
      .references(() => takedownNotice.id, { onDelete: "cascade" }),
    takedownId: uuid("takedown_id")
      .notNull()
      .references(() => takedown.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.takedownId] }), index("takedown_notice_link_takedown_idx").on(t.takedownId)],
);

export const takedownEvent = pgTable(
  "takedown_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    takedownId: uuid("takedown_id")
      .notNull()
      .references(() => takedown.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    type: text("type").notNull(),
    message: text("message").notNull(),
  },
  (t) => [index("takedown_event_takedown_idx").on(t.takedownId, t.at)],
);

/** A reply to one of our notices, threaded by its In-Reply-To / References and classified. */
export const takedownReply = pgTable(
  "takedown_reply",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    noticeId: uuid("notice_id")
      .notNull()
      .references(() => takedownNotice.id, { onDelete: "cascade" }),
    /** The reply's own Message-ID: a message delivered twice is recorded once. */
    messageId: text("message_id").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text("subject").notNull(),
    /** removed | refused | more_info | auto_reply | counter_notice | disputed | other */
    kind: text("kind").$type<ReplyKind>().notNull(),
    excerpt: text("excerpt").notNull(),
    /** Its From was authenticated (DKIM or SPF, aligned) as the notice's recipient: only then may it change the takedown. */
    verified: boolean("verified").notNull().default(false),
    /** Why it is believed or not, as she reads it; with the checks' results. */
    trust: text("trust").notNull().default(""),
    authentication: text("authentication").notNull().default(""),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("takedown_reply_notice_message_idx").on(t.noticeId, t.messageId)],
);

/** Links the creator submitted to a search engine's removal form (delisting is not removal). */
export const searchDelisting = pgTable(
  "search_delisting",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    leakId: uuid("leak_id")
      .notNull()
      .references(() => leak.id, { onDelete: "cascade" }),
    engine: text("engine").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("search_delisting_leak_engine").on(t.leakId, t.engine), index("search_delisting_user_idx").on(t.userId)],
);
