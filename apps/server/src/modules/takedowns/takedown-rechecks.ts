import { readLeakEvidence } from "@leakwarden/contracts/leak-evidence";
import type { NoticeKind } from "@leakwarden/contracts/takedowns";
import type { StoredRecipient } from "../../db/schema/takedowns";
import { AppError } from "../../lib/app-error";
import { checkFileHostLink } from "../../scanner/file-host-gone";
import { checkLink } from "./link-check";
import { atOnce, composeNotice, earlierNotices, formStepFor, formStepMessage, holdOf, noticeContext, queueNotice, scheduleCheck } from "./notice-pipeline";
import { moveTakedowns, noteTakedowns } from "./takedown-moves";
import { nextCheckAt } from "./takedown-schedule";
import { describeRecipient, ESCALATE_KIND_LABEL, isCloudflare, minuteOf, nextRecipient, storable } from "./takedown-shared";
import { userTakedown } from "./takedown-views";
import { startAfterFor, type TakedownsContext } from "./takedowns.context";
import { cloudflareReportJob, sendNoticeJob } from "./takedowns.job-definitions";
import * as repo from "./takedowns.repository";

/** Re-checks and escalation: is the link still up, who to write to next, a missed TAKE IT DOWN deadline and its record for the FTC. */

/**
 * The platform let the TAKE IT DOWN Act's 48 hours pass with the link still up: recorded, and a
 * request naming the missed deadline goes at once to every party after it that takes email
 * (the host, the registrar).
 */
export async function deadlineMissed(ctx: TakedownsContext, row: repo.TakedownRow, at: Date, checked: { checks: number; lastCheckAt: Date; updatedAt: Date }, detail: string) {
  const deadline = row.removalDeadlineAt!;
  const request = (await repo.listSentNoticesOf(ctx.db, row.id)).find((n) => n.kind === "takeitdown");
  const missed = request ? [{ name: request.recipient.name ?? request.recipient.email ?? row.domain, email: request.recipient.email ?? "", sentAt: request.sentAt!, deadlineAt: deadline }] : [];
  const targets = row.recipients.map((recipient, index) => ({ index, recipient })).filter((r) => r.index > (row.level ?? -1) && r.recipient.email);
  const context = targets.length > 0 ? await noticeContext(ctx, row.userId, [row.leakId]) : null;
  const following = targets.length > 0 ? null : nextCheckAt(ctx.schedule, row.lastSentAt!, at);
  const missedMessage =
    `The platform missed its legal deadline: under the TAKE IT DOWN Act it had until ${minuteOf(deadline)} to remove the link, and it is still up: ${detail}. ` +
    (targets.length > 0 ? `Escalating to ${targets.map((t) => describeRecipient(t.recipient)).join(" and ")}. ` : "No host or registrar takes email for it. ") +
    "A record of the request and the missed deadline is ready for a complaint to the FTC.";
  const noticeIds = await ctx.db.transaction(async (tx) => {
    if (targets.length > 0) {
      await moveTakedowns(tx, [row], "escalated", {
        at,
        event: "deadline_missed",
        message: storable(missedMessage),
        values: { ...checked, deadlineMissedAt: at, nextCheckAt: following, level: targets.at(-1)!.index },
      });
    } else {
      await repo.updateTakedowns(tx, [row.id], { ...checked, deadlineMissedAt: at, nextCheckAt: following });
      await noteTakedowns(tx, [{ takedownId: row.id, at, type: "deadline_missed", message: storable(missedMessage) }]);
    }
    const ids: string[] = [];
    for (const target of targets) {
      const escalated = { ...row, status: "escalated" as const, level: target.index };
      const n = await queueNotice(ctx, tx, context!, row.userId, target.index, target.recipient, [escalated], [], "takeitdown", missed);
      ids.push(n.id);
      await noteTakedowns(tx, [{ takedownId: row.id, at, type: "escalated", message: storable(`Escalated to ${describeRecipient(target.recipient)}: the platform missed its deadline.`) }]);
    }
    return ids;
  });
  for (const noticeId of noticeIds) await ctx.queue.send(sendNoticeJob, { noticeId });
  if (following) await scheduleCheck(ctx, row.id, following);
  // She is told; the missed deadline is recorded whatever happens to the email.
  const platform = request?.recipient.name ?? row.domain;
  await ctx.onDeadlineMissed?.({ userId: row.userId, takedownId: row.id, url: row.url, platform, deadlineAt: deadline, escalatedTo: targets.map((t) => describeParty(t.recipient)) }).catch((error: unknown) => {
    ctx.logger.warn({ err: error, takedownId: row.id }, "deadline-missed hook failed");
  });
}

