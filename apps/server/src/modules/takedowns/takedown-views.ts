import type { LeakTakedowns, NoticeView, Recipient, TakedownDetail, TakedownList, TakedownListQuery, TakedownView } from "@leakwarden/contracts/takedowns";
import type { StoredRecipient } from "../../db/schema/takedowns";
import { AppError } from "../../lib/app-error";
import { COUNTER_NOTICE_EXPLANATION } from "./reply-classifier";
import { awaitsConfirmation } from "./takedown-shared";
import { authorityOfAll } from "./takedown-authority";
import type { TakedownsContext } from "./takedowns.context";
import * as repo from "./takedowns.repository";

/** Takedowns as the API shows them, and her takedowns looked up (one creator never sees another's). */

const uuidPattern = /^[0-9a-f-]{36}$/i;

export function recipientView(r: StoredRecipient): Recipient {
  return {
    kind: r.kind,
    email: r.email,
    webForm: r.webForm,
    foundBy: r.foundBy,
    source: r.source,
    note: r.note,
    name: r.name,
    refused: r.refused ?? null,
    address: r.address ?? null,
    resolvedAt: r.resolvedAt ?? null,
    confirmation: r.confirmation ?? null,
  };
}

function pendingConfirmationOf(recipients: StoredRecipient[]): TakedownView["pendingConfirmation"] {
  const r = recipients.find(awaitsConfirmation);
  return r?.email ? { address: r.email, source: r.source, reason: r.confirmation!.reason } : null;
}

export function takedownView(row: repo.TakedownRow): TakedownView {
  const current = row.level !== null ? row.recipients[row.level] : undefined;
  return {
    id: row.id,
    leakId: row.leakId,
    url: row.url,
    domain: row.domain,
    status: row.status,
    recipient: current ? recipientView(current) : null,
    pendingConfirmation: pendingConfirmationOf(row.recipients),
    webForm: row.webForm,
    formStep: row.formStep ?? null,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    firstSentAt: row.firstSentAt?.toISOString() ?? null,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    removedAt: row.removedAt?.toISOString() ?? null,
    nextCheckAt: row.nextCheckAt?.toISOString() ?? null,
    lastCheckAt: row.lastCheckAt?.toISOString() ?? null,
    basis: row.basis,
    removalDeadline: row.removalDeadlineAt ? { dueAt: row.removalDeadlineAt.toISOString(), missedAt: row.deadlineMissedAt?.toISOString() ?? null } : null,
    counterNotice: row.counterNotice ? { ...row.counterNotice, explanation: COUNTER_NOTICE_EXPLANATION } : null,
  };
}

export async function detail(ctx: TakedownsContext, row: repo.TakedownRow): Promise<TakedownDetail> {
  const notices = await repo.listTakedownNotices(ctx.db, row.id);
  const events = await repo.listEvents(ctx.db, row.id);
  const replies = await repo.listRepliesOfTakedown(ctx.db, row.id);
  return {
    ...takedownView(row),
    recipients: row.recipients.map(recipientView),
    notices: notices.map(
      ({ notice, urls }): NoticeView => ({
        id: notice.id,
        recipient: recipientView(notice.recipient),
        level: notice.level,
        subject: notice.subject,
        text: notice.text,
        html: notice.html,
        urls,
        status: notice.status,
        messageId: notice.messageId,
        kind: notice.kind,
        attempts: notice.attempts,
        error: notice.error,
        createdAt: notice.createdAt.toISOString(),
        sentAt: notice.sentAt?.toISOString() ?? null,
      }),
    ),
    history: events.map((e) => ({ at: e.at.toISOString(), type: e.type, message: e.message })),
    replies: replies.map((r) => ({ noticeId: r.noticeId, receivedAt: r.receivedAt.toISOString(), from: r.fromAddress, subject: r.subject, kind: r.kind, excerpt: r.excerpt, verified: r.verified, trust: r.trust })),
    attestation: row.attestation ? { text: row.attestation.text, version: row.attestation.version, attestedAt: row.attestation.attestedAt, forgery: row.attestation.forgery } : null,
  };
}

export async function userTakedown(ctx: TakedownsContext, userId: string, id: string) {
  const row = uuidPattern.test(id) ? await repo.findUserTakedown(ctx.db, userId, id) : undefined;
  if (!row) throw new AppError("NOT_FOUND", "No such takedown.");
  return row;
}

export async function listTakedowns(ctx: TakedownsContext, userId: string, query: TakedownListQuery): Promise<TakedownList> {
  const { items, total } = await repo.listTakedowns(ctx.db, userId, { status: query.status, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return { items: items.map(takedownView), total, page: query.page, pageSize: query.pageSize };
}

/** Each leak's latest takedown: the leaks list shows its status. */
export async function latestForLeaks(ctx: TakedownsContext, userId: string, leakIds: string[]): Promise<LeakTakedowns> {
  const ids = [...new Set(leakIds.map((id) => id.toLowerCase()))];
  const [items, identities, leaks] = await Promise.all([repo.latestTakedownsForLeaks(ctx.db, userId, ids), ctx.identities.get(userId), ctx.scans.leaksOf(userId, ids)]);
  // Each asked finding no notice can be sent for yet, with why (the leaks list shows it on the row).
  const held = [...authorityOfAll(identities, leaks).values()].flatMap((a) => (a.ok ? [] : [{ leakId: a.leakId, code: a.code, reason: a.reason, prove: a.prove, nicknames: a.nicknames }]));
  return { items: items.map(takedownView), held };
}

export async function getTakedown(ctx: TakedownsContext, userId: string, id: string): Promise<TakedownDetail> {
  return detail(ctx, await userTakedown(ctx, userId, id));
}
