import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { recipientConfirmation, searchDelisting, takedown, takedownAuthorization, takedownEvent, takedownNotice, takedownNoticeLink, takedownReply } from "../../db/schema/takedowns";
import type { NoticeStatus, TakedownStatus } from "@leakwarden/contracts/takedowns";
import { OPEN, type TimelineEventType } from "./takedown-lifecycle";

export type AuthorizationRow = typeof takedownAuthorization.$inferSelect;
export type TakedownRow = typeof takedown.$inferSelect;
export type NoticeRow = typeof takedownNotice.$inferSelect;
export type EventRow = typeof takedownEvent.$inferSelect;

export const OPEN_STATUSES = OPEN;

export async function findAuthorization(db: DbOrTx, userId: string): Promise<AuthorizationRow | undefined> {
  const rows = await db.select().from(takedownAuthorization).where(eq(takedownAuthorization.userId, userId)).limit(1);
  return rows[0];
}

export async function upsertAuthorization(db: DbOrTx, values: AuthorizationRow): Promise<void> {
  const { userId: _userId, ...rest } = values;
  await db.insert(takedownAuthorization).values(values).onConflictDoUpdate({ target: takedownAuthorization.userId, set: rest });
}

/** Serialises one creator's takedown requests (the monthly count is read, then written). */
export async function lockUser(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`takedowns:${userId}`}))`);
}

export function findOpenTakedownsForLeaks(db: DbOrTx, leakIds: string[]) {
  if (leakIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: takedown.id, leakId: takedown.leakId })
    .from(takedown)
    .where(and(inArray(takedown.leakId, leakIds), inArray(takedown.status, [...OPEN_STATUSES])));
}

/** Leaks that ever counted against a month (a notice sent, a form report filed or handed to her): asking again is free. */
export async function leaksEverTakenDown(db: DbOrTx, leakIds: string[]): Promise<Set<string>> {
  if (leakIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ leakId: takedown.leakId })
    .from(takedown)
    .where(and(inArray(takedown.leakId, leakIds), isNotNull(takedown.countedAt)));
  return new Set(rows.map((r) => r.leakId));
}

/**
 * Links counted against this month: those that first counted this month (first notice sent, or
 * its form report filed or handed to her), and those on their way (draft or queued, not counted
 * yet) that never counted before. A request that stalls (no contact, failed before sending,
 * cancelled) counts nothing.
 */
export async function countLinksFirstTakenDownSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const rows = await rawRows(db, z.object({ n: z.number() }), sql`
    select count(distinct t.leak_id)::int as n from ${takedown} t
    where t.user_id = ${userId}
      -- Sent (or handed to her) this month; or on its way, as a reservation in the month it was asked for.
      and (t.counted_at >= ${since.toISOString()}::timestamptz
        or (t.counted_at is null and t.status in ('draft', 'queued') and t.created_at >= ${since.toISOString()}::timestamptz))
      and not exists (
        select 1 from ${takedown} e
        where e.leak_id = t.leak_id and e.counted_at < ${since.toISOString()}::timestamptz
      )`);
  return rows[0]?.n ?? 0;
}

/** The links count against the month from now (once: a link already counted keeps its time). */
export async function markCounted(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(takedown).set({ countedAt: at }).where(and(inArray(takedown.id, ids), isNull(takedown.countedAt)));
}

export async function insertTakedowns(db: DbOrTx, values: (typeof takedown.$inferInsert)[]): Promise<TakedownRow[]> {
  if (values.length === 0) return [];
  return db.insert(takedown).values(values).returning();
}

export async function findTakedown(db: DbOrTx, id: string): Promise<TakedownRow | undefined> {
  const rows = await db.select().from(takedown).where(eq(takedown.id, id)).limit(1);
  return rows[0];
}

export async function findUserTakedown(db: DbOrTx, userId: string, id: string): Promise<TakedownRow | undefined> {
  const rows = await db.select().from(takedown).where(and(eq(takedown.id, id), eq(takedown.userId, userId))).limit(1);
  return rows[0];
}

/** Takedowns still in a given status, locked for the transaction (a job that runs twice does the work once). */
export function lockTakedownsInStatus(tx: DbOrTx, ids: string[], status: TakedownStatus) {
  if (ids.length === 0) return Promise.resolve([] as TakedownRow[]);
  return tx
    .select()
    .from(takedown)
    .where(and(inArray(takedown.id, ids), eq(takedown.status, status)))
    .for("update");
}

export async function listTakedowns(db: DbOrTx, userId: string, filter: { status?: TakedownStatus | undefined; limit: number; offset: number }) {
  const where = and(eq(takedown.userId, userId), ...(filter.status ? [eq(takedown.status, filter.status)] : []));
  const [items, totals] = await Promise.all([
    db.select().from(takedown).where(where).orderBy(desc(takedown.createdAt), desc(takedown.id)).limit(filter.limit).offset(filter.offset),
    db.select({ n: count() }).from(takedown).where(where),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}

/** Each of these leaks' latest takedown (cancelled ones left out), the creator's only. */
export function latestTakedownsForLeaks(db: DbOrTx, userId: string, leakIds: string[]) {
  if (leakIds.length === 0) return Promise.resolve([] as TakedownRow[]);
  return db
    .selectDistinctOn([takedown.leakId])
    .from(takedown)
    .where(and(eq(takedown.userId, userId), inArray(takedown.leakId, leakIds), ne(takedown.status, "cancelled")))
    .orderBy(takedown.leakId, desc(takedown.createdAt), desc(takedown.id));
}

/** Writes a takedown's fields other than its status (a status moves only through takedown-moves.ts). */
export async function updateTakedowns(db: DbOrTx, ids: string[], values: Partial<Omit<TakedownRow, "id" | "userId" | "leakId" | "status">>): Promise<void> {
  if (ids.length === 0) return;
  await db.update(takedown).set(values).where(inArray(takedown.id, ids));
}

/** The status write behind moveTakedowns (takedown-moves.ts), which checks the move first: call that. */
export async function writeTakedownStatus(db: DbOrTx, ids: string[], status: TakedownStatus, values: Parameters<typeof updateTakedowns>[2]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(takedown).set({ ...values, status }).where(inArray(takedown.id, ids));
}

export async function insertEvents(db: DbOrTx, events: readonly { takedownId: string; at: Date; type: TimelineEventType; message: string }[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(takedownEvent).values([...events]);
}

export function listEvents(db: DbOrTx, takedownId: string) {
  return db.select().from(takedownEvent).where(eq(takedownEvent.takedownId, takedownId)).orderBy(asc(takedownEvent.at), asc(takedownEvent.id));
}

export async function insertNotice(db: DbOrTx, values: typeof takedownNotice.$inferInsert, takedownIds: string[]): Promise<NoticeRow> {
  const rows = await db.insert(takedownNotice).values(values).returning();
  const notice = rows[0]!;
  if (takedownIds.length > 0) await db.insert(takedownNoticeLink).values(takedownIds.map((takedownId) => ({ noticeId: notice.id, takedownId })));
  return notice;
}

export async function findNotice(db: DbOrTx, id: string): Promise<NoticeRow | undefined> {
  const rows = await db.select().from(takedownNotice).where(eq(takedownNotice.id, id)).limit(1);
  return rows[0];
}

/** Writes a notice's fields other than its status (a status moves only through moveNotice, takedown-moves.ts). */
export async function updateNotice(db: DbOrTx, id: string, values: Partial<Omit<NoticeRow, "id" | "userId" | "status">>): Promise<void> {
  await db.update(takedownNotice).set(values).where(eq(takedownNotice.id, id));
}

/** The status write behind moveNotice (takedown-moves.ts), which checks the move first: call that. */
export async function writeNoticeStatus(db: DbOrTx, id: string, status: NoticeStatus, values: Parameters<typeof updateNotice>[2]): Promise<void> {
  await db.update(takedownNotice).set({ ...values, status }).where(eq(takedownNotice.id, id));
}

/**
 * Marks a queued notice as being sent; a retry of our own claim ('sending') may go on. The
 * lifecycle's queued → sending and sending → sending, as one guarded update (two senders never both claim it).
 */
export async function claimNotice(db: DbOrTx, id: string): Promise<NoticeRow | undefined> {
  const rows = await db
    .update(takedownNotice)
    .set({ status: "sending" })
    .where(and(eq(takedownNotice.id, id), inArray(takedownNotice.status, ["queued", "sending"])))
    .returning();
  return rows[0];
}

/**
 * This creator's escalation notice to this address that the sender has not taken yet (every link
 * in it escalated), with its links: a link escalating to the same party joins it.
 */
export async function findQueuedEscalationTo(db: DbOrTx, userId: string, email: string) {
  const notices = await db
    .select()
    .from(takedownNotice)
    .where(and(eq(takedownNotice.userId, userId), eq(takedownNotice.status, "queued"), sql`lower(${takedownNotice.recipient}->>'email') = ${email.toLowerCase()}`))
    .orderBy(desc(takedownNotice.createdAt));
  for (const notice of notices) {
    const takedowns = (await listNoticeTakedowns(db, notice.id)).filter((t) => t.status !== "cancelled");
    if (takedowns.length > 0 && takedowns.every((t) => t.status === "escalated")) return { notice, takedowns };
  }
  return undefined;
}

/** The notice, locked, while it is still queued (the sender's claim waits for the transaction). */
export async function lockQueuedNotice(tx: DbOrTx, id: string): Promise<NoticeRow | undefined> {
  const rows = await tx
    .select()
    .from(takedownNotice)
    .where(and(eq(takedownNotice.id, id), eq(takedownNotice.status, "queued")))
    .for("update");
  return rows[0];
}

/**
 * Takedowns as they stand now, locked until the transaction ends (in id order, so two senders
 * cannot deadlock): a TAKE IT DOWN request and a DMCA notice for one link may be sent at once.
 */
export async function lockTakedowns(tx: DbOrTx, ids: readonly string[]): Promise<TakedownRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(takedown)
    .where(inArray(takedown.id, [...ids]))
    .orderBy(asc(takedown.id))
    .for("update");
}

export async function linkNotice(tx: DbOrTx, noticeId: string, takedownIds: string[]): Promise<void> {
  if (takedownIds.length === 0) return;
  await tx.insert(takedownNoticeLink).values(takedownIds.map((takedownId) => ({ noticeId, takedownId }))).onConflictDoNothing();
}

export function listNoticeTakedowns(db: DbOrTx, noticeId: string) {
  return db
    .select({ takedown })
    .from(takedownNoticeLink)
    .innerJoin(takedown, eq(takedown.id, takedownNoticeLink.takedownId))
    .where(eq(takedownNoticeLink.noticeId, noticeId))
    .then((rows) => rows.map((r) => r.takedown));
}

/** A takedown's notices, oldest first, each with the URLs it carried. */
export async function listTakedownNotices(db: DbOrTx, takedownId: string) {
  const notices = await db
    .select({ notice: takedownNotice })
    .from(takedownNoticeLink)
    .innerJoin(takedownNotice, eq(takedownNotice.id, takedownNoticeLink.noticeId))
    .where(eq(takedownNoticeLink.takedownId, takedownId))
    .orderBy(asc(takedownNotice.createdAt));
  const ids = notices.map((n) => n.notice.id);
  const urls = ids.length
    ? await db
        .select({ noticeId: takedownNoticeLink.noticeId, url: takedown.url })
        .from(takedownNoticeLink)
        .innerJoin(takedown, eq(takedown.id, takedownNoticeLink.takedownId))
        .where(and(inArray(takedownNoticeLink.noticeId, ids), ne(takedown.status, "cancelled")))
    : [];
  return notices.map(({ notice }) => ({ notice, urls: urls.filter((u) => u.noticeId === notice.id).map((u) => u.url) }));
}

/** Notices of a takedown that went out, oldest first (for the escalation's history line). */
export function listSentNoticesOf(db: DbOrTx, takedownId: string) {
  return db
    .select({ notice: takedownNotice })
    .from(takedownNoticeLink)
    .innerJoin(takedownNotice, eq(takedownNotice.id, takedownNoticeLink.noticeId))
    .where(and(eq(takedownNoticeLink.takedownId, takedownId), eq(takedownNotice.status, "sent")))
    .orderBy(asc(takedownNotice.sentAt))
    .then((rows) => rows.map((r) => r.notice));
}

/**
 * Measured figures, for one creator or (userId undefined) the whole service. Links are leaks: a
 * link asked again after 'no response' is still one link. The removal rate's base is the links
 * whose first notice went out before the cutoff; its numerator, those of them now removed.
 */
/** A figure as the database answers it: a count (int) or a median (double precision, or text from a driver that keeps its precision). */
const figure = z.union([z.number(), z.string()]).nullable().transform((v) => (v === null ? null : Number(v)));
const statsRow = z.object({
  notices_sent: figure,
  links_taken_down: figure,
  links_removed: figure,
  links_delisted: figure,
  median_seconds: figure,
  rate_base: figure,
  rate_removed: figure,
});

export async function stats(db: DbOrTx, userId: string | undefined, now: Date, rateAfterMs: number) {
  const byUser = (column: unknown) => (userId ? sql`${column} = ${userId}` : sql`true`);
  const cutoff = new Date(now.getTime() - rateAfterMs).toISOString();
  const [row] = await rawRows(db, statsRow, sql`
    select
      (select count(*)::int from ${takedownNotice} n where ${byUser(sql`n.user_id`)} and n.status = 'sent') as notices_sent,
      (select count(distinct t.leak_id)::int from ${takedown} t where ${byUser(sql`t.user_id`)} and t.first_sent_at is not null) as links_taken_down,
      (select count(distinct t.leak_id)::int from ${takedown} t where ${byUser(sql`t.user_id`)} and t.status = 'removed') as links_removed,
      (select count(distinct d.leak_id)::int from ${searchDelisting} d where ${byUser(sql`d.user_id`)}) as links_delisted,
      (select percentile_cont(0.5) within group (order by extract(epoch from (t.removed_at - t.first_sent_at)))
         from ${takedown} t where ${byUser(sql`t.user_id`)} and t.status = 'removed' and t.first_sent_at is not null) as median_seconds,
      (select count(distinct t.leak_id)::int from ${takedown} t where ${byUser(sql`t.user_id`)} and t.first_sent_at < ${cutoff}::timestamptz) as rate_base,
      (select count(distinct t.leak_id)::int from ${takedown} t where ${byUser(sql`t.user_id`)} and t.first_sent_at < ${cutoff}::timestamptz
         and exists (select 1 from ${takedown} r where r.leak_id = t.leak_id and r.status = 'removed')) as rate_removed
  `);
  return {
    noticesSent: row?.notices_sent ?? 0,
    linksTakenDown: row?.links_taken_down ?? 0,
    linksRemoved: row?.links_removed ?? 0,
    linksDelisted: row?.links_delisted ?? 0,
    medianSeconds: row?.median_seconds ?? null,
    rateBase: row?.rate_base ?? 0,
    rateRemoved: row?.rate_removed ?? 0,
  };
}

/** Links with a notice out that are not known to be removed: the search-delisting candidates. */
export function listLinksStillUp(db: DbOrTx, userId: string) {
  return db
    .selectDistinctOn([takedown.leakId], { leakId: takedown.leakId, url: takedown.url })
    .from(takedown)
    .where(
      and(
        eq(takedown.userId, userId),
        sql`${takedown.firstSentAt} is not null`,
        inArray(takedown.status, ["sent", "escalated", "no_response", "needs_manual_action", "failed"]),
        sql`not exists (select 1 from ${takedown} r where r.leak_id = ${takedown.leakId} and r.status = 'removed' and r.removed_at > ${takedown.createdAt})`,
      ),
    )
    .orderBy(takedown.leakId, desc(takedown.createdAt));
}

export function listDelistings(db: DbOrTx, userId: string) {
  return db.select().from(searchDelisting).where(eq(searchDelisting.userId, userId));
}

export async function insertDelistings(db: DbOrTx, rows: { userId: string; leakId: string; engine: string; submittedAt: Date }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(searchDelisting).values(rows).onConflictDoNothing();
}


/** Records a reply once (by notice and the reply's Message-ID); undefined when it was recorded before. */
export async function insertReply(db: DbOrTx, values: typeof takedownReply.$inferInsert) {
  const rows = await db.insert(takedownReply).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** The replies to a takedown's notices, oldest first. */
export function listRepliesOfTakedown(db: DbOrTx, takedownId: string) {
  return db
    .select({ reply: takedownReply })
    .from(takedownReply)
    .innerJoin(takedownNoticeLink, eq(takedownNoticeLink.noticeId, takedownReply.noticeId))
    .where(eq(takedownNoticeLink.takedownId, takedownId))
    .orderBy(asc(takedownReply.receivedAt))
    .then((rows) => rows.map((r) => r.reply));
}

/** Leaks that ever had a takedown, in any status (the autopilot never sends one of them again). */
export async function leaksWithAnyTakedown(db: DbOrTx, leakIds: string[]): Promise<Set<string>> {
  if (leakIds.length === 0) return new Set();
  const rows = await db.selectDistinct({ leakId: takedown.leakId }).from(takedown).where(inArray(takedown.leakId, leakIds));
  return new Set(rows.map((r) => r.leakId));
}

/** The addresses among these she confirmed as recipients (lower case). */
export async function confirmedAddresses(db: DbOrTx, userId: string, addresses: string[]): Promise<Map<string, Date>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .select({ address: recipientConfirmation.address, confirmedAt: recipientConfirmation.confirmedAt })
    .from(recipientConfirmation)
    .where(and(eq(recipientConfirmation.userId, userId), inArray(recipientConfirmation.address, addresses.map((a) => a.toLowerCase()))));
  return new Map(rows.map((r) => [r.address, r.confirmedAt]));
}

/** Records her confirmation of an address (the first one stands). */
export async function insertConfirmation(db: DbOrTx, values: typeof recipientConfirmation.$inferInsert): Promise<void> {
  await db.insert(recipientConfirmation).values({ ...values, address: values.address.toLowerCase() }).onConflictDoNothing();
}

/** Her open takedowns (queued, sent, escalated, needing her action) whose recipients include this address. */
export async function openTakedownsNaming(db: DbOrTx, userId: string, address: string): Promise<TakedownRow[]> {
  return db
    .select()
    .from(takedown)
    .where(
      and(
        eq(takedown.userId, userId),
        inArray(takedown.status, ["queued", "sent", "escalated", "needs_manual_action"]),
        sql`exists (select 1 from jsonb_array_elements(${takedown.recipients}) r where lower(r->>'email') = ${address.toLowerCase()})`,
      ),
    )
    .orderBy(asc(takedown.id))
    .limit(500);
}

/** Notices to this address (any account's) sent since `since`, and those other senders are sending now. */
export async function countNoticesToAddressSince(db: DbOrTx, address: string, since: Date, exceptId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(takedownNotice)
    .where(
      and(
        sql`lower(${takedownNotice.recipient}->>'email') = ${address.toLowerCase()}`,
        ne(takedownNotice.id, exceptId),
        // A notice another sender holds now counts too: two sends at once never both pass the last place.
        sql`(${takedownNotice.sentAt} >= ${since.toISOString()} or ${takedownNotice.status} = 'sending')`,
      ),
    );
  return Number(rows[0]?.n ?? 0);
}

/** The earliest send, among the last `limit` notices to this address, that leaves the window: when the next one may go. */
export async function nthLatestSendTo(db: DbOrTx, address: string, since: Date, limit: number): Promise<Date | null> {
  const rows = await db
    .select({ sentAt: takedownNotice.sentAt })
    .from(takedownNotice)
    .where(and(sql`lower(${takedownNotice.recipient}->>'email') = ${address.toLowerCase()}`, isNotNull(takedownNotice.sentAt), sql`${takedownNotice.sentAt} >= ${since.toISOString()}`))
    .orderBy(desc(takedownNotice.sentAt))
    .limit(limit);
  return rows.at(-1)?.sentAt ?? null;
}

/** Serialises the sends to one address (the per-address daily count is read, then a notice goes). */
export async function lockAddress(tx: DbOrTx, address: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notice-to:${address.toLowerCase()}`}))`);
}
