import type { UseQueryResult } from "@tanstack/react-query";
import { errorMessage } from "../hooks/use-add-outcome";

/** While the identities load, or when they could not be loaded (with a way to try again). */
export function IdentitiesLoadState({ query }: { query: Pick<UseQueryResult<unknown>, "isError" | "error" | "refetch"> }) {
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-500/30 bg-brand-950/40 px-4 py-3 text-sm text-brand-100">
        <p className="flex-1">{errorMessage(query.error)}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="rounded-md bg-white/10 px-3 py-1.5 font-semibold text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          Try again
        </button>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col gap-2" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <div className="h-11 animate-pulse rounded-lg bg-white/5" aria-hidden="true" />
      <div className="h-11 animate-pulse rounded-lg bg-white/5" aria-hidden="true" />
    </div>
  );
}
