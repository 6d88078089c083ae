import { lazy, Suspense } from "react";
import { useLeakTimeline } from "../api/get-leak-timeline";
import { QueryError, Skeleton } from "../../../components/query-error";
import { formatCount } from "../../../lib/format";

const LeaksChart = lazy(() => import("./leaks-chart").then((m) => ({ default: m.LeaksChart })));

const DAYS = 30;

/** Leaks found and removed over the last 30 days. */
export function LeaksOverTime() {
  const timeline = useLeakTimeline(DAYS);
  const found = timeline.data?.days.reduce((n, d) => n + d.found, 0) ?? 0;
  const removed = timeline.data?.days.reduce((n, d) => n + d.removed, 0) ?? 0;
  return (
    <section aria-labelledby="chart-title" className="min-w-0 rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="chart-title" className="text-lg font-semibold text-white">
          Leaks over time
        </h2>
        <p className="text-xs text-slate-400">Last {DAYS} days</p>
      </div>
      {timeline.isError ? (
        <div className="mt-4">
          <QueryError error={timeline.error} onRetry={() => void timeline.refetch()} what="the leaks chart" />
        </div>
      ) : !timeline.data ? (
        <Skeleton className="mt-4 h-56" />
      ) : found === 0 && removed === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-white/10 px-4 py-10 text-center text-sm text-slate-400">
          Nothing found in the last {DAYS} days. New leaks and removals will show here.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-400">
            {formatCount(found)} found, {formatCount(removed)} removed.
          </p>
          <div className="mt-4 h-56 w-full overflow-hidden" role="img" aria-label={`Chart of leaks per day over the last ${DAYS} days: ${formatCount(found)} found, ${formatCount(removed)} removed.`}>
            <Suspense fallback={<Skeleton className="h-56" />}>
              <LeaksChart timeline={timeline.data} />
            </Suspense>
          </div>
        </>
      )}
    </section>
  );
}
