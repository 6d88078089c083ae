import { Link } from "react-router";
import { useLeaks } from "../api/list-leaks";
import { categoryLabels, formatLeakDate, statusClasses, statusLabels } from "../leak-labels";
import { QueryError, Skeleton } from "../../../components/query-error";

/** Home: the five most recent findings, with a way to the full list. */
export function LatestFindings({ allHref }: { allHref: string }) {
  const leaks = useLeaks({ page: 1, pageSize: 5 });
  return (
    <section aria-labelledby="latest-findings-title" className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="latest-findings-title" className="text-lg font-semibold text-white">
          Latest findings
        </h2>
        <Link to={allHref} className="text-sm font-semibold text-brand-300 hover:text-brand-400 focus-visible:outline-2 focus-visible:outline-brand-400">
          See all leaks
        </Link>
      </div>
      {leaks.isError ? (
        <div className="mt-4">
          <QueryError error={leaks.error} onRetry={() => void leaks.refetch()} what="the latest findings" />
        </div>
      ) : !leaks.data ? (
        <div className="mt-4 flex flex-col gap-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : leaks.data.items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-white/10 px-4 py-8 text-center text-sm text-slate-400">Nothing found yet. Your findings will appear here after a scan.</p>
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-white/5">
          {leaks.data.items.map((leak) => (
            <li key={leak.id} className="flex items-center gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                {/* Two lines before it is cut: titles of one site often differ only at their end ("… set 10", "… set 11"). */}
                <a
                  href={leak.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="line-clamp-2 text-sm font-medium break-words text-white hover:text-brand-300"
                  title={leak.url}
                >
                  {leak.title || leak.url}
                </a>
                <p className="text-xs break-words text-slate-400">
                  {leak.domain} · {categoryLabels[leak.category]} · <span className="whitespace-nowrap">{formatLeakDate(leak.firstSeenAt)}</span>
                </p>
              </div>
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${statusClasses[leak.status]}`}>{statusLabels[leak.status]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
