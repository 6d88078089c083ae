import { type AttestationText, countTakedowns, type CreateTakedowns, type CreateTakedownsResponse, type FindingHold, type TakedownDetail, type TakedownsPreview } from "@leakwarden/contracts/takedowns";
import type { DbOrTx } from "../../db/client";
import type { StoredAttestation } from "../../db/schema/takedowns";
import { AppError } from "../../lib/app-error";
import { addToGroups, composeNotice, lookUpRecipients, noticeContext, type NoticeGroup, planRow } from "./notice-pipeline";
import { authorityOfAll, requireHers } from "./takedown-authority";
import { ownerOf, requireReady } from "./takedown-authorization";
import { CANCELLABLE, RESENDABLE } from "./takedown-lifecycle";
import { moveNotice, moveTakedowns } from "./takedown-moves";
import { monthStart, quotaError, quotaFor } from "./takedown-quota";
import { detail, recipientView, takedownView, userTakedown } from "./takedown-views";
import type { TakedownsContext } from "./takedowns.context";
import { prepareTakedownsJob } from "./takedowns.job-definitions";
import { ATTESTATION_VERSION, attestationText, REMOVAL_DEADLINE_MS } from "./takeitdown-template";
import * as repo from "./takedowns.repository";

/** Takedown requests: checked, counted and created (by her, or by the autopilot), previewed, cancelled, sent again. */

/** A preview's notices carry this where the notice's reference (its id, given when it is queued) goes. */
export const PREVIEW_REFERENCE = "given when sent";

/** A takedown row before it is stored: what a preview renders notices for. */
const draftRow: Omit<repo.TakedownRow, "id" | "userId" | "leakId" | "url" | "domain" | "basis" | "attestation" | "createdAt" | "updatedAt"> = {
  status: "draft",
  recipients: [],
  level: null,
  webForm: null,
  formStep: null,
  reason: null,
  firstSentAt: null,
  countedAt: null,
  lastSentAt: null,
  removedAt: null,
  nextCheckAt: null,
  lastCheckAt: null,
  checks: 0,
  removalDeadlineAt: null,
  deadlineMissedAt: null,
  counterNotice: null,
};

/** What create and preview both check before anything is stored or looked up. */
export async function checkRequest(ctx: TakedownsContext, userId: string, input: CreateTakedowns, client: { ip: string }) {
  const ids = [...new Set(input.leakIds.map((id) => id.toLowerCase()))];
  const basis = input.basis ?? "dmca";
  if (input.forgery && basis !== "takeitdown") {
    throw new AppError("VALIDATION", "Some fields are not valid.", {
      basis: "A forgery of you is not your copyrighted work: only a TAKE IT DOWN request can be sent for it.",
    });
  }
  if (basis !== "dmca" && input.attest !== true) {
    throw new AppError("VALIDATION", "Some fields are not valid.", { attest: "Confirm the statement: nothing is sent under the TAKE IT DOWN Act without it." });
  }
  const at = ctx.now();
  const q = await quotaFor(ctx, userId, at);
  if (q.limit === 0) throw quotaError(q, ids.length);
  const owner = await requireReady(ctx, userId);

  const leaks = await ctx.scans.leaksOf(userId, ids);
  const missing = ids.filter((id) => !leaks.some((l) => l.id === id));
  if (missing.length > 0) throw new AppError("NOT_FOUND", "Some of these leaks are not in your list.", undefined, { leakIds: missing });
  // Authority per finding: a notice only for a link where what matched is hers (403 naming what to prove).
  requireHers(owner.identities, leaks);
  const refuse = (reason: string, message: string, rows: typeof leaks) => {
    if (rows.length > 0) throw new AppError("CONFLICT", message, undefined, { reason, leakIds: rows.map((l) => l.id) });
  };
  refuse("dismissed", "You dismissed some of these findings: confirm them first if they are leaks.", leaks.filter((l) => l.status === "dismissed"));
  refuse("removed", "Some of these links are already removed.", leaks.filter((l) => l.status === "removed"));
  refuse(
    "needs_confirmation",
    "Some of these findings are uncertain: look at them and confirm that they are your content before a notice goes out.",
    leaks.filter((l) => l.confidence !== "high" && l.status !== "confirmed" && l.status !== "takedown_sent"),
  );
  // A leak she marked a forgery or AI image of her: copyright does not reach it, only the Act does.
  const forged = leaks.filter((l) => l.forgeryMarkedAt);
  if (forged.length > 0 && basis !== "takeitdown") {
    throw new AppError(
      "VALIDATION",
      "Some fields are not valid.",
      { basis: "You marked some of these links a forgery or AI image of you: only a TAKE IT DOWN request can be sent for them." },
      { reason: "forgery", leakIds: forged.map((l) => l.id) },
    );
  }
  // Her attestation, worded for a forgery when she says so now or marked the leak so before.
  const attestationFor = (leak: { forgeryMarkedAt: Date | null }): StoredAttestation | null => {
    if (basis === "dmca") return null;
    const forgery = !!input.forgery || !!leak.forgeryMarkedAt;
    return { text: attestationText(forgery), version: ATTESTATION_VERSION, userId, attestedAt: at.toISOString(), clientIp: client.ip, forgery };
  };
  return { ids, basis, attestationFor, q, leaks, at };
}