/** A party as she reads it: its name (or kind) and address. */
const describeParty = (r: StoredRecipient) => `${r.name ?? ESCALATE_KIND_LABEL[r.kind]} (${r.email ?? r.webForm ?? ""})`;

/**
 * One escalation: a notice to `next` for this link, joined to one already queued to the same party
 * for other links due now when there is one (sent a little later, so that they can join).
 */
async function escalateTo(
  ctx: TakedownsContext,
  row: repo.TakedownRow,
  next: { index: number; recipient: StoredRecipient },
  step: { at: Date; checked: { checks: number; lastCheckAt: Date; updatedAt: Date }; still: string | null },
) {
  const { at, checked } = step;
  const escalated = { ...row, level: next.index, status: "escalated" as const };
  // Links escalating to the same party together (a site's links, due at the same time) go in one notice.
  const kind: NoticeKind = row.basis === "takeitdown" ? "takeitdown" : "dmca";
  const found = await repo.findQueuedEscalationTo(ctx.db, row.userId, next.recipient.email!);
  const joinable = found && found.notice.kind === kind ? found : undefined;
  const together = joinable ? [...joinable.takedowns.filter((t) => t.id !== row.id), escalated] : [escalated];
  const earlier = await earlierNotices(ctx, together.map((t) => t.id));
  const ownEarlier = joinable ? await earlierNotices(ctx, [row.id]) : earlier;
  const context = await noticeContext(ctx, row.userId, together.map((t) => t.leakId));
  const notice = await ctx.db.transaction(async (tx) => {
    if (step.still) await noteTakedowns(tx, [{ takedownId: row.id, at, type: "checked", message: step.still }]);
    const escalate = () => moveTakedowns(tx, [row], "escalated", { at, message: storable(`Escalated to ${describeRecipient(next.recipient)}.`), values: { ...checked, level: next.index, nextCheckAt: null } });
    const open = joinable && (await repo.lockQueuedNotice(tx, joinable.notice.id));
    if (open) {
      await repo.linkNotice(tx, open.id, [row.id]);
      await repo.updateNotice(tx, open.id, composeNotice(ctx, context, open.recipient, together, earlier, open.id.slice(0, 8), kind));
      await escalate();
      return { id: open.id, joined: true };
    }
    const n = await queueNotice(ctx, tx, context, row.userId, next.index, next.recipient, [escalated], ownEarlier, kind);
    await escalate();
    return { id: n.id, joined: false };
  });
  if (!notice.joined) await ctx.queue.send(sendNoticeJob, { noticeId: notice.id }, { startAfter: startAfterFor(ctx, new Date(at.getTime() + ctx.schedule.escalationGatherMs)) });
}

