import type { ReplyKind, TakedownDetail } from "@leakwarden/contracts/takedowns";
import { formatWhen } from "../takedown-labels";

const replyKindText: Record<ReplyKind, string> = {
  removed: "Says it was removed",
  refused: "Refuses to remove it",
  more_info: "Asks for more information",
  auto_reply: "Automatic reply",
  counter_notice: "Counter-notice",
  disputed: "Disputes the notice (not a complete counter-notice)",
  other: "Reply",
};

/**
 * The replies to this takedown's notices, each marked believed or not: only a reply shown to come
 * from the notice's recipient (and not an automatic one) changes anything.
 */
export function NoticeReplies({ replies }: { replies: TakedownDetail["replies"] }) {
  if (replies.length === 0) return null;
  return (
    <section aria-label="Replies">
      <h4 className="font-semibold text-slate-200">Replies</h4>
      <ol className="mt-1 flex flex-col gap-2 text-slate-300" data-testid="replies">
        {replies.map((r, i) => (
          <li key={i} className="break-words">
            <span className="text-slate-400">{formatWhen(r.receivedAt)}</span> — <span className="text-slate-200">{replyKindText[r.kind]}</span>, from {r.from}
            {r.verified ? null : <span className="ml-2 rounded bg-amber-300/15 px-1.5 py-0.5 text-xs font-semibold text-amber-100">Unverified</span>}
            {r.excerpt && <span className="block text-slate-300">“{r.excerpt}”</span>}
            <span className={`block text-xs ${r.verified ? "text-slate-400" : "text-amber-100"}`}>{r.trust}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