export function openError(open: { id: string; leakId: string }[]) {
  return new AppError("CONFLICT", "A takedown is already open for some of these links.", undefined, {
    reason: "open_takedown",
    leakIds: open.map((o) => o.leakId),
    takedownIds: open.map((o) => o.id),
  });
}

/** Takedowns for the creator's chosen leaks: checked, counted, then prepared by a job. */
export async function createTakedowns(ctx: TakedownsContext, userId: string, input: CreateTakedowns, client: { ip: string } = { ip: "" }): Promise<CreateTakedownsResponse> {
  const { ids, basis, attestationFor, q, leaks, at } = await checkRequest(ctx, userId, input, client);

  const created = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const open = await repo.findOpenTakedownsForLeaks(tx, ids);
    if (open.length > 0) throw openError(open);
    if (q.limit !== "unlimited") {
      const used = await repo.countLinksFirstTakenDownSince(tx, userId, monthStart(at));
      const before = await repo.leaksEverTakenDown(tx, ids);
      const fresh = ids.filter((id) => !before.has(id)).length;
      if (used + fresh > q.limit) throw quotaError({ ...q, used }, fresh);
    }
    const rows = await repo.insertTakedowns(
      tx,
      leaks.map((l) => ({ userId, leakId: l.id, url: l.url, domain: l.domain, status: "draft", basis, attestation: attestationFor(l), createdAt: at, updatedAt: at })),
    );
    const asked = basis === "dmca" ? "" : basis === "both" ? " A DMCA notice and a TAKE IT DOWN Act request go out; she confirmed the statement." : " A TAKE IT DOWN Act request goes out; she confirmed the statement.";
    await repo.insertEvents(tx, rows.map((r) => ({ takedownId: r.id, at, type: "created", message: `Takedown requested; looking up who can remove the link.${asked}` })));
    return rows;
  });
  // Said a forgery in the request: the mark is kept on the leak, where the leaks list shows it.
  if (input.forgery) for (const l of leaks.filter((l) => !l.forgeryMarkedAt)) await ctx.scans.markForgery(userId, l.id, true);
  await ctx.queue.send(prepareTakedownsJob, { takedownIds: created.map((r) => r.id) });
  const after = await quotaFor(ctx, userId, at);
  const items = created.map(takedownView);
  return { items, counts: countTakedowns(items), quota: { limit: after.limit, used: after.used, resetsAt: after.resetsAt } };
}

/**
 * The notices a request would send, before anything is stored: the same checks as create, the
 * same recipient lookup, grouping and rendering as the job that queues them. Only the
 * reference (the notice's id) is given when it is sent.
 */
export async function previewTakedowns(ctx: TakedownsContext, userId: string, input: CreateTakedowns): Promise<TakedownsPreview> {
  const { ids, basis, attestationFor, q, leaks, at } = await checkRequest(ctx, userId, input, { ip: "" });
  const open = await repo.findOpenTakedownsForLeaks(ctx.db, ids);
  if (open.length > 0) throw openError(open);
  const before = await repo.leaksEverTakenDown(ctx.db, ids);
  const counted = ids.filter((id) => !before.has(id)).length;
  if (q.limit !== "unlimited" && q.used + counted > q.limit) throw quotaError(q, counted);
  // The rows create would insert, in memory only.
  const drafts: repo.TakedownRow[] = leaks.map((l) => ({
    ...draftRow,
    id: l.id,
    userId,
    leakId: l.id,
    url: l.url,
    domain: l.domain,
    basis,
    attestation: attestationFor(l),
    createdAt: at,
    updatedAt: at,
  }));
  const context = await noticeContext(ctx, userId, drafts.map((d) => d.leakId));
  const { found, steps } = await lookUpRecipients(ctx, drafts, context);
  const groups = new Map<string, NoticeGroup>();
  const manual: TakedownsPreview["manual"] = [];
  for (const row of drafts) {
    const plan = planRow(row, found.get(row.id) ?? [], steps);
    if (plan.type === "notice") for (const target of plan.targets) addToGroups(groups, { ...row, recipients: plan.recipients, level: target.level, formStep: plan.formStep }, target);
    else if (plan.type === "cloudflare-api") manual.push({ leakId: row.leakId, url: row.url, reason: "Reported to Cloudflare through its Abuse Reports API: Cloudflare takes DMCA reports there, not by email.", webForm: null });
    else manual.push({ leakId: row.leakId, url: row.url, reason: plan.reason, webForm: plan.webForm, pendingConfirmation: plan.pendingConfirmation });
  }
  return {
    notices: [...groups.values()].map((g) => {
      const content = composeNotice(ctx, context, g.recipient, g.takedowns, [], PREVIEW_REFERENCE, g.kind);
      return { recipient: recipientView(g.recipient), kind: g.kind, ...content, urls: g.takedowns.map((t) => t.url), leakIds: g.takedowns.map((t) => t.leakId) };
    }),
    manual,
    quota: { limit: q.limit, used: q.used, resetsAt: q.resetsAt, counted },
  };
}

