import type { TakedownStatus } from "@leakwarden/contracts/takedowns";
import type { LeakView } from "@leakwarden/contracts/scans";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api-client";
import { useCreateTakedowns } from "../api/create-takedowns";
import { takedownStatusLabels } from "../takedown-labels";

interface TakedownActionProps {
  leak: Pick<LeakView, "id" | "number" | "status">;
  /** Whether at least one stage name is verified; undefined while unknown. */
  ownershipVerified: boolean | undefined;
  /** Opens the ownership proof panel. */
  onProveOwnership: () => void;
  takedownsHref: string;
  upgradeHref: string;
}

const buttonClass =
  "h-8 rounded-md bg-brand-600 px-2.5 text-xs font-semibold whitespace-nowrap text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-70";

/**
 * The row's 'Takedown': 'Working...' while the request is made, then the takedown's status. Before
 * ownership is proven it explains what is missing and opens the proof panel: no notice goes out
 * in a creator's name before that.
 */
export function TakedownAction({ leak, ownershipVerified, onProveOwnership, takedownsHref, upgradeHref }: TakedownActionProps) {
  const create = useCreateTakedowns();
  const [status, setStatus] = useState<TakedownStatus | null>(null);
  const [explain, setExplain] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  if (leak.status === "takedown_sent" || status) {
    return (
      <Link to={takedownsHref} className="h-8 rounded-md bg-sky-400/15 px-2.5 text-center text-xs leading-8 font-semibold whitespace-nowrap text-sky-100 hover:bg-sky-400/25">
        {status ? takedownStatusLabels[status] : "Takedown sent"}
      </Link>
    );
  }
  if (leak.status === "removed" || leak.status === "dismissed") return null;

  function openExplain() {
    setExplain(true);
    requestAnimationFrame(() => dialogRef.current?.showModal());
  }

  const onClick = () => {
    if (ownershipVerified === false) {
      openExplain();
      return;
    }
    create.mutate(
      { leakIds: [leak.id] },
      {
        onSuccess: (res) => {
          const item = res.items[0];
          if (item) setStatus(item.status);
          toast.success(`Takedown requested for #${leak.number}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "FORBIDDEN" && error.details?.missing === "ownership") {
            openExplain();
          } else if (error instanceof ApiError && error.code === "FORBIDDEN" && error.details?.missing === "authorization") {
            toast.error(error.message, { action: { label: "Authorize", onClick: () => window.location.assign(takedownsHref) } });
          } else if (error instanceof ApiError && error.code === "QUOTA_EXCEEDED") {
            toast.error(error.message, { action: { label: "Upgrade", onClick: () => window.location.assign(upgradeHref) } });
          } else {
            toast.error("The takedown could not be requested", { description: error instanceof ApiError ? error.message : "Please try again." });
          }
        },
      },
    );
  };

  return (
    <>
      <button type="button" onClick={onClick} disabled={create.isPending} aria-label={create.isPending ? undefined : `Takedown finding #${leak.number}`} className={buttonClass}>
        {create.isPending ? "Working..." : "Takedown"}
      </button>
      {explain && (
        <dialog
          ref={dialogRef}
          aria-labelledby={titleId}
          onClose={() => setExplain(false)}
          onClick={(e) => e.target === e.currentTarget && dialogRef.current?.close()}
          className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-white/10 bg-ink-900 p-0 text-left text-slate-200 shadow-2xl shadow-black/60 backdrop:bg-black/70"
        >
          <div className="p-6">
            <h2 id={titleId} className="text-lg font-semibold text-white">
              Prove ownership first
            </h2>
            <p className="mt-2 text-sm text-slate-300">
              A takedown notice goes out in your name and must point to a profile that shows you own the content. None of your stage names is verified yet: add
              the snippet to one of your profiles' bio and verify it. Then you can send takedowns.
            </p>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" onClick={() => dialogRef.current?.close()} className="h-11 rounded-lg border border-white/15 px-4 text-sm font-semibold text-white hover:bg-white/5">
                Not now
              </button>
              <button
                type="button"
                onClick={() => {
                  dialogRef.current?.close();
                  onProveOwnership();
                }}
                className="h-11 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Prove ownership
              </button>
            </div>
          </div>
        </dialog>
      )}
    </>
  );
}
