import { noticeStatuses, takedownStatuses, type NoticeStatus, type TakedownStatus } from "@leakwarden/contracts/takedowns";

/**
 * A takedown's statuses and the moves between them, with the timeline event each move writes, and
 * the same for a notice's statuses. Pure: every status write asks it first (takedown-moves.ts).
 */

/** The events a move of a takedown's status writes. */
export type TakedownEventType =
  | "created"
  | "queued"
  | "sent"
  | "failed"
  | "escalated"
  | "removed"
  | "no_response"
  | "needs_manual_action"
  | "form_submitted"
  | "deadline_missed"
  | "cancelled"
  | "resend";

type Moves = Readonly<Record<TakedownStatus, Readonly<Partial<Record<TakedownStatus, readonly [TakedownEventType, ...TakedownEventType[]]>>>>>;

/** For each move, the events it may write; the first is the one it writes unless the caller names another of them. */
export const TRANSITIONS: Moves = {
  // Recipients looked up: a notice queued (or a report through Cloudflare's API), or nobody to email.
  draft: { queued: ["queued"], needs_manual_action: ["needs_manual_action"], cancelled: ["cancelled"] },
  // The notice goes out, fails, or the form report becomes her step; a report through Cloudflare's API is in.
  // A takedown on two requests (DMCA and TAKE IT DOWN) is queued twice.
  queued: { queued: ["queued"], sent: ["sent", "form_submitted"], failed: ["failed"], needs_manual_action: ["needs_manual_action"], cancelled: ["cancelled"] },
  // Re-checks: gone, sent further, her step on a form, or no answer in time; a notice may be sent again to the same party.
  sent: {
    sent: ["sent"],
    removed: ["removed"],
    // Escalated, past a missed deadline, or a notice to a party after the one whose form she filed went out.
    escalated: ["escalated", "deadline_missed", "sent"],
    needs_manual_action: ["needs_manual_action"],
    no_response: ["no_response"],
    failed: ["failed"],
  },
  // Escalated further (or past a missed deadline), its escalation notice sent, gone, her step, no answer.
  escalated: {
    escalated: ["escalated", "sent", "deadline_missed"],
    sent: ["sent"],
    removed: ["removed"],
    needs_manual_action: ["needs_manual_action"],
    no_response: ["no_response"],
    failed: ["failed"],
  },
  // She submits the form (tracked as sent), asks again, or gives up.
  needs_manual_action: { sent: ["form_submitted"], draft: ["resend"], cancelled: ["cancelled"] },
  // Asked again; or the other request of a takedown on two bases went out (or failed) after all.
  failed: { draft: ["resend"], sent: ["sent"], escalated: ["sent"], failed: ["failed"] },
  no_response: { draft: ["resend"] },
  removed: {},
  cancelled: {},
};

/** The event a move writes, or null when the move is not allowed. */
export function transition(from: TakedownStatus, to: TakedownStatus): TakedownEventType | null {
  return TRANSITIONS[from][to]?.[0] ?? null;
}

/** The event a move writes when it may write `event` (the move's own event when none is named), or null when it may not. */
export function moveEvent(from: TakedownStatus, to: TakedownStatus, event?: TakedownEventType): TakedownEventType | null {
  const events = TRANSITIONS[from][to];
  if (!events) return null;
  if (event === undefined) return events[0];
  return events.includes(event) ? event : null;
}

export function canMove(from: TakedownStatus, to: TakedownStatus): boolean {
  return transition(from, to) !== null;
}

/** Statuses from which a takedown can be cancelled (nothing went out yet, or only her form step is pending). */
export const CANCELLABLE: readonly TakedownStatus[] = takedownStatuses.filter((s) => canMove(s, "cancelled"));
/** Statuses from which she can ask for it to be sent again. */
export const RESENDABLE: readonly TakedownStatus[] = takedownStatuses.filter((s) => canMove(s, "draft"));
/** Statuses a takedown never leaves. */
export const FINAL: readonly TakedownStatus[] = takedownStatuses.filter((s) => Object.keys(TRANSITIONS[s]).length === 0);
/** Statuses with a link being worked on (one per link at a time; the database's unique index agrees). */
export const OPEN: readonly TakedownStatus[] = ["draft", "queued", "sent", "escalated"];

export function isTakedownStatus(value: string): value is TakedownStatus {
  return (takedownStatuses as readonly string[]).includes(value);
}

/**
 * A notice's statuses: queued until the sender claims it (sending; a retry of our own claim goes on),
 * then sent or failed, or back to queued for a retry; cancelled when none of its links is left.
 */
export const NOTICE_TRANSITIONS: Readonly<Record<NoticeStatus, readonly NoticeStatus[]>> = {
  queued: ["sending", "cancelled"],
  sending: ["sending", "sent", "failed", "queued", "cancelled"],
  sent: [],
  failed: [],
  cancelled: [],
};

export function canMoveNotice(from: NoticeStatus, to: NoticeStatus): boolean {
  return NOTICE_TRANSITIONS[from].includes(to);
}

export function isNoticeStatus(value: string): value is NoticeStatus {
  return (noticeStatuses as readonly string[]).includes(value);
}

/** Timeline entries that record something without moving the status. */
export type TakedownNoteType =
  | "checked"
  | "recipient_found"
  | "form_step"
  | "form_submitted"
  | "needs_manual_action"
  | "send_retry"
  | "send_failed"
  | "counter_notice"
  | "deadline_missed"
  | "escalated"
  | "recipient_confirmed"
  | "held"
  | `reply_${string}`;

export type TimelineEventType = TakedownEventType | TakedownNoteType;
