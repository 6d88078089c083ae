import type { LeakView } from "@leakwarden/contracts/scans";
import { useEffect, useId, useRef } from "react";
import { toast } from "sonner";
import { useConfirmLeak } from "../api/confirm-leak";
import { useDismissLeak } from "../api/dismiss-leak";
import { categoryLabels, formatLeakDate, readEvidence, reuploadDetails, reuploadSummary, statusLabels } from "../leak-labels";
import { onMutationError } from "../../../lib/mutation-toast";

/** Why a page was listed: the text around her name, the names matched, the page's images that matched. Confirm or dismiss. */
export function EvidenceDialog({ leak, onClose }: { leak: LeakView | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const confirm = useConfirmLeak();
  const dismiss = useDismissLeak();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (leak && !dialog.open) dialog.showModal();
    if (!leak && dialog.open) dialog.close();
  }, [leak]);

  useEffect(() => {
    const dialog = ref.current;
    const onNativeClose = () => onCloseRef.current();
    dialog?.addEventListener("close", onNativeClose);
    return () => dialog?.removeEventListener("close", onNativeClose);
  }, []);

  const evidence = leak ? readEvidence(leak) : null;
  const busy = confirm.isPending || dismiss.isPending;
  const decide = (action: "confirm" | "dismiss") => {
    if (!leak) return;
    const mutation = action === "confirm" ? confirm : dismiss;
    mutation.mutate(leak.id, {
      onSuccess: () => {
        toast.success(action === "confirm" ? "Confirmed as your content" : "Dismissed: not your content");
        onClose();
      },
      onError: onMutationError(),
    });
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className="m-auto w-[calc(100%-2rem)] max-w-xl rounded-2xl border border-white/10 bg-ink-900 p-0 text-slate-200 shadow-2xl shadow-black/60 backdrop:bg-black/70 backdrop:backdrop-blur-sm"
    >
      {leak && evidence && (
        <div className="max-h-[85dvh] overflow-y-auto p-6">
          <h2 id={titleId} className="text-lg font-semibold text-white">
            Finding #{leak.number}
          </h2>
          <p className="mt-1 text-sm text-slate-400">
            {categoryLabels[leak.category]} · {leak.confidence === "high" ? "High confidence" : "Needs your review"} · {statusLabels[leak.status]} · last seen {formatLeakDate(leak.lastSeenAt)}
          </p>
          <a href={leak.url} target="_blank" rel="noopener noreferrer" className="mt-3 block break-all text-sm font-medium text-brand-300 underline underline-offset-2 hover:text-brand-400">
            {leak.url}
          </a>
          {leak.title && <p className="mt-1 text-sm text-slate-300">{leak.title}</p>}
          <dl className="mt-5 flex flex-col gap-4 text-sm">
            {leak.reuploadOf && (
              <div data-testid="reupload-details">
                <dt className="font-semibold text-rose-100">{reuploadSummary(leak.reuploadOf)}</dt>
                <dd className="mt-1 flex flex-col gap-1 text-slate-300">
                  {reuploadDetails(leak.reuploadOf).map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                </dd>
              </div>
            )}
            {evidence.foundThrough ? (
              <div>
                <dt className="font-semibold text-slate-200">Where it was found</dt>
                <dd className="mt-1 break-words text-slate-300">{evidence.foundThrough}</dd>
              </div>
            ) : (
              <div>
                <dt className="font-semibold text-slate-200">Names matched</dt>
                <dd className="mt-1 flex flex-wrap gap-1.5">
                  {evidence.matchedNames.length ? (
                    evidence.matchedNames.map((n) => (
                      <span key={n} className="rounded-full bg-white/10 px-2.5 py-0.5 text-slate-100">
                        {n}
                      </span>
                    ))
                  ) : (
                    <span className="text-slate-400">{evidence.imageUrls.length > 0 ? "None (matched by image)" : "None"}</span>
                  )}
                </dd>
              </div>
            )}
            {evidence.disguises.length > 0 && (
              <div>
                <dt className="font-semibold text-slate-200">Written in disguise</dt>
                <dd className="mt-1 text-slate-300">
                  The page writes your name as {evidence.disguises.join("; ")}. Check that it means you before any takedown.
                </dd>
              </div>
            )}
            {evidence.snippet && (
              <div>
                <dt className="font-semibold text-slate-200">What the page says</dt>
                <dd className="mt-1 rounded-lg border border-white/10 bg-black/30 px-3 py-2 text-slate-300">“{evidence.snippet}”</dd>
              </div>
            )}
            {evidence.signals.length > 0 && (
              <div>
                <dt className="font-semibold text-slate-200">Why it looks like a leak</dt>
                <dd className="mt-1">
                  <ul className="list-disc pl-5 text-slate-300">
                    {evidence.signals.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
            {evidence.imageUrls.length > 0 && (
              <div>
                <dt className="font-semibold text-slate-200">Images on the page that match your reference photos</dt>
                <dd className="mt-1 flex flex-col gap-1">
                  {evidence.imageUrls.map((u) => (
                    <a key={u} href={u} target="_blank" rel="noopener noreferrer" className="break-all text-brand-300 underline underline-offset-2">
                      {u}
                    </a>
                  ))}
                </dd>
              </div>
            )}
          </dl>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className="h-11 rounded-lg border border-white/15 px-4 text-sm font-semibold text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-brand-400">
              Close
            </button>
            {leak.status !== "dismissed" && leak.status !== "takedown_sent" && (
              <button
                type="button"
                disabled={busy}
                onClick={() => decide("dismiss")}
                className="h-11 rounded-lg bg-white/10 px-4 text-sm font-semibold text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-60"
              >
                Not my content
              </button>
            )}
            {(leak.status === "new" || leak.status === "dismissed") && (
              <button
                type="button"
                disabled={busy}
                onClick={() => decide("confirm")}
                className="h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-60"
              >
                Yes, this is my content
              </button>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
