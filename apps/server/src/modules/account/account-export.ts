import { findPlatform } from "@leakwarden/contracts/platforms";
import { Zip, ZipDeflate } from "fflate";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import * as repo from "./account-export.repository";

/**
 * Her data export (GDPR access and portability): one zip of JSON files (everything, as stored)
 * and CSV files (the tables a spreadsheet opens), streamed as it is read. Every row comes from a
 * query on her own id (or on ids of her own rows): never another creator's, never a secret
 * (password hash, session tokens, authenticator secret, provider tokens), never the reference
 * fingerprints.
 */

const encoder = new TextEncoder();

type Row = Record<string, unknown>;

/** The file name she gets: the service, the day, no address or id. */
export function exportFileName(at: Date): string {
  return `leakwarden-data-${at.toISOString().slice(0, 10)}.zip`;
}

/** JSON with dates as ISO strings. */
function json(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v instanceof Date ? v.toISOString() : v), 2);
}

/**
 * One CSV cell: quoted when needed, and text a spreadsheet would run as a formula (= + - @, tab,
 * carriage return at the start) prefixed with an apostrophe: page titles come from the web.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Keyset pages of rows, so that a creator with many thousands of leaks never sits in memory at once. */
async function* pages<T>(fetchPage: (after: T | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: T | null = null;
  for (;;) {
    const rows = await fetchPage(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < repo.PAGE) return;
    after = rows[rows.length - 1]!;
  }
}

interface ArchiveWriter {
  /** A whole small file. */
  file(name: string, text: string): void;
  /** A file written in pieces. */
  open(name: string): { write(text: string): void; close(): void };
}

export interface ExportDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
}

/** The archive as a stream: the zip's bytes leave as each file is compressed. */
export function exportArchive(deps: ExportDeps, userId: string): ReadableStream<Uint8Array> {
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      const writer: ArchiveWriter = {
        file(name, text) {
          const entry = new ZipDeflate(name, { level: 6 });
          zip.add(entry);
          entry.push(encoder.encode(text), true);
        },
        open(name) {
          const entry = new ZipDeflate(name, { level: 6 });
          zip.add(entry);
          return {
            write: (text) => entry.push(encoder.encode(text), false),
            close: () => entry.push(new Uint8Array(0), true),
          };
        },
      };
      writeEverything(deps, userId, writer).then(
        () => zip.end(),
        (error: unknown) => {
          deps.logger.error({ err: error, userId }, "data export failed");
          zip.terminate();
          controller.error(error);
        },
      );
    },
    cancel() {
      zip?.terminate();
    },
  });
}

/** A JSON array file and, when columns are given, a CSV file of the same rows, written page by page. */
async function writeList<T extends Row>(
  writer: ArchiveWriter,
  name: string,
  source: AsyncGenerator<T[]>,
  shape: (row: T) => Row,
  csvColumns?: string[],
): Promise<number> {
  const jsonFile = writer.open(`${name}.json`);
  const csvFile = csvColumns ? writer.open(`${name}.csv`) : null;
  csvFile?.write(csvLine(csvColumns!));
  let count = 0;
  jsonFile.write("[");
  for await (const rows of source) {
    for (const row of rows) {
      const shaped = shape(row);
      jsonFile.write(`${count === 0 ? "\n" : ",\n"}${json(shaped)}`);
      csvFile?.write(csvLine(csvColumns!.map((c) => shaped[c])));
      count++;
    }
  }
  jsonFile.write(count === 0 ? "]\n" : "\n]\n");
  jsonFile.close();
  csvFile?.close();
  return count;
}

/** A CSV file of rows already read (and written whole into a JSON file): one column per key, in order. */
function writeCsv<T extends Row>(writer: ArchiveWriter, name: string, columns: readonly (keyof T & string)[], rows: readonly T[]): void {
  const file = writer.open(`${name}.csv`);
  file.write(csvLine([...columns]));
  for (const row of rows) file.write(csvLine(columns.map((c) => row[c])));
  file.close();
}

/**
 * One list of hers read in keyset pages: a JSON file named `file`, and a CSV of `csv`'s columns
 * when given; its row count goes into the README under `count`.
 */
interface ExportList {
  count: string;
  /** Writes the list's files; answers its row count. */
  write: (db: Db, userId: string, writer: ArchiveWriter) => Promise<number>;
}

/** A list and its shape, typed together (the list of lists holds them as plain rows). */
function list<T extends Row>(spec: { file: string; count: string; rows: (db: Db, userId: string) => AsyncGenerator<T[]>; shape: (row: T) => Row; csv?: string[] }): ExportList {
  return { count: spec.count, write: (db, userId, writer) => writeList(writer, spec.file, spec.rows(db, userId), spec.shape, spec.csv) };
}

