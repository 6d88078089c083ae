import type { ConfirmRecipientResponse } from "@leakwarden/contracts/takedowns";
import type { StoredRecipient } from "../../db/schema/takedowns";
import { AppError } from "../../lib/app-error";
import { checkMailbox } from "./mailbox";
import { addToGroups, applyConfirmations, type NoticeGroup, noticeContext, queueNotice } from "./notice-pipeline";
import { moveTakedowns, noteTakedowns } from "./takedown-moves";
import { awaitsConfirmation, storable } from "./takedown-shared";
import type { TakedownsContext } from "./takedowns.context";
import { prepareTakedownsJob, sendNoticeJob } from "./takedowns.job-definitions";
import * as repo from "./takedowns.repository";

/**
 * Her confirmation of a mailbox a site's page named outside the site's domain: recorded once (for
 * her, for that address), then a notice goes to it for each of her open links that waited on it.
 * A link nobody else could be written to is looked up again and sent; a link whose host or
 * registrar was written to meanwhile gets its notice to the site as well.
 */
export async function confirmRecipient(ctx: TakedownsContext, userId: string, input: { address: string; leakId?: string | undefined }): Promise<ConfirmRecipientResponse> {
  const check = checkMailbox(input.address);
  if (!check.ok) throw new AppError("VALIDATION", "Some fields are not valid.", { address: `This is not one plain email address: ${check.reason}.` });
  const address = check.address.toLowerCase();
  const waiting = (await repo.openTakedownsNaming(ctx.db, userId, address)).filter((t) => !t.counterNotice && t.recipients.some((r) => r.email?.toLowerCase() === address && awaitsConfirmation(r)));
  const isIt = (r: StoredRecipient) => r.email?.toLowerCase() === address && awaitsConfirmation(r);
  let source = waiting[0]?.recipients.find(isIt)?.source;
  if (!source && input.leakId) {
    // From the notice preview: the leak's site is looked up again, and its page must name this address.
    const [leak] = await ctx.scans.leaksOf(userId, [input.leakId]);
    if (leak) source = (await ctx.finder.find(leak.url)).find(isIt)?.source;
  }
  if (!source) {
    throw new AppError("NOT_FOUND", "None of your takedowns or links waits on this address: only an address a site's page named can be confirmed, from the link that shows it.");
  }
  const at = ctx.now();
  const context = await noticeContext(ctx, userId, waiting.map((t) => t.leakId));
  const confirmed = new Map([[address, at]]);
  const lookAgain: string[] = [];
  const noticeIds = await ctx.db.transaction(async (tx) => {
    await repo.insertConfirmation(tx, { userId, address, source, confirmedAt: at });
    const rows = (await repo.lockTakedowns(tx, waiting.map((t) => t.id))).filter((t) => waiting.some((w) => w.id === t.id && w.status === t.status));
    const groups = new Map<string, NoticeGroup>();
    const message = storable(`You confirmed ${check.address} as the site's copyright contact: a notice goes to it.`);
    for (const row of rows) {
      const recipients = applyConfirmations(row.recipients, confirmed);
      if (row.status === "needs_manual_action") {
        // Nobody else could be written to: the link is looked up afresh, and her confirmation now stands.
        await moveTakedowns(tx, [row], "draft", { at, message, values: { recipients, level: null, webForm: null, reason: null, nextCheckAt: null } });
        lookAgain.push(row.id);
        continue;
      }
      const level = recipients.findIndex((r) => r.email?.toLowerCase() === address);
      await repo.updateTakedowns(tx, [row.id], { recipients, updatedAt: at });
      await noteTakedowns(tx, [{ takedownId: row.id, at, type: "recipient_confirmed", message }]);
      addToGroups(groups, { ...row, recipients }, { level, recipient: recipients[level]! });
    }
    const ids: string[] = [];
    for (const group of groups.values()) {
      const notice = await queueNotice(ctx, tx, context, userId, group.level, group.recipient, group.takedowns, [], group.kind);
      ids.push(notice.id);
    }
    return ids;
  });
  if (lookAgain.length > 0) await ctx.queue.send(prepareTakedownsJob, { takedownIds: lookAgain });
  for (const noticeId of noticeIds) await ctx.queue.send(sendNoticeJob, { noticeId });
  return { address: check.address, confirmedAt: at.toISOString(), takedownIds: waiting.map((t) => t.id) };
}
