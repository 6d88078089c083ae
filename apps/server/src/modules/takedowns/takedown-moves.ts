import type { NoticeStatus, TakedownStatus } from "@leakwarden/contracts/takedowns";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { canMoveNotice, moveEvent, type TakedownEventType, type TakedownNoteType } from "./takedown-lifecycle";
import * as repo from "./takedowns.repository";

/**
 * The only writers of a takedown's or a notice's status: each move is checked against the
 * lifecycle and writes its timeline event with it; a move the lifecycle does not allow is refused.
 */

/** A move the lifecycle does not allow (a bug, or a row another request changed meanwhile). */
export class IllegalMoveError extends AppError {
  constructor(what: "takedown" | "notice", from: string, to: string) {
    super("CONFLICT", `This ${what} cannot go from ${from.replaceAll("_", " ")} to ${to.replaceAll("_", " ")}; reload it.`, undefined, { from, to });
    this.name = "IllegalMoveError";
  }
}

type TakedownValues = Parameters<typeof repo.updateTakedowns>[2];

/**
 * Moves these takedowns to `to`, with `values` written alongside and the move's event (or `event`,
 * when the move may write it) on each one's timeline. Every row is checked before anything is written.
 */
export async function moveTakedowns(
  db: DbOrTx,
  rows: readonly { id: string; status: TakedownStatus }[],
  to: TakedownStatus,
  change: { at: Date; message: string | ((row: { id: string; status: TakedownStatus }) => string); event?: TakedownEventType; values?: TakedownValues },
): Promise<void> {
  if (rows.length === 0) return;
  const events = rows.map((row) => {
    const type = moveEvent(row.status, to, change.event);
    if (!type) throw new IllegalMoveError("takedown", row.status, to);
    return { takedownId: row.id, at: change.at, type, message: typeof change.message === "string" ? change.message : change.message(row) };
  });
  await repo.writeTakedownStatus(db, rows.map((r) => r.id), to, { ...change.values, updatedAt: change.values?.updatedAt ?? change.at });
  await repo.insertEvents(db, events);
}

/** A timeline entry that records something without moving the status. */
export async function noteTakedowns(db: DbOrTx, entries: readonly { takedownId: string; at: Date; type: TakedownNoteType; message: string }[]): Promise<void> {
  await repo.insertEvents(db, entries);
}

/** Moves a notice to `to` (with `values` written alongside); a move the lifecycle does not allow is refused. */
export async function moveNotice(db: DbOrTx, notice: { id: string; status: NoticeStatus }, to: NoticeStatus, values: Parameters<typeof repo.updateNotice>[2] = {}): Promise<void> {
  if (!canMoveNotice(notice.status, to)) throw new IllegalMoveError("notice", notice.status, to);
  await repo.writeNoticeStatus(db, notice.id, to, values);
}
