import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { showToast } from "../../../lib/toast";
import { deletionStatusQueryOptions, dismissCancelNotice, useDeletionStatus } from "../api/account-data";

/** Told once, on the sign-in that did it: her sign-in cancelled the deletion she had asked for. */
export function DeletionCancelledNotice() {
  const status = useDeletionStatus();
  const queryClient = useQueryClient();
  const told = useRef(false);
  const cancelled = status.data?.cancelledBySignIn;
  useEffect(() => {
    if (!cancelled || told.current) return;
    told.current = true;
    showToast((toast) =>
      toast.info("You signed in, so the deletion of your account was cancelled. Nothing was erased.", {
        duration: Number.POSITIVE_INFINITY,
      }),
    );
    void dismissCancelNotice()
      .then(() => queryClient.invalidateQueries({ queryKey: deletionStatusQueryOptions().queryKey }))
      .catch(() => undefined);
  }, [cancelled, queryClient]);
  return null;
}