/** The job: is the link still up? Removed, escalated, checked again later, or no response. */
export async function recheckTakedown(ctx: TakedownsContext, takedownId: string, dueAt: string): Promise<void> {
  const row = await repo.findTakedown(ctx.db, takedownId);
  if (!row || (row.status !== "sent" && row.status !== "escalated") || row.counterNotice) return;
  if (!row.nextCheckAt || row.nextCheckAt.toISOString() !== dueAt || !row.lastSentAt) return;
  const [leak] = await ctx.scans.leaksOf(row.userId, [row.leakId]);
  const evidence = readLeakEvidence(leak?.evidence);
  // A file-host link is asked through its host (its page names nobody); any other link, by its page.
  const result =
    (await checkFileHostLink(row.url, (url, init) => ctx.fetchPage(url, init), ctx.fileHostEndpoints)) ??
    (await checkLink(() => ctx.fetchPage(row.url), {
      matchedNames: evidence.matchedNames ?? [],
      imageUrls: (evidence.imageMatches ?? []).map((m) => m.imageUrl).filter(Boolean),
    }));
  const at = ctx.now();
  const checked = { checks: row.checks + 1, lastCheckAt: at, updatedAt: at };

  if (result.outcome === "removed") {
    await ctx.db.transaction(async (tx) => {
      await moveTakedowns(tx, [row], "removed", { at, message: `The link is down: ${result.detail}.`, values: { ...checked, removedAt: at, nextCheckAt: null, reason: null } });
    });
    await ctx.scans.markLeakTakedown(row.leakId, "removed", at);
    // The removal is recorded whatever happens to the alert: a failing hook must not undo it.
    await ctx.onLinkRemoved?.({ userId: row.userId, takedownId: row.id, url: row.url, removedAt: at }).catch((error: unknown) => {
      ctx.logger.warn({ err: error, takedownId: row.id }, "takedown-removed hook failed");
    });
    return;
  }

  const sinceNotice = at.getTime() - row.lastSentAt.getTime();
  const missedNow = !!row.removalDeadlineAt && !row.deadlineMissedAt && at >= row.removalDeadlineAt;
  if (missedNow || sinceNotice >= ctx.schedule.escalateAfterMs) {
    // Escalating writes a notice: only while the link is hers to send for (a handle disputed since holds it).
    const hold = holdOf(await noticeContext(ctx, row.userId, [row.leakId]), row.leakId);
    if (hold) {
      const reason = storable(`Still up: ${result.detail}. ${hold.reason}`);
      await moveTakedowns(ctx.db, [row], "needs_manual_action", { at, message: reason, values: { ...checked, reason: storable(hold.reason), nextCheckAt: null } });
      return;
    }
  }

  if (missedNow) {
    await deadlineMissed(ctx, row, at, checked, result.detail);
    return;
  }

  if (sinceNotice >= ctx.schedule.escalateAfterMs) {
    const next = nextRecipient(row);
    // Escalating past Cloudflare (no email: its form or its API) files its report as well.
    const cf = row.recipients.findIndex(isCloudflare);
    if (cf > (row.level ?? -1) && !row.formStep && (!next || next.index >= cf)) {
      const step = formStepFor(ctx, await noticeContext(ctx, row.userId, [row.leakId]), [row.url]);
      const alsoTo = row.recipients.filter((r, index) => index > cf && r.email);
      await repo.updateTakedowns(ctx.db, [row.id], { formStep: step, updatedAt: at });
      await noteTakedowns(ctx.db, [{ takedownId: row.id, at, type: "form_step", message: formStepMessage(step, alsoTo) }]);
      if (step.via === "api") await ctx.queue.send(cloudflareReportJob, { takedownIds: [row.id] });
      if (alsoTo.length === 0 && step.via === "creator") {
        const reason = step.reason ?? "Still up after the notice: report it on Cloudflare's form.";
        await moveTakedowns(ctx.db, [row], "needs_manual_action", { at, message: reason, values: { ...checked, level: cf, webForm: step.formUrl, reason, nextCheckAt: null } });
        return;
      }
    }
    // The next party with email; past Cloudflare, every party after it with email at once (the origin's host and the registrar).
    const targets = next?.recipient.email ? atOnce(row.recipients, (row.level ?? -1) + 1) : [];
    if (targets.length > 0) {
      let status = row.status;
      for (const [i, target] of targets.entries()) {
        const still = i === 0 ? `Still up ${Math.floor(sinceNotice / 86_400_000)} days after the notice: ${result.detail}.` : null;
        await escalateTo(ctx, { ...row, status }, { index: target.level, recipient: target.recipient }, { at, checked, still });
        status = "escalated";
      }
      return;
    }
    if (next?.recipient.webForm && row.level !== next.index && !isCloudflare(next.recipient)) {
      const reason = `Still up after the notice; ${ESCALATE_KIND_LABEL[next.recipient.kind]} takes complaints only through its web form: ${next.recipient.webForm}`;
      await moveTakedowns(ctx.db, [row], "needs_manual_action", { at, message: reason, values: { ...checked, level: next.index, webForm: next.recipient.webForm, reason, nextCheckAt: null } });
      return;
    }
  }

  const following = nextCheckAt(ctx.schedule, row.lastSentAt, at);
  if (!following) {
    const reason = `No removal ${Math.round(ctx.schedule.trackForMs / 86_400_000)} days after the last notice, and no one else to write to.`;
    await moveTakedowns(ctx.db, [row], "no_response", { at, message: `${reason} Last check: ${result.detail}.`, values: { ...checked, nextCheckAt: null, reason } });
    return;
  }
  await repo.updateTakedowns(ctx.db, [row.id], { ...checked, nextCheckAt: following });
  await noteTakedowns(ctx.db, [{ takedownId: row.id, at, type: "checked", message: result.outcome === "present" ? `Still up: ${result.detail}.` : `Could not check: ${result.detail}.` }]);
  await scheduleCheck(ctx, row.id, following);
}

