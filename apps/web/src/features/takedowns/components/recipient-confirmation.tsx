import type { TakedownView } from "@leakwarden/contracts/takedowns";
import { toast } from "sonner";
import { onMutationError } from "../../../lib/mutation-toast";
import { useConfirmRecipient } from "../api/confirm-recipient";

/**
 * A mailbox the site's page named outside its domain: nothing goes to it until she confirms it.
 * Shown with the address, the page it was read on and why it needs her; confirmed once, for every
 * link of hers that names it.
 */
export function RecipientConfirmation({ pending, leakId, onConfirmed }: { pending: NonNullable<TakedownView["pendingConfirmation"]>; leakId?: string; onConfirmed?: () => void }) {
  const confirm = useConfirmRecipient();
  const fail = onMutationError();
  return (
    <section aria-label={`Your step: confirm ${pending.address}`} className="mt-2 rounded-xl border border-amber-300/30 bg-amber-300/[0.04] p-3 text-sm" data-testid="recipient-confirmation">
      <h4 className="font-semibold text-amber-100">Your step: is {pending.address} the site&apos;s copyright contact?</h4>
      <p className="mt-1 break-words text-slate-300">{pending.reason}</p>
      <p className="mt-1 break-words text-slate-400">
        Read on{" "}
        <a href={pending.source} target="_blank" rel="noopener noreferrer nofollow" className="underline">
          {pending.source}
        </a>
        . Confirm it only if you know this address belongs to the site or its operator: notices go out in your name.
      </p>
      <button
        type="button"
        disabled={confirm.isPending}
        onClick={() =>
          confirm.mutate(
            { address: pending.address, ...(leakId ? { leakId } : {}) },
            {
            onSuccess: (r) => {
              toast.success(r.takedownIds.length > 0 ? `Confirmed: notices go to ${r.address} for ${r.takedownIds.length} link${r.takedownIds.length === 1 ? "" : "s"}` : `Confirmed: notices can go to ${r.address}`);
              onConfirmed?.();
            },
            onError: fail,
            },
          )
        }
        className="mt-2 h-9 rounded-lg bg-brand-500 px-3 text-sm font-semibold text-white hover:bg-brand-400 focus-visible:outline-2 focus-visible:outline-brand-300 disabled:opacity-50"
      >
        {confirm.isPending ? "Saving..." : `Confirm ${pending.address}`}
      </button>
    </section>
  );
}