/** Her month's takedowns: limit, use and when the count starts again. */
export async function quotaOf(ctx: TakedownsContext, userId: string) {
  const q = await quotaFor(ctx, userId, ctx.now());
  return { limit: q.limit, used: q.used, resetsAt: q.resetsAt };
}

/**
 * Takedowns the autopilot sends for her high-confidence findings, without her click: only for
 * leaks that never had a takedown (a leak found again, or sent before, is never sent twice),
 * only while she is ready (ownership proven, authorization signed), and within her month's
 * quota: the leaks beyond it are left for her (held). `record` writes, in the same
 * transaction, which leaks the autopilot sent.
 */
export async function createAutomatic(
  ctx: TakedownsContext,
  userId: string,
  leakIds: string[],
  record: (tx: DbOrTx, rows: repo.TakedownRow[]) => Promise<void>,
  /** The most to start now (her daily cap's room); hers beyond it come back as `capped`. */
  max = Number.POSITIVE_INFINITY,
): Promise<{ created: repo.TakedownRow[]; held: string[]; needsAction: string[]; capped: string[] }> {
  const at = ctx.now();
  const q = await quotaFor(ctx, userId, at);
  if (q.limit === 0 || leakIds.length === 0) return { created: [], held: [], needsAction: [], capped: [] };
  const owner = await ownerOf(ctx, userId);
  if (owner.verified.length === 0 || !owner.authorization || !owner.displayed) return { created: [], held: [], needsAction: [], capped: [] };
  const eligible = (await ctx.scans.leaksOf(userId, leakIds.slice(0, 100))).filter(
    // A leak she marked a forgery is never sent a DMCA notice: the autopilot leaves it to her.
    (l) => l.confidence === "high" && (l.status === "new" || l.status === "confirmed") && !l.forgeryMarkedAt,
  );
  // A finding matched only through what she has not proved is hers to act on (prove it), never sent.
  const authority = authorityOfAll(owner.identities, eligible);
  const leaks = eligible.filter((l) => authority.get(l.id)?.ok);
  const needsAction = eligible.filter((l) => !authority.get(l.id)?.ok).map((l) => l.id);
  const result = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const taken = await repo.leaksWithAnyTakedown(tx, leaks.map((l) => l.id));
    const candidates = leaks.filter((l) => !taken.has(l.id));
    let room = candidates.length;
    if (q.limit !== "unlimited") room = Math.max(0, q.limit - (await repo.countLinksFirstTakenDownSince(tx, userId, monthStart(at))));
    const take = Math.min(room, max);
    const chosen = candidates.slice(0, take);
    // Beyond the month's quota first; else beyond the daily cap.
    const rest = candidates.slice(take).map((l) => l.id);
    const [held, capped] = room <= max ? [rest, []] : [[], rest];
    const rows = await repo.insertTakedowns(
      tx,
      chosen.map((l) => ({ userId, leakId: l.id, url: l.url, domain: l.domain, status: "draft", basis: "dmca" as const, attestation: null, createdAt: at, updatedAt: at })),
    );
    await repo.insertEvents(
      tx,
      rows.map((r) => ({ takedownId: r.id, at, type: "created", message: "Sent by autopilot: a high-confidence finding, in a category you chose to have taken down automatically; looking up who can remove the link." })),
    );
    if (rows.length > 0) await record(tx, rows);
    return { created: rows, held, needsAction, capped };
  });
  if (result.created.length > 0) await ctx.queue.send(prepareTakedownsJob, { takedownIds: result.created.map((r) => r.id) });
  return result;
}

/**
 * Which of these findings of hers wait for her proof (what matched there is not proven hers), with
 * what to prove; a finding she marked a forgery is hers to decide, not counted. At most 100.
 */
export async function heldForProof(ctx: TakedownsContext, userId: string, leakIds: string[]): Promise<FindingHold[]> {
  if (leakIds.length === 0) return [];
  const owner = await ownerOf(ctx, userId);
  const leaks = (await ctx.scans.leaksOf(userId, leakIds.slice(0, 100))).filter((l) => !l.forgeryMarkedAt);
  const holds: FindingHold[] = [];
  for (const a of authorityOfAll(owner.identities, leaks).values()) {
    if (!a.ok) holds.push({ leakId: a.leakId, code: a.code, reason: a.reason, prove: a.prove, nicknames: a.nicknames });
  }
  return holds;
}