/** A record of the TAKE IT DOWN request and the missed deadline, for a complaint to the FTC. */
export async function deadlineRecord(ctx: TakedownsContext, userId: string, id: string) {
  const row = await userTakedown(ctx, userId, id);
  if (!row.deadlineMissedAt || !row.removalDeadlineAt || !row.attestation) {
    throw new AppError("CONFLICT", "This takedown has no missed TAKE IT DOWN deadline to record.", undefined, { removalDeadline: row.removalDeadlineAt?.toISOString() ?? null });
  }
  const notices = (await repo.listTakedownNotices(ctx.db, row.id)).filter((n) => n.notice.kind === "takeitdown" && n.notice.status === "sent");
  const events = await repo.listEvents(ctx.db, row.id);
  const record = {
    about: "A removal request under the TAKE IT DOWN Act that the platform did not act on within 48 hours.",
    generatedAt: ctx.now().toISOString(),
    depiction: { url: row.url, site: row.domain, forgery: row.attestation.forgery },
    request: notices[0]
      ? {
          sentAt: notices[0].notice.sentAt?.toISOString() ?? null,
          to: notices[0].notice.recipient.email,
          recipientName: notices[0].notice.recipient.name,
          messageId: notices[0].notice.messageId,
          subject: notices[0].notice.subject,
          text: notices[0].notice.text,
        }
      : null,
    attestation: { text: row.attestation.text, version: row.attestation.version, confirmedAt: row.attestation.attestedAt },
    agent: { name: ctx.agent.name, email: ctx.agent.email, address: ctx.agent.address ?? null, phone: ctx.agent.phone ?? null },
    deadline: { dueAt: row.removalDeadlineAt.toISOString(), missedAt: row.deadlineMissedAt.toISOString() },
    status: row.status,
    removedAt: row.removedAt?.toISOString() ?? null,
    escalations: notices.slice(1).map((n) => ({ sentAt: n.notice.sentAt?.toISOString() ?? null, to: n.notice.recipient.email, kind: n.notice.recipient.kind, messageId: n.notice.messageId })),
    timeline: events.map((e) => ({ at: e.at.toISOString(), type: e.type, message: e.message })),
    complaintForm: "https://reportfraud.ftc.gov/",
  };
  const text = [
    "Record of a TAKE IT DOWN Act removal request and the missed 48-hour deadline",
    "",
    `Depiction: ${record.depiction.url}${record.depiction.forgery ? " (a forgery of the person depicted)" : ""}`,
    `Platform: ${record.request?.recipientName ?? row.domain} <${record.request?.to ?? ""}>`,
    `Request sent: ${record.request?.sentAt ?? "unknown"} (Message-ID ${record.request?.messageId ?? "unknown"})`,
    `Deadline: ${record.deadline.dueAt}`,
    `Still up when checked after the deadline: ${record.deadline.missedAt}`,
    `Status now: ${record.status}${record.removedAt ? ` (removed ${record.removedAt})` : ""}`,
    `Attestation confirmed: ${record.attestation.confirmedAt}: "${record.attestation.text}"`,
    `Sent by: ${record.agent.name}, authorized agent (${record.agent.email})`,
    ...record.escalations.map((e) => `Escalated: ${e.sentAt ?? ""} to the ${e.kind} <${e.to ?? ""}>`),
    "",
    "Timeline:",
    ...record.timeline.map((e) => `${e.at}  ${e.type}: ${e.message}`),
    "",
    "The request as sent:",
    record.request?.subject ?? "",
    "",
    record.request?.text ?? "",
    "",
    `File a complaint with the FTC: ${record.complaintForm}`,
    "",
  ].join("\n");
  return { record, text };
}
