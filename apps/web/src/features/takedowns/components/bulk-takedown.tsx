import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toastTakedownOutcome } from "../api/follow-takedowns";
import { SendTakedownsDialog, type SendableLeak } from "./send-takedowns-dialog";
import { queryKeys } from "../../../lib/query-keys";
import { formatCount } from "../../../lib/format";

/** 'Take down 12 selected': the selected leaks' notices, grouped per recipient, reviewed before they go. */
export function BulkTakedown({ leaks, onSent, onProveOwnership, upgradeHref }: { leaks: SendableLeak[]; onSent: () => void; onProveOwnership: () => void; upgradeHref: string }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={leaks.length === 0}
        className="h-9 rounded-lg bg-brand-600 px-3 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-50"
      >
        Take down {formatCount(leaks.length)} selected
      </button>
      {open && (
        <SendTakedownsDialog
          leaks={leaks}
          onClose={() => setOpen(false)}
          onProveOwnership={onProveOwnership}
          upgradeHref={upgradeHref}
          onSent={(res) => {
            for (const item of res.items) queryClient.setQueryData(queryKeys.takedowns.byLeak(item.leakId), { takedown: item, hold: null });
            void toastTakedownOutcome(queryClient, res);
            onSent();
          }}
        />
      )}
    </>
  );
}
