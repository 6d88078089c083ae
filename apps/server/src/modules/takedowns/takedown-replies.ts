import type { ReplyKind } from "@leakwarden/contracts/takedowns";
import { randomUUID } from "node:crypto";
import { checkMailbox } from "./mailbox";
import { scheduleCheck } from "./notice-pipeline";
import { senderOfNotice } from "./reply-authentication";
import { classifyReply, COUNTER_NOTICE_EXPLANATION, noticeIdsIn, ownText, replyKindLabels } from "./reply-classifier";
import type { InboundReply } from "./reply-listener";
import { noteTakedowns } from "./takedown-moves";
import { storable } from "./takedown-shared";
import type { TakedownsContext } from "./takedowns.context";
import * as repo from "./takedowns.repository";

/** Replies to our notices: threaded, classified, and put on the timelines of their links. */

/**
 * A reply to one of our notices (from the reply listener): threaded by In-Reply-To / References
 * to the notice, classified, and put on the timeline of each of its links. Only a reply whose
 * From is authenticated as the notice's recipient (decision 012) and is not automatic changes
 * anything: a counter-notice then stops re-sends and escalation of those links, and a reply
 * saying it was removed brings the next check forward. Any other reply is shown, marked
 * unverified or automatic, and re-checks go on. A reply that names none of our notices is dropped.
 */
export async function recordReply(ctx: TakedownsContext, reply: InboundReply): Promise<{ noticeId: string | null; kind: ReplyKind | null; verified?: boolean }> {
  let notice: repo.NoticeRow | undefined;
  for (const id of noticeIdsIn(reply.inReplyTo, reply.references)) {
    notice = await repo.findNotice(ctx.db, id);
    if (notice) break;
  }
  if (!notice) {
    ctx.logger.info({ messageId: reply.messageId.slice(0, 200) }, "a reply that names none of our notices was dropped");
    return { noticeId: null, kind: null };
  }
  const kind = classifyReply(reply, reply.text);
  const { verified, trust } = senderOfNotice(reply.authentication, notice.recipient.email);
  // Automatic replies are shown, never acted on: an abuse desk's boilerplate is not its answer.
  const acts = verified && kind !== "auto_reply";
  const at = ctx.now();
  const mailbox = checkMailbox(reply.from);
  const from = mailbox.ok ? mailbox.address : "an unreadable address";
  const said = `${verified ? `A reply from ${from}` : `An unverified reply claiming to be from ${from}`} ${replyKindLabels[kind]}`;
  const excerpt = storable(ownText(reply.text).replace(/\s+/g, " ").trim().slice(0, 500));
  const linked = (await repo.listNoticeTakedowns(ctx.db, notice.id)).filter((t) => t.status !== "cancelled");
  const recheck: string[] = [];
  const countered: repo.TakedownRow[] = [];
  const recorded = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertReply(tx, {
      noticeId: notice.id,
      messageId: storable(reply.messageId.slice(0, 500)) || `<no-id-${randomUUID()}>`,
      fromAddress: from,
      subject: storable(reply.subject.replace(/\s+/g, " ").slice(0, 300)),
      kind,
      excerpt,
      verified,
      trust,
      authentication: storable(reply.authentication.summary.slice(0, 1000)),
      receivedAt: at,
    });
    if (!row) return false;
    await noteTakedowns(
      tx,
      linked.map((t) => ({ takedownId: t.id, at, type: `reply_${kind}` as const, message: `${said}${excerpt ? `: "${excerpt.slice(0, 300)}"` : "."}${verified ? "" : ` ${trust}`}` })),
    );
    for (const t of linked) {
      if (!acts || t.status === "removed" || t.counterNotice) continue;
      if (kind === "counter_notice") {
        await repo.updateTakedowns(tx, [t.id], { counterNotice: { at: at.toISOString(), from }, nextCheckAt: null, updatedAt: at });
        await noteTakedowns(tx, [{ takedownId: t.id, at, type: "counter_notice", message: COUNTER_NOTICE_EXPLANATION }]);
        countered.push(t);
      } else if (kind === "removed" && (t.status === "sent" || t.status === "escalated")) {
        await repo.updateTakedowns(tx, [t.id], { nextCheckAt: at, updatedAt: at });
        recheck.push(t.id);
      }
    }
    return true;
  });
  if (!recorded) return { noticeId: notice.id, kind, verified };
  for (const id of recheck) await scheduleCheck(ctx, id, at);
  // She is told what it means; the counter-notice is recorded whatever happens to the email.
  if (countered.length > 0) {
    await ctx.onCounterNotice?.({ userId: notice.userId, takedownIds: countered.map((t) => t.id), urls: countered.map((t) => t.url), from, at }).catch((error: unknown) => {
      ctx.logger.warn({ err: error, noticeId: notice.id }, "counter-notice hook failed");
    });
  }
  return { noticeId: notice.id, kind, verified };
}