/** A row as stored, less the user id column (it is hers). */
const withoutUserId = ({ userId: _u, ...rest }: Row) => rest;

/** Scans and leaks (with their evidence). */
const findingLists: ExportList[] = [
  list({
    file: "scans",
    count: "scans",
    rows: (db, userId) =>
      pages<repo.ScanRow>((after) => repo.scanPage(db, userId, after)),
    shape: withoutUserId,
  }),
  list({
    file: "leaks",
    count: "leaks",
    rows: (db, userId) =>
      pages<repo.LeakRow>((after) => repo.leakPage(db, userId, after)),
    shape: withoutUserId,
    csv: ["number", "url", "domain", "title", "category", "confidence", "status", "firstSeenAt", "lastSeenAt", "confirmedAt", "dismissedAt", "removedAt", "forgeryMarkedAt", "evidence"],
  }),
];

/** Takedowns: each link's takedown and its history, the notices sent and the replies to them. */
const takedownLists: ExportList[] = [
  list({
    file: "takedowns",
    count: "takedowns",
    rows: (db, userId) =>
      pages<repo.TakedownRow>((after) => repo.takedownPage(db, userId, after)),
    shape: withoutUserId,
    csv: ["id", "url", "domain", "status", "basis", "createdAt", "firstSentAt", "lastSentAt", "removedAt", "reason"],
  }),
  list({
    file: "takedown-events",
    count: "takedownEvents",
    rows: (db, userId) =>
      pages<Row & { id: number }>((after) => repo.takedownEventPage(db, userId, after)),
    shape: (row) => row,
    csv: ["takedownId", "at", "type", "message"],
  }),
  list({
    file: "takedown-notices",
    count: "notices",
    rows: (db, userId) =>
      pages<repo.NoticeRow & { takedownIds?: string[] }>((after) => repo.noticePage(db, userId, after)),
    shape: ({ userId: _u, html: _h, ...rest }) => ({ ...rest, recipient: rest.recipient.email ?? rest.recipient.webForm, recipientDetails: rest.recipient }),
    csv: ["id", "kind", "status", "recipient", "subject", "createdAt", "sentAt"],
  }),
  list({
    file: "takedown-replies",
    count: "replies",
    rows: (db, userId) =>
      pages<repo.ReplyRow>((after) => repo.replyPage(db, userId, after)),
    shape: (row) => row,
    csv: ["noticeId", "receivedAt", "fromAddress", "subject", "kind", "excerpt", "verified", "trust"],
  }),
];

/** Each list in turn, its count recorded. */
async function writeLists(db: Db, userId: string, writer: ArchiveWriter, lists: readonly ExportList[], counts: Record<string, number>): Promise<void> {
  for (const l of lists) counts[l.count] = await l.write(db, userId, writer);
}

