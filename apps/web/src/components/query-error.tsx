import { useEffect } from "react";
import { toast } from "sonner";
import { describeError } from "../lib/api-client";

/** A failed call: a toast once, and in place of the content the reason with a retry button. */
export function QueryError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const message = describeError(error);
  useEffect(() => {
    toast.error(`Could not load ${what}`, { description: message, id: `load-${what}` });
  }, [message, what]);
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-500/30 bg-brand-950/40 px-4 py-3 text-sm text-brand-50">
      <p className="min-w-0 flex-1">
        Could not load {what}. {message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md bg-white/10 px-3 py-1.5 font-semibold text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        Retry
      </button>
    </div>
  );
}

export function Skeleton({ className = "h-5" }: { className?: string }) {
  return <div className={`animate-pulse rounded-lg bg-white/[0.06] ${className}`} aria-hidden="true" />;
}
