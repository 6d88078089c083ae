import type { TakedownStatus } from "@leakwarden/contracts/takedowns";

/**
 * A takedown's statuses and the moves between them, with the timeline event each move writes.
 * Pure: the service asks it whether a move is allowed before it writes one.
 */

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
  | "cancelled"
  | "resend";

export const TRANSITIONS: Readonly<Record<TakedownStatus, Readonly<Partial<Record<TakedownStatus, TakedownEventType>>>>> = {
  // Recipients looked up: a notice queued, or nobody to email.
  draft: { queued: "queued", needs_manual_action: "needs_manual_action", cancelled: "cancelled" },
  // The notice goes out, fails, or the form report becomes her step.
  queued: { sent: "sent", failed: "failed", needs_manual_action: "needs_manual_action", cancelled: "cancelled" },
  // Re-checks: gone, sent further, her step on a form, or no answer in time; a notice may be sent again to the same party.
  sent: { sent: "sent", removed: "removed", escalated: "escalated", needs_manual_action: "needs_manual_action", no_response: "no_response", failed: "failed" },
  escalated: { escalated: "escalated", sent: "sent", removed: "removed", needs_manual_action: "needs_manual_action", no_response: "no_response", failed: "failed" },
  // She submits the form (tracked as sent), asks again, or gives up.
  needs_manual_action: { sent: "form_submitted", draft: "resend", cancelled: "cancelled" },
  failed: { draft: "resend" },
  no_response: { draft: "resend" },
  removed: {},
  cancelled: {},
};

/** The event a move writes, or null when the move is not allowed. */
export function transition(from: TakedownStatus, to: TakedownStatus): TakedownEventType | null {
  return TRANSITIONS[from][to] ?? null;
}

export function canMove(from: TakedownStatus, to: TakedownStatus): boolean {
  return transition(from, to) !== null;
}

/** Statuses from which a takedown can be cancelled (nothing went out yet, or only her form step is pending). */
export const CANCELLABLE: readonly TakedownStatus[] = (Object.keys(TRANSITIONS) as TakedownStatus[]).filter((s) => canMove(s, "cancelled"));
/** Statuses from which she can ask for it to be sent again. */
export const RESENDABLE: readonly TakedownStatus[] = (Object.keys(TRANSITIONS) as TakedownStatus[]).filter((s) => canMove(s, "draft"));
/** Statuses a takedown never leaves. */
export const FINAL: readonly TakedownStatus[] = (Object.keys(TRANSITIONS) as TakedownStatus[]).filter((s) => Object.keys(TRANSITIONS[s]).length === 0);

export function isTakedownStatus(value: string): value is TakedownStatus {
  return Object.hasOwn(TRANSITIONS, value);
}
