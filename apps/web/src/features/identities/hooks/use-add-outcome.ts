import { useCallback, useState } from "react";
import { ApiError, describeError } from "../../../lib/api-client";
import type { AddOutcome } from "../components/stage-name-row";

/**
 * Turns an add's result into what the row shows: the server's field message by the field, a
 * plan limit in the cap notice (kept in `quotaMessage`).
 */
export function useAddOutcome() {
  const [quotaMessage, setQuotaMessage] = useState<string | null>(null);

  /** `capReached`: the plan's limit is already met (known from GET /v1/identities), so nothing is sent. */
  const run = useCallback(async (add: () => Promise<unknown>, capReached?: string | null): Promise<AddOutcome> => {
    if (capReached) {
      setQuotaMessage(capReached);
      return { status: "refused" };
    }
    try {
      await add();
      return { status: "added" };
    } catch (error) {
      if (error instanceof ApiError && error.code === "QUOTA_EXCEEDED") {
        setQuotaMessage(error.message);
        return { status: "refused" };
      }
      return { status: "error", message: errorMessage(error), error };
    }
  }, []);

  return { run, quotaMessage, clearQuota: () => setQuotaMessage(null) };
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const field = error.fields ? Object.values(error.fields)[0] : undefined;
    return field ?? error.message;
  }
  return describeError(error);
}