/** Cancels a takedown whose notice has not gone out; the notice is rewritten without its link. */
export async function cancelTakedown(ctx: TakedownsContext, userId: string, id: string): Promise<TakedownDetail> {
  const row = await userTakedown(ctx, userId, id);
  const at = ctx.now();
  const linked = (await repo.listTakedownNotices(ctx.db, row.id)).filter((n) => n.notice.status === "queued");
  const siblings = (await Promise.all(linked.map((n) => repo.listNoticeTakedowns(ctx.db, n.notice.id)))).flat();
  const context = await noticeContext(ctx, userId, siblings.map((t) => t.leakId));
  const requeue = await ctx.db.transaction(async (tx) => {
    const [locked] = await repo.lockTakedownsInStatus(tx, [row.id], row.status);
    if (!locked || !CANCELLABLE.includes(locked.status)) {
      throw new AppError("CONFLICT", "This notice has already been sent: it cannot be cancelled.", undefined, { status: row.status });
    }
    const pending = (await repo.listTakedownNotices(tx, row.id)).filter((n) => n.notice.status === "queued" || n.notice.status === "sending");
    if (pending.some((n) => n.notice.status === "sending")) throw new AppError("CONFLICT", "This notice is being sent right now.", undefined, { status: row.status });
    await moveTakedowns(tx, [locked], "cancelled", { at, message: "Cancelled before the notice was sent.", values: { nextCheckAt: null } });
    for (const { notice } of pending) {
      const rest = (await repo.listNoticeTakedowns(tx, notice.id)).filter((t) => t.id !== row.id && t.status !== "cancelled");
      if (rest.length === 0) await moveNotice(tx, notice, "cancelled");
      else await repo.updateNotice(tx, notice.id, composeNotice(ctx, context, notice.recipient, rest, [], notice.id.slice(0, 8), notice.kind));
    }
    return pending.length > 0;
  });
  if (requeue) ctx.logger.debug({ takedownId: id }, "takedown cancelled; its notice was rewritten");
  return detail(ctx, (await repo.findTakedown(ctx.db, row.id))!);
}

/** Sends again a takedown that failed or got no response (free: the link was counted already). */
export async function resendTakedown(ctx: TakedownsContext, userId: string, id: string): Promise<TakedownDetail> {
  const row = await userTakedown(ctx, userId, id);
  if (row.counterNotice) {
    throw new AppError("CONFLICT", "A counter-notice answered this link's notice: it is not sent again.", undefined, { reason: "counter_notice" });
  }
  if (!RESENDABLE.includes(row.status)) {
    throw new AppError("CONFLICT", "Only a failed, unanswered or manual takedown can be sent again.", undefined, { status: row.status });
  }
  const owner = await requireReady(ctx, userId);
  requireHers(owner.identities, await ctx.scans.leaksOf(userId, [row.leakId]));
  const at = ctx.now();
  // A link that never counted (it stalled before anything went out) counts when it is sent: it needs room in the month.
  if (!(await repo.leaksEverTakenDown(ctx.db, [row.leakId])).has(row.leakId)) {
    const q = await quotaFor(ctx, userId, at);
    if (q.limit !== "unlimited" && q.used + 1 > q.limit) throw quotaError(q, 1);
  }
  try {
    await ctx.db.transaction(async (tx) => {
      const [locked] = await repo.lockTakedownsInStatus(tx, [row.id], row.status);
      if (!locked) throw new AppError("CONFLICT", "This takedown changed meanwhile; reload it.");
      await moveTakedowns(tx, [locked], "draft", {
        at,
        message: "Sent again at your request; looking up who can remove the link afresh.",
        values: { level: null, webForm: null, reason: null, nextCheckAt: null },
      });
    });
  } catch (error) {
    if (String((error as { cause?: unknown }).cause ?? error).includes("takedown_one_open_per_leak")) {
      throw new AppError("CONFLICT", "Another takedown is open for this link.", undefined, { reason: "open_takedown" });
    }
    throw error;
  }
  await ctx.queue.send(prepareTakedownsJob, { takedownIds: [row.id] });
  return detail(ctx, (await repo.findTakedown(ctx.db, row.id))!);
}

/** The statement she confirms before a TAKE IT DOWN request (product copy, not legal advice). */
export function attestationInfo(): AttestationText {
  return { version: ATTESTATION_VERSION, intimate: attestationText(false), forgery: attestationText(true), deadlineHours: REMOVAL_DEADLINE_MS / 3_600_000 };
}