async function writeEverything({ db, now }: ExportDeps, userId: string, writer: ArchiveWriter): Promise<void> {
  const counts: Record<string, number> = {};

  // Account: the user record, how she signs in (never a password hash or a provider token), her sessions (never their tokens).
  const { me, signInMethods, sessions, deletion } = await repo.readAccount(db, userId);
  writer.file(
    "account.json",
    json({
      account: me ?? null,
      signInMethods: signInMethods.map((m) => ({ ...m, provider: m.provider === "credential" ? "email and password" : m.provider })),
      sessions,
      deletionRequest: deletion ?? null,
    }),
  );

  // Identities: stage names, nicknames, the allow list, what she asked us to look for, the ownership code.
  const { profile, names, nicks, domains } = await repo.readIdentities(db, userId);
  const stageNames = names.map((n) => ({
    id: n.id,
    platform: findPlatform(n.platformId)?.name ?? `platform ${n.platformId}`,
    username: n.username,
    verified: n.verifiedAt !== null,
    verifiedAt: n.verifiedAt,
    lastCheckAt: n.lastCheckAt,
    lastCheckStatus: n.lastCheckStatus,
    lastCheckReason: n.lastCheckReason,
    createdAt: n.createdAt,
  }));
  // Each nickname with whether (and when) she stated it is hers: a notice may rest on it only then.
  const nicknames = nicks.map((n) => ({ id: n.id, value: n.value, attested: n.attestedAt !== null, attestedAt: n.attestedAt, createdAt: n.createdAt }));
  writer.file("identities.json", json({ profile: profile ?? null, stageNames, nicknames, allowedDomains: domains }));
  writeCsv(writer, "stage-names", ["platform", "username", "verified", "verifiedAt", "createdAt"], stageNames);
  writeCsv(writer, "nicknames", ["value", "attested", "attestedAt", "createdAt"], nicknames);
  counts.stageNames = stageNames.length;
  counts.nicknames = nicks.length;

  // Reference images: what she labelled and when; the fingerprints themselves stay out (they are only useful to the matcher).
  const references = await repo.readReferenceImages(db, userId);
  const referenceRows = references.map((r) => ({ id: r.id, label: r.label, quality: r.quality, blurredThumbnailKept: r.thumbnail !== null, createdAt: r.createdAt }));
  writer.file("reference-images.json", json(referenceRows));
  writeCsv(writer, "reference-images", ["id", "label", "quality", "blurredThumbnailKept", "createdAt"], referenceRows);
  counts.referenceImages = referenceRows.length;

  // Scans and leaks (with their evidence).
  await writeLists(db, userId, writer, findingLists, counts);

  // Takedowns: her authorization, each link's takedown and its history, the notices sent and the replies to them.
  const authorization = await repo.readAuthorization(db, userId);
  if (authorization) {
    const { userId: _u, ...rest } = authorization;
    writer.file("takedown-authorization.json", json(rest));
  }
  await writeLists(db, userId, writer, takedownLists, counts);
  // The addresses she confirmed for her notices (ones a page named outside its own domain).
  const recipients = await repo.readRecipientConfirmations(db, userId);
  writer.file("takedown-recipients.json", json(recipients));
  writeCsv(writer, "takedown-recipients", ["address", "source", "confirmedAt"], recipients);
  counts.confirmedRecipients = recipients.length;
  const delistings = await repo.readDelistings(db, userId);
  writer.file("search-delistings.json", json(delistings));

  // Impersonators found for her (our copy of their avatar stays out: it is theirs, not hers).
  const { impersonators, impCheck } = await repo.readImpersonation(db, userId);
  writer.file(
    "impersonators.json",
    json({
      lastCheck: impCheck ? (({ userId: _u, ...rest }) => rest)(impCheck) : null,
      accounts: impersonators.map(({ userId: _u, avatarJpeg: _a, handleKey: _k, ...rest }) => ({ ...rest, platform: findPlatform(rest.platformId)?.name ?? `platform ${rest.platformId}` })),
    }),
  );

  // Alerts: her settings (the defaults when she never changed them) and what was sent.
  const { rule, schedule } = await repo.readAlertSettings(db, userId);
  writer.file(
    "alerts.json",
    json({
      settings: {
        newLeakEmails: rule?.newLeak ?? true,
        digest: rule?.digest ?? "weekly",
        takedownSucceededEmails: rule?.takedownSucceeded ?? true,
        changedAt: rule?.updatedAt ?? null,
      },
      sent: {
        lastNewLeaksEmailAt: rule?.lastNewLeakAlertAt ?? null,
        newLeaksEmailedThroughLeakNumber: rule?.newLeakAlertedThrough ?? 0,
        lastDigestAt: rule?.lastDigestAt ?? null,
        nextDigestAt: rule?.nextDigestAt ?? null,
      },
      automaticRescans: schedule ? { everyHours: schedule.everyHours, nextRunAt: schedule.nextRunAt, lastRunAt: schedule.lastRunAt } : null,
    }),
  );

  // Billing: the plan as the payment provider last described it, payments, and the provider's notifications about her.
  const { subscriptions, payments, events } = await repo.readBilling(db, userId);
  writer.file(
    "billing.json",
    json({
      subscriptions: subscriptions.map(({ userId: _u, ...rest }) => rest),
      payments: payments.map(({ userId: _u, ...rest }) => rest),
      providerNotifications: events,
    }),
  );
  writeCsv(writer, "billing-payments", ["kind", "providerId", "status", "totalCents", "currency", "providerCreatedAt"], payments);

  writer.file(
    "README.txt",
    [
      "Your Leakwarden data",
      "",
      `Exported ${now().toISOString()} for ${me?.email ?? "your account"}.`,
      "",
      "Every file holds only your own records. The .json files hold everything as we store it; the .csv files open in a spreadsheet.",
      "Not included, because they are secrets or not yours: your password (we keep only a hash), session and provider tokens,",
      "your authenticator secret and backup codes, the fingerprints of your reference images, and impersonators' avatars.",
      "",
      "account.json            your account, how you sign in, where you are signed in, any deletion request",
      "identities.json         stage names, nicknames (and when you stated each is yours), allowed domains, what you asked us to look for (stage-names.csv, nicknames.csv)",
      "reference-images.json   your reference images' labels and dates (reference-images.csv)",
      "scans.json              every scan",
      "leaks.json / .csv       every leak found, with its evidence",
      "takedown-*.json / .csv  takedowns, their history, the notices sent in your name and the replies",
      "takedown-recipients.json  the addresses you confirmed for your notices, the page that named each, when (.csv)",
      "impersonators.json      accounts found passing themselves off as you",
      "alerts.json             your alert settings and the alerts sent",
      "billing.json            your plan, payments (billing-payments.csv)",
      "",
      `Counts: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}.`,
      "",
    ].join("\r\n"),
  );
}
